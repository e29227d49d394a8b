import { test, expect } from '../fixtures.mjs';

// Each small circle is drawn from the scenario its placement was evaluated on. These changes
// once drew a circle from the page's newer scenario with the older comparison's placement, and
// the page stopped with "index out of bounds".

test('a key or a server added while Compare is open redraws every small circle without an error', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=a*3,b,c&placement=maglev&view=compare');
  await expect(page.getByTestId('compare-row-maglev')).toBeVisible();
  await ring.addKey('%00');
  await expect(page.getByTestId('compare-row-maglev').locator('td').first()).toHaveText('0');
  await ring.addKey('user:1');
  await ring.addServer('d');
  await expect(page.getByTestId('compare-headline')).toContainText('Server d added.');
  await expect(page.getByTestId('compare-row-maglev').locator('td').nth(1)).toHaveText(/%$/);
});

test('a small circle chosen while Compare weighs 100,000 keys opens its placement without an error', async ({ ring }) => {
  test.setTimeout(120_000);
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=10&servers=A,B,C&gen=100000&view=compare');
  await expect(page.getByTestId('compare-row-jump').locator('td').first()).toHaveText(/^\d/, { timeout: 60_000 });
  // Choosing jump changes the scenario, which starts a new comparison two frames later; the
  // view has gone by then.
  await page.getByTestId('compare-jump').click();
  await expect(page.getByTestId('placement-select')).toHaveValue('jump');
  await page.evaluate(() => new Promise((done) => {
    let frames = 5;
    const next = () => (--frames ? requestAnimationFrame(next) : done());
    requestAnimationFrame(next);
  }));
  await expect(page.getByTestId('compare-view')).toHaveCount(0);
});
