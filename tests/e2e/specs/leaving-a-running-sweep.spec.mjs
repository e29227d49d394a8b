import { test, expect } from '../fixtures.mjs';

// The Timeline view runs its two sweeps a batch at a time, each batch scheduled after the last.
// Leaving the view while they run (here by choosing a lesson, whose first step is on the Ring
// view) disposes the view's state; a batch already scheduled must then stop quietly. A build that
// read the disposed state died with "Tried to access a reactive value that has already been
// disposed" at the next action, which a random walk met at Predict first. The processor is
// slowed so that the sweeps are surely still running when the view goes.
test('choosing a lesson while the sweeps run, then Predict first, leaves no error behind', async ({ ring }) => {
  test.setTimeout(180_000);
  const { page } = ring;
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const [round, lesson] of ['replicas', 'teaching-ring', 'other-ways'].entries()) {
      // Twelve servers and 20,000 keys (a key more each round, so no round finds the last one's
      // sweeps done): sweeps that take a while on a slowed processor.
      await ring.open(`?ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo,a,b,c,d,e,f,g&gen=${20_000 + round}`);
      if (round % 2 === 1) await page.getByTestId('predict-toggle').click();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
      await page.getByTestId('view-timeline').click();
      // The sweeps get under way: their progress shows (on a processor slowed twentyfold, the
      // view itself takes a while to appear). A busy machine may still see them end first; the
      // test goes on either way, since what it checks is that nothing fails afterwards.
      await page
        .getByTestId('sweep-vnodes-progress')
        .or(page.getByTestId('sweep-servers-progress'))
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 })
        .catch(() => {});
      await page.getByTestId('lesson-select').selectOption(lesson);
      // The lesson arrives in its own part, fetched while the sweeps keep the page busy.
      await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 1 of \d+/, { timeout: 30_000 });
      await page.getByTestId('predict-toggle').click();
      await expect(page.getByTestId('predict-toggle')).toHaveAttribute('aria-pressed', String(round % 2 === 0));
      // Long enough for every batch that was scheduled before the view went to run.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.waitForTimeout(500);
      await expect(page.getByTestId('sweeps')).toHaveCount(0);
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});
