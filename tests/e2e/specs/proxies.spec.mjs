import { test, expect } from '../fixtures.mjs';

const BACKEND = [
  'backend web',
  '  balance url_param key',
  '  hash-type consistent crc32',
  '  server a 10.0.0.1:80 weight 2',
  '  server b 10.0.0.2:80 disabled',
  '  server c 10.0.0.3:80 id 9',
  '  server d 10.0.0.4:80',
].join('\n');

const POOL = [
  'alpha:',
  '  listen: 127.0.0.1:22121',
  '  hash: fnv1a_64',
  '  distribution: ketama',
  '  servers:',
  '   - 10.0.0.1:11211:1',
  '   - 10.0.0.2:11211:1',
  '   - 10.0.0.3:11211:3 big',
].join('\n');

async function paste(page, text) {
  await page.getByTestId('more-open').click();
  await page.getByTestId('paste-open').click();
  await expect(page.getByTestId('paste-dialog')).toBeVisible();
  await page.getByTestId('paste-text').fill(text);
  await page.getByTestId('paste-read').click();
}

test('a pasted HAProxy backend becomes the cluster with its ids and hash type, and a key finds the nearer point', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=A,B,C&keys=user:7,user:21,cart:9');
  await paste(page, BACKEND);
  const preview = page.getByTestId('paste-preview');
  await expect(preview).toContainText('a: id 1, weight 2, 32 points');
  await expect(preview).toContainText('c: id 9, weight 1, 16 points');
  await expect(page.getByTestId('paste-skipped')).toContainText('disabled');
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('placement-select')).toHaveValue('haproxy');
  await expect(page.getByTestId('hash-type')).toHaveValue('consistent crc32');
  await expect(page.getByTestId('system-headline')).toHaveText('64 points on 3 servers, hash-type consistent crc32');
  await expect(page.getByTestId('system-listing').locator('li').first()).toHaveText('a: id 1, 32 points');
  await expect(page).toHaveURL(/haproxy-ids=/);
  await ring.selectKey('user:7');
  await expect(ring.keySteps).toContainText('crc32("user:7")');
  await expect(ring.keySteps).toContainText('The points around it are');

  // Another hash type is a change like any other, and a wrong one is refused in words.
  await page.getByTestId('hash-type').fill('consistent sha1');
  await page.getByTestId('hash-type-apply').click();
  await expect(page.getByTestId('placement-error')).toContainText('sha1');
  await expect(page.getByTestId('system-headline')).toContainText('hash-type consistent crc32');
  await page.getByTestId('hash-type').fill('consistent');
  await page.getByTestId('hash-type-apply').click();
  await expect(ring.headline).toHaveText('HAProxy now uses hash-type consistent sdbm avalanche.');
});

test('twemproxy places keys on its ketama continuum, counting points as nutcracker does', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=A,B,C&gen=300');
  await paste(page, POOL);
  await expect(page.getByTestId('paste-preview')).toContainText('big: weight 3, 288 points');
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('placement-select')).toHaveValue('twemproxy');
  await expect(page.getByTestId('nc-hash')).toHaveValue('fnv1a_64');
  await expect(ring.serverRows).toHaveCount(3);
  await expect(page.getByTestId('system-listing').locator('li')).toHaveText([
    '10.0.0.1: 96 points',
    '10.0.0.2: 96 points',
    'big: 288 points',
  ]);
  await page.getByTestId('nc-hash').fill('md5');
  await page.getByTestId('nc-hash-apply').click();
  await expect(ring.headline).toHaveText('twemproxy now hashes keys with md5.');
  await expect(page.getByTestId('system-headline')).toHaveText('480 points on 3 servers, hashed with md5');
  // With one server fewer nutcracker counts every server's points again: 80 and 240.
  await page.getByTestId('remove-10.0.0.2').click();
  await expect(page.getByTestId('system-headline')).toHaveText('320 points on 2 servers, hashed with md5');
});
