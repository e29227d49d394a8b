import { test, expect } from '../fixtures.mjs';
import { Teach, TEACHING_LINK, canvasDrawn, injected, watch } from '../teach.mjs';

const XSS = '<img src=x onerror=alert(1)>';
const NAMES = [XSS, '<svg onload=alert(2)>', '"><script>alert(3)</script>', "<b onmouseover=alert(4)>bold</b>"];

/** Checks that the page is whole: the ring drawn, a table, and nothing injected. */
async function expectWhole(ring, teach) {
  await expect(ring.canvas).toBeVisible();
  await expect.poll(() => canvasDrawn(ring.page), { message: 'the canvas draws the ring' }).toBeGreaterThan(0.01);
  await expect(ring.page.locator('[data-testid^="row-"]').first()).toBeVisible();
  await expect(teach.lessonSelect).toBeVisible();
  expect(await injected(ring.page)).toEqual({ elements: 0, handlers: 0 });
}

const TAMPERED = [
  {
    what: 'garbage parameters',
    query: '?foo=bar&&=&%%%&ring&=x&%3Cscript%3E=1&servers',
    notices: [
      'ring: "" is not a whole number.',
      'foo: not a parameter this page knows',
      '%%%: not a parameter this page knows',
      '<script>: not a parameter this page knows',
    ],
  },
  { what: 'a ring size in words', query: '?ring=ten', notices: ['ring: "ten" is not a whole number.'] },
  {
    what: 'markup as a server name',
    query: `?servers=${XSS}`,
    notices: [
      `server ${XSS}: Names cannot contain '<': it has a meaning in links and commands.`,
      'no server could be read, so the teaching servers A, B and C are used',
    ],
  },
  {
    what: 'markup as a percent-encoded server name',
    query: `?servers=${encodeURIComponent(XSS)},D@60`,
    notices: [`server ${XSS}: Names cannot contain '<': it has a meaning in links and commands.`],
    servers: ['D'],
  },
  {
    what: 'a change that names no change',
    query: `${TEACHING_LINK}&then=explode`,
    notices: ['then: "explode" is not a change; changes look like add:D@60, remove:B, vnodes:100 or gen:100.'],
  },
  {
    what: 'far too many generated keys',
    query: '?gen=99999999',
    notices: ['gen: 99999999 keys would pass the limit; kept 10000000'],
  },
  { what: 'too many copies per key', query: `${TEACHING_LINK}&r=99`, notices: ['r: Copies per key go from 1 to 5.'] },
  { what: 'an unknown lesson', query: '?lesson=nope', notices: ['lesson: there is no lesson nope with a step 1'] },
  {
    what: 'a lesson step past the end',
    query: '?lesson=teaching-ring&step=99',
    notices: ['lesson: there is no lesson teaching-ring with a step 99'],
  },
  {
    what: 'an unknown hash, no virtual nodes, a missing key and unreadable traffic',
    query: `${TEACHING_LINK}&hash=sha1&vnodes=0&select=@nope&reads=-1&hit=abc`,
    notices: [
      'hash: Unknown hash "sha1"; choose md5-first32, md5-low32 or java-hashcode.',
      'vnodes: Virtual nodes per server go from 1 to 1000.',
      'select: there is no key @nope',
      'reads: "-1" is not a whole number.',
      'hit: the hit rate goes from 0 to 100',
    ],
  },
  {
    what: 'duplicate, misplaced and overweight servers',
    query: '?servers=A@10,A@20,B@200,C*99',
    notices: [
      'server A@20: There is already a server called A.',
      'server B@200: Position 200 is outside the ring: positions go from 0 to 99.',
      'server C*99: Weights go from 1 to 10.',
    ],
    servers: ['A'],
  },
];

for (const { what, query, notices, servers } of TAMPERED) {
  test(`a link with ${what} still opens, draws the ring and lists what it ignored`, async ({ ring }) => {
    const teach = new Teach(ring);
    const seen = watch(ring.page);
    await teach.open(query);
    await expectWhole(ring, teach);
    await expect(teach.linkNotices).toBeVisible();
    await expect(teach.linkNotices.locator('li')).toHaveText(notices);
    const snapshot = await ring.snapshot();
    expect(snapshot.servers.map((s) => s.name)).toEqual(servers ?? ['A', 'B', 'C']);
    await ring.expectPanelsMatchEngine();
    // The page still works: a server can be added, and the notice can be dismissed.
    await ring.addServer('kobe');
    await expect(ring.row('kobe')).toBeVisible();
    await teach.linkNotices.getByRole('button', { name: 'Dismiss' }).click();
    await expect(teach.linkNotices).toHaveCount(0);
    expect(seen.dialogs).toEqual([]);
  });
}

test('a key whose percent-encoding is broken still opens as a key named in plain text', async ({ ring }) => {
  const teach = new Teach(ring);
  const seen = watch(ring.page);
  await teach.open('?keys=%E0%A4%A');
  await expectWhole(ring, teach);
  // The broken bytes read as the replacement character; the rest is kept as it was written.
  await expect(ring.keyChip('\uFFFD%A')).toHaveText('\uFFFD%A');
  expect((await ring.snapshot()).keys).toBe(1);
  await expect(ring.keyCount).toHaveText('1 key on the ring.');
  expect(seen.dialogs).toEqual([]);
});

test('markup typed as a key name shows as text and never becomes an element', async ({ ring }) => {
  const teach = new Teach(ring);
  const seen = watch(ring.page);
  await ring.open();
  for (const name of NAMES) {
    await ring.addKey(name);
    await expect(ring.keyLabel).toHaveText(name);
    await expect(ring.keyChip(name)).toHaveText(name);
    await expect(ring.headline).toContainText(name);
  }
  await expect(ring.keyCount).toHaveText(`${5 + NAMES.length} keys on the ring.`);
  // A key can be found by that name, and its walk is told in words.
  await ring.selectKey(XSS);
  await expect(ring.keySteps).toContainText(`MD5("${XSS}")`);
  await expectWhole(ring, teach);

  // Markup as a server name is refused with a message that shows it as text.
  await ring.addServer(XSS);
  await expect(ring.addServerError).toHaveText("Names cannot contain '<': it has a meaning in links and commands.");

  // The link written for these keys reopens them, still as text.
  const address = await teach.address(/keys=/);
  await ring.page.goto(address);
  await expect(ring.keyChip(XSS)).toHaveText(XSS);
  await expectWhole(ring, teach);
  expect(seen.dialogs).toEqual([]);
});

test('markup in a link\'s key, selected key or lesson shows as text and never becomes an element', async ({ ring }) => {
  const teach = new Teach(ring);
  const seen = watch(ring.page);
  const keys = NAMES.map(encodeURIComponent).join(',');
  await teach.open(`${TEACHING_LINK},${keys}&select=${encodeURIComponent(XSS)}&lesson=${encodeURIComponent(XSS)}&then=keys:${encodeURIComponent('<i>new</i>')}`);
  await expect(ring.keyLabel).toHaveText(XSS);
  await expect(teach.linkNotices.locator('li')).toHaveText([`lesson: there is no lesson ${XSS} with a step 1`]);
  await expect(ring.headline).toContainText('<i>new</i>');
  for (const name of NAMES) await expect(ring.keyChip(name)).toHaveText(name);
  await expectWhole(ring, teach);
  expect(seen.dialogs).toEqual([]);
});

test('markup sent by message from the host shows as text in the embedded ring and never becomes an element', async ({ ring }) => {
  const { page } = ring;
  const seen = watch(page);
  await page.goto('/examples/embed.html');
  // Embed with the key and server panels too, so the names show in more places.
  await page.evaluate((link) => {
    document.getElementById('ring').src = `../${link}&embed=1&panels=last,ownership,key,keys,servers`;
  }, TEACHING_LINK);
  const frame = page.frameLocator('#ring');
  await expect(frame.getByTestId('share-A')).toBeVisible();
  await expect(frame.getByTestId('key-@52')).toBeVisible();
  const send = (message) =>
    page.evaluate((message) => document.getElementById('ring').contentWindow.postMessage(message, location.origin), message);

  await send({ type: 'ringlab:addKeys', keys: NAMES });
  await expect(frame.getByTestId('last-headline')).toHaveText(`${NAMES.length} keys added.`);
  await send({ type: 'ringlab:selectKey', key: XSS });
  await expect(frame.getByTestId('key-label')).toHaveText(XSS);
  for (const name of NAMES) await expect(frame.getByTestId(`key-${name}`)).toHaveText(name);

  await send({ type: 'ringlab:addServer', name: XSS });
  await send({ type: 'ringlab:apply', change: `remove:${XSS}` });
  await send({ type: 'ringlab:step', lesson: XSS, step: 1 });
  await expect(page.locator('#events li')).toHaveText([
    /keys added/,
    "Refused: Names cannot contain '<': it has a meaning in links and commands.",
    `Refused: There is no server called ${XSS}.`,
    `Refused: There is no lesson "${XSS}" with a step 1.`,
  ]);

  const inFrame = await (await page.locator('#ring').elementHandle()).contentFrame();
  expect(await injected(inFrame)).toEqual({ elements: 0, handlers: 0 });
  expect(await page.evaluate(() => document.querySelectorAll('#events img, #events [onerror]').length)).toBe(0);
  expect(seen.dialogs).toEqual([]);
});
