import { test, expect } from '../fixtures.mjs';

const distance = (a, b) => Math.max(...[0, 1, 2].map((i) => Math.abs(a[i] - b[i])));

/** The colour on the ring line at turn fraction `fraction`, as [r, g, b]. */
async function ringColour(ring, fraction) {
  const frame = await ring.frame();
  const [r, g, b, a] = await ring.pixel(frame.at(fraction, frame.ringRadius()));
  expect(a, 'the canvas is opaque there').toBe(255);
  return [r, g, b];
}

/** A server's colour as the ownership table's swatch shows it, as [r, g, b]. */
async function swatch(ring, name) {
  const colour = await ring
    .row(name)
    .locator('.swatch')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  return colour.match(/\d+/g).slice(0, 3).map(Number);
}

for (const [scheme, scale] of [['light', 1], ['dark', 2]]) {
  test.describe(`${scheme} colours, ${scale} device pixel${scale > 1 ? 's' : ''} per CSS pixel`, () => {
    test.use({ colorScheme: scheme, deviceScaleFactor: scale });

    test('the canvas paints each server’s arc in its own colour, and repaints after a change', async ({ ring }) => {
      await ring.open();

      // The bitmap is the CSS size times the device pixel ratio, so the drawing is sharp.
      const size = await ring.page.evaluate(() => {
        const c = document.querySelector('[data-testid="ring-canvas"]');
        return { bitmap: c.width, css: c.getBoundingClientRect().width, dpr: devicePixelRatio };
      });
      expect(size.dpr).toBe(scale);
      expect(size.bitmap).toBe(Math.round(size.css * scale));

      // The corner of the canvas is background: light or dark with the scheme.
      const background = (await ring.pixel({ x: 3, y: 3 })).slice(0, 3);
      const lightness = background.reduce((sum, c) => sum + c, 0) / 3;
      if (scheme === 'light') expect(lightness).toBeGreaterThan(200);
      else expect(lightness).toBeLessThan(60);
      const frame = await ring.frame();
      // Inside the ring, away from the arcs, the canvas is background too.
      const inside = await ring.pixel(frame.at(0.95, frame.ringRadius() * 0.3));
      expect(distance(inside.slice(0, 3), background)).toBeLessThanOrEqual(2);

      // A owns 75..10 (through the top), B owns 10..40. The first paint may land a frame late.
      await expect
        .poll(async () => distance(await ringColour(ring, 0.95), background))
        .toBeGreaterThan(40);
      const a = await ringColour(ring, 0.95);
      const b = await ringColour(ring, 0.3);
      expect(distance(a, background), 'A’s arc is not background').toBeGreaterThan(40);
      expect(distance(b, background), 'B’s arc is not background').toBeGreaterThan(40);
      expect(distance(a, b), 'A’s and B’s arcs differ').toBeGreaterThan(40);
      // Each arc is drawn in the colour the table's swatch gives its server.
      expect(distance(a, await swatch(ring, 'A')), 'A is drawn in its colour').toBeLessThanOrEqual(8);
      expect(distance(b, await swatch(ring, 'B')), 'B is drawn in its colour').toBeLessThanOrEqual(8);

      // C owns 40..75; once D sits at 60 the stretch 40..60 is drawn in D's colour.
      const c = await swatch(ring, 'C');
      expect(distance(await ringColour(ring, 0.5), c)).toBeLessThanOrEqual(8);
      await ring.addServer('D', 60);
      await expect(ring.row('D')).toBeVisible();
      const d = await swatch(ring, 'D');
      expect(distance(c, d), 'C and D have different colours').toBeGreaterThan(40);
      await expect
        .poll(async () => distance(await ringColour(ring, 0.5), d))
        .toBeLessThanOrEqual(8);
      expect(distance(await ringColour(ring, 0.7), c)).toBeLessThanOrEqual(8);
    });
  });
}
