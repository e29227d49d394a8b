import { test, expect } from '../fixtures.mjs';

test('the first Tab reaches a skip link, and Enter on it puts the focus on the ring', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-ring');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to the ring');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(ring.canvas).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(ring.announcement).toContainText('(1 of 8)');
});

test('from another view the skip link goes back to the ring view first', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90&view=compare');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-ring')).toHaveAttribute('aria-current', 'page');
  await expect(ring.canvas).toBeFocused();
});
