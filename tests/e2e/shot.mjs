// Dev helper: node shot.mjs NAME WIDTH HEIGHT PATH [dark] -> /tmp/shots/NAME.png
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const [name, w, h, path = '/', scheme = 'light', clicks = ''] = process.argv.slice(2);
const port = 4199;
const server = spawn('node', [new URL('serve.mjs', import.meta.url).pathname, String(port)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage({ viewport: { width: +w, height: +h }, colorScheme: scheme });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${port}${path}`);
  await page.waitForTimeout(1500);
  for (const c of clicks.split(',').filter(Boolean)) { await page.click(`[data-testid="${c}"]`); await page.waitForTimeout(400); }
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: w < 500 });
  if (errors.length) console.log('ERRORS', errors);
} finally { await browser.close(); server.kill(); }
