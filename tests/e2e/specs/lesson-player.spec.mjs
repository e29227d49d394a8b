import { test, expect } from '../fixtures.mjs';

/** Every built-in lesson the picker offers, as { id, title }. */
async function lessons(page) {
  return page.getByTestId('lesson-select').locator('option').evaluateAll((options) =>
    options.filter((o) => o.value).map((o) => ({ id: o.value, title: o.textContent.trim() })),
  );
}

/** The box of `locator`, checked to lie wholly inside the window. */
async function onScreen(page, locator, what) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(height);
  return box;
}

const MODES = [
  { name: '1280×720, light', viewport: { width: 1280, height: 720 }, scheme: 'light', query: '' },
  { name: '375×812, light', viewport: { width: 375, height: 812 }, scheme: 'light', query: '' },
  { name: '1280×720, dark, presentation mode', viewport: { width: 1280, height: 720 }, scheme: 'dark', query: '&present=1' },
  { name: '375×812, dark', viewport: { width: 375, height: 812 }, scheme: 'dark', query: '' },
];

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use({ viewport: mode.viewport, colorScheme: mode.scheme });

    test(`Back and Next (Finish on the last step) stay on screen and in place at every step of every lesson, at ${mode.name}`, async ({ ring }) => {
      test.setTimeout(180_000);
      const { page } = ring;
      await ring.open();
      const all = await lessons(page);
      expect(all.length).toBeGreaterThanOrEqual(8);
      for (const [index, lesson] of all.entries()) {
        await ring.open(`?lesson=${lesson.id}&step=1${mode.query}`);
        const count = Number((await page.getByTestId('lesson-step').textContent()).match(/of (\d+)/)[1]);
        let first = null;
        for (let step = 1; step <= count; step++) {
          const where = `${lesson.id}, step ${step} of ${count}`;
          await expect(page.getByTestId('lesson-step')).toHaveText(new RegExp(`^Step ${step} of ${count}: `));
          const next = await onScreen(page, page.getByTestId('lesson-next'), `${where}: Next`);
          const back = await onScreen(page, page.getByTestId('lesson-back'), `${where}: Back`);
          first ??= { next, back };
          // The buttons never move from one step to the next.
          expect(Math.abs(next.y - first.next.y), `${where}: Next stays put`).toBeLessThanOrEqual(1);
          expect(Math.abs(next.x - first.next.x), `${where}: Next stays put`).toBeLessThanOrEqual(1);
          expect(Math.abs(back.y - first.back.y), `${where}: Back stays put`).toBeLessThanOrEqual(1);
          await onScreen(page, page.getByTestId('lesson-narration'), `${where}: the narration`);
          await onScreen(page, page.getByTestId('lesson-keys'), `${where}: the keys`);
          await expect(page.getByTestId('lesson-keys')).toHaveText(/←\s*→\s*step through the lesson/);
          if (step < count) {
            await expect(page.getByTestId('lesson-next')).toHaveText('Next →');
            await page.getByTestId('lesson-next').click();
          } else {
            await expect(page.getByTestId('lesson-next')).toHaveText('Finish');
            const following = all[index + 1];
            if (following) {
              await expect(page.getByTestId('lesson-next-lesson')).toHaveText(`Next lesson: ${following.title} →`);
              await onScreen(page, page.getByTestId('lesson-next-lesson'), `${where}: the next lesson`);
            } else {
              await expect(page.getByTestId('lesson-next-lesson')).toHaveCount(0);
            }
          }
        }
      }
    });
  });
}

test('the last step ends with Finish, which closes the lesson, or the next lesson, which opens at its first step', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?lesson=teaching-ring&step=6');
  await expect(page.getByTestId('lesson-next')).toHaveText('Finish');
  await page.getByTestId('lesson-next-lesson').click();
  await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 1 of 4: Four caches$/);
  await expect(page.getByTestId('lesson-narration')).toBeFocused();
  await expect(page.getByTestId('lesson-select')).toHaveValue('fifth-cache');

  await ring.open('?lesson=teaching-ring&step=6');
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-panel')).toHaveCount(0);
  await expect(ring.announcement).toHaveText('Lesson finished: The ring by hand. Pick another from the Lessons list.');
  await expect(page.getByTestId('lesson-select')).toBeFocused();
  await expect(page.getByTestId('lesson-select')).toHaveValue('');
});
