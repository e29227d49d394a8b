// The page object for Ringlab's browser tests, and a fixture that fails any test during
// which the page logged a console error or threw.
import { test as base, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

/**
 * Where things sit on the canvas, in CSS pixels, as the page's own drawing layer
 * (src/draw/geometry.rs) lays them out: the measures are read from the canvas's
 * `data-geometry`, which the page writes from that layer, so the tests never keep a copy. The
 * convention: position 0 at 12 o'clock, positions growing clockwise, a turn fraction f at
 * radius r drawn at (cx + r·sin 2πf, cy − r·cos 2πf).
 */
export class Frame {
  constructor(measures) {
    this.measures = measures;
    this.side = measures.side;
  }

  centre() {
    return this.measures.centre;
  }

  ringRadius() {
    return this.measures.ring_radius;
  }

  bandWidth() {
    return this.measures.band_width;
  }

  keySize() {
    return this.measures.key_size;
  }

  /** The distance from the centre of a key dot in stacking lane `lane` (0 nearest the ring). */
  keyRadius(lane = 0) {
    const radii = this.measures.key_radii;
    return radii[Math.min(lane, radii.length - 1)];
  }

  tickLabelRadius() {
    return this.measures.tick_label_radius;
  }

  /** The point at turn fraction `fraction` and distance `radius` from the centre. */
  at(fraction, radius) {
    const { x, y } = this.centre();
    const angle = fraction * 2 * Math.PI;
    return { x: x + radius * Math.sin(angle), y: y - radius * Math.cos(angle) };
  }
}

/** The frame a canvas (the ring's, or a question's) is drawn in, from its `data-geometry`. */
export async function frameOf(canvas) {
  return new Frame(JSON.parse(await canvas.getAttribute('data-geometry')));
}

export class RingPage {
  constructor(page) {
    this.page = page;
    this.canvas = page.getByTestId('ring-canvas');
    this.serverName = page.getByTestId('server-name');
    this.serverPosition = page.getByTestId('server-position');
    this.addServerButton = page.getByTestId('add-server');
    this.keyName = page.getByTestId('key-name');
    this.addKeyButton = page.getByTestId('add-key');
    this.vnodesInput = page.getByTestId('vnodes-input');
    this.ringMoved = page.getByTestId('ring-moved');
    this.ringMovedPct = page.getByTestId('ring-moved-pct');
    this.modnMoved = page.getByTestId('modn-moved');
    this.modnMovedPct = page.getByTestId('modn-moved-pct');
    this.ringMoves = page.getByTestId('ring-moves');
    this.announcement = page.getByTestId('announcement');
    this.headline = page.getByTestId('last-headline');

    // The whole page.
    this.resetButton = page.getByTestId('reset');
    this.modeBanner = page.getByTestId('mode-banner');
    this.modeDoneButton = this.modeBanner.getByRole('button', { name: 'Done' });
    this.hoverReadout = page.getByTestId('hover-readout');

    // Servers.
    this.placeServerMode = page.getByTestId('place-server-mode');
    this.serverRows = page.locator('[data-testid^="server-row-"]');

    // Ring size and hash.
    this.ringTeachingButton = page.getByTestId('ring-teaching');
    this.ringFullButton = page.getByTestId('ring-full');
    this.ringSizeInput = page.getByTestId('ring-size-input');
    this.ringSizeApply = page.getByTestId('ring-size-apply');
    this.hashSelect = page.getByTestId('hash-select');

    // Keys.
    this.clearKeysButton = page.getByTestId('clear-keys');
    this.dropKeyMode = page.getByTestId('drop-key-mode');
    this.keyCount = page.getByTestId('key-count');
    this.keyChips = page.locator('.key-list button.chip');
    this.findKeyInput = page.getByTestId('find-key');

    // The selected key.
    this.keyPanel = page.getByTestId('key-panel');
    this.keyLabel = page.getByTestId('key-label');
    this.keySteps = page.getByTestId('key-steps');
    this.keyOwner = page.getByTestId('key-owner');
    this.keyModnOwner = page.getByTestId('key-modn-owner');
    this.dropSelectedKeyButton = page.getByTestId('drop-selected-key');

    // The last change.
    this.modnMoves = page.getByTestId('modn-moves');

    // The message next to each control.
    this.addServerError = page.getByTestId('add-server-error');
    this.serverListError = page.getByTestId('server-list-error');
    this.vnodesError = page.getByTestId('vnodes-error');
    this.keysError = page.getByTestId('keys-error');
    this.selectKeyError = page.getByTestId('select-key-error');
    this.ringError = page.getByTestId('ring-error');
  }

  /** Opens the page with `query`, from the site's root or from the folder address `at`. */
  async open(query = '', at = '/') {
    await this.page.goto(at + query);
    // The canvas is hidden, not gone, under the Compare view.
    await expect(this.canvas).toBeAttached();
    // The page has drawn its readouts: the ownership table (hidden when the link opens another
    // view) or, embedded, the chosen panels.
    await expect(this.page.locator('[data-testid^="share-"], [data-testid="traffic-panel"], [data-testid="embed"]').first()).toBeAttached();
  }

  share(name) {
    return this.page.getByTestId(`share-${name}`);
  }

  keys(name) {
    return this.page.getByTestId(`keys-${name}`);
  }

  error(id) {
    return this.page.getByTestId(id);
  }

  row(name) {
    return this.page.getByTestId(`row-${name}`);
  }

  serverRow(name) {
    return this.page.getByTestId(`server-row-${name}`);
  }

  removeButton(name) {
    return this.page.getByTestId(`remove-${name}`);
  }

  keyChip(label) {
    return this.page.getByTestId(`key-${label}`);
  }

  /** The fieldset (control group) that holds `control`. */
  groupOf(control) {
    return this.page.locator('fieldset').filter({ has: control });
  }

  async addServer(name, at) {
    await this.serverName.fill(name ?? '');
    await this.serverPosition.fill(at === undefined ? '' : String(at));
    await this.addServerButton.click();
  }

  async removeServer(name) {
    await this.page.getByTestId(`remove-${name}`).click();
  }

  async setVnodes(v) {
    await this.page.getByTestId(`vnodes-${v}`).click();
  }

  /** Types a vnode count into the number box and commits it, as leaving the box does. */
  async typeVnodes(text) {
    await this.vnodesInput.fill(String(text));
    await this.vnodesInput.dispatchEvent('change');
  }

  async selectKey(label) {
    await this.page.getByTestId(`key-${label}`).click();
  }

  /** Adds one key by name or as `@position`. */
  async addKey(label) {
    await this.keyName.fill(label);
    await this.addKeyButton.click();
  }

  /** Presses one of the bulk buttons: +10, +100, +1,000 or +10,000. */
  async addKeys(n) {
    await this.page.getByTestId(`add-keys-${n}`).click();
  }

  async clearKeys() {
    await this.clearKeysButton.click();
  }

  async setRingSize(text) {
    await this.ringSizeInput.fill(String(text));
    await this.ringSizeApply.click();
  }

  async setHash(id) {
    await this.hashSelect.selectOption(id);
  }

  async reset() {
    await this.page.getByTestId('more-open').click();
    await this.resetButton.click();
  }

  /** The canvas's geometry at its current CSS size. */
  async frame() {
    return frameOf(this.canvas);
  }

  /** Clicks the canvas at turn fraction `fraction` and `radius` CSS pixels from its centre. */
  async clickRing(fraction, radius) {
    const frame = await this.frame();
    const point = frame.at(fraction, radius ?? frame.ringRadius());
    await this.canvas.click({ position: point });
  }

  /** The colour the canvas shows at CSS point (x, y), as [r, g, b, a]. */
  async pixel({ x, y }) {
    return this.page.evaluate(
      ({ x, y }) => {
        const canvas = document.querySelector('[data-testid="ring-canvas"]');
        const scale = canvas.width / canvas.getBoundingClientRect().width;
        const data = canvas
          .getContext('2d')
          .getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
        return [...data];
      },
      { x, y },
    );
  }

  /** The engine's own figures for the scenario on screen (the probe hands them over as JSON). */
  async snapshot() {
    const figures = await this.page.evaluate(() => window.wasmBindings.ringlab_snapshot());
    return typeof figures === 'string' ? JSON.parse(figures) : figures;
  }

  /** Every server's share and key count as the page shows them. */
  async panelFigures() {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="row-"]')].map((row) => {
        const name = row.dataset.testid.slice(4);
        return {
          name,
          share: row.querySelector(`[data-testid="share-${CSS.escape(name)}"]`).textContent,
          keys: row.querySelector(`[data-testid="keys-${CSS.escape(name)}"]`).textContent,
        };
      }),
    );
  }

  /** What a refused change must leave alone: the engine's figures and the visible table. */
  async state() {
    return { snapshot: await this.snapshot(), figures: await this.panelFigures() };
  }

  /** Checks that the ownership table shows exactly the engine's shares and key counts. */
  async expectPanelsMatchEngine() {
    const snapshot = await this.snapshot();
    const expected = snapshot.servers.map((s) => ({
      name: s.name,
      share: percent(s.share),
      keys: grouped(s.keys),
    }));
    expect(await this.panelFigures(), 'the table shows the engine figures').toEqual(expected);
    return snapshot;
  }

  async axe() {
    return new AxeBuilder({ page: this.page }).analyze();
  }
}

/** The page's percentage format: one decimal at most, no trailing ".0". */
export function percent(fraction) {
  const text = (fraction * 100).toFixed(1);
  return (text.endsWith('.0') ? text.slice(0, -2) : text) + '%';
}

/** The page's thousands format. */
export function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const ringlabBinary = fileURLToPath(new URL('../../target/debug/ringlab', import.meta.url));

/**
 * Runs the native `ringlab experiment` command with `args` (plus --json) and returns its report.
 * `input` is fed to standard input, for --keys-file -.
 */
export function experiment(args, input) {
  const out = execFileSync(ringlabBinary, ['experiment', ...args, '--json'], {
    input,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

/** Runs the native `ringlab plan` command with `args` (plus --json) and returns its plan. */
export function plan(args, input) {
  const out = execFileSync(ringlabBinary, ['plan', ...args, '--json'], {
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return JSON.parse(out);
}

export const test = base.extend({
  ring: async ({ page }, use) => {
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(new RingPage(page));
    expect(problems, 'the page logged errors').toEqual([]);
  },
  // Starts a server of the test's own (see serve.mjs for the options) on a free port; every one
  // it started is closed when the test ends.
  host: async ({}, use) => {
    const servers = [];
    await use(async (options) => {
      const server = await serve(options);
      servers.push(server);
      return server;
    });
    await Promise.all(servers.map((server) => server.close()));
  },
});

/**
 * Waits until the service worker has stored this build and controls the page: from then on the
 * page opens with the network off.
 */
export async function untilReadyOffline(page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return Boolean(navigator.serviceWorker.controller && registration?.active?.state === 'activated');
        }),
      { message: 'the service worker controls the page', timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * In the page, from now on (or from its next load when `beforeLoad`), notes at each frame it
 * draws the value of every `<progress>` matching `selector`, named by its nearest test id.
 */
export async function watchProgress(page, selector, { beforeLoad = false } = {}) {
  const watch = (selector) => {
    window.framesSaw = new Set();
    const sample = () => {
      for (const bar of document.querySelectorAll(selector)) {
        window.framesSaw.add(`${bar.closest('[data-testid]')?.dataset.testid ?? ''} ${bar.value} of ${bar.max}`);
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  };
  if (beforeLoad) await page.addInitScript(watch, selector);
  else await page.evaluate(watch, selector);
}

/** What the frames noted by `watchProgress` showed: all of it, and those partly done. */
export async function framesSeen(page) {
  const seen = await page.evaluate(() => [...window.framesSaw]);
  const partly = seen.filter((s) => {
    const [, done, total] = /(\d+) of (\d+)$/.exec(s).map(Number);
    return done > 0 && done < total;
  });
  return { seen, partly };
}

export { expect };

/**
 * Opens every part of the page that arrives on first use (src/ui/kit/lazy.rs), each for the first
 * time, and checks that it shows: the four other views, a lesson, the selected key, the Share
 * menu's snippet, the shortcut list and Predict first. Ends on the ring view, Predict first off.
 */
export async function openEveryPart(ring) {
  const { page } = ring;
  const views = [
    ['Compare', 'compare-figures'],
    ['Traffic', 'traffic-panel'],
    ['Timeline', 'timeline-chart'],
    ['Practice', 'practice-view'],
  ];
  for (const [name, shows] of views) {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByTestId(shows)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Ring', exact: true }).click();
  await page.getByTestId('lesson-select').selectOption('teaching-ring');
  await expect(page.getByTestId('lesson-narration')).toBeVisible();
  await page.getByTestId('lesson-close').click();
  await ring.selectKey('@52');
  await expect(ring.keyOwner).toHaveText('C');
  await page.getByTestId('share-open').click();
  await page.getByTestId('embed-open').click();
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/embed=1/);
  await page.keyboard.press('Escape');
  await page.getByTestId('more-open').click();
  await page.getByTestId('shortcuts-open').click();
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('predict-toggle').click();
  await page.getByTestId('add-server').click();
  await expect(page.getByTestId('predict-dialog').getByTestId('q-prompt')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('predict-toggle').click();
  await expect(page.getByTestId('part-loading')).toHaveCount(0);
  await expect(page.getByTestId('part-failed')).toHaveCount(0);
}

/**
 * The owner of a key on a question's setting, worked out by hand the naive way: servers placed
 * by hand at one position each, keys at their position, each key owned by the first server at
 * or after it, clockwise.
 */
export function naiveOwner(setting, prompt) {
  const servers = /servers (.*?);/.exec(setting)[1]
    .split(/, | and /)
    .map((s) => /(\S+) at (\d+)/.exec(s))
    .map((m) => ({ name: m[1], at: Number(m[2]) }))
    .sort((a, b) => a.at - b.at);
  const key = Number(/@(\d+)/.exec(prompt)[1]);
  return (servers.find((s) => s.at >= key) ?? servers[0]).name;
}
