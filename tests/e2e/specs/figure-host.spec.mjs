// Figures survive their host page (docs/embedding.md, "Figures"): its text styles reach a figure
// only through the documented custom properties, light and dark follow the host's property or
// the reader, a figure hidden at first draws at its size when shown, figures added later go
// live, attributes are properties, and the element reports in events.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.mjs';

const TEACHING = 'ring=100&amp;servers=A@10,B@40,C@75&amp;keys=@90,@52,@68,@25,@5';

/**
 * Serves a host page on another origin than Ringlab's: `head` goes in its <head> (after a link
 * to the build's figure-stills.css), `body` in its <main>, then figures.js unless `script` is
 * false. Returns its address.
 */
async function hostPage(host, { head = '', body, script = true }) {
  const ring = await host({ cors: true });
  const folder = mkdtempSync(join(tmpdir(), 'ringlab-host-'));
  writeFileSync(
    join(folder, 'index.html'),
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A host page</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="${ring.url}figure-stills.css">${head}</head>
<body><main>${body}</main>${script ? `<script type="module" src="${ring.url}figures.js"></script>` : ''}</body></html>`,
  );
  const site = await host({ root: folder });
  return site.url;
}

const live = (page, id) => page.locator(`#${id} [data-testid="figure"]`);
const root = (page, id) => page.locator(`#${id} .figure`);

test('a host page’s text styles stop at the figure, which keeps its own type and a readable width', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, {
    head: `<style>html { font-size: 62.5%; } main { width: 720px; }
      ringlab-figure, main { font-size: 40px; font-family: serif; line-height: 3; letter-spacing: 4px; word-spacing: 9px; text-transform: uppercase; }</style>`,
    body: `<ringlab-figure id="big" link="${TEACHING}"></ringlab-figure>`,
  });
  await page.goto(url);
  await expect(live(page, 'big')).toBeVisible();
  const type = await root(page, 'big').evaluate((e) => {
    const s = getComputedStyle(e);
    return [s.fontSize, s.fontFamily.split(',')[0], s.lineHeight, s.letterSpacing, s.textTransform];
  });
  expect(type).toEqual(['15px', 'system-ui', '21px', 'normal', 'none']);
  // The host's 10px root size does not shrink what the app sizes in rem.
  const headline = page.locator('#big').getByTestId('last-headline');
  expect(await headline.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(15);
  const panel = page.locator('#big').getByTestId('ownership-panel');
  expect((await panel.boundingBox()).width).toBeGreaterThan(300);
});

for (const size of [12, 16, 20, 24]) {
  test(`at a host text size of ${size}px the figure’s panels keep a readable width, at 1280, 768 and 375 wide`, async ({ ring, host }) => {
    const { page } = ring;
    const url = await hostPage(host, {
      head: `<style>main { max-width: 46rem; margin: 0 auto; padding: 0 1rem; } ringlab-figure { --ringlab-font-size: ${size}px; }</style>`,
      body: `<ringlab-figure id="f" link="${TEACHING}&amp;then=add:D@60"></ringlab-figure>`,
    });
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url);
      await expect(live(page, 'f')).toBeVisible();
      expect(await root(page, 'f').evaluate((e) => getComputedStyle(e).fontSize)).toBe(`${size}px`);
      const figure = await root(page, 'f').boundingBox();
      for (const id of ['last-change-panel', 'ownership-panel']) {
        const box = await page.locator('#f').getByTestId(id).boundingBox();
        // At least 15 of the figure's own letters wide, or, where the figure itself is narrower
        // (a phone's column), nearly all of it.
        expect(box.width, `${id} at ${width}`).toBeGreaterThanOrEqual(Math.min(15 * size, 0.8 * figure.width));
      }
    }
  });
}

test('a figure follows the host’s --ringlab-color-scheme, live, and the reader’s setting when the host says nothing', async ({ ring, host }) => {
  const { page } = ring;
  await page.emulateMedia({ colorScheme: 'light' });
  const url = await hostPage(host, {
    head: '<style>html.night { --ringlab-color-scheme: dark; } html.day { --ringlab-color-scheme: light; }</style>',
    body: `<ringlab-figure id="f" link="${TEACHING}"></ringlab-figure>`,
  });
  await page.goto(url);
  await expect(live(page, 'f')).toBeVisible();
  const panel = () => root(page, 'f').evaluate((e) => getComputedStyle(e).backgroundColor);
  await expect.poll(panel).toBe('rgb(255, 255, 255)');
  // The host switches its theme as mdBook's picker does: a class on <html>.
  await page.evaluate(() => document.documentElement.classList.add('night'));
  await expect.poll(panel).toBe('rgb(22, 24, 29)');
  await expect(root(page, 'f')).toHaveClass(/\bdark\b/);
  // The reader prefers dark, but the host says light: light.
  await page.evaluate(() => document.documentElement.classList.replace('night', 'day'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(panel).toBe('rgb(255, 255, 255)');
  // The host says nothing: the reader's dark.
  await page.evaluate(() => document.documentElement.classList.remove('day'));
  await expect.poll(panel).toBe('rgb(22, 24, 29)');
});

test('a still follows the same colour scheme as its figure, before any script', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, {
    head: '<style>.night { --ringlab-color-scheme: dark; }</style>',
    script: false,
    body: `<div class="night"><ringlab-figure id="f" link="${TEACHING}"><svg xmlns="http://www.w3.org/2000/svg" class="ringlab-ring" viewBox="0 0 320 320" width="320" height="320"><rect class="background" fill="#ffffff" width="320" height="320"/></svg></ringlab-figure></div>
      <ringlab-figure id="g" link="${TEACHING}"><svg xmlns="http://www.w3.org/2000/svg" class="ringlab-ring" viewBox="0 0 320 320" width="320" height="320"><rect class="background" fill="#ffffff" width="320" height="320"/></svg></ringlab-figure>`,
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url);
  const fill = (id) => page.locator(`#${id} > svg .background`).evaluate((e) => getComputedStyle(e).fill);
  expect(await fill('f')).toBe('rgb(22, 24, 29)');
  expect(await fill('g')).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await fill('g')).toBe('rgb(22, 24, 29)');
});

test('a figure in a closed <details> or a hidden tab draws at its size when shown, even if the text woke it while hidden', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, {
    body: `<details id="more"><summary>More</summary><ringlab-figure id="f" link="${TEACHING}"></ringlab-figure></details>
      <button type="button" data-ringlab-apply="add:D@60" data-ringlab-figure="f">add D</button>
      <div id="tab" hidden><ringlab-figure id="g" link="${TEACHING}"></ringlab-figure></div>
      <button type="button" data-ringlab-apply="add:E@20" data-ringlab-figure="g">add E</button>`,
  });
  await page.goto(url);
  await page.getByRole('button', { name: 'add D' }).click();
  await page.getByRole('button', { name: 'add E' }).click();
  await page.waitForTimeout(500);
  const side = (id) => page.locator(`#${id}`).getByTestId('ring-canvas').evaluate((e) => Math.round(e.getBoundingClientRect().width));
  await page.locator('#more > summary').click();
  await expect(live(page, 'f')).toBeVisible();
  await expect(page.locator('#f').getByTestId('last-headline')).toHaveText('Server D added.');
  await expect.poll(() => side('f')).toBe(320);
  await page.evaluate(() => { document.querySelector('#tab').hidden = false; });
  await expect(live(page, 'g')).toBeVisible();
  await expect(page.locator('#g').getByTestId('last-headline')).toHaveText('Server E added.');
  await expect.poll(() => side('g')).toBe(320);
});

test('a reader’s click on the text’s button before the figures’ code has arrived is applied when it arrives', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, {
    body: `<ringlab-figure id="f" link="${TEACHING}"></ringlab-figure>
      <button type="button" data-ringlab-apply="add:D@60" data-ringlab-figure="f">add D</button>`,
  });
  // The WebAssembly is held back until the reader has clicked.
  let release;
  const clicked = new Promise((resolve) => { release = resolve; });
  await page.route(/\.wasm$/, async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'add D' }).click();
  expect(await live(page, 'f').count(), 'the figure is not live yet').toBe(0);
  release();
  await expect(live(page, 'f')).toBeVisible();
  await expect(page.locator('#f').getByTestId('last-headline')).toHaveText('Server D added.');
  await expect(page.locator('#f').getByTestId('share-D')).toBeVisible();
});

test('a figure whose link changes while its panel’s code is on its way goes on with the new link, with no error when the code arrives', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, {
    body: `<ringlab-figure id="f" panels="traffic" link="ring=2^32&amp;vnodes=100&amp;servers=A,B,C&amp;gen=1000&amp;hot=key-0*1000&amp;view=traffic"></ringlab-figure>`,
  });
  // The Traffic view's code is held back until the figure has been made again.
  let release;
  const remade = new Promise((resolve) => { release = resolve; });
  let arrived;
  const delivered = new Promise((resolve) => { arrived = resolve; });
  await page.route(/split_traffic-[0-9a-f]+\.wasm$/, async (route) => {
    await remade;
    await route.continue();
    arrived();
  });
  await page.goto(url);
  await expect(page.locator('#f').getByTestId('part-loading')).toBeVisible();
  await page.evaluate(() => {
    const figure = document.querySelector('#f');
    figure.panels = null;
    figure.link = 'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5';
  });
  await expect(page.locator('#f').getByTestId('share-A')).toHaveText('35%');
  release();
  await delivered;
  // The code that arrives for the figure taken down says nothing and does nothing; the figure
  // made again works (and the fixture fails the test on any console error).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await expect(page.locator('#f').getByTestId('share-A')).toHaveText('35%');
  await expect(page.locator('#f').getByTestId('part-loading')).toHaveCount(0);
});

test('a figure added after the script started goes live, and its attributes are properties', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, { body: `<ringlab-figure id="first" link="${TEACHING}"></ringlab-figure>` });
  await page.goto(url);
  await expect(live(page, 'first')).toBeVisible();
  await page.evaluate(() => {
    const figure = document.createElement('ringlab-figure');
    figure.id = 'late';
    figure.link = 'ring=100&servers=A@10,B@60&keys=@20,@70';
    figure.panels = 'ownership';
    document.querySelector('main').append(figure);
  });
  await expect(live(page, 'late')).toBeVisible();
  await expect(page.locator('#late').getByTestId('share-A')).toHaveText('50%');
  expect(await page.evaluate(() => [document.querySelector('#late').link, document.querySelector('#late').getAttribute('panels')]))
    .toEqual(['ring=100&servers=A@10,B@60&keys=@20,@70', 'ownership']);
  // A new link makes the figure again from it.
  await page.evaluate(() => { document.querySelector('#late').link = 'ring=100&servers=A@10,B@35&keys=@20'; });
  await expect(page.locator('#late').getByTestId('share-A')).toHaveText('75%');
  // The first figure was not touched.
  await expect(page.locator('#first').getByTestId('share-A')).toHaveText('35%');
});

test('a figure sends ready, change and refused events with their words and numbers', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, {
    body: `<ringlab-figure id="f" link="${TEACHING}"></ringlab-figure>
      <button type="button" data-ringlab-apply="add:D@60" data-ringlab-figure="f">add D</button>
      <button type="button" data-ringlab-apply="add:A" data-ringlab-figure="f">add A again</button>`,
    head: `<script>window.heard = []; for (const name of ['ringlab-ready', 'ringlab-change', 'ringlab-refused'])
      document.addEventListener(name, (e) => window.heard.push({ name, id: e.target.id, detail: e.detail }));</script>`,
  });
  await page.goto(url);
  await expect(live(page, 'f')).toBeVisible();
  const heard = () => page.evaluate(() => window.heard);
  await expect.poll(async () => (await heard()).map((e) => e.name)).toEqual(['ringlab-ready']);
  const ready = (await heard())[0];
  expect(ready.id).toBe('f');
  expect(ready.detail.link).toBe('ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
  expect(ready.detail.notices).toEqual([]);
  expect(ready.detail.servers.map((s) => [s.name, s.keys])).toEqual([['A', 2], ['B', 1], ['C', 2]]);

  await page.getByRole('button', { name: 'add D' }).click();
  await expect.poll(async () => (await heard()).length).toBe(2);
  const change = (await heard())[1];
  expect(change.name).toBe('ringlab-change');
  expect(change.detail).toMatchObject({ headline: 'Server D added.', change: 'add:D@60', keys: 5, moved: 1, ringMoved: 1, modNMoved: 4 });

  await page.getByRole('button', { name: 'add A again' }).click();
  await expect.poll(async () => (await heard()).map((e) => e.name).at(-1)).toBe('ringlab-refused');
  expect((await heard()).at(-1).detail.message).toMatch(/A/);
});

test('a figure with a malformed link opens with its notices inside it, and the others keep working', async ({ ring, host }) => {
  const { page } = ring;
  const url = await hostPage(host, {
    body: `<ringlab-figure id="bad" link="ring=abc&amp;vnodes=lots&amp;servers=A@10,B@40"></ringlab-figure>
      <ringlab-figure id="good" link="${TEACHING}"></ringlab-figure>`,
  });
  await page.goto(url);
  await expect(live(page, 'bad')).toBeVisible();
  await expect(page.locator('#bad').getByTestId('link-notices')).toContainText('vnodes');
  await expect(live(page, 'good')).toBeVisible();
  await expect(page.locator('#good').getByTestId('share-A')).toHaveText('35%');
  await expect(page.locator('#good').getByTestId('link-notices')).toHaveCount(0);
});
