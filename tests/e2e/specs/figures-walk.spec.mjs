import { test, expect } from '../fixtures.mjs';
import { walkArticle } from '../walk-article.mjs';

// A short seeded walk over the article of five figures (the walker of scripts/random-walk.mjs
// --article, which runs it for thousands of actions): every control of every figure and of the
// text, hostile values, the rings clicked and walked, the steps scrolled past both ways, figures'
// links changed to tampered ones. The `ring` fixture fails the test on any console error.
test('a seeded walk of 120 actions over an article of five figures ends with no page error', async ({ ring }) => {
  test.setTimeout(600_000);
  const { page } = ring;
  const url = '/examples/figures.html';
  await page.goto(url);
  const log = [];
  try {
    const stats = await walkArticle(page, { seed: 7, actions: 120, url, log: (line) => log.push(line) });
    for (const kind of ['control', 'scroll', 'key']) {
      expect(stats.byKind[kind] ?? 0, `${kind} actions`).toBeGreaterThan(0);
    }
  } finally {
    await test.info().attach('walk', { body: log.join('\n'), contentType: 'text/plain' });
  }
  // Still alive: the article opens again and its first figure goes live.
  await page.goto(url);
  await expect(page.locator('#three-servers [data-testid="figure"]')).toBeVisible();
  await expect(page.locator('#three-servers').getByTestId('share-A')).toHaveText('35%');
});
