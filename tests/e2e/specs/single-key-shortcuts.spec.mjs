import { test, expect } from '../fixtures.mjs';
import { Teach } from '../teach.mjs';

test('single-key shortcuts can be switched off in the list of shortcuts, and the choice is kept (WCAG 2.1.4)', async ({ ring }) => {
  const { page } = ring;
  const teach = new Teach(ring);
  await ring.open();
  await teach.shortcut('?');
  const toggle = page.getByTestId('single-keys');
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.keyboard.press('Escape');
  await expect(teach.shortcuts).toHaveCount(0);

  const before = await ring.state();
  for (const key of ['a', 'k', 'r', 'v', 'p', '?']) await teach.shortcut(key);
  expect(await ring.state()).toEqual(before);
  await expect(page.locator('body')).not.toHaveClass(/\bpresent\b/);
  await expect(teach.shortcuts).toHaveCount(0);
  // Keys that type no character still work: a lesson steps with the arrows, Ctrl+Z undoes.
  await teach.pickLesson('teaching-ring');
  await teach.shortcut('ArrowRight');
  await teach.expectStep(2, 6);

  // Kept for the next visit, and switched on again from the list, reached through More.
  await ring.open();
  await teach.shortcut('a');
  expect((await ring.snapshot()).servers).toHaveLength(3);
  await page.getByTestId('more-open').click();
  await teach.shortcutsOpen.click();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await page.keyboard.press('Escape');
  await teach.shortcut('a');
  await expect.poll(async () => (await ring.snapshot()).servers.length).toBe(4);
});
