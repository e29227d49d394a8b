import { test, expect, frameOf } from '../fixtures.mjs';

/**
 * The colour a canvas shows on its ring band at turn fraction `fraction`, as [r, g, b]: the
 * canvas is found by `selector`, its geometry is the one every ring is drawn with.
 */
async function bandColour(page, selector, fraction) {
  const canvas = page.locator(selector).first();
  const frame = await frameOf(canvas);
  const point = frame.at(fraction, frame.ringRadius());
  return canvas.evaluate((c, { x, y }) => {
    const scale = c.width / c.getBoundingClientRect().width;
    const d = c.getContext('2d').getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, point);
}

function close(a, b) {
  return a.every((v, i) => Math.abs(v - b[i]) <= 6);
}

for (const scheme of ['light', 'dark']) {
  test.describe(`${scheme} colours`, () => {
    test.use({ colorScheme: scheme });

    test(`a server has the same colour on the main ring and on a lesson question's ring (${scheme})`, async ({ ring }) => {
      const { page } = ring;
      // "B leaves": A at 10, C at 75 and D at 60 remain, and the question asks for D's share.
      await ring.open('?lesson=teaching-ring&step=5');
      await expect(page.getByTestId('lesson-question')).toBeVisible();
      const qRing = '[data-testid="lesson-question"] [data-testid="q-ring"]';
      await page.locator(qRing).scrollIntoViewIfNeeded();
      // D owns 41–60, C 61–75 and A 76–10: the middle of each stretch.
      const stretches = { D: 0.505, C: 0.68, A: 0.93 };
      const seen = {};
      for (const [name, fraction] of Object.entries(stretches)) {
        const main = await bandColour(page, '[data-testid="ring-canvas"]', fraction);
        const question = await bandColour(page, qRing, fraction);
        expect(close(main, question), `${name}: ${main} on the ring, ${question} on the question's ring`).toBe(true);
        seen[name] = main;
      }
      // Three servers, three colours.
      expect(close(seen.A, seen.C) || close(seen.C, seen.D) || close(seen.A, seen.D)).toBe(false);
    });
  });
}

test('a server keeps its colour by name: D is drawn alike after B leaves and on a fresh page with A, C and D', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75,D@60&keys=@90&then=remove:B');
  const after = await bandColour(page, '[data-testid="ring-canvas"]', 0.505);
  await ring.open('?ring=100&servers=A@10,C@75,D@60&keys=@90');
  const fresh = await bandColour(page, '[data-testid="ring-canvas"]', 0.505);
  expect(close(after, fresh), `${after} against ${fresh}`).toBe(true);
});
