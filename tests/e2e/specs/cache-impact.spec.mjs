import { test, expect, grouped } from '../fixtures.mjs';
import { Teach, about, databaseReads, movedOf } from '../teach.mjs';

const FOUR_CACHES = 'ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya';
const FOUR_SERVERS = 'ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2';

/**
 * Checks the cache panel against the formula, using the moved fractions the last-change panel
 * itself reports (moved count over key count), for `reads` per second at `hit`.
 */
async function expectFormula(teach, reads, hit) {
  const { ring, modN } = await teach.moved();
  const expected = {
    before: Math.round(databaseReads(reads, hit, 0)),
    ring: Math.round(databaseReads(reads, hit, ring.moved / ring.of)),
    modN: Math.round(databaseReads(reads, hit, modN.moved / modN.of)),
  };
  await expect(teach.dbBefore).toHaveText(grouped(expected.before));
  await expect(teach.dbAfterRing).toHaveText(grouped(expected.ring));
  await expect(teach.dbAfterModn).toHaveText(grouped(expected.modN));
  return expected;
}

test('with the defaults, 50,000 reads a second at 95% hits, the database serves 2,500 reads a second before any change', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await expect(teach.cacheReads).toHaveValue('50000');
  await expect(teach.cacheHit).toHaveValue('95');
  await expect(teach.dbBefore).toHaveText('2,500');
  // No change yet, so nothing to say about right after one.
  await expect(teach.dbAfterRing).toHaveText('—');
  await expect(teach.dbAfterModn).toHaveText('—');
});

test('going from 4 to 5 servers under mod N sends 2,500 + 47,500 × the moved fraction reads a second to the database', async ({ ring }) => {
  const teach = new Teach(ring);
  await teach.open(`?${FOUR_CACHES}&gen=100&then=add:sapporo`);
  await expect(ring.headline).toHaveText('Server sapporo added.');
  await expect(ring.modnMoved).toHaveText('83 of 100');
  await expect(ring.modnMovedPct).toHaveText('83%');
  const figures = await expectFormula(teach, 50_000, 0.95);
  expect(figures).toEqual({ before: 2_500, ring: 12_475, modN: 41_925 });
  expect(figures.modN).toBe(Math.round(2_500 + 47_500 * 0.83));

  // With many keys the measured fraction nears the theory's 4/5, and the figure the README's 40,500.
  await teach.open(`?${FOUR_CACHES}&gen=10000&then=add:sapporo`);
  await expect(ring.headline).toHaveText('Server sapporo added.');
  const many = await expectFormula(teach, 50_000, 0.95);
  const { modN } = await teach.moved();
  expect(modN.of).toBe(10_000);
  expect(Math.abs(modN.moved / modN.of - 0.8)).toBeLessThanOrEqual(0.02);
  expect(Math.abs(many.modN - 40_500)).toBeLessThanOrEqual(40_500 * 0.025);
});

test('one server of four dying sends about 14,000 reads a second to the database on the ring and about 38,000 under mod N', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open(`?${FOUR_SERVERS}&then=remove:C`);
  await expect(ring.headline).toHaveText('Server C removed.');
  await expect(ring.ringMoved).toHaveText('2,426 of 10,001');
  const figures = await expectFormula(teach, 50_000, 0.95);
  expect(figures.before).toBe(2_500);
  // Within the tolerances the lessons hold their narration to.
  expect(Math.abs(figures.ring - 14_375)).toBeLessThanOrEqual(14_375 * 0.15);
  expect(about(figures.ring, 1000)).toBe(14_000);
  expect(Math.abs(figures.modN - 38_125)).toBeLessThanOrEqual(38_125 * 0.05);
  expect(about(figures.modN, 1000)).toBe(38_000);
});

test('changing the reads per second and the hit rate updates every figure by the formula', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open(`?${FOUR_SERVERS}&then=remove:C`);
  await expect(ring.ringMoved).toHaveText('2,426 of 10,001');
  await expectFormula(teach, 50_000, 0.95);

  await teach.setCache(teach.cacheReads, '120000');
  await expect(teach.dbBefore).toHaveText('6,000');
  await expectFormula(teach, 120_000, 0.95);

  await teach.setCache(teach.cacheHit, '80');
  await expect(teach.dbBefore).toHaveText('24,000');
  const figures = await expectFormula(teach, 120_000, 0.8);
  const { ring: moved } = await teach.moved();
  expect(figures.ring).toBe(Math.round(24_000 + 96_000 * (moved.moved / moved.of)));

  // A hit rate may carry decimals and a percent sign.
  await teach.setCache(teach.cacheHit, '99.5%');
  await expect(teach.dbBefore).toHaveText('600');
  await expectFormula(teach, 120_000, 0.995);
  await expect(teach.cacheError).toHaveText('');

  // The address bar keeps the traffic, and the link reopens with it.
  const address = await teach.address(/[?&]reads=120000&hit=99\.5(&|$)/);
  await ring.page.goto(address);
  await expect(teach.cacheReads).toHaveValue('120000');
  await expect(teach.cacheHit).toHaveValue('99.5');
  await expect(teach.dbBefore).toHaveText('600');
  await expectFormula(teach, 120_000, 0.995);
});

test('a hit rate of 150% or a reads figure that is not a number shows a message and keeps the figures as they were', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open(`?${FOUR_SERVERS}&then=remove:C`);
  await expect(ring.ringMoved).toHaveText('2,426 of 10,001');
  const before = await expectFormula(teach, 50_000, 0.95);
  const shown = await teach.cacheFigures();
  expect(shown).toEqual(before);

  await teach.setCache(teach.cacheHit, '150');
  await expect(teach.cacheError).not.toHaveText('');
  await expect(teach.cacheError).toBeVisible();
  await expect(teach.cacheError).toHaveAttribute('role', 'alert');
  await expect(teach.cacheHit).toHaveAttribute('aria-describedby', 'cache-error');
  expect(await teach.cacheFigures(), 'a refused hit rate changes nothing').toEqual(shown);

  await teach.setCache(teach.cacheReads, 'lots');
  await expect(teach.cacheError).toContainText('lots');
  expect(await teach.cacheFigures(), 'a refused reads figure changes nothing').toEqual(shown);

  await teach.setCache(teach.cacheHit, '-5');
  await expect(teach.cacheError).not.toHaveText('');
  expect(await teach.cacheFigures(), 'a negative hit rate changes nothing').toEqual(shown);

  // A good value clears the message.
  await teach.setCache(teach.cacheHit, '90');
  await expect(teach.cacheError).toHaveText('');
  await expect(teach.dbBefore).toHaveText('5,000');
  await expectFormula(teach, 50_000, 0.9);
  // The link was never written with the refused values.
  expect(ring.page.url()).not.toMatch(/hit=150|reads=lots/);
});

test('the moved fraction the cache panel uses is the one the last-change panel shows', async ({ ring }) => {
  const teach = new Teach(ring);
  await teach.open(`?${FOUR_CACHES}&gen=100&then=add:sapporo`);
  const ringMoved = movedOf(await ring.ringMoved.textContent());
  const snapshot = await ring.snapshot();
  expect(snapshot.last.ring_moved).toBe(ringMoved.moved);
  expect(snapshot.last.keys).toBe(ringMoved.of);
  await expect(ring.ringMovedPct).toHaveText('21%');
  await expect(teach.dbAfterRing).toHaveText(grouped(Math.round(2_500 + 47_500 * 0.21)));
});
