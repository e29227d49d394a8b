// The release build served unchanged from a folder deep inside a site, as a course page would
// host it: /courses/tools/ring/. Nothing is served at the site's root, so a file addressed from
// the root would be missing.
import { test, expect, openEveryPart } from '../fixtures.mjs';
import { Teach, canvasDrawn, watch } from '../teach.mjs';

const BASE = '/courses/tools/ring/';

/** Every address the page asks for, to check that none leaves the folder. */
function requests(page) {
  const urls = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

test('from a nested folder, the starting scenario shows and every file comes from that folder', async ({ ring, host, request }) => {
  const server = await host({ base: BASE });
  expect((await request.get(server.url.replace(BASE, '/'))).status(), 'nothing at the root').toBe(404);
  const urls = requests(ring.page);
  await ring.open('', server.url);
  await expect(ring.share('A')).toHaveText('35%');
  await expect(ring.share('B')).toHaveText('30%');
  await expect(ring.share('C')).toHaveText('35%');
  await expect(ring.keys('A')).toHaveText('2');
  await expect(ring.keys('B')).toHaveText('1');
  await expect(ring.keys('C')).toHaveText('2');
  await expect(ring.keyCount).toHaveText('5 keys on the ring.');
  await expect.poll(() => canvasDrawn(ring.page)).toBeGreaterThan(0.01);

  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');
  await expect(ring.ringMoved).toHaveText('1 of 5');
  // The address keeps the folder as the state changes.
  expect(new URL(ring.page.url()).pathname).toBe(BASE);

  const fetched = urls.filter((url) => !url.startsWith('data:'));
  expect(fetched.length).toBeGreaterThan(4);
  expect(fetched.filter((url) => !url.startsWith(server.url)), 'files asked for outside the folder').toEqual([]);
});

test('from a nested folder, every part that arrives on first use comes from that folder', async ({ ring, host }) => {
  const server = await host({ base: BASE });
  const urls = requests(ring.page);
  await ring.open('', server.url);
  await expect(ring.share('A')).toHaveText('35%');
  await openEveryPart(ring);
  const modules = urls.filter((url) => /\/(split_|chunk_)[^/]*\.wasm$/.test(url));
  expect(modules.length).toBeGreaterThan(5);
  expect(modules.filter((url) => !url.startsWith(server.url)), 'modules asked for outside the folder').toEqual([]);
});

test('Copy link and the embed snippet give the folder\'s own address, which reopens the same ring', async ({ ring, host, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const server = await host({ base: BASE });
  const teach = new Teach(ring);
  const { page } = ring;
  await ring.open('', server.url);
  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');

  await teach.copyLinkButton.click();
  await expect(page.locator('.toolbar .copied')).toHaveText('Link copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith(`${server.url}?`), copied).toBe(true);
  expect(copied).toContain('then=add:D@60');

  await teach.embedOpen.click();
  const src = /src="([^"]+)"/.exec(await teach.embedSnippet.inputValue())[1].replaceAll('&amp;', '&');
  expect(src.startsWith(`${server.url}?`), src).toBe(true);
  await page.keyboard.press('Escape');

  for (const address of [copied, src]) {
    const other = await context.newPage();
    const seen = watch(other);
    await other.goto(address);
    await expect(other.getByTestId('share-D')).toHaveText('20%');
    await expect(other.getByTestId('ring-moved')).toHaveText('1 of 5');
    expect(seen).toEqual({ problems: [], dialogs: [] });
    await other.close();
  }
});

test('the embed example works from the folder: its buttons drive the ring in its frame', async ({ ring, host }) => {
  const server = await host({ base: BASE });
  const { page } = ring;
  await page.goto(`${server.url}examples/embed.html`);
  const frame = page.frameLocator('#ring');
  await expect(frame.getByTestId('embed')).toBeVisible();
  await expect(frame.getByTestId('share-A')).toHaveText('35%');
  expect(new URL(page.frames()[1].url()).pathname).toBe(BASE);

  await page.getByRole('button', { name: 'Add server D at 60' }).click();
  await expect(frame.getByTestId('share-D')).toHaveText('20%');
  await expect(frame.getByTestId('ring-moved')).toHaveText('1 of 5');
  await expect(page.locator('#events li')).toHaveText([
    'Server D added. 1 of 5 keys moved on the ring; mod N would move 4.',
  ]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(frame.getByTestId('row-D')).toHaveCount(0);
});
