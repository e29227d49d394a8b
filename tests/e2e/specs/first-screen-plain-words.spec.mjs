import { test, expect } from '../fixtures.mjs';

test('the first screen says how even the shares are in plain words; "spread" and 1/√v wait behind "What is this?"', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  const readout = page.locator('main');
  await expect(page.getByTestId('spread')).toBeVisible();
  await expect(page.getByText('Shares stray from even by')).toBeVisible();
  // The jargon is not on the first screen.
  for (const word of [/\bspread\b/i, /1\/√v/]) {
    const visible = await readout.getByText(word).evaluateAll((els) => els.filter((el) => el.checkVisibility()).length);
    expect(visible, `${word} is not shown before it is asked for`).toBe(0);
  }
  const explain = page.getByTestId('spread-explain');
  await explain.getByText('What is this?').click();
  await expect(explain).toContainText('spread');
  await expect(explain).toContainText('1/√v');
  await expect(page.getByTestId('predicted-spread')).toHaveText('100%');
});
