// Measures the release build in headless Chromium at 1280x720:
//   - the bundle (what the browser downloads), raw and gzipped;
//   - time to the first meaningful render of the starting scenario;
//   - on a big ring (2^32 positions, 20 servers x 200 virtual nodes):
//       100,000 keys: adding and removing a server, under the ring and under every placement,
//       and the Compare view updated after a change;
//       1,000,000 keys: generating them (total time and the longest task), adding and removing
//       a server, changing the virtual nodes, and the memory held (WebAssembly + JS heap);
//       a 1,000,000-line keys file of about 20 MB opened in Your data: from the file's
//       arrival to the preview, then from Use these keys to the ring showing them, the longest
//       task during each, and the memory held afterwards.
// Each change is timed from the click until the next frame after the panels show it.
//
// Run from the repository root after `trunk build --release --offline`:
//   node benches/page.mjs            (everything, a few minutes)
//   ONLY=start,100k,placements,compare,1m,file node benches/page.mjs    (a subset)
import { fileURLToPath } from 'node:url';
import {
  addServer, bigRing as openBigRing, bundleSize, firstRender, launchChromium, median, ms,
  removeServer, serveFolder, timeAction, timeClick, watchFirstRender,
} from './page-kit.mjs';

const port = 4179;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const wanted = (part) => !only || only.includes(part);

// Bundle size: what the browser downloads, raw and gzipped.
const { raw, zipped } = bundleSize(dist);
console.log(`bundle (wasm + js + css + html): ${(raw / 1024).toFixed(0)} KB raw, ${(zipped / 1024).toFixed(0)} KB gzipped`);

const server = await serveFolder(dist, port);
const browser = await launchChromium();
const url = server.url;

/** The page on the big ring: 20 servers of 200 points on 2^32, with `keys` generated keys. */
const bigRing = (page, keys) => openBigRing(page, url, keys);

/** Adds and removes server `extra` `runs` times; the medians. */
async function addRemove(page, runs, done = 'last-headline') {
  const adds = [];
  const removes = [];
  for (let i = 0; i < runs; i++) {
    adds.push(await addServer(page, done));
    removes.push(await removeServer(page, done));
  }
  const of = (xs, k) => median(xs.map((x) => x[k]));
  return { add: of(adds, 'work'), remove: of(removes, 'work'), addFrame: of(adds, 'frame'), removeFrame: of(removes, 'frame') };
}

const report = (what, r, runs) =>
  console.log(`${what}: add a server ${ms(r.add)}, remove ${ms(r.remove)} (medians of ${runs}; to the next frame ${ms(r.addFrame)} / ${ms(r.removeFrame)})`);

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  if (process.env.LOGS) page.on('console', (m) => console.log(m.text()));

  if (wanted('start')) {
    // First meaningful render: the starting ring's shares on screen and the canvas painted,
    // measured from navigation start to the first frame after they are there. The page itself
    // watches for them, so the time the test driver takes to ask is not counted.
    const watcher = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await watcher.addInitScript(watchFirstRender);
    const renders = [];
    for (let i = 0; i < 7; i++) renders.push(await firstRender(watcher, url));
    await watcher.close();
    console.log(`starting scenario rendered: median ${ms(median(renders))} after navigation (7 loads)`);
  }

  if (wanted('100k')) {
    await bigRing(page, 100_000);
    report('100,000 keys, ring', await addRemove(page, 20), 20);
  }

  if (wanted('placements')) {
    await bigRing(page, 100_000);
    for (const placement of ['mod-n', 'ketama', 'rendezvous', 'jump', 'maglev', 'table', 'bounded', 'multi-probe']) {
      await page.selectOption('[data-testid="placement-select"]', placement);
      report(`100,000 keys, ${placement}`, await addRemove(page, 7), 7);
    }
    await page.selectOption('[data-testid="placement-select"]', 'ring');
  }

  if (wanted('compare')) {
    await bigRing(page, 100_000);
    await page.click('[data-testid="view-compare"]');
    await page.waitForSelector('[data-testid="compare-figures"]');
    report('100,000 keys, Compare view (all nine placements)', await addRemove(page, 7, 'compare-headline'), 7);
    await page.click('[data-testid="view-ring"]');
  }

  if (wanted('traffic')) {
    // Traffic on 100,000 keys with Zipf popularity: changing s, making a key hot and cooling it.
    const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
    await page.goto(`${url}?ring=2^32&vnodes=200&servers=${servers}&gen=100000&traffic=zipf:1&select=key-5&view=traffic`);
    await page.waitForFunction(() => {
      const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot());
      return s && s.keys === 100000 && document.querySelector('[data-testid="zipf-s"]');
    }, null, { timeout: 120_000 });
    const zipf = [];
    const hot = [];
    for (let i = 0; i < 5; i++) {
      zipf.push((await timeAction(page, '[data-testid="zipf-s"]', '110', 'zipf-s-value', '1.10')).work);
      zipf.push((await timeAction(page, '[data-testid="zipf-s"]', '100', 'zipf-s-value', '1.00')).work);
      hot.push((await timeClick(page, '[data-testid="make-hot"]', 'traffic-panel', 'key-5 ×1,000')).work);
      hot.push((await timeClick(page, '[aria-label="Make key-5 ordinary"]', 'announcement', 'read like any other')).work);
    }
    console.log(`100,000 keys, Zipf: change s ${ms(median(zipf))}, make a key hot or ordinary ${ms(median(hot))} (medians of 10)`);
  }

  if (wanted('1m')) {
    const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
    await page.goto(`${url}?ring=2^32&vnodes=200&servers=${servers}`);
    await page.waitForSelector('[data-testid="share-s0"]');
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const generating = await page.evaluate(() => new Promise((resolve) => {
      const target = document.querySelector('[data-testid="last-headline"]');
      const start = performance.now();
      const watch = new MutationObserver(() => {
        if (target.textContent.includes('1000000 keys added.')) {
          watch.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        }
      });
      watch.observe(target, { childList: true, subtree: true, characterData: true });
      document.querySelector('[data-testid="add-keys-1000000"]').click();
    }));
    const longest = await page.evaluate(() => Math.max(0, ...window.longTasks));
    console.log(`1,000,000 keys generated in ${ms(generating)}; longest task while generating ${ms(longest)}`);

    report('1,000,000 keys, ring', await addRemove(page, 20), 20);
    const vnodes = [];
    for (let i = 0; i < 3; i++) {
      vnodes.push((await timeClick(page, '[data-testid="vnodes-100"]', 'last-headline', 'Now 100 points')).work);
      vnodes.push((await timeClick(page, '[data-testid="vnodes-200"]', 'last-headline', 'Now 200 points')).work);
    }
    console.log(`1,000,000 keys, change virtual nodes between 100 and 200: median ${ms(median(vnodes))} (6 runs)`);
    const memory = await page.evaluate(() => ({
      wasm: window.wasmBindings.ringlab_memory(),
      heap: performance.memory ? performance.memory.usedJSHeapSize : 0,
    }));
    const mb = (b) => (b / 1024 / 1024).toFixed(0);
    console.log(`1,000,000 keys, memory: WebAssembly ${mb(memory.wasm)} MB + JS heap ${mb(memory.heap)} MB = ${mb(memory.wasm + memory.heap)} MB`);
  }

  if (wanted('file')) {
    const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    if (process.env.LOGS) fresh.on('console', (m) => console.log(m.text()));
    await fresh.goto(`${url}?ring=2^32&vnodes=200&servers=${servers}`);
    await fresh.waitForSelector('[data-testid="share-s0"]');
    await fresh.click('[data-testid="your-data"] summary');
    const heapBefore = await fresh.evaluate(() => { if (window.gc) window.gc(); return performance.memory ? performance.memory.usedJSHeapSize : 0; });
    // The file is made inside the page, as a person's file would be there, and dropped on it:
    // the test driver's own copy of it then never sits in the page's heap, and making it is
    // over before the drop.
    const fileBytes = await fresh.evaluate(() => {
      const lines = [];
      for (let i = 0; i < 1_000_000; i++) lines.push(`tenant-${i % 97}/user-${i}`);
      window.dropped = new File([lines.join('\n') + '\n'], 'keys.txt', { type: 'text/plain' });
      return window.dropped.size;
    });
    await fresh.evaluate(() => {
      // Long tasks as [start, duration], counted from the drop on.
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask' });
      window.longestSince = (t) => Math.max(0, ...window.longTasks.filter(([s]) => s >= t).map(([, d]) => d));
      window.previewShown = new Promise((resolve) => {
        const watch = new MutationObserver(() => {
          if (document.querySelector('[data-testid="data-preview"]')) {
            watch.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          }
        });
        watch.observe(document.body, { childList: true, subtree: true });
      });
    });
    await fresh.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(window.dropped);
      window.dropped = null;
      window.fileArrived = performance.now();
      document.querySelector('main').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    const read = await fresh.evaluate(async () => (await window.previewShown) - window.fileArrived);
    const longestRead = await fresh.evaluate(() => window.longestSince(window.fileArrived));
    if (process.env.LOGS) console.log(JSON.stringify(await fresh.evaluate(() => ({ arrived: window.fileArrived, tasks: window.longTasks }))));
    const clicked = await fresh.evaluate(() => performance.now());
    const summary = await fresh.textContent('[data-testid="data-summary"]');
    const placed = await fresh.evaluate(() => new Promise((resolve) => {
      const target = document.querySelector('[data-testid="last-headline"]');
      const start = performance.now();
      const watch = new MutationObserver(() => {
        if (target.textContent.includes('from your file')) {
          watch.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        }
      });
      watch.observe(target, { childList: true, subtree: true, characterData: true });
      document.querySelector('[data-testid="data-use"]').click();
    }));
    const longestPlace = await fresh.evaluate((t) => window.longestSince(t), clicked);
    // The test driver's copy of the file is garbage by now: collected first, so that the
    // heap counts what the page holds.
    const memory = await fresh.evaluate(() => ({
      collected: window.gc ? (window.gc(), true) : false,
      wasm: window.wasmBindings.ringlab_memory(),
      heap: performance.memory ? performance.memory.usedJSHeapSize : 0,
    }));
    const mb = (b) => (b / 1024 / 1024).toFixed(0);
    console.log(`1,000,000-line file (${mb(fileBytes)} MB): read and hashed to the preview ${ms(read)} (longest task ${ms(longestRead)}); Use these keys to the ring ${ms(placed)} (longest task ${ms(longestPlace)}); total ${ms(read + placed)}`);
    console.log(`  preview said: ${summary}`);
    console.log(`  memory after: WebAssembly ${mb(memory.wasm)} MB + JS heap ${mb(memory.heap)} MB = ${mb(memory.wasm + memory.heap)} MB (JS heap before the file ${mb(heapBefore)} MB; collected first: ${memory.collected})`);
    await fresh.close();
  }
} finally {
  await browser.close();
  server.close();
}
