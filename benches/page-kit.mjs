// What the page benchmarks share (benches/page.mjs, benches/side-by-side.mjs): Chromium as this
// machine needs it, the size of a build, a server for a build's folder, and the page's timings
// (first render, a change from the click until the panels show it).
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const SERVE = fileURLToPath(new URL('../tests/e2e/serve.mjs', import.meta.url));

/** The flags Chromium needs here (docs: TOOLCHAIN traps), plus precise memory figures and a
 * collector the bench can call (`window.gc`). */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
}

/** The middle value; of an even count, the upper of the two middle ones. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The q-quantile (0..1), interpolated between the two nearest values. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return s[low] + (s[high] - s[low]) * (at - low);
}

export const ms = (x) => `${x.toFixed(1)} ms`;

/** What the browser downloads from `dir` (a path or file: URL): wasm, JS, CSS and HTML, raw and gzipped (level 9). */
export function bundleSize(dir) {
  const folder = dir instanceof URL ? fileURLToPath(dir) : dir;
  let raw = 0;
  let zipped = 0;
  for (const name of readdirSync(folder)) {
    if (/\.(wasm|js|css|html)$/.test(name)) {
      const bytes = readFileSync(join(folder, name));
      raw += bytes.length;
      zipped += gzipSync(bytes, { level: 9 }).length;
    }
  }
  return { raw, zipped };
}

/**
 * Serves `dir` at / with tests/e2e/serve.mjs, in a process of its own (so the server's work is
 * not done by the process that drives the browser). Resolves to { url, close() } once the
 * server answers. `port` 0 picks a free port. `encodings` are the precompressed copies the
 * server may send (serve.mjs's default, brotli then gzip, when left out; [] for none).
 */
export async function serveFolder(dir, port = 0, encodings = undefined) {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${dir} has no index.html: is it a build's dist folder (trunk build --release --offline)?`);
  }
  const program = `
    const { serve } = await import(${JSON.stringify(SERVE)});
    const server = await serve({ root: ${JSON.stringify(dir)}, port: ${Number(port)}, encodings: ${JSON.stringify(encodings)} });
    console.log(server.port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  // However this process ends, the server ends with it.
  process.once('exit', () => child.kill());
  const actual = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', (code) => reject(new Error(`the server for ${dir} stopped (exit code ${code})`)));
  });
  const url = `http://127.0.0.1:${actual}/`;
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`the server for ${dir} answered ${answer.status} at ${url}`);
  return { url, close: () => child.kill() };
}

/**
 * Clicks `selector` and resolves with how long the page worked, in ms: from the click until
 * every effect has run (the panels and the canvas updated) and the browser has recomputed style
 * and layout. Leptos runs effects as microtasks, all of them before any task or frame, so the
 * work ends when the microtasks queued behind the click's have run; no frame can fall inside
 * it. `frame` is the time to the display's next frame after that, for reference.
 * `[data-testid=done]` must read `text` by then, or the run fails.
 */
export function timeClick(page, selector, done, text) {
  return timeAction(page, selector, null, done, text);
}

/** As `timeClick`, but sets the field `selector` to `value` and fires its change event. */
export function timeAction(page, selector, value, done, text) {
  return page.evaluate(({ selector, value, done, text }) => new Promise((resolve, reject) => {
    const target = document.querySelector(`[data-testid="${done}"]`);
    const element = document.querySelector(selector);
    if (!target || !element) {
      reject(new Error(`the page has no ${!element ? selector : `[data-testid="${done}"]`}`));
      return;
    }
    // Marks for a browser trace of the change (benches/frame-parts.mjs).
    performance.mark('bench click');
    const start = performance.now();
    if (value === null) {
      element.click();
    } else {
      element.value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // Effects run as microtasks after the click (and ones they start, in the same turn):
    // awaiting a few more lets every one of them finish first.
    (async () => {
      for (let i = 0; i < 8; i++) await null;
      void document.body.offsetHeight;
      const work = performance.now() - start;
      if (!target.textContent.includes(text)) {
        reject(new Error(`expected "${text}", found "${target.textContent}"`));
        return;
      }
      requestAnimationFrame(() => {
        performance.mark('bench frame');
        resolve({ work, frame: performance.now() - start });
      });
    })();
  }), { selector, value, done, text });
}

/** The page at `url` on the big ring: 20 servers of 200 points on 2^32, with `keys` generated keys. */
export async function bigRing(page, url, keys) {
  const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
  await page.goto(`${url}?ring=2^32&vnodes=200&servers=${servers}&gen=${keys}`);
  await page.waitForFunction((n) => {
    const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot());
    return s && s.keys === n && !document.querySelector('[data-testid="generation-progress"]');
  }, keys, { timeout: 120_000 });
}

/** Adds server `extra` (typed into the name field) and times it as `timeClick` does. */
export async function addServer(page, done = 'last-headline') {
  await page.fill('[data-testid="server-name"]', 'extra');
  return timeClick(page, '[data-testid="add-server"]', done, 'Server extra added.');
}

/** Removes server `extra` and times it as `timeClick` does. */
export function removeServer(page, done = 'last-headline') {
  return timeClick(page, '[data-testid="remove-extra"]', done, 'Server extra removed.');
}

/**
 * Run in a page before its own scripts (page.addInitScript) when it opens with no query: sets
 * `window.firstRender` to the first frame after the starting ring's shares are on screen, in ms
 * from navigation start. The page watches for them itself, so the time the test driver takes to
 * ask is not counted. Pages opened with a query (the big rings) are not watched.
 */
export function watchFirstRender() {
  if (location.search) return;
  const watch = new MutationObserver(() => {
    if (document.querySelector('[data-testid="share-A"]')) {
      watch.disconnect();
      requestAnimationFrame(() => { window.firstRender = performance.now(); });
    }
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** Opens `url` (the starting scenario) in a page set up with `watchFirstRender`; its first render in ms. */
export async function firstRender(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.firstRender !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => window.firstRender);
}
