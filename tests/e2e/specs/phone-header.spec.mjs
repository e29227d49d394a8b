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
    for (const name of ['Undo', 'Redo', 'Share', 'More']) {
      await expect(page.locator('header.top').getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('lesson-select')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the lesson picker shows its whole name, and Present waits under More', async ({ ring }) => {
    const { page } = ring;
    await ring.open();
    // The width the picker needs for "Lessons…": a copy holding that option alone, at its own
    // width, arrow and padding included.
    const { has, needs } = await page.getByTestId('lesson-select').evaluate((select) => {
      const copy = select.cloneNode(false);
      copy.append(select.options[0].cloneNode(true));
      copy.style.cssText = 'position: absolute; width: auto; min-width: 0; max-width: none';
      select.parentElement.append(copy);
      const needs = copy.getBoundingClientRect().width;
      copy.remove();
      return { has: select.getBoundingClientRect().width, needs };
    });
    expect(has).toBeGreaterThanOrEqual(needs - 0.5);
    await expect(page.getByTestId('present-toggle')).toBeHidden();

    // Each of the header's menus opens within the screen.
    for (const [button, items] of [['teach-open', '#teach-items'], ['share-open', '#share-items'], ['more-open', '#more-items']]) {
      await page.getByTestId(button).click();
      const box = await page.locator(items).boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await page.keyboard.press('Escape');
    }

    await page.getByTestId('more-open').click();
    await page.getByRole('button', { name: 'Present', exact: true }).click();
    await expect(page.locator('body')).toHaveClass(/present/);
    await page.getByTestId('more-open').click();
    await page.getByRole('button', { name: 'Leave presentation', exact: true }).click();
    await expect(page.locator('body')).not.toHaveClass(/present/);
    await expect(page.getByTestId('more-open')).toBeFocused();
  });
});

test.describe('on a 320×640 phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the tools wrap under the lesson picker rather than squeeze it, and nothing runs off the side', async ({ ring }) => {
    const { page } = ring;
    await ring.open();
    const select = await page.getByTestId('lesson-select').boundingBox();
    expect(select.width).toBeGreaterThanOrEqual(100);
    for (const name of ['Undo', 'Redo', 'Share', 'More']) {
      const button = page.locator('header.top').getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
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
