import { test, expect, watchProgress, framesSeen } from '../fixtures.mjs';

const BIG_RING = '?ring=2^32&vnodes=100&servers=A,B,C,D,E,F,G,H';

test('a million keys are generated in steps with progress, then shown as a density band with exact counts', async ({ ring }) => {
  test.setTimeout(120_000);
  const { page } = ring;
  await ring.open(BIG_RING);
  // Each frame the page draws, the progress it shows; and every long task, as a figure.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  await watchProgress(page, '#generation-bar');
  await page.getByTestId('add-keys-1000000').click();
  await expect(page.getByTestId('generation-progress')).toBeVisible();
  await expect(page.getByTestId('add-keys-10')).toBeDisabled();
  await expect(page.getByTestId('generation-progress')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('last-headline')).toHaveText('1000000 keys added.');
  await expect(page.getByTestId('key-count')).toHaveText('1,000,000 keys, drawn as a density band (too many for one dot each).');
  await ring.expectPanelsMatchEngine();
  // The page answered while it worked: it drew frames between the steps, showing the keys
  // partly made, as it could not if the million were made in one piece. How long the longest
  // task took depends on the machine: it is written beside the result as a figure.
  const { seen, partly } = await framesSeen(page);
  expect(partly.length, `frames showed the keys partly made (frames showed: ${seen.join(', ')})`).toBeGreaterThanOrEqual(2);
  const longest = await page.evaluate(() => Math.max(0, ...window.longTasks));
  test.info().annotations.push({ type: 'the longest task while a million keys were made, in ms', description: longest.toFixed(0) });

  // A change on a million keys: 8 to 9 servers moves about a ninth on the ring.
  await ring.addServer('I');
  const snapshot = await ring.snapshot();
  expect(snapshot.keys).toBe(1_000_000);
  const share = snapshot.last.moved / snapshot.keys;
  expect(share).toBeGreaterThan(0.08);
  expect(share).toBeLessThan(0.15);
  expect(snapshot.last.mod_n_moved / snapshot.keys).toBeGreaterThan(0.85);
  await ring.expectPanelsMatchEngine();
});

test('a link with gen=200000 opens at once, then fills in its keys, its last change and its selection', async ({ ring }) => {
  const { page } = ring;
  await page.goto(`/${BIG_RING}&gen=200000&keys=user:7&then=add:I&select=user:7`);
  await expect(ring.canvas).toBeVisible();
  await expect(page.getByTestId('last-headline')).toHaveText('Server I added.', { timeout: 60_000 });
  const snapshot = await ring.snapshot();
  expect(snapshot.keys).toBe(200_001);
  await expect(page.getByTestId('key-label')).toHaveText('user:7');
  await expect(page.getByTestId('link-notices')).toHaveCount(0);
  // Undo goes back to the link's ring before its last change, keys and all.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('row-I')).toHaveCount(0);
  expect((await ring.snapshot()).keys).toBe(200_001);
  await expect(page.getByTestId('undo')).toBeDisabled();
});

test('Stop ends a generation and leaves the keys as they were', async ({ ring }) => {
  const { page } = ring;
  await ring.open(BIG_RING);
  const before = await ring.state();
  await page.getByTestId('add-keys-1000000').click();
  await page.getByTestId('generation-stop').click();
  await expect(page.getByTestId('generation-progress')).toHaveCount(0);
  await expect(ring.announcement).toHaveText('Key generation stopped.');
  expect(await ring.state()).toEqual(before);
});
