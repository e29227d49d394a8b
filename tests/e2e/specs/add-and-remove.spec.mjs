import { test, expect } from '../fixtures.mjs';

test('adding D at 60 moves key 52 only, then removing B sends key 25 to D and leaves D half the ring', async ({ ring }) => {
  await ring.open();
  await ring.addServer('D', 60);
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await expect(ring.ringMovedPct).toHaveText('20%');
  await expect(ring.ringMoves).toHaveText('@52: C → D');
  await expect(ring.announcement).toHaveText('Server D added. 1 of 5 keys moved (20%). mod N would move 4 (80%).');
  await expect(ring.share('D')).toHaveText('20%');

  await ring.removeServer('B');
  await expect(ring.ringMoves).toHaveText('@25: B → D');
  await expect(ring.share('D')).toHaveText('50%');
  await expect(ring.share('C')).toHaveText('15%');
  await expect(ring.share('A')).toHaveText('35%');
  await expect(ring.page.getByTestId('row-B')).toHaveCount(0);
});
