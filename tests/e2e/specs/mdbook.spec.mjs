// mdbook-ringlab: the example book (examples/book) built by the real mdbook with the
// preprocessor, under each of mdBook's themes: the stills without JavaScript, and with it the
// figures going live, a button changing its figure and a step applying as the reader scrolls.
//
// It needs target/debug/mdbook-ringlab built after dist/ (cargo build -p mdbook-ringlab) and
// mdbook 0.5.4 on PATH (scripts/setup.sh installs it).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../fixtures.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PREPROCESSOR = join(ROOT, 'target', 'debug', 'mdbook-ringlab');
const THEMES = ['light', 'rust', 'coal', 'navy', 'ayu'];
const DARK = new Set(['coal', 'navy', 'ayu']);
/** Every figure of the book, by page. */
const FIGURES = {
  'ring.html': ['three-servers'],
  'joins/server-joins.html': ['d-joins'],
  'mod-n.html': ['mod-n'],
  'virtual-nodes.html': ['vnodes', 'hot-key'],
};

/** Builds the example book once per worker: a copy installed into and built, as an author would. */
let built;
function book() {
  if (built) return built;
  if (!existsSync(PREPROCESSOR)) throw new Error(`${PREPROCESSOR} is missing: run cargo build -p mdbook-ringlab after the app's release build`);
  const folder = mkdtempSync(join(tmpdir(), 'ringlab-mdbook-'));
  const example = join(ROOT, 'examples', 'book');
  // A build or a copy of the files left in the example's own folder is not part of it.
  const left = [join(example, 'book'), join(example, 'src', 'ringlab')];
  cpSync(example, folder, { recursive: true, filter: (path) => !left.includes(path) });
  execFileSync(PREPROCESSOR, ['install', folder], { stdio: 'pipe' });
  const env = { ...process.env, PATH: `${dirname(PREPROCESSOR)}:${process.env.PATH}` };
  try {
    execFileSync('mdbook', ['build', folder], { env, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`mdbook build failed (is mdbook 0.5.4 on PATH? scripts/setup.sh installs it): ${error.stderr || error.message}`);
  }
  built = join(folder, 'book');
  return built;
}

/** The live figure inside the element with id `id` (Playwright reaches into open shadow roots). */
const live = (page, id) => page.locator(`#${id} [data-testid="figure"]`);

/** Opens the book's `name` page under mdBook's theme `theme`, as a reader who chose it. */
async function open(ring, host, theme, name) {
  const site = await host({ root: book() });
  await ring.page.addInitScript((chosen) => localStorage.setItem('mdbook-theme', chosen), theme);
  await ring.page.goto(`${site.url}${name}`);
  await expect(ring.page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

for (const theme of THEMES) {
  test(`${theme}: without JavaScript every figure shows its still, in the theme's colours`, async ({ browser, host }) => {
    // mdBook applies its themes by its script; without it, a page is light (or dark, as the
    // system says). The server marks each page as mdBook's script would have (the theme's
    // class, and js), so that the stills are seen under every theme's colours.
    const site = await host({
      root: book(),
      editHtml: (html) => html.replace(/<html([^>]*) class="[^"]*"/, `<html$1 class="${theme} js"`),
    });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const recoloured = existsSync(join(book(), 'ringlab', 'figure-stills.css'));
    for (const [name, ids] of Object.entries(FIGURES)) {
      await page.goto(`${site.url}${name}`);
      for (const id of ids) {
        const still = page.locator(`#${id} > svg`);
        await expect(still).toBeVisible();
        const box = await still.boundingBox();
        expect(box.width, `the still of ${id} is drawn`).toBeGreaterThan(200);
        await expect(still.locator('title')).toContainText(/ring of .* positions with/);
        if (recoloured) {
          // The still's backdrop follows the book's theme: dark under coal, navy and ayu.
          const fill = await still.locator('.background').evaluate((e) => getComputedStyle(e).fill);
          const [r, g, b] = fill.match(/\d+/g).map(Number);
          expect(r + g + b < 200, `${id}'s backdrop (${fill}) under ${theme}`).toBe(DARK.has(theme));
        }
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test(`${theme}: the figures go live, each with the state of its own link and the book's light or dark`, async ({ ring, host }) => {
    // A reader whose system is dark and who chose this theme: the theme wins.
    await ring.page.emulateMedia({ colorScheme: 'dark' });
    await open(ring, host, theme, 'ring.html');
    await expect(live(ring.page, 'three-servers')).toBeVisible();
    await expect(ring.page.locator('#three-servers').getByTestId('share-A')).toHaveText('35%');
    await expect(ring.page.locator('#three-servers').getByTestId('ring-canvas')).toBeVisible();
    // The book's theme tells the figure whether to be light or dark (ringlab/mdbook-theme.css).
    const scheme = await ring.page.locator('#three-servers').evaluate((e) => getComputedStyle(e).getPropertyValue('--ringlab-color-scheme').trim());
    expect(scheme).toBe(DARK.has(theme) ? 'dark' : 'light');
    // And the live figure follows it: light writing on a dark theme, dark on a light one
    // (the sum of the writing's red, green and blue, out of 765).
    const ink = () => live(ring.page, 'three-servers').evaluate((e) => getComputedStyle(e).color.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b));
    if (DARK.has(theme)) await expect.poll(ink).toBeGreaterThan(382);
    else await expect.poll(ink).toBeLessThan(383);
  });

  test(`${theme}: a button in the text changes its figure`, async ({ ring, host }) => {
    await open(ring, host, theme, 'mod-n.html');
    const figure = ring.page.locator('#mod-n');
    await expect(live(ring.page, 'mod-n')).toBeVisible();
    await ring.page.getByRole('button', { name: 'add a fifth server' }).click();
    await expect(figure.getByTestId('server-row-E')).toHaveCount(1);
    await expect(figure.getByTestId('last-headline')).toHaveText('Server E added.');
  });

  test(`${theme}: a step applies its change as the reader scrolls past it, in a chapter a folder down`, async ({ ring, host }) => {
    const { page } = ring;
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(ring, host, theme, 'joins/server-joins.html');
    const figure = page.locator('#d-joins');
    await expect(live(page, 'd-joins')).toBeVisible();
    const step = page.locator('.ringlab-step');
    expect(await step.evaluate((e) => e.getBoundingClientRect().top > innerHeight / 2)).toBe(true);
    await expect(figure.getByTestId('row-D')).toHaveCount(0);
    // The step passes the middle of the window. The live figure above it may still be growing
    // by its panels, which pushes the step down again: the reader scrolls on until it is past.
    await expect
      .poll(() => step.evaluate((e) => {
        window.scrollBy(0, e.getBoundingClientRect().top - innerHeight / 2 + 40);
        return e.getBoundingClientRect().top < innerHeight / 2;
      }))
      .toBe(true);
    await expect(figure.getByTestId('row-D')).toHaveCount(1);
    await expect(figure.getByTestId('share-D')).toHaveText('20%');
  });
}

test('print.html, which gathers every chapter at the book\'s root, finds every figure file and makes a folder-down chapter\'s figure live', async ({ ring, host }) => {
  const { page } = ring;
  // Under a path of its own, as most books are published: a chapter's `../` from print.html
  // would leave the book.
  const site = await host({ root: book(), base: '/books/rings/' });
  const missing = [];
  page.on('response', (response) => response.status() >= 400 && missing.push(`${response.status()} ${response.url()}`));
  page.on('requestfailed', (request) => missing.push(`failed ${request.url()}`));
  await page.goto(`${site.url}print.html`);
  // The chapter of joins/ holds d-joins: its script and styles are named from the book's root.
  const figure = page.locator('#d-joins');
  await figure.scrollIntoViewIfNeeded();
  await expect(live(page, 'd-joins')).toBeVisible();
  await expect(figure.getByTestId('share-A')).toHaveText('35%');
  expect(missing).toEqual([]);
});

for (const [width, height] of [[1280, 720], [768, 1024], [375, 812]]) {
  test(`at ${width}×${height} a chapter's figure on screen goes live without moving the text`, async ({ ring, host }) => {
    const { page } = ring;
    await page.setViewportSize({ width, height });
    const site = await host({ root: book() });
    let release;
    const arrived = new Promise((resolve) => (release = resolve));
    await page.route('**/ringlab/figures.js', async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`${site.url}joins/server-joins.html`, { waitUntil: 'commit' });
    // The book's own fonts and sidebar settle first: only what going live moves is counted.
    await expect(page.locator('#d-joins > svg')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    const before = await page.locator('#d-joins').evaluate((e) => e.getBoundingClientRect().toJSON());
    await page.evaluate(() => {
      window.shifts = [];
      new PerformanceObserver((list) => window.shifts.push(...list.getEntries().map((e) => e.value))).observe({ type: 'layout-shift' });
    });
    release();
    await expect(live(page, 'd-joins')).toBeVisible();
    await expect(page.locator('#d-joins').getByTestId('share-A')).toHaveText('35%');
    await page.waitForTimeout(600);
    const shift = await page.evaluate(() => window.shifts.reduce((a, b) => a + b, 0));
    console.log(`mdBook layout shift at ${width}: ${shift.toFixed(4)}`);
    expect(shift).toBeLessThanOrEqual(0.01);
    const after = await page.locator('#d-joins').evaluate((e) => e.getBoundingClientRect().toJSON());
    expect(Math.abs(after.height - before.height)).toBeLessThan(1);
    expect(Math.abs(after.top - before.top)).toBeLessThan(1);
  });
}
