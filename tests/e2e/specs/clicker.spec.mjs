import { test, expect } from '../fixtures.mjs';
import { Teach, LESSONS } from '../teach.mjs';

// A presentation clicker sends Page Down and Page Up for its two buttons, and B or . for its
// blank-screen button. In presentation mode they walk the lesson and blank the screen; the
// clicker is all the presenter holds, so no other key or click is used here until the end.

test('a clicker walks a whole built-in lesson with Page Down alone, back with Page Up', async ({ ring }) => {
  const teach = new Teach(ring);
  const { id, steps } = LESSONS.find((l) => l.id === 'teaching-ring');
  await ring.open(`?lesson=${id}&step=1&present=1`);
  await expect(ring.page.locator('body')).toHaveClass(/\bpresent\b/);
  await teach.expectStep(1, steps);
  await teach.blur();
  for (let n = 2; n <= steps; n++) {
    await ring.page.keyboard.press('PageDown');
    await teach.expectStep(n, steps);
  }
  // Past the last step it stays there.
  await ring.page.keyboard.press('PageDown');
  await teach.expectStep(steps, steps);
  await ring.page.keyboard.press('PageUp');
  await teach.expectStep(steps - 1, steps);
  // Scrolled nowhere meanwhile: the keys were the lesson's, not the page's.
  expect(await ring.page.evaluate(() => window.scrollY)).toBe(0);
});

test('B or . blanks the screen in presentation mode, and any key brings it back unchanged', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open('?lesson=teaching-ring&step=2&present=1');
  const blank = ring.page.getByTestId('blank-screen');
  await teach.expectStep(2, LESSONS.find((l) => l.id === 'teaching-ring').steps);
  await teach.shortcut('b');
  await expect(blank).toBeVisible();
  // The whole window is black.
  const box = await blank.boundingBox();
  const size = ring.page.viewportSize();
  expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, size.width, size.height]);
  expect(await blank.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(0, 0, 0)');
  // The key that brings it back does nothing else: the step stays.
  await ring.page.keyboard.press('PageDown');
  await expect(blank).toHaveCount(0);
  await teach.expectStep(2, LESSONS.find((l) => l.id === 'teaching-ring').steps);
  await teach.shortcut('.');
  await expect(blank).toBeVisible();
  await ring.page.keyboard.press('.');
  await expect(blank).toHaveCount(0);
  // A click brings it back too.
  await teach.shortcut('B');
  await blank.click();
  await expect(blank).toHaveCount(0);
});

test('outside presentation mode Page Down scrolls the page, B steps back and . does nothing', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.page.setViewportSize({ width: 1280, height: 400 });
  await ring.open('?lesson=teaching-ring&step=3');
  const { steps } = LESSONS.find((l) => l.id === 'teaching-ring');
  await teach.expectStep(3, steps);
  await teach.blur();
  await ring.page.keyboard.press('PageDown');
  await teach.expectStep(3, steps);
  expect(
    await ring.page.evaluate(() => window.scrollY > 0 || document.documentElement.scrollHeight <= window.innerHeight),
    'the page scrolled, if it can',
  ).toBe(true);
  await teach.shortcut('.');
  await expect(ring.page.getByTestId('blank-screen')).toHaveCount(0);
  await teach.shortcut('b');
  await teach.expectStep(2, steps);
  await expect(ring.page.getByTestId('blank-screen')).toHaveCount(0);
});
