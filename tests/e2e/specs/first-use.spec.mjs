// The parts of the page that arrive on first use (src/ui/kit/lazy.rs). The start page fetches
// the first screen's module and no other view's; a view opened for the first time, by pointer,
// by keyboard or by a link, says in words (on screen and to screen readers) that it is loading,
// then shows, without moving what is already on screen, and is never fetched twice; a part that
// cannot be loaded says so, can be retried, and leaves the rest of the page working.
import { test, expect, RingPage } from '../fixtures.mjs';
import { watch } from '../teach.mjs';

// The service worker stores every module once the first screen is up; these tests look at what
// the page itself asks for, so it stays off here (offline.spec.mjs covers it).
test.use({ serviceWorkers: 'block' });

/** The module a split point starts, by its name in src/ui (`split_compare-<hash>.wasm` → compare). */
const partOf = (url) => /\/split_([a-z]+)-[0-9a-f]{16}\.wasm$/.exec(url)?.[1] ?? null;

/** The parts that never load with the first screen. */
const LATER = ['placements', 'compare', 'traffic', 'timeline', 'practice', 'lesson', 'predict', 'share', 'key', 'embed', 'shortcuts', 'paste', 'ask', 'data', 'recording', 'plan'];

/** Every part the page asks for, in order. */
function recordParts(page) {
  const asked = [];
  page.on('request', (request) => {
    const part = partOf(request.url());
    if (part) asked.push(part);
  });
  return asked;
}

/**
 * Holds back the module of part `part` until `release()` is called, so that its loading state
 * can be seen whatever the machine's speed.
 */
async function holdBack(page, part) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  await page.route(new RegExp(`/split_${part}-[0-9a-f]{16}\\.wasm$`), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Where an element is, to the pixel. */
const box = async (locator) => {
  const { x, y, width, height } = await locator.boundingBox();
  return [x, y, width, height].map(Math.round);
};

test('the start page fetches the first screen and none of the other views, lessons, dialogs or embed mode', async ({ ring }) => {
  const asked = recordParts(ring.page);
  const wasm = [];
  ring.page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(request.url());
  });
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  // What arrives just after the first screen is there too: copies per key, the ring's size, the
  // cache impact.
  await expect(ring.page.getByRole('group', { name: 'Copies per key', exact: true })).toBeVisible();
  await expect(ring.ringSizeInput).toBeVisible();
  await expect(ring.page.getByRole('heading', { name: 'Cache impact' })).toBeVisible();
  await ring.page.waitForLoadState('networkidle');
  expect(wasm.some((url) => /\/ringlab-app-[0-9a-f]{16}_bg\.wasm$/.test(url))).toBe(true);
  expect(asked.filter((part) => LATER.includes(part))).toEqual([]);
  await expect(ring.page.getByTestId('part-loading')).toHaveCount(0);
});

const VIEWS = [
  { name: 'Compare', part: 'compare', shows: 'compare-figures', words: 'the Compare view' },
  { name: 'Traffic', part: 'traffic', shows: 'traffic-panel', words: 'the Traffic view' },
  // From the untouched starting ring the Timeline opens on its first story, and says that
  // instead (docs/guide.md, "Opening on a story").
  { name: 'Timeline', part: 'timeline', shows: 'timeline-chart', words: 'the Timeline view', ready: 'Story: A cache server dies.' },
  { name: 'Practice', part: 'practice', shows: 'practice-view', words: 'the Practice view' },
];

for (const view of VIEWS) {
  test(`${view.name}, opened for the first time with the pointer, says it is loading, then shows without moving the page`, async ({ ring }) => {
    const { page } = ring;
    const asked = recordParts(page);
    await ring.open();
    await expect(ring.share('A')).toHaveText('35%');
    // The parts that arrive unasked just after the first screen are here: the only notice is the view's.
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
    const release = await holdBack(page, view.part);
    const header = page.getByRole('navigation', { name: 'Views' });
    const before = await box(header);

    await page.getByRole('button', { name: view.name, exact: true }).click();
    const loading = page.getByTestId('part-loading');
    await expect(loading).toHaveText(`Loading ${view.words}…`);
    await expect(loading).toBeVisible();
    await expect(ring.announcement).toHaveText(`Loading ${view.words}…`);
    // The notice takes the view's place: what stays on screen has not moved, and will not.
    const controls = page.getByRole('region', { name: 'Controls' });
    const placed = view.part === 'practice' ? null : await box(controls);

    release();
    await expect(page.getByTestId(view.shows)).toBeVisible();
    await expect(loading).toHaveCount(0);
    await expect(ring.announcement).toHaveText(view.ready ?? `${view.words[0].toUpperCase()}${view.words.slice(1)} is ready.`);
    expect(await box(header)).toEqual(before);
    if (placed) expect(await box(controls)).toEqual(placed);

    // Back and again: nothing more to fetch, nothing to wait for.
    await page.getByRole('button', { name: 'Ring', exact: true }).click();
    await expect(ring.share('A')).toBeVisible();
    await page.getByRole('button', { name: view.name, exact: true }).click();
    await expect(page.getByTestId(view.shows)).toBeVisible();
    await expect(loading).toHaveCount(0);
    expect(asked.filter((part) => part === view.part)).toEqual([view.part]);
  });
}

test('the views open from the keyboard too, each the first time', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  for (const view of VIEWS) {
    await page.getByRole('button', { name: view.name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(view.shows)).toBeVisible();
    await expect(page.getByRole('button', { name: view.name, exact: true })).toBeFocused();
  }
  // A lesson, chosen from the keyboard: its step arrives with its narration.
  const lessons = page.getByTestId('lesson-select');
  await lessons.focus();
  await lessons.selectOption('teaching-ring');
  await expect(page.getByTestId('lesson-narration')).toBeVisible();
});

const LINKS = [
  { link: '?view=traffic', parts: ['traffic'], shows: 'traffic-panel' },
  { link: '?view=compare', parts: ['compare'], shows: 'compare-figures' },
  { link: '?view=timeline', parts: ['timeline'], shows: 'timeline-chart' },
  { link: '?view=practice&seed=7', parts: ['practice'], shows: 'practice-view' },
  { link: '?lesson=teaching-ring&step=2', parts: ['lesson'], shows: 'lesson-narration' },
  { link: '?embed=1&panels=last,compare,traffic,sweeps', parts: ['embed', 'compare', 'traffic', 'timeline'], shows: 'sweeps' },
];

for (const { link, parts, shows } of LINKS) {
  test(`a link into another view (${link}) loads what it needs at once`, async ({ ring }) => {
    const { page } = ring;
    const asked = recordParts(page);
    await page.goto(link);
    await expect(page.getByTestId(shows).first()).toBeVisible();
    for (const part of parts) expect(asked).toContain(part);
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
  });
}

test('the selected key, Predict first, the Share menu\'s snippet and the shortcut list each arrive when first asked for', async ({ ring }) => {
  const { page } = ring;
  const asked = recordParts(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  await page.waitForLoadState('networkidle');

  await ring.selectKey('@52');
  await expect(ring.keyOwner).toHaveText('C');
  expect(asked).toContain('key');

  await page.getByTestId('share-open').click();
  await page.getByTestId('embed-open').click();
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/embed=1/);
  expect(asked).toContain('share');
  await page.keyboard.press('Escape');

  await page.getByTestId('more-open').click();
  await page.getByTestId('shortcuts-open').click();
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  expect(asked).toContain('shortcuts');
  await page.keyboard.press('Escape');

  expect(asked).not.toContain('predict');
  await page.getByTestId('predict-toggle').click();
  await ring.addServer('D', 60);
  await expect(page.getByTestId('predict-dialog')).toBeVisible();
  expect(asked).toContain('predict');
  // Each was fetched once.
  expect(asked.filter((p) => LATER.includes(p)).length).toBe(new Set(asked.filter((p) => LATER.includes(p))).size);
});

test('the cluster reader and Ask about this arrive when first opened, each once, and closing them gives the focus back', async ({ ring }) => {
  const { page } = ring;
  const asked = recordParts(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('paste');
  expect(asked).not.toContain('ask');

  for (let round = 0; round < 2; round++) {
    await page.getByTestId('more-open').click();
    await page.getByTestId('paste-open').click();
    await expect(page.getByTestId('paste-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('paste-dialog')).toHaveCount(0);
    // The menu folded as the dialog opened: the focus goes back to the button that opens it.
    await expect(page.getByTestId('more-open')).toBeFocused();
  }
  for (let round = 0; round < 2; round++) {
    await page.getByTestId('teach-open').click();
    await page.getByTestId('teach-ask').click();
    await expect(page.getByTestId('ask-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ask-dialog')).toHaveCount(0);
  }
  expect(asked.filter((p) => p === 'paste')).toEqual(['paste']);
  expect(asked.filter((p) => p === 'ask')).toEqual(['ask']);
});

test('a part that cannot be loaded says so with a Retry button; the ring keeps working, and Retry brings the part', async ({ page }) => {
  // The browser logs the failed fetch as an error; nothing else may go wrong.
  const { problems } = watch(page);
  const ring = new RingPage(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  let broken = true;
  await page.route(/\/split_compare-[0-9a-f]{16}\.wasm$/, (route) => (broken ? route.abort('connectionreset') : route.continue()));

  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const failed = page.getByTestId('part-failed');
  await expect(failed).toContainText('Could not load the Compare view.');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(ring.announcement).toContainText('Could not load the Compare view.');

  // The rest of the page still works.
  await page.getByRole('button', { name: 'Ring', exact: true }).click();
  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');

  // Retry while the connection is still down: the same notice, said again.
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(failed).toBeVisible();
  await page.getByTestId('part-retry').click();
  await expect(failed).toContainText('Could not load the Compare view.');

  // The connection is back: Retry brings the view.
  broken = false;
  await page.getByTestId('part-retry').click();
  await expect(page.getByTestId('compare-figures')).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(ring.announcement).toHaveText('The Compare view is ready.');
  expect(problems.filter((p) => !/Failed to load resource|split_compare|TypeError: Failed to fetch/.test(p))).toEqual([]);
});

test('Your data arrives when the panel is first unfolded, says so while it loads, and is fetched once', async ({ ring }) => {
  const { page } = ring;
  const asked = recordParts(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('data');
  const release = await holdBack(page, 'data');
  const summary = page.getByTestId('your-data').locator('summary');

  await summary.click();
  await expect(page.getByTestId('part-loading')).toHaveText('Loading the Your data panel…');
  await expect(ring.announcement).toHaveText('Loading the Your data panel…');
  release();
  await expect(page.getByTestId('data-privacy')).toContainText('never leaves it');
  await expect(ring.announcement).toHaveText('The Your data panel is ready.');

  // Folded and unfolded again: what was typed stays, and nothing more is fetched.
  await page.getByTestId('data-paste').fill('user:1');
  await summary.click();
  await expect(page.getByTestId('data-paste')).toBeHidden();
  await summary.click();
  await expect(page.getByTestId('data-paste')).toHaveValue('user:1');
  expect(asked.filter((part) => part === 'data')).toEqual(['data']);
});

test('a file dropped on the page before Your data has arrived is read once it has', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  const release = await holdBack(page, 'data');
  const before = await ring.snapshot();
  const transfer = await page.evaluateHandle(() => {
    const files = new DataTransfer();
    files.items.add(new File(['user:1\nuser:2\n'], 'users.txt', { type: 'text/plain' }));
    return files;
  });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  await expect(ring.announcement).toHaveText('Loading the Your data panel…');
  expect((await ring.snapshot()).keys).toBe(before.keys);
  release();
  await expect(page.getByTestId('data-summary')).toContainText('2 lines: 2 keys.');
  await page.getByTestId('data-use').click();
  await expect(page.getByTestId('key-count')).toHaveText('2 keys on the ring.');
});

test('the recording strip arrives when a lesson is first recorded, and the focus still lands on Add step', async ({ ring }) => {
  const { page } = ring;
  const asked = recordParts(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('recording');
  const release = await holdBack(page, 'recording');
  await page.getByTestId('teach-open').click();
  await page.getByTestId('teach-new').click();
  await expect(page.getByTestId('part-loading')).toHaveText('Loading the recording strip…');
  // What a screen reader hears is that recording started, not that code is loading.
  await expect(ring.announcement).toContainText('Recording a lesson.');
  release();
  await expect(page.getByTestId('authoring-strip')).toBeVisible();
  await expect(page.getByTestId('draft-add')).toBeFocused();
  await page.getByTestId('draft-stop').click();
  await expect(page.getByTestId('authoring-strip')).toHaveCount(0);
  await page.getByTestId('teach-open').click();
  await page.getByTestId('teach-new').click();
  await expect(page.getByTestId('authoring-strip')).toBeVisible();
  expect(asked.filter((part) => part === 'recording')).toEqual(['recording']);
});

test('the reshard plan arrives when its fold is first opened, and is fetched once', async ({ ring }) => {
  const { page } = ring;
  const asked = recordParts(page);
  await ring.open();
  await ring.addServer('D', 60);
  const fold = page.getByTestId('plan');
  await expect(fold).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('plan');
  const release = await holdBack(page, 'plan');
  await fold.locator('summary').click();
  await expect(page.getByTestId('part-loading')).toHaveText('Loading the reshard plan…');
  release();
  await expect(page.getByTestId('plan-summary')).toHaveText(/ of \d+ keys/);
  await expect(ring.announcement).toHaveText('The reshard plan is ready.');
  await fold.locator('summary').click();
  await ring.removeServer('D');
  await expect(fold).toBeVisible();
  await fold.locator('summary').click();
  await expect(page.getByTestId('plan-summary')).toHaveText(/ of \d+ keys/);
  expect(asked.filter((part) => part === 'plan')).toEqual(['plan']);
});

test('the placements other than the ring and mod N arrive when one is first chosen, once, and mod N needs none of them', async ({ ring }) => {
  const { page } = ring;
  const asked = recordParts(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  const picker = page.getByTestId('placement-select');
  const summary = page.getByTestId('placement-summary');

  // mod N is in the first screen's module, as the ring is.
  await picker.selectOption('mod-n');
  await expect(summary).toContainText('servers[hash mod N]');
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('placements');

  // Jump hash comes with the others; the picker shows the choice while it arrives.
  const release = await holdBack(page, 'placements');
  await picker.selectOption('jump');
  await expect(picker).toHaveValue('jump');
  await expect(summary).toContainText('servers[hash mod N]');
  release();
  await expect(summary).toContainText('jump the key to a bucket');
  await expect(ring.announcement).toHaveText('Placing keys with Jump hash.');

  // Every other placement is here now: nothing more to fetch.
  for (const kind of ['maglev', 'redis-cluster', 'rendezvous']) {
    await picker.selectOption(kind);
    await expect(picker).toHaveValue(kind);
  }
  await expect(summary).toContainText('highest');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByTestId('compare-figures')).toBeVisible();
  expect(asked.filter((part) => part === 'placements')).toEqual(['placements']);
});

test('a placement whose code cannot be loaded is refused next to the picker, the ring stays as it was, and choosing it again brings it', async ({ page }) => {
  const { problems } = watch(page);
  const ring = new RingPage(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  let broken = true;
  await page.route(/\/split_placements-[0-9a-f]{16}\.wasm$/, (route) => (broken ? route.abort('connectionreset') : route.continue()));
  const picker = page.getByTestId('placement-select');

  await picker.selectOption('maglev');
  await expect(page.locator('#placement-error')).toContainText('Could not load the placements.');
  await expect(picker).toHaveValue('ring');
  await expect(ring.share('A')).toHaveText('35%');
  expect((await ring.snapshot()).last).toBeNull();

  broken = false;
  await picker.selectOption('maglev');
  await expect(page.getByTestId('placement-summary')).toContainText('table');
  await expect(page.locator('#placement-error')).toBeEmpty();
  expect(problems.filter((p) => !/Failed to load resource|split_placements|TypeError: Failed to fetch/.test(p))).toEqual([]);
});

test('a link on the ring opens without the other placements, and a link naming one opens on it with their code', async ({ ring }) => {
  const { page } = ring;
  const asked = recordParts(page);
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52&then=add:D@60');
  await expect(ring.share('D')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('placements');

  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52&placement=rendezvous&then=add:D');
  await expect(page.getByTestId('placement-select')).toHaveValue('rendezvous');
  await expect(page.getByTestId('last-headline')).toHaveText('Server D added.');
  await expect(page.getByTestId('link-notices')).toHaveCount(0);
  expect(asked.filter((part) => part === 'placements')).toEqual(['placements']);
});
