import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const srv = await serve({ root: process.env.ROOT || '/tmp/dist-prof', port: 4196 });
const url = srv.url;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
await page.goto(`${url}?ring=2^32&vnodes=200&servers=${servers}&gen=${process.env.KEYS || 100000}`);
await page.waitForFunction(() => { const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot()); return s && s.keys > 0 && !document.querySelector('[data-testid="generation-progress"]'); }, null, { timeout: 60000 });
await page.waitForTimeout(500);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
for (let i = 0; i < 6; i++) {
  await page.fill('[data-testid="server-name"]', 'extra');
  await page.click('[data-testid="add-server"]');
  await page.waitForSelector('[data-testid="remove-extra"]');
  await page.click('[data-testid="remove-extra"]');
  await page.waitForSelector('[data-testid="remove-extra"]', { state: 'detached' });
}
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
const agg = new Map();
for (const e of events) { if (e.ph === 'X' && e.dur) { agg.set(e.name, (agg.get(e.name) || 0) + e.dur); } }
for (const [n, d] of [...agg.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((d / 1000 / 12).toFixed(2).padStart(8), 'ms/change', n);
await browser.close(); process.exit(0);
