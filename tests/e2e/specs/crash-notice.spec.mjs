import { test, expect } from '../fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';

// A bug the page cannot recover from must not leave a dead page. The panic is caused on purpose
// through `ringlab_test_panic()`, which acts only in a browser driven by automation (see
// src/ui/notices/crash.rs); no one using the page can reach it. This spec uses the bare page
// rather than the `ring` fixture, since the one console error it causes is the point.
test('a panic shows a notice in words with a Reload button that brings the same view back', async ({ page }) => {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  const query = '?ring=100&servers=A@10,B@40,C@75,D@60&keys=@90,@52';
  await page.goto(`/${query}`);
  await expect(page.getByTestId('share-D')).toBeAttached();
  await expect(page.getByTestId('crash-notice')).toHaveCount(0);

  // In a person's browser the trigger does nothing: `navigator.webdriver` is what lets it act.
  const inert = await page.evaluate(() => {
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'webdriver');
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
    try {
      window.wasmBindings.ringlab_test_panic();
      return true;
    } finally {
      Object.defineProperty(Navigator.prototype, 'webdriver', real);
    }
  });
  expect(inert).toBe(true);
  await expect(page.getByTestId('crash-notice')).toHaveCount(0);

  const thrown = await page.evaluate(() => {
    try {
      window.wasmBindings.ringlab_test_panic();
      return null;
    } catch (error) {
      return String(error);
    }
  });
  expect(thrown).toMatch(/unreachable/);

  const notice = page.getByTestId('crash-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice.getByRole('heading')).toHaveText('Ringlab stopped working');
  await expect(notice).toContainText('Reload the page');
  await expect(notice).toContainText('caused on purpose by the browser test');
  await expect(page.getByTestId('crash-reload')).toBeFocused();
  await expect(page.getByTestId('crash-start-afresh')).toHaveAttribute('href', '/');
  expect(errors.length, errors.join('\n')).toBeGreaterThan(0);
  expect(errors.every((e) => /caused on purpose|unreachable/.test(e)), errors.join('\n')).toBe(true);

  // Readable and operable: no axe violations in either theme, on a phone too.
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).include('[data-testid="crash-notice"]').analyze();
    expect(results.violations, colorScheme).toEqual([]);
  }
  await page.setViewportSize({ width: 375, height: 812 });
  const box = await notice.boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  // Reload brings the page back, on the same view, with no notice.
  await page.getByTestId('crash-reload').click();
  await expect(page.getByTestId('share-D')).toBeAttached();
  await expect(page.getByTestId('crash-notice')).toHaveCount(0);
  await expect(page).toHaveURL(/servers=A@10,B@40,C@75,D@60/);
});
