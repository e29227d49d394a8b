// The page on a phone, against the build before it, in one run: two built folders served side by
// side (each on its own port, by tests/e2e/serve.mjs, sending the precompressed copies
// scripts/compress.mjs writes), measured in one headless Chromium under Lighthouse's mobile
// profile: Slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, applied by
// Network.emulateNetworkConditions) and a CPU four times slower (Emulation.setCPUThrottlingRate).
//
//   node benches/mobile.mjs DIST_BEFORE DIST_AFTER [--loads N] [--opens N] [--runs N] [--only LIST]
//
//   first    the first screen, cold (a fresh browser context: empty cache, no service worker):
//            from navigation start to the first frame after the starting ring's shares are on
//            screen, timed inside the page; median of --loads (5) loads of each build, the builds
//            alternating; served gzipped, then with brotli. Beside it, the bytes the page had
//            fetched by then (as sent: compressed), and the same for an uncompressed server.
//   views    each other view's first open, in a page whose first screen is up (warm: the first
//            screen's files are in the cache, the view's are not): from the click (or key) to
//            the first frame after the view's own content is on screen; median of --opens (3).
//   changes  the figures benches/page.mjs times, on both builds, alternating, without throttling:
//            adding and removing a server on 100,000 and on 1,000,000 keys (medians of --runs,
//            20), generating a million keys and the memory they take.
//
// Run after building both folders, for instance (from the repository root):
//   SPLIT=0 trunk build --release --offline --dist /tmp/before   (or a checkout of the previous build)
//   trunk build --release --offline
//   node benches/mobile.mjs /tmp/before dist
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const SERVE = new URL('../tests/e2e/serve.mjs', import.meta.url).pathname;
const PARTS = ['first', 'views', 'changes'];
const USAGE = 'usage: node benches/mobile.mjs DIST_BEFORE DIST_AFTER [--loads N] [--opens N] [--runs N] [--only first,views,changes]';
/** Lighthouse's mobile profile (its "Slow 4G" and a mid-range phone's CPU). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

function options() {
  const args = process.argv.slice(2);
  const o = { dists: [], loads: 5, opens: 3, runs: 20, only: PARTS };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--loads') o.loads = Number(args[++i]);
    else if (a === '--opens') o.opens = Number(args[++i]);
    else if (a === '--runs') o.runs = Number(args[++i]);
    else if (a === '--only') o.only = args[++i].split(',');
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else o.dists.push(resolve(a));
  }
  if (o.dists.length !== 2) throw new Error(USAGE);
  for (const dist of o.dists) {
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: give two built folders\n${USAGE}`);
  }
  return o;
}

const label = (dist) => (basename(dist) === 'dist' ? basename(dirname(dist)) : basename(dist));

/** Serves `dir` on `port`, sending the given precompressed copies; resolves once it answers. */
async function serveFolder(dir, port, encodings) {
  const child = spawn('node', ['-e', `import(${JSON.stringify(SERVE)}).then((m) => m.serve(${JSON.stringify({ root: dir + '/', port, encodings })}))`], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error(`the server for ${dir} did not start`);
}

/** A fresh context (no cache, no service worker) with a page under the mobile profile. */
async function throttledPage(browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const fetched = new Map();
  cdp.on('Network.responseReceived', (e) => fetched.set(e.requestId, { url: e.response.url, bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const f = fetched.get(e.requestId);
    if (f) f.bytes = e.encodedDataLength;
  });
  // The page notes when the starting ring's shares are on screen, and the first frame after.
  await page.addInitScript(() => {
    const watch = new MutationObserver(() => {
      if (document.querySelector('[data-testid="share-A"]')) {
        watch.disconnect();
        requestAnimationFrame(() => {
          window.firstScreen = performance.now();
        });
      }
    });
    watch.observe(document, { childList: true, subtree: true });
  });
  return { context, page, cdp, fetched };
}

/** One cold load of `url`: the time to the first screen, and the bytes fetched by then. */
async function coldLoad(browser, url) {
  const { context, page, fetched } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.firstScreen !== undefined, null, { timeout: 60_000, polling: 50 });
    const time = await page.evaluate(() => window.firstScreen);
    const bytes = [...fetched.values()].reduce((sum, f) => sum + f.bytes, 0);
    const wasm = [...fetched.values()].filter((f) => f.url.endsWith('.wasm')).map((f) => f.url.split('/').pop());
    return { time, bytes, wasm };
  } finally {
    await context.close();
  }
}

/** How each view is opened and what shows it is there. */
const VIEWS = [
  { name: 'Compare', open: { click: '[data-testid="view-compare"]' }, shown: '[data-testid="compare-figures"]' },
  { name: 'Traffic', open: { key: '[data-testid="view-traffic"]' }, shown: '[data-testid="traffic-panel"]' },
  { name: 'Timeline (with the sweeps)', open: { click: '[data-testid="view-timeline"]' }, shown: '[data-testid="timeline-chart"]' },
  { name: 'Practice', open: { click: '[data-testid="view-practice"]' }, shown: '[data-testid="practice-view"]' },
  { name: 'a lesson', open: { select: ['[data-testid="lesson-select"]', 'teaching-ring'] }, shown: '[data-testid="lesson-panel"]' },
  { name: 'the selected key', open: { click: '.key-list button.chip' }, shown: '[data-testid="key-panel"]' },
  { name: 'Predict first', open: { click: '[data-testid="predict-toggle"]', then: '[data-testid="add-server"]' }, shown: '[data-testid="predict-dialog"] [data-testid="q-prompt"]' },
  { name: 'Share: Embed…', open: { click: '[data-testid="share-open"]', then: '[data-testid="embed-open"]' }, shown: '[data-testid="embed-snippet"]' },
];

/** Opens `view` in a page whose first screen is up; the ms from the action to the first frame after it shows. */
async function firstOpen(browser, url, view) {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.firstScreen !== undefined, null, { timeout: 60_000, polling: 50 });
    const { open, shown } = view;
    if (open.then) await page.click(open.click);
    const target = open.then ?? open.click ?? open.key ?? open.select[0];
    return await page.evaluate(
      ({ target, shown, key, select }) =>
        new Promise((done, fail) => {
          const start = performance.now();
          const check = () => {
            if (document.querySelector(shown)) {
              requestAnimationFrame(() => done(performance.now() - start));
              return true;
            }
            return false;
          };
          const watch = new MutationObserver(() => check() && watch.disconnect());
          watch.observe(document.body, { childList: true, subtree: true, characterData: true });
          setTimeout(() => fail(new Error(`${shown} did not show within 30 s`)), 30_000);
          const element = document.querySelector(target);
          if (select) {
            element.value = select;
            element.dispatchEvent(new Event('change', { bubbles: true }));
          } else if (key) {
            element.focus();
            element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
            element.click();
          } else {
            element.click();
          }
        }),
      { target, shown, key: Boolean(open.key), select: open.select?.[1] },
    );
  } finally {
    await context.close();
  }
}

/** The time a click takes on `page` until its effects have run and the layout is done. */
function timeClick(page, selector, done, text) {
  return page.evaluate(
    ({ selector, done, text }) =>
      new Promise((resolve, reject) => {
        const target = document.querySelector(`[data-testid="${done}"]`);
        const start = performance.now();
        document.querySelector(selector).click();
        (async () => {
          for (let i = 0; i < 8; i++) await null;
          void document.body.offsetHeight;
          const work = performance.now() - start;
          if (!target.textContent.includes(text)) reject(new Error(`expected "${text}", found "${target.textContent}"`));
          else resolve(work);
        })();
      }),
    { selector, done, text },
  );
}

async function bigRing(page, url, keys) {
  const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
  await page.goto(`${url}?ring=2^32&vnodes=200&servers=${servers}&gen=${keys}`);
  await page.waitForFunction(
    (n) => {
      const snapshot = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot());
      return snapshot && snapshot.keys === n && !document.querySelector('[data-testid="generation-progress"]');
    },
    keys,
    { timeout: 180_000 },
  );
}

/** Adds and removes a server on both pages in turn, `runs` times; the medians per build. */
async function changes(pages, runs) {
  const times = pages.map(() => ({ add: [], remove: [] }));
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? [1, 0] : [0, 1];
    for (const b of order) {
      const page = pages[b];
      await page.fill('[data-testid="server-name"]', 'extra');
      times[b].add.push(await timeClick(page, '[data-testid="add-server"]', 'last-headline', 'Server extra added.'));
      times[b].remove.push(await timeClick(page, '[data-testid="remove-extra"]', 'last-headline', 'Server extra removed.'));
    }
  }
  return times.map((t) => ({ add: median(t.add), remove: median(t.remove) }));
}

const o = options();
const names = o.dists.map(label);
const servers = [];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'],
});
try {
  // Each build served three ways: gzip, brotli, and as it is.
  const urls = { gzip: [], br: [], none: [] };
  // Ports of the bench's own (the browser specs use 4178 and 4200 onwards).
  let p = 4331;
  for (const encoding of ['gzip', 'br', 'none']) {
    for (const dist of o.dists) {
      servers.push(await serveFolder(dist, p, encoding === 'none' ? [] : [encoding]));
      urls[encoding].push(`http://127.0.0.1:${p++}/`);
    }
  }
  console.log(`before: ${names[0]} (${o.dists[0]}); after: ${names[1]} (${o.dists[1]})`);
  console.log(`profile: ${SLOW_4G.latency} ms round trip, ${(SLOW_4G.downloadThroughput * 8) / 1e6} Mbit/s down, CPU ${CPU_SLOWDOWN}x slower`);

  if (o.only.includes('first')) {
    for (const encoding of ['gzip', 'br', 'none']) {
      const runs = [[], []];
      for (let i = 0; i < o.loads; i++) {
        for (const b of i % 2 ? [1, 0] : [0, 1]) runs[b].push(await coldLoad(browser, urls[encoding][b]));
      }
      const row = runs.map((r) => ({ time: median(r.map((x) => x.time)), bytes: median(r.map((x) => x.bytes)), wasm: r[0].wasm }));
      const how = { gzip: 'served gzipped', br: 'served with brotli', none: 'served uncompressed' }[encoding];
      console.log(
        `first screen, cold, ${how}: ${names[0]} ${s(row[0].time)} (${kb(row[0].bytes)} fetched), ` +
          `${names[1]} ${s(row[1].time)} (${kb(row[1].bytes)} fetched); ratio ${(row[1].time / row[0].time).toFixed(2)} ` +
          `(medians of ${o.loads})`,
      );
      if (encoding === 'gzip') console.log(`  WebAssembly fetched for the first screen by ${names[1]}: ${row[1].wasm.join(', ')}`);
    }
  }

  if (o.only.includes('views')) {
    for (const view of VIEWS) {
      const times = [[], []];
      for (let i = 0; i < o.opens; i++) {
        for (const b of i % 2 ? [1, 0] : [0, 1]) times[b].push(await firstOpen(browser, urls.gzip[b], view));
      }
      console.log(`first open of ${view.name}: ${names[0]} ${s(median(times[0]))}, ${names[1]} ${s(median(times[1]))} (medians of ${o.opens})`);
    }
  }

  if (o.only.includes('changes')) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const pages = [await context.newPage(), await context.newPage()];
    for (const keys of [100_000, 1_000_000]) {
      for (const b of [0, 1]) await bigRing(pages[b], urls.none[b], keys);
      const [a, b] = await changes(pages, o.runs);
      const ms = (x) => `${x.toFixed(1)} ms`;
      console.log(
        `${keys.toLocaleString('en')} keys, add / remove a server: ${names[0]} ${ms(a.add)} / ${ms(a.remove)}, ` +
          `${names[1]} ${ms(b.add)} / ${ms(b.remove)}; ratio ${(b.add / a.add).toFixed(2)} / ${(b.remove / a.remove).toFixed(2)} (medians of ${o.runs}, alternating)`,
      );
    }
    // Generating a million keys, and the memory they take, on each build.
    for (const b of [0, 1]) {
      const page = pages[b];
      const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
      await page.goto(`${urls.none[b]}?ring=2^32&vnodes=200&servers=${servers}`);
      await page.waitForSelector('[data-testid="share-s0"]');
      const generating = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const target = document.querySelector('[data-testid="last-headline"]');
            const start = performance.now();
            const watch = new MutationObserver(() => {
              if (target.textContent.includes('1000000 keys added.') || target.textContent.includes('1,000,000 keys added.')) {
                watch.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - start));
              }
            });
            watch.observe(target, { childList: true, subtree: true, characterData: true });
            document.querySelector('[data-testid="add-keys-1000000"]').click();
          }),
      );
      const memory = await page.evaluate(() => ({ wasm: window.wasmBindings.ringlab_memory(), heap: performance.memory.usedJSHeapSize }));
      const mb = (x) => (x / 1024 / 1024).toFixed(0);
      console.log(`${names[b]}: 1,000,000 keys generated in ${s(generating)}; memory WebAssembly ${mb(memory.wasm)} MB + JS heap ${mb(memory.heap)} MB`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  for (const server of servers) server.kill();
}
