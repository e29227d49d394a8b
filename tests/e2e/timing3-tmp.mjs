import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const srv = await serve({ root: process.env.ROOT || '/work/main/dist', port: 4193 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
await page.goto(`${srv.url}?ring=2^32&vnodes=200&servers=${servers}&gen=${process.env.KEYS || 100000}`);
await page.waitForFunction(() => { const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot()); return s && s.keys > 0 && !document.querySelector('[data-testid="generation-progress"]'); }, null, { timeout: 60000 });
for (let i = 0; i < 8; i++) {
  await page.fill('[data-testid="server-name"]', 'extra');
  const r = await page.evaluate(() => new Promise((resolve) => {
    const start = performance.now();
    document.querySelector('[data-testid="add-server"]').click();
    const sync = performance.now() - start;
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { const effects = performance.now() - start; void document.body.offsetHeight; const layout = performance.now() - start - effects; resolve({ sync: sync.toFixed(1), effects: (effects - sync).toFixed(1), layout: layout.toFixed(1) }); };
    ch.port2.postMessage(0);
  }));
  console.log(JSON.stringify(r));
  await page.click('[data-testid="remove-extra"]');
  await page.waitForSelector('[data-testid="remove-extra"]', { state: 'detached' });
}
await browser.close(); process.exit(0);
