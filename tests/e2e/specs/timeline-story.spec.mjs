import { test, expect } from '../fixtures.mjs';
import { wholeNumber } from '../teach.mjs';

/** The peak and the steady level the Timeline's first tile shows. */
async function peakAndSteady(page) {
  const peak = wholeNumber(await page.getByTestId('timeline-peak').textContent());
  const meaning = await page.getByTestId('timeline-peak').locator('xpath=following-sibling::dd[1]').textContent();
  const steady = wholeNumber(/from ([\d,]+) before/.exec(meaning)[1]);
  return { peak, steady };
}

test('the Timeline opened from the first screen tells a story whose storm is at least twice the steady level, in seconds', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline-peak')).toBeVisible();
  const { peak, steady } = await peakAndSteady(page);
  expect(steady).toBe(2500);
  expect(peak).toBeGreaterThanOrEqual(2 * steady);
  // The storm lasts about a second, not half a millisecond: the axis says seconds.
  await expect(page.getByTestId('timeline-chart')).toContainText('time after the change (s)');
  await expect(page.getByTestId('timeline-story')).toContainText('Story: A cache server dies.');
  await expect(page.getByTestId('story-cache-dies')).toHaveAttribute('aria-pressed', 'true');
  // The story's numbers are on screen, in its words and in the figures.
  await expect(page.getByTestId('timeline-story')).toContainText(peak.toLocaleString('en-US'));
  await expect(page.getByTestId('timeline-settle')).toHaveText(/ s$/);
  // The story is one change: undo goes back to the first screen.
  await page.getByTestId('undo').click();
  await expect.poll(async () => (await ring.snapshot()).keys).toBe(5);
});

test('a link to the Timeline alone opens on the story too, and another story is one click away', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?view=timeline');
  await expect(page.getByTestId('timeline-peak')).toBeVisible();
  let { peak, steady } = await peakAndSteady(page);
  expect(peak).toBeGreaterThanOrEqual(2 * steady);
  await expect(page.getByTestId('timeline-story')).toContainText('Story: A cache server dies.');
  await page.getByTestId('story-fifth-cache').click();
  await expect(page.getByTestId('timeline-story')).toContainText('Story: A fifth cache joins.');
  ({ peak, steady } = await peakAndSteady(page));
  expect(peak).toBeGreaterThanOrEqual(2 * steady);
  expect((await ring.snapshot()).servers.map((s) => s.name)).toEqual(['tokyo', 'osaka', 'kyoto', 'nagoya', 'sapporo']);
});

test('a Timeline opened on a ring of your own follows it, with no story', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&then=add:E');
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline-peak')).toBeVisible();
  await expect(page.getByTestId('timeline-story')).toHaveCount(0);
  await expect(page.getByTestId('event-last')).toHaveAttribute('aria-pressed', 'true');
});
