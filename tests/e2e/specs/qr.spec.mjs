import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures.mjs';
import { Teach } from '../teach.mjs';

// A room scans the screen: presentation mode's Q (and the Share menu) show the view's link as a
// QR code over half the window's height, with the address under it. That the code reads back
// as the exact link is checked natively, on the same code (src/draw/qr.rs).

test('Q in presentation mode shows the link of the view as a large QR code that saves as SVG', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open('?lesson=teaching-ring&step=4&present=1');
  await teach.expectStep(4, 6);
  await teach.shortcut('q');
  const dialog = ring.page.getByTestId('qr-dialog');
  await expect(dialog).toBeVisible();
  const code = ring.page.getByTestId('qr-code').locator('svg');
  const box = await code.boundingBox();
  expect(box.height, 'at least half the window high').toBeGreaterThanOrEqual(360);
  expect(box.width).toBeCloseTo(box.height, 0);
  // The address under it is the link of the view on screen, step and presentation mode included.
  const address = (await ring.page.getByTestId('qr-address').textContent()).trim();
  expect(address).toBe(ring.page.url());
  expect(address).toMatch(/[?&]lesson=teaching-ring&step=4&present=1$/);
  const summary = (violations) => violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(summary((await ring.axe()).violations)).toEqual([]);
  const [download] = await Promise.all([
    ring.page.waitForEvent('download'),
    ring.page.getByTestId('qr-save').click(),
  ]);
  expect(download.suggestedFilename()).toBe('ringlab-qr.svg');
  const saved = readFileSync(await download.path(), 'utf8');
  expect(saved).toMatch(/^<\?xml|^<svg/);
  expect(saved).toContain('#000000');
  await ring.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Outside presentation mode Q is no shortcut; the Share menu opens the same code.
  await teach.shortcut('p');
  await teach.shortcut('q');
  await expect(dialog).toHaveCount(0);
  await ring.page.getByTestId('share-open').click();
  await ring.page.getByTestId('qr-open').click();
  await expect(ring.page.getByTestId('qr-code')).toBeVisible();
  expect((await ring.page.getByTestId('qr-address').textContent()).trim()).toBe(ring.page.url());
});

test('a view whose link is too long for a QR code says so and offers Save scenario', async ({ ring }) => {
  const keys = Array.from({ length: 260 }, (_, i) => `session:${100000 + i}`).join(',');
  await ring.open(`?ring=2^32&servers=A,B,C&keys=${keys}&present=1`);
  await expect(ring.page.locator('body')).toHaveClass(/\bpresent\b/);
  await new Teach(ring).shortcut('Q');
  const refused = ring.page.getByTestId('qr-too-long');
  await expect(refused).toContainText('too long for a QR code a phone can read across a room');
  await expect(ring.page.getByTestId('qr-code')).toHaveCount(0);
  const [download] = await Promise.all([
    ring.page.waitForEvent('download'),
    ring.page.getByTestId('qr-save-scenario').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  expect(JSON.parse(readFileSync(await download.path(), 'utf8'))).toBeTruthy();
});
