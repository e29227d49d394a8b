import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
const srv = await serve({ root: '/tmp/dist-prof', port: 4195 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
page.on('console', (m) => { if (m.text().startsWith('TIMING')) console.log(m.text()); });
const servers = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
await page.goto(`${srv.url}?ring=2^32&vnodes=200&servers=${servers}&gen=${process.env.KEYS || 100000}`);
await page.waitForFunction(() => { const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot()); return s && s.keys > 0 && !document.querySelector('[data-testid="generation-progress"]'); }, null, { timeout: 60000 });
for (let i = 0; i < 4; i++) {
  await page.fill('[data-testid="server-name"]', 'extra');
  await page.click('[data-testid="add-server"]');
  await page.waitForSelector('[data-testid="remove-extra"]');
  await page.click('[data-testid="remove-extra"]');
  await page.waitForSelector('[data-testid="remove-extra"]', { state: 'detached' });
}
await browser.close(); process.exit(0);
