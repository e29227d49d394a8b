import { test, expect, frameOf } from '../fixtures.mjs';

/** An exercise set of one question, as a link's `quiz=` value. */
function oneQuestion(link) {
  return `1.${Buffer.from(link).toString('base64url')}`;
}

/** The colour the question's ring shows at turn fraction `fraction` of its ring band. */
async function qRingColour(page, fraction) {
  const canvas = page.getByTestId('q-ring');
  const frame = await frameOf(canvas);
  const point = frame.at(fraction, frame.ringRadius());
  return canvas.evaluate((c, { x, y }) => {
    const scale = c.width / c.getBoundingClientRect().width;
    const d = c.getContext('2d').getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, point);
}

/** D's colour in the light palette (its name asks for the fourth slot). */
const D = [0xcc, 0x79, 0xa7];
const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 8);

test('a practice question draws the server it adds on its ring, and after Check the stretch D takes', async ({ ring }) => {
  const { page } = ring;
  const link = 'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&ask=moves&change=add:D@66';
  await ring.open(`?quiz=${oneQuestion(link)}`);
  await expect(page.getByTestId('q-prompt')).toHaveText('D joins at 66. Which keys change server?');
  // D's point is on the ring at 66 before the answer is checked.
  expect(near(await qRingColour(page, 0.66), D), `${await qRingColour(page, 0.66)} at 66`).toBe(true);
  // Its stretch (41 to 66) is not given away before the check.
  expect(near(await qRingColour(page, 0.55), D)).toBe(false);
  await page.getByRole('checkbox', { name: '@52' }).check();
  await page.getByTestId('q-check').click();
  await expect(page.getByTestId('q-result')).toContainText(/right|wrong/i);
  // After the check the ring is drawn as the change leaves it: 41 to 66 is D's.
  await expect.poll(async () => near(await qRingColour(page, 0.55), D)).toBe(true);
});
