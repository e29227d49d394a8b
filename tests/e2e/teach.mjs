// Helpers for the specs of the teaching, presenting and embedding features: lessons, undo and
// redo, the link, the cache and replica panels, presentation mode, embedding and exports.
import { readFile } from 'node:fs/promises';
import { expect } from './fixtures.mjs';

/** "2,426" → 2426; "—" or an empty text → null. */
export function wholeNumber(text) {
  const digits = String(text ?? '').replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/** "1 of 5" → { moved: 1, of: 5 }. */
export function movedOf(text) {
  const match = /^([\d,]+) of ([\d,]+)$/.exec(String(text).trim());
  if (!match) throw new Error(`not a "moved of keys" figure: ${JSON.stringify(text)}`);
  return { moved: wholeNumber(match[1]), of: wholeNumber(match[2]) };
}

/** "24.3%" → 0.243. */
export function fraction(text) {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(String(text).trim());
  if (!match) throw new Error(`not a percentage: ${JSON.stringify(text)}`);
  return Number(match[1]) / 100;
}

/** The cache panel's formula: reads × (1 − hit) + reads × hit × moved fraction. */
export function databaseReads(reads, hit, moved) {
  return reads * (1 - hit) + reads * hit * moved;
}

/** `value` rounded to the nearest multiple of `to`, as the lessons round their figures. */
export function about(value, to) {
  return Math.round(value / to) * to;
}

/** The lessons, their ids and their step counts, in the order the picker offers them. */
export const LESSONS = [
  { id: 'teaching-ring', title: 'The ring by hand', steps: 6 },
  { id: 'fifth-cache', title: 'Adding a fifth cache', steps: 4 },
  { id: 'virtual-nodes', title: 'Virtual nodes even out the shares', steps: 4 },
  { id: 'node-dies', title: 'When a cache server dies', steps: 7 },
  { id: 'replicas', title: 'Three copies of every key', steps: 4 },
  { id: 'clients-disagree', title: 'Clients that disagree', steps: 5 },
];

/** The starting ring, written as a link. */
export const TEACHING_LINK = '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5';

/**
 * Collects what must never happen on a page that is not the fixture's own: console errors, page
 * errors and dialogs (alert, confirm, prompt). Dialogs are dismissed so the page goes on.
 */
export function watch(page) {
  const problems = [];
  const dialogs = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss().catch(() => {});
  });
  return { problems, dialogs };
}

/**
 * What part of the ring canvas is drawn over its background (the colour of its top-left corner),
 * from 0 to 1.
 */
export function canvasDrawn(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="ring-canvas"]');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const corner = data.slice(0, 4).join();
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}` !== corner) drawn++;
    }
    return drawn / (data.length / 4);
  });
}

/**
 * Elements that markup hidden in a name would create, and attributes that would run script. The
 * page's own scripts are its module loader and its start-up script (web/boot.js, built as
 * boot-<hash>.js).
 */
export function injected(page) {
  return page.evaluate(() => ({
    elements: document.querySelectorAll('img, script:not([type="module"]):not([src^="./boot-"]), svg script, iframe, object, embed').length,
    handlers: document.querySelectorAll('[onerror], [onload], [onclick], [onmouseover]').length,
  }));
}

/** The bytes of a finished download. */
export async function downloaded(download) {
  expect(await download.failure(), 'the download finished').toBeNull();
  return readFile(await download.path());
}

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
export function pngHeader(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)], 'the PNG signature').toEqual(signature);
  expect(bytes.subarray(12, 16).toString('latin1'), 'the first chunk').toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Rows of a CSV text with quoted fields, as arrays of strings. */
export function csvRows(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The parts of the page the teaching features add, beside the RingPage (`ring`) they work with.
 */
export class Teach {
  constructor(ring) {
    this.ring = ring;
    const page = ring.page;
    this.page = page;

    // History and sharing.
    this.undoButton = page.getByTestId('undo');
    this.redoButton = page.getByTestId('redo');
    this.shareOpen = page.getByTestId('share-open');
    this.copyLinkButton = this.shareItem('copy-link');
    this.embedOpen = this.shareItem('embed-open');
    this.embedDialog = page.getByTestId('embed-dialog');
    this.embedSnippet = page.getByTestId('embed-snippet');
    this.presentToggle = page.getByTestId('present-toggle');
    this.shortcutsOpen = page.getByTestId('shortcuts-open');
    this.shortcuts = page.getByTestId('shortcuts');
    this.linkNotices = page.getByTestId('link-notices');

    // Lessons.
    this.lessonSelect = page.getByTestId('lesson-select');
    this.lessonPanel = page.getByTestId('lesson-panel');
    this.lessonStep = page.getByTestId('lesson-step');
    this.lessonNarration = page.getByTestId('lesson-narration');
    this.lessonNext = page.getByTestId('lesson-next');
    this.lessonBack = page.getByTestId('lesson-back');

    // Cache impact.
    this.cacheReads = page.getByTestId('cache-reads');
    this.cacheHit = page.getByTestId('cache-hit');
    this.cacheError = page.locator('#cache-error');
    this.dbBefore = page.getByTestId('db-before');
    this.dbAfterRing = page.getByTestId('db-after-ring');
    this.dbAfterModn = page.getByTestId('db-after-modn');

    // Replicas.
    this.keyCopies = page.getByTestId('key-copies');
    this.failover = page.getByTestId('failover');
    this.replicaPromoted = page.getByTestId('replica-promoted');
    this.replicaLost = page.getByTestId('replica-lost');

    // Exports.
    this.savePng = this.shareItem('save-png');
    this.saveSvg = this.shareItem('save-svg');
    this.saveCsv = this.shareItem('save-csv');
  }

  /**
   * An item of the header's Share menu: clicking it unfolds the menu first when it is folded.
   */
  shareItem(id) {
    const item = this.page.getByTestId(id);
    const open = this.shareOpen;
    return {
      locator: item,
      async click() {
        if (!(await item.isVisible())) await open.click();
        await item.click();
      },
    };
  }

  /** Opens the page on `query` (which starts with "?"), whatever servers it names. */
  async open(query = '') {
    await this.page.goto('/' + query);
    await expect(this.ring.canvas).toBeVisible();
    await expect(this.page.locator('[data-testid^="row-"]').first()).toBeVisible();
  }

  replicas(r) {
    return this.page.getByTestId(`replicas-${r}`);
  }

  /** The button with a server's name in the server list, which selects that server. */
  serverNameButton(name) {
    return this.ring.serverRow(name).getByRole('button', { name, exact: true });
  }

  /** Everything a person sees of the current view: engine figures, table and last change. */
  async view() {
    const { page, ring } = this;
    const text = async (id) => {
      const found = page.getByTestId(id);
      return (await found.count()) > 0 ? (await found.first().textContent()).trim() : null;
    };
    return {
      snapshot: await ring.snapshot(),
      figures: await ring.panelFigures(),
      headline: await text('last-headline'),
      ringMoved: await text('ring-moved'),
      modnMoved: await text('modn-moved'),
      ringMoves: await text('ring-moves'),
      selectedKey: await text('key-label'),
      keyOwner: await text('key-owner'),
    };
  }

  /** Waits until the page shows `expected` (a view()) exactly. */
  async expectView(expected, message) {
    await expect.poll(() => this.view(), { message }).toEqual(expected);
  }

  /** Takes focus out of any field, so that shortcuts reach the page. */
  async blur() {
    await this.page.evaluate(() => {
      if (document.activeElement && document.activeElement !== document.body) {
        document.activeElement.blur();
      }
    });
  }

  /** Presses a shortcut with no field focused. */
  async shortcut(key) {
    await this.blur();
    await this.page.keyboard.press(key);
  }

  /** Waits for the address bar to hold `pattern` and returns the address. */
  async address(pattern) {
    await expect.poll(() => this.page.url(), { message: 'the address bar' }).toMatch(pattern);
    return this.page.url();
  }

  /** Opens lesson `id` at its first step with the picker. */
  async pickLesson(id) {
    await this.lessonSelect.selectOption(id);
    await expect(this.lessonPanel).toBeVisible();
    await expect(this.lessonStep).toHaveText(/^Step 1 of \d+: /);
  }

  /** Waits until the lesson panel shows step `n` of `count`. */
  async expectStep(n, count) {
    await expect(this.lessonStep).toHaveText(new RegExp(`^Step ${n} of ${count}: `));
  }

  /** The last change's moved counts, as numbers. */
  async moved() {
    return {
      ring: movedOf(await this.ring.ringMoved.textContent()),
      modN: movedOf(await this.ring.modnMoved.textContent()),
    };
  }

  /** The names of the selected key's copies, primary first. */
  async copies() {
    const text = (await this.keyCopies.textContent()).trim();
    return text.split(', ').map((name) => name.replace(/ \(primary\)$/, ''));
  }

  /** Types into a cache-panel field and leaves it, which commits the value. */
  async setCache(field, value) {
    await field.fill(String(value));
    await field.press('Tab');
  }

  /** The cache panel's three figures, as numbers (null for "—"). */
  async cacheFigures() {
    return {
      before: wholeNumber(await this.dbBefore.textContent()),
      ring: wholeNumber(await this.dbAfterRing.textContent()),
      modN: wholeNumber(await this.dbAfterModn.textContent()),
    };
  }
}
