import { test, expect } from '../fixtures.mjs';

const BIG_RING = '?ring=2^32&vnodes=100&servers=A,B,C,D';

async function openPanel(page) {
  await page.getByTestId('your-data').locator('summary').click();
  await expect(page.getByTestId('data-privacy')).toContainText('never leaves it');
}

test('a CSV opened by the file picker is previewed, skipped lines named, and used only when confirmed', async ({ ring }) => {
  const { page } = ring;
  await ring.open(BIG_RING);
  await openPanel(page);
  const before = await ring.snapshot();
  await page.getByTestId('data-format').selectOption('csv');
  await page.getByTestId('data-key-column').fill('user');
  await page.getByTestId('data-count-column').fill('hits');
  await page.getByTestId('data-file').setInputFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('user,hits\nalice,30\nbob,x\ncarol,12\ndave\nerin,5\n'),
  });
  await expect(page.getByTestId('data-preview')).toBeVisible();
  await expect(page.getByTestId('data-summary')).toContainText('6 lines: 3 keys read 47 times in all.');
  await expect(page.getByTestId('data-skipped')).toContainText('line 3: the count "x" is not a whole number');
  await expect(page.getByTestId('data-skipped')).toContainText('line 5: no column 2: the row has 1');
  // Nothing changed yet.
  expect((await ring.snapshot()).keys).toBe(before.keys);
  await page.getByTestId('data-use').click();
  await expect(page.getByTestId('last-headline')).toHaveText('3 keys from your file (6 lines).');
  await expect(page.getByTestId('data-source')).toContainText('users.csv, 6 lines');
  expect(page.url()).toContain('data=your%20file');
  expect(page.url()).not.toContain('alice');
});

test('a file dropped on the page and pasted text are read the same way', async ({ ring }) => {
  const { page } = ring;
  await ring.open(BIG_RING);
  const handle = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['  12 /a\n   3 /b\n'], 'hits.txt', { type: 'text/plain' }));
    return transfer;
  });
  await page.dispatchEvent('main', 'drop', { dataTransfer: handle });
  await expect(page.getByTestId('data-summary')).toContainText('2 lines: 2 keys read 15 times in all.');
  await page.getByTestId('data-discard').click();
  await expect(page.getByTestId('data-preview')).toHaveCount(0);

  await page.getByTestId('data-format').selectOption('lines');
  await page.getByTestId('data-paste').fill('user:1\nuser:2\nuser:1\n');
  await page.getByTestId('data-read-pasted').click();
  await expect(page.getByTestId('data-summary')).toContainText('3 lines: 2 keys.');
  await page.getByTestId('data-use').click();
  await expect(page.getByTestId('key-count')).toHaveText('2 keys on the ring.');
});

test('a bad file is refused in words and the ring stays as it was', async ({ ring }) => {
  const { page } = ring;
  await ring.open(BIG_RING + '&gen=10');
  await openPanel(page);
  const before = page.url();
  await page.getByTestId('data-file').setInputFiles({
    name: 'picture.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  });
  await expect(page.getByTestId('data-error')).toContainText('binary file');
  await expect(page.getByTestId('key-count')).toHaveText('10 keys on the ring.');
  expect(page.url()).toBe(before);
});

test('a large file shows progress and can be cancelled, leaving the ring as it was', async ({ ring }) => {
  test.setTimeout(120_000);
  const { page } = ring;
  await ring.open(BIG_RING + '&gen=10');
  await openPanel(page);
  // Long enough that reading it takes a few seconds even on a quick machine: Cancel is clicked
  // while it is read.
  const lines = [];
  for (let i = 0; i < 1_500_000; i++) lines.push(`user:${i}`);
  await page.getByTestId('data-file').setInputFiles({
    name: 'keys.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(lines.join('\n')),
  });
  await expect(page.getByTestId('data-progress')).toBeVisible();
  await page.getByTestId('data-cancel').click();
  await expect(page.getByTestId('data-progress')).toHaveCount(0);
  await expect(page.getByTestId('data-preview')).toHaveCount(0);
  await expect(page.getByTestId('key-count')).toHaveText('10 keys on the ring.');
});

test('a scenario saved to a file opens again exactly, and an edited one is refused', async ({ ring }) => {
  const { page } = ring;
  await ring.open(BIG_RING + '&gen=50&traffic=zipf:1.1');
  await openPanel(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('save-scenario').click(),
  ]);
  expect(download.suggestedFilename()).toBe('scenario.ringlab.json');
  const fs = await import('node:fs');
  const text = fs.readFileSync(await download.path(), 'utf8');
  const saved = page.url();

  await ring.open('?ring=100&servers=X@5');
  await openPanel(page);
  await page.getByTestId('scenario-file').setInputFiles({
    name: 'scenario.ringlab.json', mimeType: 'application/json', buffer: Buffer.from(text.replace('servers=A,B', 'servers=A,Q')),
  });
  await expect(page.getByTestId('data-error')).toContainText('changed after it was saved');
  await page.getByTestId('scenario-file').setInputFiles({
    name: 'scenario.ringlab.json', mimeType: 'application/json', buffer: Buffer.from(text),
  });
  await expect(page.getByTestId('last-headline')).toHaveText('Scenario opened: 4 servers, 50 keys.');
  await expect.poll(() => new URL(page.url()).search).toBe(new URL(saved).search);
});

test('counts become the popularity in the Traffic view, beside the fitted Zipf exponent', async ({ ring }) => {
  const { page } = ring;
  await ring.open(BIG_RING);
  await openPanel(page);
  await page.getByTestId('data-format').selectOption('counts');
  // Counts that follow Zipf's law with s = 1 exactly: 120000 / rank.
  const lines = Array.from({ length: 200 }, (_, i) => `${Math.round(120000 / (i + 1))} page-${i}`);
  await page.getByTestId('data-paste').fill(lines.join('\n'));
  await page.getByTestId('data-read-pasted').click();
  await expect(page.getByTestId('data-fit')).toHaveText("Nearest Zipf's law: s = 1.00");
  await page.getByTestId('data-use').click();
  await expect(page.getByTestId('last-headline')).toHaveText('200 keys from your file (200 lines).');
  expect(page.url()).toContain('traffic=data');
  await page.getByTestId('view-traffic').click();
  await expect(page.getByTestId('popularity-data')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('popularity-fit')).toContainText('s = 1.00');
  await page.getByTestId('popularity-uniform').click();
  await expect(page.getByTestId('popularity-data')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('popularity-data').click();
  await expect(page.getByTestId('last-headline')).toContainText('read as often as your data says');
});

test('a pasted server list takes the place of the servers in one change', async ({ ring }) => {
  const { page } = ring;
  await ring.open(BIG_RING + '&gen=1000');
  await page.getByTestId('paste-servers').locator('summary').click();
  await page.getByTestId('server-list').fill('A\ncache-2*2\n10.0.0.3:11211\n');
  await page.getByTestId('use-server-list').click();
  await expect(page.getByTestId('last-headline')).toHaveText('3 servers now: A, cache-2 and 10.0.0.3:11211.');
  await ring.expectPanelsMatchEngine();
  await page.getByTestId('server-list').fill('x\nx\n');
  await page.getByTestId('use-server-list').click();
  await expect(page.getByTestId('server-list-error')).toContainText('already a server called x');
  await expect(page.getByTestId('last-headline')).toHaveText('3 servers now: A, cache-2 and 10.0.0.3:11211.');
});
