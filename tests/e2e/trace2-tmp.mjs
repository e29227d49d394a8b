import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const srv = await serve({ root: process.env.ROOT || '/work/main/dist', port: 4192 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
await page.goto(`${srv.url}?ring=2^32&vnodes=200&servers=${servers}&gen=${process.env.KEYS || 100000}`);
await page.waitForFunction(() => { const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot()); return s && s.keys > 0 && !document.querySelector('[data-testid="generation-progress"]'); }, null, { timeout: 60000 });
await page.waitForTimeout(300);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'blink.user_timing'] });
for (let i = 0; i < 6; i++) {
  await page.fill('[data-testid="server-name"]', 'extra');
  await page.evaluate(() => new Promise((resolve) => {
    performance.mark('start');
    document.querySelector('[data-testid="add-server"]').click();
    const ch = new MessageChannel(); ch.port1.onmessage = () => { performance.mark('end'); resolve(); }; ch.port2.postMessage(0);
  }));
  await page.click('[data-testid="remove-extra"]');
  await page.waitForSelector('[data-testid="remove-extra"]', { state: 'detached' });
}
const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
const marks = events.filter((e) => e.name === 'start' || e.name === 'end').sort((a, b) => a.ts - b.ts);
const windows = []; for (let i = 0; i + 1 < marks.length; i += 2) windows.push([marks[i].ts, marks[i + 1].ts]);
const agg = new Map();
for (const e of events) { if (e.ph !== 'X' || !e.dur) continue; if (windows.some(([a, b]) => e.ts >= a && e.ts + e.dur <= b)) agg.set(e.name, (agg.get(e.name) || 0) + e.dur); }
console.log('windows ms', windows.map(([a, b]) => ((b - a) / 1000).toFixed(1)).join(' '));
for (const [n, d] of [...agg.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((d / 1000 / windows.length).toFixed(2).padStart(8), 'ms/change', n);
await browser.close(); process.exit(0);
