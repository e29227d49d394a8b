// Measures the release build in headless Chromium: bundle size, time to the first meaningful
// render, and how long adding or removing a server takes on a big ring (2^32 positions,
// 20 servers x 200 virtual nodes, 100,000 keys) until the panels and the canvas are updated.
//
// Run from the repository root after `trunk build --release --offline`:
//   node benches/page.mjs
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawn } from 'node:child_process';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const port = 4179;
const dist = new URL('../dist/', import.meta.url);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Bundle size: what the browser downloads, raw and gzipped.
let raw = 0;
let zipped = 0;
for (const name of readdirSync(dist)) {
  if (/\.(wasm|js|css)$/.test(name)) {
    const bytes = readFileSync(new URL(name, dist));
    raw += bytes.length;
    zipped += gzipSync(bytes, { level: 9 }).length;
  }
}
console.log(`bundle (wasm + js + css): ${(raw / 1024).toFixed(0)} KB raw, ${(zipped / 1024).toFixed(0)} KB gzipped`);

const server = spawn('node', [new URL('../tests/e2e/serve.mjs', import.meta.url).pathname, String(port)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } }); if (process.env.LOGS) page.on("console", m => console.log(m.text()));

  // First meaningful render: the shares of the starting ring are on screen and the canvas
  // has been painted, measured from navigation start.
  const renders = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector('[data-testid="share-A"]');
    renders.push(await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(performance.now())))));
  }
  console.log(`starting scenario rendered: median ${median(renders).toFixed(0)} ms after navigation (5 loads)`);

  // The big ring.
  await page.click('[data-testid="ring-full"]');
  for (let i = 0; i < 20; i++) {
    await page.fill('[data-testid="server-name"]', `s${i}`);
    await page.click('[data-testid="add-server"]');
  }
  for (const name of ['A', 'B', 'C']) await page.click(`[data-testid="remove-${name}"]`);
  await page.click('[data-testid="vnodes-200"]');
  await page.click('[data-testid="clear-keys"]');
  for (let i = 0; i < 10; i++) await page.click('[data-testid="add-keys-10000"]');
  const snapshot = JSON.parse(await page.evaluate(() => window.wasmBindings.ringlab_snapshot()));
  console.log(`big ring: ${snapshot.servers.length} servers, ${snapshot.vnodes} vnodes, ${snapshot.keys} keys`);

  // Time from the click to the next frame after the headline shows the change.
  const timeChange = (selector, headline) =>
    page.evaluate(({ selector, headline }) => new Promise((done) => {
      const target = document.querySelector('[data-testid="last-headline"]');
      const start = performance.now();
      const watch = new MutationObserver(() => {
        if (target.textContent === headline) {
          watch.disconnect();
          requestAnimationFrame(() => done(performance.now() - start));
        }
      });
      watch.observe(target, { childList: true, subtree: true, characterData: true });
      document.querySelector(selector).click();
    }), { selector, headline });

  const adds = [];
  const removes = [];
  for (let i = 0; i < 20; i++) {
    await page.fill('[data-testid="server-name"]', 'extra');
    adds.push(await timeChange('[data-testid="add-server"]', 'Server extra added.'));
    removes.push(await timeChange('[data-testid="remove-extra"]', 'Server extra removed.'));
  }
  console.log(`add a server: median ${median(adds).toFixed(1)} ms (20 runs); remove: median ${median(removes).toFixed(1)} ms (20 runs)`);
} finally {
  await browser.close();
  server.kill();
}
