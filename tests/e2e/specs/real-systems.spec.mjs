import { test, expect } from '../fixtures.mjs';

const REDIS =
  '?ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379&gen=1000&keys={user1}.following&placement=redis-cluster';

test('the first screen stays calm and the placement choice is grouped by the person\'s question', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await expect(page.getByTestId('system-panel')).toHaveCount(0);
  const groups = page.locator('[data-testid="placement-select"] optgroup');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0)).toHaveAttribute('label', 'How textbooks place keys');
  await expect(groups.nth(1)).toHaveAttribute('label', 'How real systems do it');
  await expect(groups.nth(1).locator('option')).toHaveCount(11);
});

test('choosing Redis Cluster shows its slots in its own words and the key\'s own steps', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379&keys={user1}.following,foo');
  await page.selectOption('[data-testid="placement-select"]', 'redis-cluster');
  // The link keeps the change as the last one: then=placement:redis-cluster.
  await expect(page).toHaveURL(/placement[=:]redis-cluster/);
  const panel = page.getByTestId('system-panel');
  await expect(panel.getByTestId('system-headline')).toHaveText('16,384 slots on 3 masters');
  await expect(panel.getByTestId('system-strip').locator('.band')).toHaveCount(3);
  await expect(panel.getByTestId('system-listing').locator('li')).toHaveText([
    '0-5460 10.0.0.1:6379',
    '5461-10922 10.0.0.2:6379',
    '10923-16383 10.0.0.3:6379',
  ]);
  await expect(ring.addServerButton).toHaveText('add-node');
  await ring.selectKey('{user1}.following');
  await expect(ring.keySteps).toContainText('only "user1"');
  await expect(ring.keySteps).toContainText('slot 8106');
  await expect(ring.keyOwner).toHaveText('10.0.0.2:6379');
  await expect(ring.keyModnOwner).toHaveCount(0);
});

test('add-node moves nothing, a rebalance moves 4,096 slots to the new master, and del-node is refused while it holds slots', async ({ ring }) => {
  const { page } = ring;
  await ring.open(REDIS);
  await ring.addServer('10.0.0.4:6379');
  await expect(ring.headline).toHaveText('Server 10.0.0.4:6379 added.');
  await expect(ring.ringMoved).toHaveText('0 of 1,001');
  await expect(page.getByTestId('system-moved')).toContainText('0 of the 16,384 slots changed master.');

  await page.getByTestId('rebalance').click();
  await expect(ring.headline).toHaveText('Rebalanced across 4 masters.');
  const moved = page.getByTestId('system-moved');
  await expect(moved).toContainText('4,096 of the 16,384 slots changed master.');
  await expect(moved).toContainText('Moving 1366 slots from 10.0.0.2:6379 to 10.0.0.4:6379');
  await expect(page.getByTestId('system-listing').locator('li')).toHaveCount(6);
  await expect(page).toHaveURL(/then=rebalance:use-empty-masters/);

  await page.getByTestId('remove-10.0.0.1:6379').click();
  await expect(ring.serverListError).toContainText('[ERR] Node 10.0.0.1:6379 is not empty! Reshard data away and try again.');
  await expect(ring.serverRows).toHaveCount(4);

  // Undo goes back to before the rebalance.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('system-listing').locator('li')).toHaveCount(3);
});

test('a reshard moves the slots asked for, each source\'s lowest first', async ({ ring }) => {
  const { page } = ring;
  await ring.open(REDIS);
  await page.getByTestId('reshard-slots').fill('100');
  await page.selectOption('[data-testid="reshard-from"]', 'all');
  await page.selectOption('[data-testid="reshard-to"]', '10.0.0.3:6379');
  await page.getByTestId('reshard').click();
  const moved = page.getByTestId('system-moved');
  await expect(moved).toContainText('Moving 51 slots from 10.0.0.2:6379 to 10.0.0.3:6379: 5461-5511');
  await expect(moved).toContainText('Moving 49 slots from 10.0.0.1:6379 to 10.0.0.3:6379: 0-48');
});

test('adding a Kafka partition regroups most keys, and the other client puts them elsewhere', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=b1,b2,b3&gen=1000&keys=user:1000&placement=kafka');
  await expect(page.getByTestId('system-headline')).toHaveText('A topic of 6 partitions led by 3 brokers');
  await page.getByTestId('add-partition').click();
  await expect(ring.headline).toHaveText('1 partition added: the topic now has 7.');
  await expect(page.getByTestId('system-moved')).toContainText('851 of 1,001 keys changed partition.');
  await expect(page.getByTestId('system-listing').locator('li')).toHaveCount(7);
  await expect(page).toHaveURL(/then=add-partitions:1/);

  await ring.open('?ring=2^32&servers=b1,b2,b3&keys=user:1000&placement=kafka&select=user:1000');
  await expect(ring.keySteps).toContainText('mod 6 = partition 5');
  await page.selectOption('[data-testid="placement-select"]', 'kafka-librdkafka');
  await expect(ring.keySteps).toContainText('mod 6 = partition 3');
});

test('an Elasticsearch index splits by a factor and refuses anything else', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=n1,n2,n3&gen=300&placement=elasticsearch');
  await page.getByTestId('index-target').fill('5');
  await page.getByTestId('split-index').click();
  await expect(page.getByTestId('system-error')).toContainText('must be a multiple');
  await page.getByTestId('index-target').fill('6');
  await page.getByTestId('split-index').click();
  await expect(ring.headline).toHaveText('The index is split from 3 to 6 primary shards.');
  await expect(page.getByTestId('system-listing').locator('li')).toHaveCount(6);
});

test('Compare puts the real systems beside the textbook placements', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=300&then=add:E&view=compare');
  await expect(page.locator('[data-testid^="compare-row-"]')).toHaveCount(9);
  await page.getByTestId('compare-systems').click();
  await expect(page.locator('[data-testid^="compare-row-"]')).toHaveCount(20);
  await expect(page.getByTestId('compare-moved-redis-cluster')).toContainText('0 moved');
  await expect(page).toHaveURL(/systems=1/);
  await page.getByTestId('compare-cassandra').click();
  await expect(page.getByTestId('system-headline')).toHaveText('80 tokens on 5 nodes');
});
