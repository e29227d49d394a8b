// Figures: an article on another site holds five live rings from one script (figures.js), each
// with its own state, stills first (examples/figures.html, docs/embedding.md "Figures").
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.mjs';
import { DIST } from '../serve.mjs';

const IDS = ['three-servers', 'd-joins', 'mod-n', 'vnodes', 'hot-key'];

/** The example article with its script and stills' stylesheet loaded from Ringlab's server at `url`. */
const fromRing = (html, url) => html.replace('src="../figures.js"', `src="${url}figures.js"`).replace('href="../figure-stills.css"', `href="${url}figure-stills.css"`);

/**
 * Serves the built example article from its own server (another origin) with its script tag
 * pointing at Ringlab's server, which sends the CORS header figures need. Returns the article's
 * address, Ringlab's, and the list of every request the page makes to Ringlab's server.
 */
async function article(host, page, edit = (html) => html) {
  const ring = await host({ cors: true });
  const folder = mkdtempSync(join(tmpdir(), 'ringlab-article-'));
  const html = edit(readFileSync(join(DIST, 'examples', 'figures.html'), 'utf8'));
  expect(html).toContain('src="../figures.js"');
  expect(html).toContain('href="../figure-stills.css"');
  writeFileSync(join(folder, 'index.html'), fromRing(html, ring.url));
  const site = await host({ root: folder });
  expect(new URL(site.url).origin).not.toBe(new URL(ring.url).origin);
  const fetched = [];
  page.on('request', (request) => {
    if (request.url().startsWith(ring.url)) fetched.push(new URL(request.url()).pathname);
  });
  return { url: site.url, ring: ring.url, fetched };
}

/** The live figure inside the element with id `id` (Playwright reaches into open shadow roots). */
const live = (page, id) => page.locator(`#${id} [data-testid="figure"]`);

test('five figures show their stills before the script arrives, then go live near the screen and as the reader scrolls, from one download', async ({ ring, host }) => {
  const { page } = ring;
  await page.setViewportSize({ width: 1280, height: 720 });
  const { url, ring: origin, fetched } = await article(host, page);
  // Hold the script back: the article must read and show its figures without it.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(`${origin}figures.js`, async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold back the page's load events: only the arrival of the page is awaited.
  await page.goto(url, { waitUntil: 'commit' });
  for (const id of IDS) {
    const still = page.locator(`#${id} > svg`);
    await expect(still).toBeAttached();
    const box = await still.boundingBox();
    expect(box.width, `the still of ${id} is drawn`).toBeGreaterThan(200);
    await expect(still.locator('title')).toContainText(/ring of .* positions with/);
  }
  await expect(live(page, 'three-servers')).toHaveCount(0);
  // Every shift of the page's layout from here on, as the browser reports it.
  await page.evaluate(() => {
    window.shifts = [];
    new PerformanceObserver((list) => window.shifts.push(...list.getEntries().map((e) => e.value))).observe({ type: 'layout-shift' });
  });
  release();

  // The first figure is on screen: it goes live, with the state of its own link.
  await expect(live(page, 'three-servers')).toBeVisible();
  await expect(page.locator('#three-servers').getByTestId('share-A')).toHaveText('35%');
  await expect(page.locator('#three-servers').getByTestId('ring-canvas')).toBeVisible();
  // The last is far below: it stays a still until the reader comes near it.
  expect(await page.evaluate(() => document.querySelector('#hot-key').shadowRoot)).toBeNull();
  // Going live moved the text around the figures on screen by less than the 0.01 of layout
  // shift the first screen's own swap is held to.
  const shift = await page.evaluate(() => window.shifts.reduce((a, b) => a + b, 0));
  expect(shift).toBeLessThanOrEqual(0.01);
  // Its figures and text name only the ring and mod N: no other placement's code came.
  expect(fetched.filter((p) => /\/split_placements-[0-9a-f]+\.wasm$/.test(p))).toEqual([]);

  for (const id of IDS.slice(1)) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await expect(live(page, id), `${id} goes live`).toBeVisible();
  }
  await expect(page.locator('#mod-n').getByText('4 keys changed owner among A, B and C.')).toBeVisible();

  // One script, one main WebAssembly module, fetched once for all five.
  const count = (re) => fetched.filter((p) => re.test(p)).length;
  expect(count(/\/figures\.js$/)).toBe(1);
  expect(count(/\/ringlab-app-[0-9a-f]+_bg\.wasm$/)).toBe(1);
  expect(count(/\/ringlab-app-[0-9a-f]+\.js$/)).toBe(1);
  expect(count(/\/split_figures-[0-9a-f]+\.wasm$/)).toBe(1);
});

for (const [width, height] of [[1280, 720], [768, 1024], [375, 812]]) {
  test(`at ${width}×${height} the figures on screen at open keep the still's room as they go live, until the reader asks for the rest`, async ({ ring, host }) => {
    const { page } = ring;
    await page.setViewportSize({ width, height });
    const { url, ring: origin } = await article(host, page);
    let release;
    const arrived = new Promise((resolve) => (release = resolve));
    await page.route(`${origin}figures.js`, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    const first = page.locator('#three-servers');
    await expect(first.locator('> svg')).toBeVisible();
    // The stills' stylesheet is in the page's head, so the first paint has it; wait for it too.
    await page.waitForFunction(() => document.querySelector('link[href$="figure-stills.css"]')?.sheet);
    // Every figure's box as its still draws it, and every shift from here on.
    const boxes = () => page.evaluate(() => [...document.querySelectorAll('ringlab-figure')].map((f) => {
      const box = f.getBoundingClientRect();
      return { id: f.id, top: box.top + scrollY, height: box.height, onScreen: box.top < innerHeight };
    }));
    const stills = await boxes();
    await page.evaluate(() => {
      window.shifts = [];
      new PerformanceObserver((list) => window.shifts.push(...list.getEntries().map((e) => e.value))).observe({ type: 'layout-shift' });
    });
    release();
    await expect(live(page, 'three-servers')).toBeVisible();
    await expect(first.getByTestId('share-A')).toHaveText('35%');
    // Give the panels' own parts time to arrive and lay out.
    await page.waitForTimeout(600);
    const shift = await page.evaluate(() => window.shifts.reduce((a, b) => a + b, 0));
    console.log(`layout shift at ${width}: ${shift.toFixed(4)}`);
    expect(shift).toBeLessThanOrEqual(0.01);
    // Each figure on screen kept its still's exact height and place.
    const lives = await boxes();
    for (const [i, still] of stills.entries()) {
      if (!still.onScreen) continue;
      expect(Math.abs(lives[i].height - still.height), `${still.id} keeps its height`).toBeLessThan(1);
      expect(Math.abs(lives[i].top - still.top), `${still.id} keeps its place`).toBeLessThan(1);
    }
    // That room is the live figure's frame around its ring and the line under it, exactly.
    const fit = await first.evaluate((host) => {
      const frame = host.shadowRoot.querySelector('.figure').getBoundingClientRect();
      const stage = host.shadowRoot.querySelector('.stage').getBoundingClientRect();
      return { above: stage.top - frame.top, below: frame.bottom - stage.bottom };
    });
    expect(Math.abs(fit.above - fit.below), JSON.stringify(fit)).toBeLessThan(1);
    // The first figure's ownership table runs past that room: a bar offers the rest, and a
    // click on it (the reader's own doing) lets the figure take its whole height.
    const bar = first.getByRole('button', { name: 'Show the whole figure' });
    await expect(bar).toBeVisible();
    await bar.click();
    await expect(bar).toBeHidden();
    await expect.poll(() => first.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(stills[0].height + 10);
    await expect(first.getByText('What is this?')).toBeVisible();
  });
}

test('a figure that goes live out of view takes its whole height at once, and one held in view takes it when the reader presses a key in it or scrolls it away', async ({ ring, host }) => {
  const { page } = ring;
  await page.setViewportSize({ width: 768, height: 1024 });
  const { url } = await article(host, page);
  await page.goto(url);
  const bar = (id) => page.locator(`#${id}`).getByRole('button', { name: 'Show the whole figure' });
  // Both of the first two figures are on screen at open, and held.
  await expect(live(page, 'd-joins')).toBeVisible();
  await expect(bar('three-servers')).toBeVisible();
  await expect(bar('d-joins')).toBeVisible();
  // On paper a held figure prints whole, without its bar; back on screen it is held again.
  const height = (id) => page.locator(`#${id}`).evaluate((e) => e.getBoundingClientRect().height);
  const onScreen = await height('d-joins');
  await page.emulateMedia({ media: 'print' });
  await expect(bar('d-joins')).toBeHidden();
  expect(await height('d-joins')).toBeGreaterThan(onScreen + 10);
  await page.emulateMedia({ media: 'screen' });
  await expect(bar('d-joins')).toBeVisible();
  expect(await height('d-joins')).toBeCloseTo(onScreen, 0);
  // A key pressed in the first lets it grow; the second stays as it was.
  await page.locator('#three-servers').getByTestId('ring-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await expect(bar('three-servers')).toBeHidden();
  await expect(bar('d-joins')).toBeVisible();
  // The third wakes as the reader nears it, out of view: it takes its whole height at once.
  const joins = page.locator('#d-joins');
  const heldHeight = await joins.evaluate((e) => e.getBoundingClientRect().height);
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect(live(page, 'mod-n')).toBeVisible();
  expect(await page.locator('#mod-n').evaluate((e) => e.getBoundingClientRect().top)).toBeGreaterThan(1024);
  await expect(bar('mod-n')).toBeHidden();
  await expect(bar('d-joins')).toBeVisible();
  // Scrolled out of view, the second takes its whole height, where the reader cannot see it move.
  await page.locator('#mod-n').evaluate((e) => e.scrollIntoView());
  await expect.poll(() => joins.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(heldHeight + 10);
  await expect(bar('d-joins')).toBeHidden();
});

test('each figure keeps a state of its own: a change or a key press in one leaves the others as they were', async ({ ring, host }) => {
  const { page } = ring;
  const { url } = await article(host, page);
  await page.goto(url);
  const first = page.locator('#three-servers');
  const vnodes = page.locator('#vnodes');
  await expect(live(page, 'three-servers')).toBeVisible();
  await vnodes.scrollIntoViewIfNeeded();
  await expect(live(page, 'vnodes')).toBeVisible();
  const share = vnodes.getByTestId('share-A');
  const even = await share.textContent();
  await vnodes.getByTestId('vnodes-1').click();
  await expect(share).not.toHaveText(even);
  await expect(first.getByTestId('share-A')).toHaveText('35%');

  // The arrow keys walk the ring they are pressed on, and only that figure says so.
  const elsewhere = (await vnodes.getByTestId('announcement').textContent()).trim();
  await first.getByTestId('ring-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await expect(first.getByTestId('announcement')).not.toHaveText('');
  await expect(vnodes.getByTestId('announcement')).toHaveText(elsewhere);
});

test('a step in the text applies its change as the reader scrolls past it, and scrolling back undoes it', async ({ ring, host }) => {
  const { page } = ring;
  await page.setViewportSize({ width: 1280, height: 720 });
  const { url } = await article(host, page);
  await page.goto(url);
  const figure = page.locator('#d-joins');
  const step = page.locator('#d-joins-step');
  // The figure in view, its step still below the middle of the window: three servers.
  await page.evaluate(() => {
    const figure = document.querySelector('#d-joins');
    window.scrollTo(0, figure.getBoundingClientRect().top + window.scrollY - 20);
  });
  await expect(live(page, 'd-joins')).toBeVisible();
  expect(await step.evaluate((e) => e.getBoundingClientRect().top > innerHeight / 2)).toBe(true);
  await expect(figure.getByTestId('row-D')).toHaveCount(0);

  // The step passes the middle of the window: D joins, and the figure says what moved.
  await page.evaluate(() => {
    const step = document.querySelector('#d-joins-step');
    window.scrollBy(0, step.getBoundingClientRect().top - innerHeight / 2 + 40);
  });
  await expect(figure.getByTestId('last-headline')).toHaveText('Server D added.');
  await expect(figure.getByTestId('ring-moved')).toHaveText('1 of 5');
  await expect(figure.getByTestId('row-D')).toHaveCount(1);

  // Back above it: undone. Down again: applied again, once.
  await page.evaluate(() => window.scrollBy(0, -120));
  await expect(figure.getByTestId('row-D')).toHaveCount(0);
  await page.evaluate(() => window.scrollBy(0, 120));
  await expect(figure.getByTestId('row-D')).toHaveCount(1);
  await expect(figure.getByTestId('share-D')).toHaveText('20%');
});

test('a link in the text changes its figure, a grouped control changes every figure of its group, and a change the figure cannot read is refused in words', async ({ ring, host }) => {
  const { page } = ring;
  const { url } = await article(host, page);
  await page.goto(url);
  await expect(live(page, 'three-servers')).toBeVisible();
  const modN = page.locator('#mod-n');
  // The figure wakes when asked, even before the reader has scrolled to it.
  await page.getByRole('button', { name: 'add a fifth server' }).click();
  await expect(modN.getByTestId('server-row-E')).toHaveCount(1);
  await expect(modN.getByTestId('last-headline')).toHaveText('Server E added.');
  await page.getByRole('button', { name: 'undo', exact: true }).click();
  await expect(modN.getByTestId('server-row-E')).toHaveCount(0);

  // One point each, in both figures of the group "points"; the others stay as they were.
  const vnodes = page.locator('#vnodes');
  const hot = page.locator('#hot-key');
  await page.getByRole('button', { name: 'one point each' }).click();
  await expect(vnodes.getByTestId('vnodes-input')).toHaveValue('1');
  // Both said the same change in words, each in its own live region.
  const said = vnodes.getByTestId('announcement');
  await expect(said).not.toHaveText('');
  await expect(hot.getByTestId('announcement')).toHaveText((await said.textContent()).trim());
  await expect(page.locator('#mod-n').getByTestId('announcement')).not.toHaveText((await said.textContent()).trim());
  await expect(page.locator('#three-servers').getByTestId('share-A')).toHaveText('35%');

  // A change the figure cannot read: said in words in that figure, nothing changed.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'a typo';
    button.dataset.ringlabApply = 'make it faster';
    button.dataset.ringlabFigure = 'three-servers';
    document.querySelector('main').append(button);
  });
  await page.getByRole('button', { name: 'a typo' }).click();
  await expect(page.locator('#three-servers').getByTestId('canvas-error')).toContainText('not a change Ringlab can read');
  await expect(page.locator('#three-servers').getByTestId('share-A')).toHaveText('35%');
});

test('the keyboard works inside a figure: removing a server moves the focus to its neighbour in that figure', async ({ ring, host }) => {
  const { page } = ring;
  const { url } = await article(host, page);
  await page.goto(url);
  const modN = page.locator('#mod-n');
  await modN.scrollIntoViewIfNeeded();
  await expect(live(page, 'mod-n')).toBeVisible();
  await modN.getByTestId('remove-B').focus();
  await page.keyboard.press('Enter');
  await expect(modN.getByTestId('server-row-B')).toHaveCount(0);
  // The focus is on a neighbour's name in the same figure, not lost to the page.
  await expect
    .poll(() => page.evaluate(() => {
      const host = document.activeElement;
      const inner = host?.shadowRoot?.activeElement;
      return host?.id && inner ? `${host.id}: ${inner.closest('li')?.dataset.testid}` : String(host?.tagName);
    }))
    .toMatch(/^mod-n: server-row-[ACD]$/);
});

test('styles and ids stay on their side, and figures work under the host policy the docs give', async ({ ring, host }) => {
  const { page } = ring;
  const ringServer = await host({ cors: true });
  const origin = new URL(ringServer.url).origin;
  const folder = mkdtempSync(join(tmpdir(), 'ringlab-policy-'));
  const html = readFileSync(join(DIST, 'examples', 'figures.html'), 'utf8');
  // The host page's own stylesheet, as a file, so that its policy allows no inline style; it
  // styles elements and classes the figures also have.
  writeFileSync(join(folder, 'host.css'), 'section, .panel, canvas { outline: 7px solid rgb(255, 0, 0); } ringlab-figure { display: block; }');
  const policy = `default-src 'none'; script-src ${origin} 'wasm-unsafe-eval'; connect-src ${origin}; style-src 'self' ${origin}; style-src-attr 'unsafe-inline'; img-src data:`;
  const page2 = fromRing(html, ringServer.url)
    .replace(/<style>[\s\S]*?<\/style>/, '<link rel="stylesheet" href="host.css">')
    .replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n<meta http-equiv="Content-Security-Policy" content="${policy}">`)
    .replace('<main>', '<main><section id="ring" class="panel readout" data-testid="hosts-own">The host page’s own section.</section>');
  writeFileSync(join(folder, 'index.html'), page2);
  const site = await host({ root: folder });
  const violations = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
  await page.goto(site.url);
  await expect(live(page, 'three-servers')).toBeVisible();
  await expect(page.locator('#three-servers').getByTestId('share-A')).toHaveText('35%');
  // The host's rule for sections, panels and canvases does not reach into the figure.
  const outline = (locator) => locator.evaluate((e) => getComputedStyle(e).outlineStyle);
  await expect.poll(() => outline(page.locator('#three-servers').getByTestId('ring-canvas'))).toBe('none');
  await expect.poll(() => outline(page.locator('#three-servers [data-testid="figure"]'))).toBe('none');
  // Ringlab's rules for .panel and .readout, and its id "ring", do not reach the host's section.
  const own = page.getByTestId('hosts-own');
  expect(await own.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
  expect(await own.evaluate((e) => getComputedStyle(e).borderTopStyle)).toBe('none');
  expect(await page.evaluate(() => document.querySelectorAll('#ring').length)).toBe(1);
  expect(violations).toEqual([]);
});

for (const scheme of ['light', 'dark']) {
  test(`axe finds no violations in the article with its figures live, ${scheme}`, async ({ ring, host }) => {
    const { page } = ring;
    await page.emulateMedia({ colorScheme: scheme });
    const { url } = await article(host, page);
    await page.goto(url);
    for (const id of IDS) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await expect(live(page, id)).toBeVisible();
    }
    const violations = (await ring.axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(violations).toEqual([]);
  });
}

test('a page whose text chooses another placement for a figure brings every placement’s code with the figures, once', async ({ ring, host }) => {
  const { page } = ring;
  const { url, fetched } = await article(host, page, (html) =>
    html.replace('</main>', '<button type="button" data-ringlab-apply="placement:jump" data-ringlab-figure="three-servers">place them by jump hash</button></main>'));
  await page.goto(url);
  const first = page.locator('#three-servers');
  await expect(live(page, 'three-servers')).toBeVisible();
  await page.getByRole('button', { name: 'place them by jump hash' }).click();
  await expect(first.getByTestId('announcement')).toContainText('Placing keys with Jump hash.');
  await expect(first.getByTestId('canvas-error')).toBeEmpty();
  expect(fetched.filter((p) => /\/split_placements-[0-9a-f]+\.wasm$/.test(p))).toHaveLength(1);
});
