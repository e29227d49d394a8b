import { test, expect } from '../fixtures.mjs';

/** `n` characters of a repeating alphabet. */
function filler(n) {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: n }, (_, i) => alphabet[i % alphabet.length]).join('');
}

/** A request path of 1,000 characters, as a web log holds them. */
const PATH = `/api/v2/catalog/items?ids=1000;1001;1002&token=${filler(953)}`;

for (const [what, viewport] of [
  ['a wide screen', { width: 1280, height: 720 }],
  ['a 375×812 phone', { width: 375, height: 812 }],
]) {
  test.describe(`on ${what}`, () => {
    test.use({ viewport });

    test('a key of 1,000 characters is added, cut short on its chip and shown whole when selected, and the page never scrolls sideways', async ({ ring }) => {
      const { page } = ring;
      await ring.open();
      await ring.addKey(PATH);
      await expect(page.getByTestId('key-label')).toHaveText(PATH);
      const chip = page.getByTestId(`key-${PATH}`);
      await expect(chip).toHaveAttribute('title', PATH);
      const box = await chip.boundingBox();
      expect(box.width).toBeLessThanOrEqual(viewport.width);
      // The headline names the key by its start.
      await expect(ring.headline).toContainText('Key /api/v2/catalog/items?ids=1000;1001;1002&token=a… added.');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}

test('a key past 65,536 bytes is refused in words with its length, and one at the limit is added', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  const before = await ring.state();
  await ring.addKey(`k${'é'.repeat(32_768)}`);
  await expect(page.getByTestId('keys-error')).toHaveText(
    'A key is at most 65,536 bytes long in UTF-8, and this one is 65,537 bytes.',
  );
  expect(await ring.state()).toEqual(before);
  await ring.addKey('k'.repeat(65_536));
  await expect(page.getByTestId('key-count')).toHaveText('6 keys on the ring.');
});
