import { test, expect } from '../fixtures.mjs';

/** The engine's share of each server, rounded to a whole percent. */
async function wholeShares(ring) {
  const snapshot = await ring.snapshot();
  return Object.fromEntries(snapshot.servers.map((s) => [s.name, Math.round(s.share * 100)]));
}

test('the 2³² switch keeps A, B and C at 35/30/35 and the rule on the page says why', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await ring.ringFullButton.click();
  await expect(ring.ringFullButton).toHaveAttribute('aria-pressed', 'true');
  expect((await ring.snapshot()).ring_size).toBe(2 ** 32);
  // No server owns the whole ring: each keeps its share, to the position.
  expect(await wholeShares(ring)).toEqual({ A: 35, B: 30, C: 35 });
  await expect(page.getByTestId('ring-rule')).toContainText('keeps its share of the ring when the size changes');
  await expect(ring.share('A')).toHaveText('35%');
  await expect(ring.share('B')).toHaveText('30%');
  await expect(ring.share('C')).toHaveText('35%');
  // The keys placed by hand kept their owners: nothing moved.
  await expect(ring.ringMoved).toHaveText('0 of 5');
  await expect(page.locator('.readout .hint').filter({ hasText: 'A goes from 10 to 429,496,730' })).toBeVisible();
  await expect(ring.serverRow('A')).toContainText('at 429,496,730');

  // Back to 0–99: the teaching ring exactly as it was.
  await ring.ringTeachingButton.click();
  await expect(ring.serverRow('A')).toContainText('at 10');
  expect(await wholeShares(ring)).toEqual({ A: 35, B: 30, C: 35 });
  await expect(page.getByTestId('key-@52')).toBeVisible();
});

test('100 virtual nodes never claim points that servers placed by hand did not take, and one click hashes them', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await ring.ringFullButton.click();
  await ring.setVnodes(100);
  await expect(ring.headline).not.toHaveText(/Now 100 points per server/);
  await expect(ring.headline).toHaveText(
    'Virtual nodes set to 100, but A, B and C are placed by hand and keep one point: hash them to give each 100 points.',
  );
  expect((await ring.snapshot()).servers.map((s) => s.points)).toEqual([1, 1, 1]);
  await expect(ring.announcement).not.toContainText('Now 100 points per server');

  await page.getByTestId('hash-placed').click();
  await expect(ring.headline).toHaveText('A, B and C are hashed now, with 100 points each.');
  const hashed = await ring.snapshot();
  expect(hashed.servers.map((s) => s.points)).toEqual([100, 100, 100]);
  for (const server of hashed.servers) {
    expect(server.share, `${server.name}'s share`).toBeGreaterThan(0.2);
    expect(server.share, `${server.name}'s share`).toBeLessThan(0.47);
  }
  await expect(page.getByTestId('hash-placed')).toHaveCount(0);

  // Now a new server moves about a quarter of the keys, and mod N far more.
  await ring.addKeys(10000);
  await expect(ring.keyCount).toHaveText(/^10,005 keys/);
  await ring.addServer('');
  await expect(ring.headline).toHaveText('Server D added.');
  const { last } = await ring.snapshot();
  expect(last.moved / last.keys).toBeGreaterThan(0.15);
  expect(last.moved / last.keys).toBeLessThan(0.35);
  expect(last.baseline_moved).toBeGreaterThan(2 * last.moved);
  await expect(page.getByTestId('verdict')).toHaveText(/mod N would have moved [\d,]+ keys, [\d.]+ times as many\.$/);
});

test('a ring too small to keep the servers placed by hand apart is refused in words, with the fix one click away', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  const before = await ring.state();
  await ring.setRingSize(2);
  await expect(ring.ringError).toHaveText(/^On a ring of 2 positions, B and C would both land on 1/);
  expect(await ring.state()).toEqual(before);
  await page.getByTestId('ring-fix').click();
  await expect(ring.ringError).toHaveText(/^On a ring of 2 positions, @\d+ and @\d+ would both land on/);
  // The servers are hashed (one change); the keys placed by hand still cannot share 2 positions.
  expect((await ring.snapshot()).servers.map((s) => s.points)).toEqual([1, 1, 1]);
  await ring.clearKeys();
  await ring.setRingSize(2);
  await expect(ring.ringError).toHaveText('');
  expect((await ring.snapshot()).ring_size).toBe(2);
});
