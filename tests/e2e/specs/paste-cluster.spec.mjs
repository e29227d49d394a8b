import { test, expect } from '../fixtures.mjs';

const NODES = [
  '07c37dfeb235213a872192d90877d0cd55635b91 127.0.0.1:30004@31004 slave e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 0 1426238317239 4 connected',
  '67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 127.0.0.1:30002@31002 master - 0 1426238316232 2 connected 5461-10922',
  '292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 127.0.0.1:30003@31003 master - 0 1426238318243 3 connected 10923-16383',
  'e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 127.0.0.1:30001@31001 myself,master - 0 0 1 connected 0-5460',
].join('\n');

async function openPaste(page) {
  await page.getByTestId('more-open').click();
  await page.getByTestId('paste-open').click();
  await expect(page.getByTestId('paste-dialog')).toBeVisible();
}

test('pasted CLUSTER NODES output becomes the cluster, after a preview', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await openPaste(page);
  await page.getByTestId('paste-text').fill(NODES);
  await page.getByTestId('paste-read').click();
  const preview = page.getByTestId('paste-preview');
  await expect(preview).toContainText('Read as Redis Cluster:');
  await expect(preview).toContainText('127.0.0.1:30002: 5,462 slots');
  await expect(page.getByTestId('paste-skipped')).toContainText('a replica of 127.0.0.1:30001');
  // Nothing has changed yet.
  await expect(ring.serverRows).toHaveCount(3);
  await expect(page.getByTestId('row-A')).toBeVisible();

  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('paste-dialog')).toHaveCount(0);
  await expect(ring.serverRows).toHaveCount(3);
  await expect(page.getByTestId('system-listing').locator('li').first()).toHaveText('0-5460 127.0.0.1:30001');
  await expect(page).toHaveURL(/placement=redis-cluster/);
  await expect(ring.announcement).toContainText('Your cluster is read: 3 servers under Redis Cluster.');
  // Undo brings back the ring that was there.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('row-A')).toBeVisible();
});

test('a damaged paste is refused whole, every unusable line named, and nothing changes', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  const before = page.url();
  await openPaste(page);
  const damaged = NODES.replace('connected 5461-10922', 'connected 5000-10922') + '\nnot a node line';
  await page.getByTestId('paste-text').fill(damaged);
  await page.getByTestId('paste-read').click();
  const problems = page.getByTestId('paste-problems');
  await expect(problems).toContainText('Nothing was changed.');
  await expect(problems.locator('li')).toHaveText([
    'line 4: slot 5000 is held by both 127.0.0.1:30002 and 127.0.0.1:30001: a slot belongs to one master',
    'line 5: a CLUSTER NODES line has at least 8 fields: id, address, flags, master, ping, pong, epoch, link state',
  ]);
  await expect(page.getByTestId('paste-apply')).toHaveCount(0);

  await page.getByTestId('paste-text').fill('upstream u {\n  hash $arg_key consistent;\n  server 10.0.0.1:80;\n  server 10.0.0.2:80 backup;\n}');
  await page.getByTestId('paste-read').click();
  await expect(problems.locator('li')).toHaveText(['line 4: balancing method does not support parameter "backup"']);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('paste-dialog')).toHaveCount(0);
  expect(page.url()).toBe(before);
  await expect(page.getByTestId('row-A')).toBeVisible();
});

test('a pasted nodetool ring gives each node its tokens exactly', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await openPaste(page);
  await page.getByTestId('paste-text').fill([
    'Datacenter: dc1',
    '==========',
    'Address    Rack   Status State   Load        Owns     Token',
    '                                                      8000000000000000000',
    '10.0.0.1   rack1  Up     Normal  256.1 GiB   50.00%   -9000000000000000000',
    '10.0.0.2   rack1  Up     Normal  250.0 GiB   50.00%   8000000000000000000',
  ].join('\n'));
  await page.getByTestId('paste-read').click();
  await expect(page.getByTestId('paste-preview')).toContainText('10.0.0.1: 1 token');
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('system-listing').locator('li')).toHaveText([
    '10.0.0.1: 1 token: -9000000000000000000',
    '10.0.0.2: 1 token: 8000000000000000000',
  ]);
  await expect(page).toHaveURL(/tokens=/);
});
