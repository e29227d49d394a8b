// The first screen written into index.html at build time (src/draw/first_screen/): the starting
// ring, its servers, keys and shares, shown before the page's WebAssembly has arrived, and then
// replaced by the app in the same places. Each test holds the WebAssembly back until it has
// read the written screen, so it sees both.
import { test, expect } from '../fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';

/** Holds every .wasm request until the returned function is called. */
async function holdWebAssembly(page) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  await page.route(/\.wasm$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Sums the page's layout shifts (not those just after input), from its first paint on. */
async function watchLayoutShifts(page) {
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** On screen: a box's centre and the ring's centre and radius, in CSS pixels. */
function onScreen(box, side, measures) {
  const scale = box.width / side;
  return {
    left: box.x,
    top: box.y,
    width: box.width,
    centreX: box.x + measures.cx * scale,
    centreY: box.y + measures.cy * scale,
    radius: measures.r * scale,
  };
}

/** What the written first screen shows: its shares by server, the ring's texts and geometry. */
async function written(page) {
  const ring = page.locator('.first-ring svg').filter({ visible: true });
  await expect(ring).toHaveCount(1);
  const shares = await page.locator('[data-first-share]').evaluateAll((cells) =>
    Object.fromEntries(cells.map((c) => [c.dataset.firstShare, c.textContent])),
  );
  const texts = await ring.locator('text').allTextContents();
  const side = Number((await ring.getAttribute('viewBox')).split(' ')[2]);
  const line = ring.locator('.ring-line');
  const measures = {
    cx: Number(await line.getAttribute('cx')),
    cy: Number(await line.getAttribute('cy')),
    r: Number(await line.getAttribute('r')),
  };
  return { shares, texts, geometry: onScreen(await ring.boundingBox(), side, measures) };
}

test('the page shows the starting ring, its servers, keys and shares before its code arrives', async ({ ring }) => {
  const { page } = ring;
  await holdWebAssembly(page);
  await page.goto('/');
  const first = await written(page);
  expect(first.shares).toEqual({ A: '35%', B: '30%', C: '35%' });
  for (const name of ['A', 'B', 'C', '5', '25', '52', '68', '90']) expect(first.texts).toContain(name);
  await expect(page.getByRole('heading', { name: 'Who owns what' })).toBeAttached();
  await expect(page.getByText('None yet: add a server and watch which keys move.')).toBeAttached();
  // Nothing of it can be used yet: its buttons are not shown, and the keyboard finds nothing.
  await expect(page.getByRole('button', { name: 'Compare' })).toBeHidden();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});

test('the app draws what the first screen showed, where it showed it, and takes its place', async ({ ring }) => {
  const { page } = ring;
  const release = await holdWebAssembly(page);
  await page.goto('/');
  const first = await written(page);
  release();
  await expect(ring.share('A')).toBeVisible();
  await expect(page.locator('.first-screen')).toHaveCount(0);

  // The same shares, server for server, as the app's ownership table.
  const names = Object.keys(first.shares);
  const shown = {};
  for (const name of names) shown[name] = await ring.share(name).textContent();
  expect(shown).toEqual(first.shares);
  const rows = await page.locator('[data-testid^="row-"]').count();
  expect(rows).toBe(names.length);

  // The same ring: the canvas in the SVG's box, its circle at the same centre and radius.
  const measures = JSON.parse(await ring.canvas.getAttribute('data-geometry'));
  const box = await ring.canvas.boundingBox();
  const app = onScreen(box, measures.side, {
    cx: measures.centre.x,
    cy: measures.centre.y,
    r: measures.ring_radius,
  });
  for (const key of Object.keys(app)) {
    expect(Math.abs(app[key] - first.geometry[key]), `${key}: app ${app[key]}, first screen ${first.geometry[key]}`).toBeLessThanOrEqual(1.5);
  }
});

for (const [label, viewport] of [
  ['a 1280×720 window', { width: 1280, height: 720 }],
  ['a 375×812 phone', { width: 375, height: 812 }],
]) {
  test.describe(`on ${label}`, () => {
    test.use({ viewport });

    test('the app replaces the first screen without moving anything', async ({ ring }) => {
      const { page } = ring;
      await watchLayoutShifts(page);
      const release = await holdWebAssembly(page);
      await page.goto('/');
      await written(page);
      // Let the first screen be painted before the app arrives.
      await page.waitForTimeout(300);
      release();
      await expect(ring.share('A')).toBeAttached();
      await expect(page.locator('.first-screen')).toHaveCount(0);
      await page.waitForTimeout(1000);
      const shift = await page.evaluate(() => window.__shift);
      console.log(`layout shift on ${label}: ${shift.toFixed(4)}`);
      expect(shift).toBeLessThanOrEqual(0.01);
    });
  });
}

for (const scheme of ['light', 'dark']) {
  test.describe(`in the ${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('the first screen has no accessibility violations', async ({ ring }) => {
      const { page } = ring;
      await holdWebAssembly(page);
      await page.goto('/');
      await written(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  });
}

for (const query of ['?servers=A,B,C,D', '?view=compare', '?embed=1']) {
  test(`a link that opens another state (${query}) does not show the first screen`, async ({ ring }) => {
    const { page } = ring;
    const release = await holdWebAssembly(page);
    await page.goto(`/${query}`);
    await expect(page.locator('.first-screen').first()).toBeAttached();
    await expect(page.locator('.first-screen').filter({ visible: true })).toHaveCount(0);
    release();
    await expect(page.locator('.first-screen')).toHaveCount(0);
  });
}
