// The page object for Ringlab's browser tests, and a fixture that fails any test during
// which the page logged a console error or threw.
import { test as base, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

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
  }

  async open(query = '') {
    await this.page.goto('/' + query);
    await expect(this.canvas).toBeVisible();
    await expect(this.share('A')).toBeVisible();
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

  async selectKey(label) {
    await this.page.getByTestId(`key-${label}`).click();
  }

  /** The engine's own figures for the scenario on screen. */
  async snapshot() {
    return JSON.parse(await this.page.evaluate(() => window.wasmBindings.ringlab_snapshot()));
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
});

export { expect };
