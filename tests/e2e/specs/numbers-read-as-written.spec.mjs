import { test, expect } from '../fixtures.mjs';

test('the verdict says counts with thousands separators, never a bare ratio like 6818.2×', async ({ ring }) => {
  const { page } = ring;
  // D at 4001 takes the one position 4001: almost nothing moves on the ring, most keys under mod N.
  await ring.open('?ring=10000&servers=A@1000,B@4000,C@7500&keys=@4001&gen=100000&then=add:D@4001');
  // A hundred thousand keys are made in steps: the link's change comes after the last one.
  await expect.poll(async () => (await ring.snapshot()).last, { timeout: 30_000 }).not.toBeNull();
  const { last } = await ring.snapshot();
  const grouped = (n) => n.toLocaleString('en-US');
  await expect(page.getByTestId('verdict')).toHaveText(
    `Every key that moved went to D: no key moved between servers that were already there. mod N would have moved ${grouped(last.baseline_moved)} keys; the ring moved ${grouped(last.moved)}.`,
  );
  await expect(page.getByTestId('verdict')).not.toContainText('×');
  await expect(ring.announcement).toContainText(`mod N would move ${grouped(last.baseline_moved)} (`);
});

test('the keys a server gained or lost are written with thousands separators', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C&gen=100000&then=remove:B');
  const delta = page.getByTestId('row-A').locator('.delta');
  await expect(delta).toHaveText(/^ \+\d{1,3}(,\d{3})+$/);
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C&gen=100000&then=add:D');
  await expect(page.getByTestId('row-A').locator('.delta')).toHaveText(/^ −\d{1,3}(,\d{3})+$/);
});
