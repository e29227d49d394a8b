import { test, expect } from '../fixtures.mjs';
import { Teach, TEACHING_LINK, watch } from '../teach.mjs';

const HOST = '/examples/embed.html';

/** Records, in the host page only, every message it receives, for a look at the raw events. */
function recordMessages(page) {
  return page.addInitScript(() => {
    if (window !== window.top) return;
    window.received = [];
    window.addEventListener('message', (event) => {
      window.received.push({ origin: event.origin, fromFrame: event.source !== window, data: event.data });
    });
  });
}

/** The messages the host page received from the ring, of one type. */
function received(page, type) {
  return page.evaluate((type) => window.received.filter((m) => m.data?.type === type), type);
}

/** The embedded ring's frame. */
async function ringFrame(page) {
  return (await page.locator('#ring').elementHandle()).contentFrame();
}

/** The embedded ring's engine figures. */
async function frameSnapshot(page) {
  const frame = await ringFrame(page);
  return JSON.parse(await frame.evaluate(() => window.wasmBindings.ringlab_snapshot()));
}

/** The texts of the host page's event list. */
function events(page) {
  return page.locator('#events li').allTextContents();
}

/** What the host page lists for a `ringlab:changed` event with these figures. */
function eventText({ headline, ring_moved: ringMoved, mod_n_moved: modNMoved, keys }) {
  return `${headline} ${ringMoved} of ${keys} keys moved on the ring; mod N would move ${modNMoved}.`;
}

/** Opens the example host page and waits for the ring inside it. */
async function openHost(page, path = HOST) {
  await page.goto(path);
  const ring = page.frameLocator('#ring');
  await expect(ring.getByTestId('share-A')).toBeVisible();
  await expect(ring.getByTestId('embed')).toBeVisible();
  return ring;
}

/**
 * Opens the example host page at `hostUrl` and points its frame at `src` instead, waiting for the
 * new document's ring: messages posted before then would reach the old one.
 */
async function embedAt(page, hostUrl, src) {
  await openHost(page, hostUrl);
  await page.evaluate(
    (src) =>
      new Promise((resolve) => {
        const frame = document.getElementById('ring');
        frame.addEventListener('load', resolve, { once: true });
        frame.src = src;
      }),
    src,
  );
  await expect(page.frameLocator('#ring').getByTestId('share-A')).toBeVisible();
  expect(new URL((await ringFrame(page)).url()).origin).toBe(new URL(src).origin);
  return page.frameLocator('#ring');
}

/** Posts `message` to the ring frame from the host page, to any origin. */
function post(page, message) {
  return page.evaluate((message) => {
    document.getElementById('ring').contentWindow.postMessage(message, '*');
  }, message);
}

test('the host page\'s buttons drive the embedded ring and its event list reports what moved', async ({ ring }) => {
  const { page } = ring;
  await recordMessages(page);
  const frame = await openHost(page);
  await expect(frame.getByTestId('row-D')).toHaveCount(0);
  // The ring said hello on load, with no change yet, so the list is still empty.
  await expect.poll(() => received(page, 'ringlab:changed')).toHaveLength(1);
  await expect(page.locator('#events li')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add server D at 60' }).click();
  await expect(frame.getByTestId('share-D')).toHaveText('20%');
  await expect(frame.getByTestId('ring-moved')).toHaveText('1 of 5');
  await expect(frame.getByTestId('modn-moved')).toHaveText('4 of 5');
  await expect(page.locator('#events li')).toHaveText([
    'Server D added. 1 of 5 keys moved on the ring; mod N would move 4.',
  ]);
  const [, added] = await received(page, 'ringlab:changed');
  expect(added.fromFrame).toBe(true);
  expect(added.origin).toBe(new URL(page.url()).origin);
  expect(added.data).toMatchObject({
    type: 'ringlab:changed',
    headline: 'Server D added.',
    change: 'add:D@60',
    keys: 5,
    ringMoved: 1,
    modNMoved: 4,
  });
  expect(added.data.servers).toEqual([
    { name: 'A', share: 0.35, keys: 2 },
    { name: 'B', share: 0.3, keys: 1 },
    { name: 'C', share: 0.15, keys: 1 },
    { name: 'D', share: 0.2, keys: 1 },
  ]);

  // Every other button: each change adds one line that says what the ring reported.
  const buttons = ['Remove server B', 'Add 100 keys', '100 virtual nodes', 'Lesson: the ring by hand, step 3', 'Undo'];
  for (const [i, name] of buttons.entries()) {
    await page.getByRole('button', { name }).click();
    await expect(page.locator('#events li')).toHaveCount(i + 2);
    const snapshot = await frameSnapshot(page);
    await expect(page.locator('#events li').last()).toHaveText(eventText({ ...snapshot.last }));
  }
  // Undo went back over the lesson step, to B removed and 100 points each.
  await expect(frame.getByTestId('row-B')).toHaveCount(0);
  await expect(page.locator('#events li').nth(1)).toHaveText(/^Server B removed\. 1 of 5 keys moved on the ring/);
  await expect(page.locator('#events li').nth(2)).toHaveText(/^100 keys added\. /);

  // Following a key changes nothing the host is told about; Reset reports a ring with no change.
  const told = (await received(page, 'ringlab:changed')).length;
  await page.getByRole('button', { name: 'Follow key 52' }).click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(frame.getByTestId('row-D')).toHaveCount(0);
  await expect(frame.getByTestId('share-A')).toHaveText('35%');
  await expect.poll(async () => (await received(page, 'ringlab:changed')).length).toBe(told + 1);
  const reset = (await received(page, 'ringlab:changed')).at(-1).data;
  expect(reset).toMatchObject({ headline: null, change: null, keys: 5, ringMoved: 0, modNMoved: 0 });
  await expect(page.locator('#events li')).toHaveCount(buttons.length + 1);
});

test('the frame\'s height follows its content through ringlab:height', async ({ ring }) => {
  const { page } = ring;
  await recordMessages(page);
  await openHost(page);
  const frameHeight = async () => {
    const frame = await ringFrame(page);
    return frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  };
  const styleHeight = () => page.locator('#ring').evaluate((el) => el.style.height);

  await expect.poll(styleHeight).toMatch(/^\d+px$/);
  await expect.poll(async () => `${await frameHeight()}px`).toBe(await styleHeight());
  const first = parseInt(await styleHeight(), 10);
  const heights = await received(page, 'ringlab:height');
  expect(heights.at(-1).data.height).toBe(first);

  // D's row and the last change make the content taller; the frame follows.
  await page.getByRole('button', { name: 'Add server D at 60' }).click();
  await expect(page.frameLocator('#ring').getByTestId('share-D')).toBeVisible();
  await expect.poll(async () => parseInt(await styleHeight(), 10)).toBeGreaterThan(first);
  await expect.poll(async () => `${await frameHeight()}px`).toBe(await styleHeight());
  expect((await received(page, 'ringlab:height')).at(-1).data.height).toBe(parseInt(await styleHeight(), 10));
});

test('at the height the ring reports, the embedded page fits its frame without scrolling', async ({ ring }) => {
  const { page } = ring;
  await openHost(page);
  await page.getByRole('button', { name: 'Add server D at 60' }).click();
  await expect(page.frameLocator('#ring').getByTestId('share-D')).toBeVisible();
  const frame = await ringFrame(page);
  await expect
    .poll(() => frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height) === innerHeight))
    .toBe(true);
  const overflow = await frame.evaluate(() => document.scrollingElement.scrollHeight - innerHeight);
  expect(overflow, 'pixels of the embedded page below the frame').toBeLessThanOrEqual(0);
});

test('messages of an unknown type or of the wrong shape are ignored and leave the ring as it was', async ({ ring }) => {
  const { page } = ring;
  await recordMessages(page);
  const frame = await openHost(page);
  await page.getByRole('button', { name: 'Add server D at 60' }).click();
  await expect(frame.getByTestId('share-D')).toHaveText('20%');
  const before = await frameSnapshot(page);

  const wrong = [
    'ringlab:reset',
    '{"type":"ringlab:reset"}',
    null,
    42,
    ['ringlab:reset'],
    {},
    { type: 'ringlab:explode' },
    { type: 'RINGLAB:RESET' },
    { type: 7 },
    { type: ['ringlab:reset'] },
    { kind: 'ringlab:reset' },
    { type: 'ringlab:apply' },
    { type: 'ringlab:apply', change: 42 },
    { type: 'ringlab:apply', change: { add: 'E' } },
    { type: 'ringlab:removeServer' },
    { type: 'ringlab:removeServer', name: ['A'] },
    { type: 'ringlab:selectKey' },
    { type: 'ringlab:changed', headline: 'Forged.', ringMoved: 99 },
    { type: 'ringlab:height', height: 5 },
  ];
  for (const message of wrong) await post(page, message);
  // A well-formed message sent after them shows they have all been read, and ignored.
  await post(page, { type: 'ringlab:apply', change: 'add:E@90' });
  await expect(frame.getByTestId('row-E')).toBeVisible();

  const after = await frameSnapshot(page);
  expect(after.servers.filter((s) => s.name !== 'E').map((s) => s.name)).toEqual(
    before.servers.map((s) => s.name),
  );
  expect(after.keys).toBe(before.keys);
  expect(after.last.headline).toBe('Server E added.');
  await expect(page.locator('#events li')).toHaveText([
    'Server D added. 1 of 5 keys moved on the ring; mod N would move 4.',
    eventText(after.last),
  ]);
  expect(await received(page, 'ringlab:refused')).toEqual([]);
  // Undo goes back over E only: none of the ignored messages left a step in the history.
  await post(page, { type: 'ringlab:undo' });
  await expect(frame.getByTestId('row-E')).toHaveCount(0);
  expect(await frameSnapshot(page)).toEqual(before);
});

test('an add-server message whose name or position has the wrong type is ignored, not carried out another way', async ({ ring }) => {
  // The README: a message that is not one of the listed ones with fields of the right types is
  // ignored.
  const { page } = ring;
  await recordMessages(page);
  const frame = await openHost(page);
  const before = await frameSnapshot(page);
  await post(page, { type: 'ringlab:addServer', name: 'E', at: 'sixty' });
  await post(page, { type: 'ringlab:addServer', name: 7 });
  await post(page, { type: 'ringlab:addServer', name: 'G', weight: 'heavy' });
  // A well-formed message after them, to know they have been read.
  await post(page, { type: 'ringlab:apply', change: 'add:Z@60' });
  await expect(frame.getByTestId('row-Z')).toBeVisible();
  const after = await frameSnapshot(page);
  expect(after.servers.map((s) => s.name)).toEqual([...before.servers.map((s) => s.name), 'Z']);
});

test('a well-formed message from another origin, or from a window other than the parent, is ignored', async ({ ring }) => {
  const { page } = ring;
  await page.goto(HOST);
  const ringOrigin = new URL(page.url()).origin;
  // The same server under another name is another origin.
  const otherOrigin = ringOrigin.replace('127.0.0.1', 'localhost');
  expect(otherOrigin).not.toBe(ringOrigin);
  const embedSrc = `${ringOrigin}/${TEACHING_LINK}&embed=1`;

  // A host on another origin embeds the ring, which allows only its own origin.
  const other = await page.context().newPage();
  const seen = watch(other);
  await recordMessages(other);
  const frame = await embedAt(other, `${otherOrigin}${HOST}`, embedSrc);
  await post(other, { type: 'ringlab:apply', change: 'add:D@60' });
  await post(other, { type: 'ringlab:reset' });

  // A host page that names that origin with host= is obeyed.
  const allowed = await page.context().newPage();
  const seenAllowed = watch(allowed);
  await recordMessages(allowed);
  await embedAt(allowed, `${otherOrigin}${HOST}`, `${embedSrc}&host=${encodeURIComponent(otherOrigin)}`);
  await post(allowed, { type: 'ringlab:apply', change: 'add:D@60' });
  await expect(allowed.frameLocator('#ring').getByTestId('share-D')).toHaveText('20%');
  // Its events reach that host (whose own script lists only events from its own origin, so the
  // list stays empty: the raw messages tell).
  const fromRing = async (host) =>
    (await received(host, 'ringlab:changed')).filter((m) => m.origin === ringOrigin).map((m) => m.data.headline);
  await expect.poll(() => fromRing(allowed)).toEqual([null, 'Server D added.']);

  // By then the first ring has long read both messages, and obeyed neither.
  await expect(frame.getByTestId('row-D')).toHaveCount(0);
  const snapshot = JSON.parse(
    await (await (await other.locator('#ring').elementHandle()).contentFrame()).evaluate(() =>
      window.wasmBindings.ringlab_snapshot(),
    ),
  );
  expect(snapshot.servers.map((s) => s.name)).toEqual(['A', 'B', 'C']);
  expect(snapshot.last).toBeNull();
  // Its events go only to its own origin, so the other host heard nothing from it.
  expect(await fromRing(other)).toEqual([]);
  await expect(other.locator('#events li')).toHaveCount(0);

  // On the ring's own origin, a message from a sibling frame rather than the parent is ignored.
  const frameOnOwn = await openHost(page);
  await page.evaluate(() => {
    const sibling = document.createElement('iframe');
    document.body.append(sibling);
    sibling.contentWindow.eval(
      "parent.document.getElementById('ring').contentWindow.postMessage({ type: 'ringlab:apply', change: 'add:D@60' }, '*')",
    );
  });
  await post(page, { type: 'ringlab:apply', change: 'add:E@90' });
  await expect(frameOnOwn.getByTestId('row-E')).toBeVisible();
  await expect(frameOnOwn.getByTestId('row-D')).toHaveCount(0);

  expect(seen).toEqual({ problems: [], dialogs: [] });
  expect(seenAllowed).toEqual({ problems: [], dialogs: [] });
});

test('a duplicate server name comes back as ringlab:refused and changes nothing', async ({ ring }) => {
  const { page } = ring;
  await recordMessages(page);
  const frame = await openHost(page);
  const add = page.getByRole('button', { name: 'Add server D at 60' });
  await add.click();
  await expect(frame.getByTestId('share-D')).toHaveText('20%');
  const before = await frameSnapshot(page);
  await add.click();
  await expect(page.locator('#events li')).toHaveText([
    'Server D added. 1 of 5 keys moved on the ring; mod N would move 4.',
    'Refused: There is already a server called D.',
  ]);
  expect((await received(page, 'ringlab:refused')).map((m) => m.data)).toEqual([
    { type: 'ringlab:refused', message: 'There is already a server called D.' },
  ]);
  expect(await frameSnapshot(page)).toEqual(before);

  // The same for removing a server that is not there.
  await post(page, { type: 'ringlab:removeServer', name: 'Z' });
  await expect(page.locator('#events li').last()).toHaveText('Refused: There is no server called Z.');
  expect(await frameSnapshot(page)).toEqual(before);
});

test('an embed link with panels=ownership,cache shows the ring with exactly those two panels and no header', async ({ ring }) => {
  const teach = new Teach(ring);
  const { page } = ring;
  await teach.open(`${TEACHING_LINK}&embed=1&panels=ownership,cache`);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/\bembedded\b/);
  await expect(page.locator('header')).toHaveCount(0);
  await expect(page.locator('.readout > section > h2')).toHaveText(['Who owns what', 'Cache impact']);
  await expect(ring.canvas).toBeVisible();
  await expect(page.getByTestId('ownership-table')).toBeVisible();
  await expect(teach.dbBefore).toHaveText('2,500');
  // Nothing else: no last change, no controls, no lessons, no toolbar.
  for (const id of ['last-headline', 'server-name', 'vnodes-input', 'key-name', 'replicas-3', 'lesson-select', 'undo', 'embed-open', 'reset']) {
    await expect(page.getByTestId(id), id).toHaveCount(0);
  }
  await expect(teach.linkNotices).toHaveCount(0);
});

test('an embed link without panels shows the last change and the ownership table', async ({ ring }) => {
  const teach = new Teach(ring);
  const { page } = ring;
  await teach.open(`${TEACHING_LINK}&then=add:D@60&embed=1`);
  await expect(page.locator('.readout > section > h2')).toHaveText(['Last change', 'Who owns what']);
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await expect(page.locator('header')).toHaveCount(0);
});

test('an embedded frame keeps embed mode when it reloads', async ({ ring }) => {
  // The address the frame writes as its state changes keeps embed=1, panels and host.
  const { page } = ring;
  const frame = await openHost(page);
  await page.getByRole('button', { name: 'Add server D at 60' }).click();
  await expect(frame.getByTestId('share-D')).toHaveText('20%');
  await (await ringFrame(page)).evaluate(() => {
    window.beforeReload = true;
  });
  await page.evaluate(() => document.getElementById('ring').contentWindow.location.reload());
  // Wait for the new document, with its ring on screen.
  const reloaded = async () => {
    try {
      return await (await ringFrame(page)).evaluate(
        () => window.beforeReload === undefined && document.querySelector('[data-testid="share-D"]') !== null,
      );
    } catch {
      return false;
    }
  };
  await expect.poll(reloaded).toBe(true);
  await expect(frame.getByTestId('embed')).toBeVisible({ timeout: 3_000 });
  await expect(frame.locator('header')).toHaveCount(0);
  expect((await ringFrame(page)).url()).toMatch(/[?&]embed=1(&|$)/);
  // And it still obeys its host.
  await page.getByRole('button', { name: 'Remove server B' }).click();
  await expect(frame.getByTestId('row-B')).toHaveCount(0);
});

test('the Embed dialog gives an iframe snippet with embed=1 and the current servers, which opens the same ring', async ({ ring }) => {
  const teach = new Teach(ring);
  const { page } = ring;
  await ring.open();
  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');
  await teach.embedOpen.click();
  await expect(teach.embedDialog).toBeVisible();
  await expect(teach.embedDialog).toHaveAttribute('role', 'dialog');
  const snippet = await teach.embedSnippet.inputValue();
  expect(snippet).toMatch(/^<iframe src="[^"]+" title="Ringlab: a live consistent-hashing ring" style="[^"]*"><\/iframe>$/);
  expect(snippet).toContain('embed=1');
  expect(snippet).toContain('servers=A@10,B@40,C@75');
  expect(snippet).toContain('then=add:D@60');
  expect(snippet).toContain('&amp;panels=last,ownership');
  expect(snippet).not.toMatch(/&(?!amp;)/);

  // Choosing another panel puts it in the snippet.
  await teach.embedDialog.getByRole('checkbox', { name: 'cache' }).check();
  await expect(teach.embedSnippet).toHaveValue(/panels=last,ownership,cache"/);

  // The snippet's address opens the same ring, embedded, with those panels.
  const src = /src="([^"]+)"/.exec(await teach.embedSnippet.inputValue())[1].replaceAll('&amp;', '&');
  expect(new URL(src).origin).toBe(new URL(page.url()).origin);
  const embedded = await page.context().newPage();
  const seen = watch(embedded);
  await embedded.goto(src);
  await expect(embedded.getByTestId('embed')).toBeVisible();
  await expect(embedded.getByTestId('share-D')).toHaveText('20%');
  await expect(embedded.getByTestId('ring-moved')).toHaveText('1 of 5');
  await expect(embedded.locator('.readout > section > h2')).toHaveText(['Last change', 'Who owns what', 'Cache impact']);
  expect(seen).toEqual({ problems: [], dialogs: [] });

  await page.keyboard.press('Escape');
  await expect(teach.embedDialog).toHaveCount(0);
});
