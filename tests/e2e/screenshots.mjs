// Takes the README's screenshots from the release build in dist/:
//   node tests/e2e/screenshots.mjs      (after `trunk build --release --offline`)
// SHOTS=name,name takes only those; RINGLAB_SHOTS_PORT serves on another port than 4180.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';

const port = Number(process.env.RINGLAB_SHOTS_PORT || 4180);
const only = process.env.SHOTS ? process.env.SHOTS.split(',') : null;
const out = new URL('../../docs/', import.meta.url).pathname;
const server = spawn('node', [new URL('serve.mjs', import.meta.url).pathname, String(port)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function shot(name, { width, height, scheme = 'light', fullPage = false, path = '/', show = null }, act = async () => {}) {
  if (only && !only.includes(name)) return;
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme: scheme });
  await page.goto(`http://127.0.0.1:${port}${path}`);
  if (path === '/' || path.startsWith('/?')) await page.waitForSelector('[data-testid^="share-"], [data-testid="traffic-panel"]', { state: 'attached' });
  await act(page);
  await page.evaluate(() => document.querySelectorAll('.controls, .readout').forEach((e) => { e.scrollTop = 0; }));
  // `show` names a panel to scroll into view, at the bottom of its column.
  if (show) await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).scrollIntoView({ block: 'end' }), show);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}${name}.png`, fullPage });
  await page.close();
}

const addD = async (page) => {
  await page.fill('[data-testid="server-position"]', '60');
  await page.click('[data-testid="add-server"]');
  await page.click('[data-testid="key-@52"]');
};
const bigRing = async (page) => {
  await page.click('[data-testid="ring-full"]');
  for (const name of ['tokyo', 'osaka', 'kyoto', 'nagoya']) {
    await page.fill('[data-testid="server-name"]', name);
    await page.click('[data-testid="add-server"]');
  }
  for (const name of ['A', 'B', 'C']) await page.click(`[data-testid="remove-${name}"]`);
  await page.click('[data-testid="vnodes-100"]');
  await page.click('[data-testid="add-keys-10000"]');
  await page.click('[data-testid="add-server"]');
};

const yourData = async (page) => {
  await page.click('[data-testid="your-data"] summary');
  await page.selectOption('[data-testid="data-format"]', 'csv');
  await page.fill('[data-testid="data-key-column"]', 'user');
  await page.fill('[data-testid="data-count-column"]', 'requests');
  const rows = ['user,region,requests', 'user:1042,eu,9120', 'user:77,us,4410', 'user:3001,eu,2890', 'user:15,ap,n/a',
    'user:2210,us,1375', 'user:980,eu,1204', 'user:4,ap', 'user:613,us,802', 'user:1042,eu,880', 'user:58,eu,640'];
  await page.setInputFiles('[data-testid="data-file"]', { name: 'requests.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await page.waitForSelector('[data-testid="data-preview"]');
};

try {
  if (process.env.ONLY) {
    const only = { 'your-data': [['your-data-1280', { width: 1280, height: 720, path: '/?ring=2^32&vnodes=100&servers=A,B,C,D', show: 'data-preview' }], ['your-data-375', { width: 375, height: 812, path: '/?ring=2^32&vnodes=100&servers=A,B,C,D', show: 'data-preview' }], ['your-data-dark-1280', { width: 1280, height: 720, scheme: 'dark', path: '/?ring=2^32&vnodes=100&servers=A,B,C,D', show: 'data-preview' }]] }[process.env.ONLY];
    for (const [name, options] of only) await shot(name, options, yourData);
  } else {
  await shot('teaching-ring-1280', { width: 1280, height: 720 }, addD);
  await shot('teaching-ring-375', { width: 375, height: 812, fullPage: true }, addD);
  await shot('full-ring-dark-1280', { width: 1280, height: 720, scheme: 'dark' }, bigRing);
  await shot('hot-key-1280', { width: 1280, height: 720, path: '/?lesson=hot-key&step=2', show: 'busiest-keys' });
  await shot('compare-1280', { width: 1280, height: 720, path: '/?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&then=add:E&view=compare' });
  await shot('timeline-1280', { width: 1280, height: 720, path: '/?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&restart=60&gossip=10&writes=500&view=timeline', show: 'timeline-chart' });
  await shot('sweeps-1280', { width: 1280, height: 720, path: '/?ring=2^32&vnodes=100&servers=A,B,C,D,E,F,G,H,I,J&gen=10000&view=timeline', show: 'sweeps' }, async (page) => {
    await page.waitForSelector('[data-testid="sweep-servers-progress"]', { state: 'detached', timeout: 20000 });
  });
  await shot('presentation-1280', { width: 1280, height: 720, path: '/?lesson=teaching-ring&step=4&present=1' });
  await shot('presentation-timeline-1280', { width: 1280, height: 720, path: '/?lesson=node-dies&step=4&present=1' });
  await shot('real-systems-redis-1280', { width: 1280, height: 720, path: '/?ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379&gen=1000&keys={user1}.following&placement=redis-cluster&select={user1}.following', show: 'system-panel' });
  await shot('lesson-375', { width: 375, height: 812, path: '/?lesson=teaching-ring&step=3' });
  const SET = '1.cmluZz0xMDAmc2VydmVycz1BQDIwLEJANTAsQ0A4MCZrZXlzPUA5NSZhc2s9b3duZXIma2V5PUA5NQ'
    + '.cmluZz0xMDAmc2VydmVycz1BQDEwLEJANDAsQ0A3NSZrZXlzPUA5MCxANTIsQDY4LEAyNSxANSZhc2s9bW92ZXMmY2hhbmdlPWFkZDpEQDYw';
  await shot('practice-1280', { width: 1280, height: 720, path: `/?quiz=${SET}` }, async (page) => {
    await page.click('[data-testid="q-option-2"]');
    await page.click('[data-testid="q-check"]');
    await page.click('[data-testid="set-next"]');
    await page.click('[data-testid="q-key-@52"]');
    await page.click('[data-testid="q-key-@68"]');
    await page.click('[data-testid="q-check"]');
    await page.evaluate(() => window.scrollTo(0, 0));
  });
  await shot('predict-375', { width: 375, height: 812, path: '/?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5' }, async (page) => {
    await page.click('[data-testid="predict-toggle"]');
    await page.fill('[data-testid="server-position"]', '60');
    await page.click('[data-testid="add-server"]');
    await page.click('[data-testid="q-key-@52"]');
  });
  await shot('your-data-1280', { width: 1280, height: 720, path: '/?ring=2^32&vnodes=100&servers=A,B,C,D', show: 'data-preview' }, yourData);
  await shot('authoring-1280', { width: 1280, height: 720, path: '/?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5' }, async (page) => {
    await page.click('[data-testid="teach-open"]');
    await page.click('[data-testid="teach-new"]');
    await page.fill('[data-testid="draft-title"]', 'D joins the ring');
    await page.click('[data-testid="draft-add"]');
    await page.fill('[data-testid="draft-step-title"]', 'Three servers');
    await page.fill('[data-testid="draft-caption"]', 'Each server owns the stretch that **ends at its point**.');
    await page.fill('[data-testid="server-position"]', '60');
    await page.click('[data-testid="add-server"]');
    await page.click('[data-testid="key-@52"]');
    await page.click('[data-testid="draft-add"]');
    await page.fill('[data-testid="draft-step-title"]', 'Only @52 moves');
    await page.fill('[data-testid="draft-caption"]', 'D takes 41 to 60 from C, and with it key `@52`. Nothing else changes hands.');
    await page.selectOption('[data-testid="draft-pointer"]', 'panel last-change');
  });
  await shot('embed-example-1280', { width: 1280, height: 720, fullPage: true, path: '/examples/embed.html' }, async (page) => {
    await page.waitForTimeout(800);
    await page.click('#add-d');
    await page.click('#select-52');
    await page.waitForTimeout(800);
  });
  }
} finally {
  await browser.close();
  server.kill();
}
