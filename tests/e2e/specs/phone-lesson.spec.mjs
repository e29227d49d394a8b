import { test, expect } from '../fixtures.mjs';

test.use({ viewport: { width: 375, height: 812 } });

/** Whether box `a` lies wholly inside the window of `size`. */
function inside(box, { width, height }) {
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}

test('on a phone every step of the ring lessons shows its words and the ring on one screen, without scrolling', async ({ ring }) => {
  const { page } = ring;
  const size = page.viewportSize();
  for (const [lesson, steps] of [['teaching-ring', 6], ['fifth-cache', 4], ['virtual-nodes', 4]]) {
    await ring.open(`?lesson=${lesson}&step=1`);
    for (let step = 1; step <= steps; step++) {
      const where = `${lesson}, step ${step}`;
      await expect(page.getByTestId('lesson-step')).toHaveText(new RegExp(`^Step ${step} of ${steps}: `));
      // Nothing scrolled: the page is where it opened.
      expect(await page.evaluate(() => window.scrollY), where).toBe(0);
      const canvas = await ring.canvas.boundingBox();
      const narration = await page.getByTestId('lesson-narration').boundingBox();
      const sheet = await page.getByTestId('lesson-panel').boundingBox();
      expect(inside(canvas, size), `${where}: the ring ${JSON.stringify(canvas)}`).toBe(true);
      expect(inside(narration, size), `${where}: the narration ${JSON.stringify(narration)}`).toBe(true);
      // The ring is not under the sheet of words: both can be seen at once.
      expect(canvas.y + canvas.height, `${where}: the ring ends above the words`).toBeLessThanOrEqual(sheet.y + 1);
      expect(canvas.width, `${where}: the ring is not a thumbnail`).toBeGreaterThanOrEqual(240);
      if (step < steps) await page.getByTestId('lesson-next').click();
    }
  }
});

test('on a phone the page scrolls clear of the lesson sheet, so nothing is hidden under it', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?lesson=teaching-ring&step=3');
  // The lesson arrives in its own part: the page makes room for its sheet once it is there.
  await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 3 of 6: /);
  // Scrolled to the bottom, the last section ends above the sheet (once the room is made).
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const sheet = await page.getByTestId('lesson-panel').boundingBox();
      const last = await page.locator('main > section:not([hidden])').last().boundingBox();
      return last.y + last.height - sheet.y;
    })
    .toBeLessThanOrEqual(1);
});
