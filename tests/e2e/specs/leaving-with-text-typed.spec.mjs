import { test, expect } from '../fixtures.mjs';

// A text box left with something typed in it says "change" as the browser takes it off the
// page: after the view it belonged to has gone. That once stopped the page.

test('a remedy typed but not applied, then a lesson chosen, leaves the Traffic view without an error', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?servers=A,B,C&traffic=zipf:1.1&gen=500&view=traffic');
  const near = page.getByTestId('remedy-near');
  await expect(near).toBeVisible();
  await near.fill('0.5');
  await expect(near).toBeFocused();
  await page.getByTestId('lesson-select').selectOption('fifth-cache');
  await expect(page.getByTestId('remedy-near')).toHaveCount(0);
  await expect(page.getByTestId('lesson-select')).toHaveValue('fifth-cache');
});

const VIEWS = [
  '?servers=A,B,C&traffic=zipf:1.1&gen=500&view=traffic',
  '?ring=2^32&servers=A,B,C,D&gen=1000&then=fail:B&view=timeline',
  '?view=practice&seed=7',
  '?ring=2^32&servers=A,B,C&gen=100&then=add:D&view=compare',
];

for (const link of VIEWS) {
  test(`every box on ${link} left with text typed in it as a lesson opens: no error`, async ({ ring }) => {
    test.setTimeout(180_000);
    const { page } = ring;
    const boxes = 'input:not([type]), input[type="text"], input[type="number"], input[inputmode], textarea';
    const ready = async () => {
      await ring.open(link);
      await expect(page.getByTestId('lesson-select')).toBeVisible();
      await expect(page.getByTestId('part-loading')).toHaveCount(0);
    };
    await ready();
    const n = await page.locator(boxes).count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      await ready();
      const box = page.locator(boxes).nth(i);
      if (!(await box.isVisible()) || !(await box.isEditable())) continue;
      await box.fill('7');
      await page.getByTestId('lesson-select').selectOption('fifth-cache');
      await expect(page.getByTestId('lesson-narration')).toBeVisible();
    }
  });
}
