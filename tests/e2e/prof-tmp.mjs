import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const srv = await serve({ root: '/tmp/dist-prof', port: 4197 });
const url = srv.url || 'http://127.0.0.1:4197/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
await page.goto(`${url}?ring=2^32&vnodes=200&servers=${servers}&gen=${process.env.KEYS || 100000}`);
await page.waitForFunction(() => { const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot()); return s && s.keys > 0 && !document.querySelector('[data-testid="generation-progress"]'); }, null, { timeout: 60000 });
await page.waitForTimeout(500);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
for (let i = 0; i < 6; i++) {
  await page.fill('[data-testid="server-name"]', 'extra');
  await page.click('[data-testid="add-server"]');
  await page.waitForSelector('[data-testid="remove-extra"]');
  await page.click('[data-testid="remove-extra"]');
  await page.waitForSelector('[data-testid="remove-extra"]', { state: 'detached' });
}
const { profile } = await cdp.send('Profiler.stop');
// self time per function
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; let total = 0;
const counts = new Map();
profile.samples.forEach((id, i) => { counts.set(id, (counts.get(id) || 0) + (dt[i] || 0)); });
for (const [id, t] of counts) { const n = byId.get(id); const name = n.callFrame.functionName || '(anon)'; self.set(name, (self.get(name) || 0) + t); total += t; }
// inclusive time per function name
const parent = new Map();
for (const n of profile.nodes) for (const c of (n.children || [])) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of counts) {
  const seen = new Set();
  let cur = id;
  while (cur !== undefined) { const n = byId.get(cur); const name = n.callFrame.functionName || '(anon)'; if (!seen.has(name)) { seen.add(name); incl.set(name, (incl.get(name) || 0) + t); } cur = parent.get(cur); }
}
const top = [...incl.entries()].filter(([n]) => /ringlab/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, 60);
for (const [name, t] of top) console.log((t / 1000 / 12).toFixed(2).padStart(8), 'ms/change', name.slice(0, 150));
console.log('total', (total / 1000).toFixed(0));
await browser.close(); srv.close?.(); process.exit(0);
