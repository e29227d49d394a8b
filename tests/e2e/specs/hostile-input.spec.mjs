import { test, expect } from '../fixtures.mjs';

// The page under input no person means well by: a link of 100 KB, every parameter of a link
// repeated 1,000 times, a paste of 50 MB, and host-page messages with deep or huge values. Each
// time the page still answers (a change and its undo go through), says what it could not take in
// words, and keeps its state. The longest task it ran is written beside each test's result as a
// figure, not held to a bound: speed is for the page bench to measure, not for a test to time.
// The `ring` fixture fails a test on any console error.

/** Records every long task (over 50 ms) of every frame, from the start. */
async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The longest task in `frame` since `since` (its performance.now()), in ms. */
async function longestSince(frame, since) {
  return frame.evaluate(
    (since) => Math.max(0, ...window.__longTasks.filter((t) => t.start + t.duration >= since).map((t) => t.duration)),
    since,
  );
}

const now = (frame) => frame.evaluate(() => performance.now());

/** The engine's figures for the scenario on screen. */
const snapshot = (frame) => frame.evaluate(() => JSON.parse(window.wasmBindings.ringlab_snapshot()));

/** Notes the longest task since `since` beside the test's result, as a figure. */
async function noteLongest(frame, since, what = 'the longest task, in ms') {
  const longest = await longestSince(frame, since);
  test.info().annotations.push({ type: what, description: longest.toFixed(0) });
}

/** After the page has started, it still answers: a change and an undo go through. */
async function stillResponsive(ring, since) {
  const { page } = ring;
  await page.getByTestId('vnodes-3').click();
  await expect(page.getByTestId('vnodes-3')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('vnodes-3')).toHaveAttribute('aria-pressed', 'false');
  await noteLongest(page, since);
}

test('a link of 100 KB opens what it can, says in a few lines what it could not, and the page answers', async ({ ring }) => {
  const { page } = ring;
  await watchLongTasks(page);
  // 600 servers (the ring takes 500) and keys until the link is 100 KB.
  const servers = Array.from({ length: 600 }, (_, i) => `s${i}`).join(',');
  let keys = '';
  for (let i = 0; keys.length < 100_000 - servers.length; i++) keys += `user:${i},`;
  const link = `?ring=2^32&servers=${servers}&keys=${keys}`;
  expect(link.length).toBeGreaterThanOrEqual(100_000);
  await ring.open(link);
  const notices = page.getByTestId('link-notices');
  await expect(notices).toBeVisible();
  await expect(notices).toContainText('At most 500 servers fit on the ring.');
  expect(await notices.locator('li').count()).toBeLessThanOrEqual(20);
  const figures = await snapshot(page);
  expect(figures.servers).toHaveLength(500);
  expect(figures.keys).toBe(keys.split(",").filter(Boolean).length);
  await stillResponsive(ring, await now(page));

  // 100 KB of percent-encoded junk: the starting servers, and a note on what was dropped.
  const junk = Array.from({ length: 33_400 }, (_, i) => `%${((i * 37) % 256).toString(16).padStart(2, '0')}`).join('');
  await ring.open(`?servers=${junk}&ring=${junk.slice(0, 2_000)}`);
  await expect(notices).toBeVisible();
  expect(await notices.locator('li').count()).toBeLessThanOrEqual(20);
  for (const text of await notices.locator('li').allTextContents()) expect(text.length).toBeLessThanOrEqual(240);
  expect((await snapshot(page)).servers.map((s) => s.name)).toEqual(['A', 'B', 'C']);
  await stillResponsive(ring, await now(page));
});

test('a link with every parameter repeated 1,000 times opens as the link with each once, and says so', async ({ ring }) => {
  const { page } = ring;
  await watchLongTasks(page);
  const plain = 'ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&r=3&gen=1000&keys=user:7,user:21&select=user:7&lesson=replicas&step=1&then=remove:kyoto&view=ring&seed=7';
  await ring.open(`?${plain}`);
  const once = await snapshot(page);
  const repeated = plain
    .split('&')
    .map((pair) => Array(1_000).fill(pair).join('&'))
    .join('&');
  await ring.open(`?${repeated}`);
  const notices = page.getByTestId('link-notices');
  await expect(notices).toContainText('ring: given 1,000 times; only the last is read');
  expect(await notices.locator('li').count()).toBeLessThanOrEqual(20);
  expect(await snapshot(page)).toEqual(once);
  await expect(page.getByTestId('key-label')).toHaveText('user:7');
  await stillResponsive(ring, await now(page));
});

test('a paste of 50 MB into a field is refused in words and changes nothing', async ({ ring }) => {
  const { page } = ring;
  await watchLongTasks(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52');
  const before = await snapshot(page);
  const since = await now(page);
  for (const [field, button, error, message] of [
    // The key field stops the paste past the 65,536 bytes a key may have.
    ['key-name', 'add-key', 'keys-error', /A key is at most 65,536 bytes long in UTF-8, and this one is 70,000 bytes\./],
    ['server-name', 'add-server', 'add-server-error', /Names are at most 40 characters long\./],
  ]) {
    await page.getByTestId(field).focus();
    await page.evaluate(() => navigator.clipboard.writeText('user:'.repeat(10_000_000)));
    await page.keyboard.press('Control+V');
    await page.getByTestId(button).click();
    await expect(page.getByTestId(error)).toHaveText(message);
    expect(await snapshot(page)).toEqual(before);
  }
  await noteLongest(page, since);
  await stillResponsive(ring, await now(page));
});

test('host-page messages with deep or huge values are refused in words or ignored, and the ring stays as it was', async ({ ring }) => {
  const { page } = ring;
  await watchLongTasks(page);
  await page.addInitScript(() => {
    if (window !== window.top) return;
    window.refusals = [];
    window.addEventListener('message', (event) => {
      if (event.data?.type === 'ringlab:refused') window.refusals.push(event.data.message);
    });
  });
  await page.goto('/examples/embed.html');
  const frameLocator = page.frameLocator('#ring');
  await expect(frameLocator.getByTestId('share-A')).toBeVisible();
  const frame = await (await page.locator('#ring').elementHandle()).contentFrame();
  const before = await snapshot(frame);
  const since = await now(frame);

  // Built in the host page, since messages are cloned from there.
  const post = (which) =>
    page.evaluate((which) => {
      const messages = {
        // Ours, asking for the impossible: refused with a message in words.
        'a change of 50 MB': () => ({ type: 'ringlab:apply', change: 'add:'.repeat(12_500_000) }),
        '2,000,001 keys': () => ({ type: 'ringlab:addKeys', keys: new Array(2_000_001) }),
        'a key of a megabyte': () => ({ type: 'ringlab:addKeys', keys: ['k'.repeat(1_000_000)] }),
        'a step past every number': () => ({ type: 'ringlab:step', lesson: 'replicas', step: 1e308 }),
        'a fraction of a server': () => ({ type: 'ringlab:setVnodes', vnodes: 2.5 }),
        'a count below zero': () => ({ type: 'ringlab:addKeys', count: -1 }),
        // Not ours (a field of the wrong type or shape): ignored.
        'a change nested 1,000 deep': () => {
          let deep = {};
          for (let i = 0; i < 1_000; i++) deep = { deep };
          return { type: 'ringlab:apply', change: deep };
        },
        'an array of arrays for keys': () => ({ type: 'ringlab:addKeys', keys: [['@52'], [['@53']]] }),
        'a type of 1 MB': () => ({ type: 't'.repeat(1_000_000) }),
        'fifty thousand fields': () => Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`f${i}`, i])),
        'a name that is an object': () => ({ type: 'ringlab:removeServer', name: { text: 'A' } }),
        // Ours and well formed: carried out.
        'undo': () => ({ type: 'ringlab:undo' }),
      };
      document.getElementById('ring').contentWindow.postMessage(messages[which](), '*');
    }, which);
  const refused = [
    ['a change of 50 MB', 'change: a text of 50,000,000 characters'],
    ['2,000,001 keys', 'keys: a list of 2,000,001 items'],
    ['a key of a megabyte', 'keys: a text of 1,000,000 characters'],
    ['a step past every number', 'step: 1e308 is too large'],
    ['a fraction of a server', 'vnodes: 2.5 is not a whole number.'],
    ['a count below zero', 'count: -1 is below zero'],
  ];
  for (const [what, words] of refused) {
    const count = await page.evaluate(() => window.refusals.length);
    await post(what);
    await expect.poll(() => page.evaluate(() => window.refusals.length), { message: what }).toBe(count + 1);
    const message = await page.evaluate(() => window.refusals.at(-1));
    expect(message, what).toContain(words);
    expect(message.length, what).toBeLessThanOrEqual(200);
    expect(await snapshot(frame), what).toEqual(before);
  }
  for (const what of [
    'a change nested 1,000 deep',
    'an array of arrays for keys',
    'a type of 1 MB',
    'fifty thousand fields',
    'a name that is an object',
  ]) {
    await post(what);
  }
  // A message of ours after them all is still carried out: the ring answers.
  await post('undo');
  await page.waitForTimeout(300);
  expect(await snapshot(frame)).toEqual(before);
  expect(await page.evaluate(() => window.refusals.length)).toBe(refused.length);
  await noteLongest(frame, since, 'the longest task in the ring, in ms');
});
