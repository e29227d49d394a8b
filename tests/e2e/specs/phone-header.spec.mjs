import { test, expect } from '../fixtures.mjs';

/** How many rows the header's controls sit in, and its height. */
async function headerRows(page) {
  return page.evaluate(() => {
    const header = document.querySelector('header.top');
    const tops = [...header.querySelectorAll('h1, button, select')]
      .filter((el) => el.getClientRects().length > 0 && el.checkVisibility())
      .map((el) => Math.round(el.getBoundingClientRect().top / 12));
    return { rows: new Set(tops).size, height: header.getBoundingClientRect().height };
  });
}

test.describe('on a 375×812 phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the header takes at most two rows, and every button in it keeps its name', async ({ ring }) => {
    const { page } = ring;
    await ring.open();
    const { rows, height } = await headerRows(page);
    expect(rows).toBeLessThanOrEqual(2);
    expect(height).toBeLessThanOrEqual(96);
    for (const name of ['Undo', 'Redo', 'Share', 'Present', 'More']) {
      await expect(page.locator('header.top').getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('lesson-select')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 720 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('"Link copied." moves nothing in the header', async ({ ring, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const { page } = ring;
      await ring.open();
      const boxes = () =>
        page.locator('header.top button, header.top select').evaluateAll((els) =>
          els.filter((el) => el.checkVisibility()).map((el) => {
            const r = el.getBoundingClientRect();
            return [el.dataset.testid, Math.round(r.x), Math.round(r.y)];
          }));
      const layout = await page.locator('main').boundingBox();
      await page.getByTestId('share-open').click();
      const before = await boxes();
      await page.getByTestId('copy-link').click();
      await expect(page.locator('.toolbar .copied')).toHaveText('Link copied.');
      const after = (await boxes()).filter(([id]) => before.some(([b]) => b === id));
      expect(after).toEqual(before.filter(([id]) => after.some(([a]) => a === id)));
      expect((await page.locator('main').boundingBox()).y).toBe(layout.y);
    });
  });
}
