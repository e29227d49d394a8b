#!/usr/bin/env node
// Five figures in one article against five iframes: what the reader's browser fetches, how
// long until the figures near the first screen are live, and the memory it then holds.
//
//   node benches/figures.mjs [DIST] [--runs N]
//
// DIST is a release build (default dist/). The article is the build's examples/figures.html,
// served from another origin than Ringlab's (which sends the CORS header figures need), in two
// versions: as it is (five <ringlab-figure> elements and figures.js), and with each figure
// replaced by an iframe embed of the same link and panels, 640 pixels high, as an author without
// figures would write it. Each is opened cold (a fresh browser: empty cache, no service worker)
// N times (default 3) at 1280×720, and N times on a phone (375×812, Lighthouse's mobile profile:
// benches/phone-kit.mjs), alternating which goes first. It reports medians of:
// - bytes: every response from Ringlab's origin, as sent (compressed, headers included), until
//   the figures near the first screen are live;
// - live: ms from navigation start until every figure within 400 pixels of the window shows its
//   ring and its panels (for iframes: the frame's ring and panels);
// - memory: after scrolling down through the article so that all five are live, the
//   proportional set size of all the browser's renderer processes (Linux), which counts each
//   frame's own WebAssembly memory and heap; beside the same article with its stills and no
//   script ("stills"), which is what the browser holds without Ringlab.
// The article is sent compressed, as hosts send pages.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, median } from './page-kit.mjs';
import { CPU_SLOWDOWN, SLOW_4G } from './phone-kit.mjs';
import { compress } from '../scripts/compress.mjs';
import { serve } from '../tests/e2e/serve.mjs';

const args = process.argv.slice(2);
const dist = resolve(args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? 'dist');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const NEAR = 400;

const ring = await serve({ root: dist, cors: true });
const folder = mkdtempSync(join(tmpdir(), 'ringlab-figures-bench-'));
const article = readFileSync(join(dist, 'examples', 'figures.html'), 'utf8');
const unescape = (text) => text.replace(/&amp;/g, '&');
writeFileSync(
  join(folder, 'figures.html'),
  article.replace('src="../figures.js"', `src="${ring.url}figures.js"`).replace('href="../figure-stills.css"', `href="${ring.url}figure-stills.css"`),
);
writeFileSync(
  join(folder, 'iframes.html'),
  article
    .replace(/<script type="module" src="\.\.\/figures\.js"><\/script>/, '')
    .replace(/<ringlab-figure\b([^>]*)>[\s\S]*?<\/ringlab-figure>/g, (_, attributes) => {
      const link = unescape(/\blink="([^"]*)"/.exec(attributes)[1]);
      const panels = /\bpanels="([^"]*)"/.exec(attributes)?.[1] ?? 'last,ownership';
      const title = /\blabel="([^"]*)"/.exec(attributes)?.[1] ?? 'Ringlab';
      const src = `${ring.url}?${link}&embed=1&panels=${panels}`.replace(/&/g, '&amp;');
      return `<iframe title="${title}" src="${src}" style="display:block;width:100%;height:640px;border:0"></iframe>`;
    }),
);
// The article alone, stills and text, without Ringlab: what the reader's browser holds anyway.
writeFileSync(join(folder, 'stills.html'), article.replace(/<script type="module" src="\.\.\/figures\.js"><\/script>/, ''));
// Sent compressed, as a host sends a page.
await compress(folder);
const site = await serve({ root: folder });

/** The pages' own test of "live": a figure's or a frame's ring and first panel are on screen. */
async function nearLive(page, kind) {
  if (kind === 'stills') return true;
  if (kind === 'figures') {
    return page.evaluate((near) => [...document.querySelectorAll('ringlab-figure')]
      .filter((f) => f.getBoundingClientRect().top < innerHeight + near)
      .every((f) => f.shadowRoot?.querySelector('[data-testid="figure"] canvas') && f.shadowRoot.querySelector('.panel')), NEAR);
  }
  const frames = page.frames().filter((f) => f !== page.mainFrame());
  const near = await page.evaluate((near) => [...document.querySelectorAll('iframe')].filter((f) => f.getBoundingClientRect().top < innerHeight + near).length, NEAR);
  let live = 0;
  for (const frame of frames) {
    if (await frame.evaluate(() => !!document.querySelector('[data-testid="embed"] canvas') && !!document.querySelector('.panel')).catch(() => false)) live += 1;
  }
  return live >= near;
}

/** The proportional set size of every renderer process of the browser this script started
 * (the one process Chromium that is a child of this one), in bytes. */
function rendererMemory() {
  const all = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const under = new Set(all.filter(([, parent]) => parent === process.pid).map(([p]) => p));
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, parent] of all) if (under.has(parent) && !under.has(p)) { under.add(p); grew = true; }
  }
  let total = 0;
  for (const p of under) {
    try {
      if (!readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'));
      if (pss) total += Number(pss[1]) * 1024;
    } catch {
      // The process has gone.
    }
  }
  return total;
}

async function once(kind, phone) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 } } : { viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (phone) {
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    // The frames' own requests, which the page's session does not see, come through the page's
    // request events.
    const sizes = new Map();
    page.on('requestfinished', async (request) => {
      if (!request.url().startsWith(ring.url)) return;
      const s = await request.sizes().catch(() => null);
      if (s) sizes.set(request, s.responseBodySize + s.responseHeadersSize);
    });
    await page.goto(`${site.url}${kind}.html`, { waitUntil: 'commit' });
    const start = Date.now();
    while (!(await nearLive(page, kind))) {
      if (Date.now() - start > 120_000) throw new Error(`${kind}: not live after two minutes`);
      await page.waitForTimeout(25);
    }
    const live = await page.evaluate(() => performance.now());
    const bytes = [...sizes.values()].reduce((a, b) => a + b, 0);
    // Every figure live, then a moment to settle, then the memory.
    for (let y = 0; y < 8; y++) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(300);
    }
    await page.waitForTimeout(phone ? 6000 : 2000);
    const memory = rendererMemory();
    return { bytes, live, memory };
  } finally {
    await browser.close();
  }
}

const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
const mb = (b) => `${(b / 1e6).toFixed(0)} MB`;
console.log(`figures bench: ${dist}, ${runs} cold runs of each, medians`);
for (const phone of [false, true]) {
  const results = { stills: [], figures: [], iframes: [] };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? ['iframes', 'figures', 'stills'] : ['stills', 'figures', 'iframes'];
    for (const kind of order) results[kind].push(await once(kind, phone));
  }
  console.log(phone ? '\nphone (375×812, Slow 4G, CPU 4× slower)' : '\n1280×720');
  console.log('| five figures as | bytes from Ringlab until the near ones are live | near ones live | memory with all five live |');
  console.log('|---|---|---|---|');
  for (const kind of ['stills', 'figures', 'iframes']) {
    const r = results[kind];
    console.log(`| ${kind} | ${kb(median(r.map((x) => x.bytes)))} | ${Math.round(median(r.map((x) => x.live)))} ms | ${mb(median(r.map((x) => x.memory)))} |`);
  }
}
await ring.close();
await site.close();
