import { test, expect } from '../fixtures.mjs';

/** The focused element's test id, or its tag when it has none. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.dataset?.testid ?? el?.tagName.toLowerCase() ?? null;
  });
}

/** Checks that the focused element draws a visible focus outline. */
async function expectVisibleFocus(page) {
  const style = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { width: parseFloat(s.outlineWidth), style: s.outlineStyle };
  });
  const where = await focused(page);
  expect(style.width, `focus outline width on ${where}`).toBeGreaterThan(0);
  expect(style.style, `focus outline style on ${where}`).not.toBe('none');
}

/**
 * Presses Tab until the element with test id `id` has focus, checking that every element on
 * the way shows where focus is; fails after `limit` presses.
 */
async function tabTo(page, id, limit = 40) {
  const seen = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    const now = await focused(page);
    seen.push(now);
    if (now === id) return seen.length;
  }
  throw new Error(`Tab never reached ${id}; it went through ${seen.join(', ')}`);
}

test('a server can be added and removed with the keyboard alone, with focus visible all the way', async ({ ring }) => {
  const { page } = ring;
  await ring.open();

  // From the top of the page, Tab goes through the header's controls to the server name field.
  await tabTo(page, 'server-name', 20);
  await expectVisibleFocus(page);
  await page.keyboard.type('kobe');
  await page.keyboard.press('Enter');
  await expect(ring.row('kobe')).toBeVisible();
  await expect(ring.headline).toHaveText('Server kobe added.');
  await expect(ring.serverName).toHaveValue('');
  await expect(ring.serverName).toBeFocused();

  // Tab on to kobe's Remove button and press Enter.
  await tabTo(page, 'remove-kobe');
  await expect(ring.removeButton('kobe')).toHaveAccessibleName('Remove server kobe');
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(ring.row('kobe')).toHaveCount(0);
  await expect(ring.headline).toHaveText('Server kobe removed.');

  // Once more with Space on the button, starting again from the name field.
  await ring.serverName.focus();
  await page.keyboard.type('nara');
  await page.keyboard.press('Enter');
  await expect(ring.row('nara')).toBeVisible();
  await tabTo(page, 'remove-nara');
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  await expect(ring.row('nara')).toHaveCount(0);
  await expect(ring.headline).toHaveText('Server nara removed.');
  await ring.expectPanelsMatchEngine();
});
