import { test, expect, plan, grouped } from '../fixtures.mjs';

const MASTERS = ['10.0.0.1:6379', '10.0.0.2:6379', '10.0.0.3:6379'];
const REDIS = `?ring=2^32&servers=${MASTERS.join(',')},10.0.0.4:6379&gen=200&keys={user1}.following`
  + '&placement=redis-cluster&slots=0*5461.1*5462.2*5461&then=rebalance:use-empty-masters';

/** The plan's rows as the page shows them: from, to, keys, spans. */
async function rows(page) {
  return page.getByTestId('plan-table').locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
}

test('after a rebalance the reshard plan names the slots and keys each master gives, as ringlab plan does', async ({ ring }) => {
  const { page } = ring;
  await ring.open(REDIS);
  const fold = page.getByTestId('plan');
  await expect(fold).toBeVisible();
  // Folded until asked for: the first look stays on the figures.
  await expect(fold).not.toHaveAttribute('open', '');
  await expect(page.getByTestId('plan-table')).toHaveCount(0);
  await fold.locator('summary').click();

  const keys = [...Array(200).keys()].map((i) => `key-${i}`).concat('{user1}.following');
  const cli = plan(
    ['--placement', 'redis-cluster', '--servers', MASTERS.join(','), '--add', '10.0.0.4:6379',
      '--change', 'rebalance:use-empty-masters', '--keys-file', '-'],
    keys.join('\n') + '\n',
  );
  await expect(page.getByTestId('plan-summary')).toHaveText(
    `${cli.total.keys} of 201 keys move (${(cli.total.keys / 201 * 100).toFixed(1)}%); 4,096 slots change hands.`,
  );
  const expected = cli.moves.map((m) => [
    m.from, m.to, grouped(m.keys), m.slots.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', '),
  ]);
  expect(await rows(page)).toEqual(expected);
  // The keys the plan moves are the keys the last change counts as moved.
  await expect(page.getByTestId('ring-moved')).toContainText(`${cli.total.keys} of 201`);
});

test('on the teaching ring the plan after D joins gives D the ranges it now ends and the keys the last change moved, and mod N its own', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await ring.addServer('D', 60);
  await page.getByTestId('plan').locator('summary').click();
  // The plan's code arrives when the fold is first opened: its rows come with it.
  await expect(page.getByTestId('plan-table').locator('tbody tr').first()).toBeVisible();
  const table = await rows(page);
  expect(table.length).toBeGreaterThan(0);
  for (const [, to, , spans] of table) {
    expect(to).toBe('D');
    expect(spans).toMatch(/^\d+(-\d+)?/);
  }
  const moved = table.reduce((sum, row) => sum + Number(row[2].replace(/,/g, '')), 0);
  await expect(page.getByTestId('ring-moved')).toContainText(`${moved} of`);
  await expect(page.getByTestId('plan-summary')).toContainText(`${moved} of`);
  await expect(page.getByTestId('plan-summary')).toContainText('of the ring change');

  // Another placement shows the same change through its eyes: mod N has no ranges to hand
  // over, and moves the keys its own count says.
  await page.getByTestId('placement-select').selectOption('mod-n');
  await expect(page.getByTestId('plan-summary')).toHaveText('4 of 5 keys move (80%).');
  await expect(page.getByTestId('ring-moved')).toContainText('4 of 5');
  await expect(page.getByTestId('plan-table').locator('th')).toHaveText(['From', 'To', 'Keys']);
});

test('under bounded loads the plan says in words why it cannot be made', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?servers=A,B,C&placement=bounded&then=add:D');
  await page.getByTestId('plan').locator('summary').click();
  await expect(page.getByTestId('plan-summary')).toContainText('No plan:');
  await expect(page.getByTestId('plan-table')).toHaveCount(0);
});

for (const scheme of ['light', 'dark']) {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 375, height: 812 }]) {
    test.describe(`${scheme} at ${viewport.width}`, () => {
      test.use({ colorScheme: scheme, viewport });
      test('the open plan has no accessibility violations and does not widen the page', async ({ ring }) => {
        const { page } = ring;
        await ring.open(REDIS);
        await page.getByTestId('plan').locator('summary').click();
        await expect(page.getByTestId('plan-table')).toBeVisible();
        const { violations } = await ring.axe();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(wide).toBe(false);
      });
    });
  }
}
