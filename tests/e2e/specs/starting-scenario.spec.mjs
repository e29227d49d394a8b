import { test, expect } from '../fixtures.mjs';

test('the starting scenario shows A, B and C owning 35%, 30% and 35% of the teaching ring', async ({ ring }) => {
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  await expect(ring.share('B')).toHaveText('30%');
  await expect(ring.share('C')).toHaveText('35%');
  await expect(ring.keys('A')).toHaveText('2');
  await expect(ring.keys('B')).toHaveText('1');
  await expect(ring.keys('C')).toHaveText('2');
  await expect(ring.page.getByTestId('key-count')).toHaveText('5 keys on the ring.');
});
