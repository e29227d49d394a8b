import { test, expect } from '../fixtures.mjs';
import { walk } from '../walk.mjs';

// A short seeded walk over every view with hostile values, hover and the keyboard (the walker of
// scripts/random-walk.mjs, which runs it for 10,000 actions): no console error on the way, and
// the page still answers at the end. The `ring` fixture fails the test on any console error.
test('a seeded walk of 100 actions over every view ends with no page error', async ({ ring }) => {
  test.setTimeout(600_000);
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000');
  const log = [];
  try {
    const stats = await walk(page, {
      seed: 24,
      actions: 100,
      base: '/',
      log: (line) => log.push(line),
    });
    // The walk went everywhere: every view of the header saw some actions.
    for (const view of ['ring', 'compare', 'traffic', 'timeline', 'practice']) {
      expect(stats.byView[view] ?? 0, `actions on the ${view} view`).toBeGreaterThan(0);
    }
  } finally {
    await test.info().attach('walk', { body: log.join('\n'), contentType: 'text/plain' });
  }
  // Still alive: a plain link opens and draws.
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@52');
  await expect(ring.share('A')).toBeAttached();
});
