import { test, expect } from '../fixtures.mjs';

test('Compare says it is working before it compares 200,000 keys under every placement', async ({ ring }) => {
  test.setTimeout(120_000);
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=200000&then=add:E');
  await expect.poll(async () => (await ring.snapshot()).keys, { timeout: 60_000 }).toBe(200_000);
  // Watch for the notice from the moment the view is asked for.
  await page.evaluate(() => {
    window.__busy = [];
    new MutationObserver(() => {
      const busy = document.querySelector('[data-testid="compare-busy"]');
      if (busy && busy.textContent) window.__busy.push(busy.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('view-compare').click();
  await expect(page.getByTestId('compare-row-ring').locator('td').first()).toHaveText(/^[\d,]+/, { timeout: 60_000 });
  const said = await page.evaluate(() => window.__busy);
  expect(said).toContain('Comparing the nine placements on 200,000 keys…');
  await expect(page.getByTestId('compare-busy')).toHaveText('');
  await expect(page.locator('.multiples')).toHaveAttribute('aria-busy', 'false');
});

test('with five keys Compare marks no placement best at moving keys or at balance: the differences are luck', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60&view=compare');
  await expect(page.getByTestId('compare-row-ring').locator('td').first()).toHaveText(/^1/);
  for (const row of await page.locator('[data-testid^="compare-row-"]').all()) {
    const cells = await row.locator('td').allTextContents();
    // Moved, share, ideal, busiest: no "(best)" on moves or balance.
    expect(cells[0], await row.getAttribute('data-testid')).not.toContain('(best)');
    expect(cells[3], await row.getAttribute('data-testid')).not.toContain('(best)');
  }
  await expect(page.locator('.multiple .best[data-testid^="compare-moved-"]')).toHaveCount(0);
});
