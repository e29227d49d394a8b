import { test, expect } from '../fixtures.mjs';

const VIEWPORTS = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 375, height: 812 },
};

function summary(violations) {
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

for (const scheme of ['light', 'dark']) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${scheme} colours at ${viewport.width}×${viewport.height}`, () => {
      test.use({ colorScheme: scheme, viewport });

      test('axe finds no violations with a real system chosen, its verbs, the paste dialog and Compare', async ({ ring }) => {
        const { page } = ring;
        await ring.open('?ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379,10.0.0.4:6379&gen=200&keys={user1}.following&placement=redis-cluster&slots=0*5461.1*5462.2*5461&then=rebalance:use-empty-masters&select={user1}.following');
        await expect(page.getByTestId('system-panel')).toBeVisible();
        await expect(page.getByTestId('system-moved')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with Redis Cluster chosen').toEqual([]);
        // No horizontal scroll on a phone.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(wide).toBe(false);

        await ring.open('?ring=2^32&servers=b1,b2,b3&gen=200&placement=kafka&then=add-partitions:1');
        await expect(page.getByTestId('add-partition')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with Kafka chosen').toEqual([]);

        await ring.open('?ring=2^32&servers=n1,n2,n3&gen=200&placement=elasticsearch');
        await page.getByTestId('index-target').fill('5');
        await page.getByTestId('split-index').click();
        await expect(page.getByTestId('system-error')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with Elasticsearch and a refusal').toEqual([]);

        await page.getByTestId('more-open').click();
        await page.getByTestId('paste-open').click();
        await page.getByTestId('paste-text').fill('not a cluster');
        await page.getByTestId('paste-read').click();
        await expect(page.getByTestId('paste-problems')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with the paste dialog refusing a text').toEqual([]);
        await page.keyboard.press('Escape');

        await ring.open('?ring=2^32&vnodes=10&servers=A,B,C&gen=200&then=add:D&view=compare&systems=1');
        await expect(page.locator('[data-testid^="compare-row-"]')).toHaveCount(20);
        expect(summary((await ring.axe()).violations), 'in Compare with the real systems').toEqual([]);
      });
    });
  }
}
