import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const srv = await serve({ root: process.env.ROOT || '/work/main/dist', port: 4194 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
await page.goto(`${srv.url}?ring=2^32&vnodes=200&servers=${servers}&gen=${process.env.KEYS || 100000}`);
await page.waitForFunction(() => { const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot()); return s && s.keys > 0 && !document.querySelector('[data-testid="generation-progress"]'); }, null, { timeout: 60000 });
for (let i = 0; i < 6; i++) {
  await page.fill('[data-testid="server-name"]', 'extra');
  const r = await page.evaluate(() => new Promise((resolve) => {
    const target = document.querySelector('[data-testid="last-headline"]');
    const t0 = performance.now(); let t1, tm;
    queueMicrotask(() => {});
    const watch = new MutationObserver(() => { if (target.textContent.includes('extra added')) { watch.disconnect(); tm = performance.now(); requestAnimationFrame(() => { const t2 = performance.now(); setTimeout(() => resolve({ sync: t1 - t0, mutation: tm - t0, frame: t2 - t0, after: performance.now() - t0 }), 0); }); } });
    watch.observe(target, { childList: true, subtree: true, characterData: true });
    document.querySelector('[data-testid="add-server"]').click();
    t1 = performance.now();
  }));
  console.log(JSON.stringify(r));
  await page.click('[data-testid="remove-extra"]');
  await page.waitForSelector('[data-testid="remove-extra"]', { state: 'detached' });
}
await browser.close(); process.exit(0);
