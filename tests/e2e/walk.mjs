// A seeded random walk over the whole page: every view, every control on screen, the ring
// clicked and pointed at, the keyboard's shortcuts, and hostile values typed into every field.
// scripts/random-walk.mjs runs it for thousands of actions over several seeds; the browser
// suite runs a short one (specs/walk-every-view.spec.mjs). The same seed gives the same walk.

/** A small seeded generator (mulberry32). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values typed into fields: ordinary ones, edge cases, and hostile ones. */
export const VALUES = [
  '', ' ', '0', '1', '2', '3', '5', '10', '42', '60', '99', '100', '101', '1000', '1001', '65537', '1021',
  '2^32', '2^16', '4294967295', '4294967296', '4294967311', '99999999999', '1e3', '1e999', '-1', '-0',
  '2.5', '1.25', '0.9', '3.01', 'NaN', 'Infinity', 'abc', 'ten', 'Z9', '3.5', 'ñ漢字🙂', '<b>bold</b>',
  '"quoted"', "it's", 'a,b', 'a b', 'A@1', 'x*3', 'D@60', 'E*2', '@52', '@-3', '@', 'user:7', 'key-12',
  'zipf:1.1', 'copies:3', 'add:D@60', 'remove:B', '?ring=7', '%00', '\u0000', '\u202e', '   padded   ',
  'x'.repeat(41), 'y'.repeat(5000), '9'.repeat(400), 'tokyo', 'osaka', 'web1', 'cache',
];

/** Keys pressed: the page's shortcuts, the keyboard's own, and a few that do nothing. */
export const KEYS = [
  'a', 'x', 'k', 'v', 'z', 'Z', 'n', 'b', 'p', 'r', '?', 'Escape', 'Enter', 'Tab', 'Shift+Tab', ' ',
  'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Delete', 'Control+z', 'Control+y',
  'Control+Shift+Z', 'q', '1', '+', 'f', 'PageDown', 'PageUp', '.', 'B',
];

/** Links opened now and then: lessons' and tampered ones. */
const LINKS = [
  '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000',
  '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60',
  '?ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&r=3&gen=1000&keys=user:7,user:21&select=user:7',
  '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=fail:C',
  '?ring=ten&vnodes=0&servers=A@10,A@20,<b>,B@400,C@75&keys=@52,@52,@999&gen=x&then=explode',
  '?ring=2^32&servers=a*10,b&placement=table',
  '?ring=2^32&servers=a*3,b,c&placement=maglev&view=compare',
  '?servers=A,B,C&traffic=zipf:1.1&hot=key-0*1000&gen=500&view=traffic',
  '?view=practice&seed=7',
  '?ring=2^32&vnodes=1000&servers=A,B,C,D,E,F&gen=100000',
  `?servers=${'s,'.repeat(600)}&keys=${'k,'.repeat(3000)}`,
  '?ring=2^32&servers=A,B,C,D&placement=jump&then=remove:B',
  '?placement=ketama&ring=100&vnodes=7',
  '?embed=1&panels=last,ownership,key,servers,keys,placement,compare,traffic,timeline,sweeps',
];

/**
 * Runs `actions` actions from `seed` on `page` (already showing the app at `base`). `log`
 * receives one line per action. Returns counts by kind of action and by view.
 * `shouldStop()` is asked before each action (the caller stops at the first error).
 */
export async function walk(page, { seed, actions, base, log, shouldStop = () => false, keyCap = 150_000 }) {
  const random = mulberry32(seed);
  const int = (n) => Math.floor(random() * n);
  const pick = (items) => items[int(items.length)];
  const chance = (p) => random() < p;
  const quick = { timeout: 2_000 };
  const stats = { byKind: {}, byView: {} };
  const count = (table, key) => (table[key] = (table[key] ?? 0) + 1);
  // The page's own answers are bounded: a page that stops answering ends the walk with that
  // finding, instead of holding it until the test's own time runs out.
  const answer = (promise, what, seconds = 60) => {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the page did not answer ${what} within ${seconds} s`)), seconds * 1000);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  };

  const view = async () =>
    answer(
      page.evaluate(() => {
        if (document.querySelector('[data-testid="embed"]')) return 'embed';
        const current = document.querySelector('.views [aria-current="page"]');
        return current ? current.dataset.testid.replace('view-', '') : 'none';
      }),
      'which view is shown',
    ).catch((error) => (error.message.startsWith('the page did not') ? Promise.reject(error) : 'none'));
  const keys = async () =>
    answer(
      page.evaluate(() => {
        const s = window.wasmBindings?.ringlab_snapshot?.();
        return s ? JSON.parse(s)?.keys ?? 0 : 0;
      }),
      'how many keys it holds',
    ).catch((error) => (error.message.startsWith('the page did not') ? Promise.reject(error) : 0));

  /** Everything a person could use now, described for the log. */
  async function controls() {
    return answer(page.evaluate(() => {
      const shown = (el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden]');
      };
      const all = [...document.querySelectorAll('button, input, select, textarea, canvas, a[href], [tabindex="0"]')];
      return all
        .map((el, index) => ({ el, index }))
        .filter(({ el }) => shown(el) && !el.disabled)
        .filter(({ el }) => el.tagName !== 'A' || /^[?#.]/.test(el.getAttribute('href')))
        .map(({ el, index }) => ({
          index,
          tag: el.tagName.toLowerCase(),
          type: el.getAttribute('type') ?? '',
          name: (
            el.getAttribute('aria-label') ||
            el.dataset.testid ||
            el.textContent ||
            el.getAttribute('placeholder') ||
            el.id ||
            ''
          )
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 40),
          options: el.tagName === 'SELECT' ? [...el.options].map((o) => o.value) : [],
        }));
    }), 'which controls it shows');
  }
  const handle = (index) =>
    page.locator('button, input, select, textarea, canvas, a[href], [tabindex="0"]').nth(index);

  for (let step = 1; step <= actions; step++) {
    if (shouldStop()) break;
    count(stats.byView, await view());
    if ((await keys()) > keyCap) {
      log(`#${step} clear keys (over ${keyCap})`);
      await page.keyboard.press('Escape').catch(() => {});
      await page.getByTestId('clear-keys').click(quick).catch(() => {});
      continue;
    }
    const kind = (() => {
      const r = random();
      if (r < 0.5) return 'control';
      if (r < 0.62) return 'hover';
      if (r < 0.8) return 'key';
      if (r < 0.9) return 'view';
      if (r < 0.93) return 'link';
      if (r < 0.96) return 'history';
      return 'preferences';
    })();
    count(stats.byKind, kind);
    try {
      await answer(act(kind, step), `action #${step}`, 150);
    } catch (error) {
      // A page that stopped answering ends the walk with that finding.
      if (error.message.startsWith('the page did not')) throw error;
      // A control that went away or stayed busy: the page's answer to it is what counts, and
      // an error in the page is caught by its console, not here.
      log(`   (${error.message.split('\n')[0].slice(0, 100)})`);
    }
  }
  return stats;

  /** One action of kind `kind`, logged as step `step`. */
  async function act(kind, step) {
    if (kind === 'control') {
      const list = await controls();
      if (list.length === 0) return;
      const c = pick(list);
      const target = handle(c.index);
      if (c.tag === 'select') {
        const value = pick(c.options);
        log(`#${step} select "${c.name}" = ${JSON.stringify(value)}`);
        await target.selectOption(value, quick);
      } else if (c.tag === 'input' && ['checkbox', 'radio'].includes(c.type)) {
        log(`#${step} check "${c.name}"`);
        await target.click({ ...quick, force: true });
      } else if (c.tag === 'input' || c.tag === 'textarea') {
        const value = pick(VALUES);
        const enter = chance(0.6);
        log(`#${step} fill "${c.name}" with ${JSON.stringify(value.length > 60 ? `${value.slice(0, 20)}…(${value.length})` : value)}${enter ? ' + Enter' : ' + change'}`);
        await target.fill(value, quick);
        if (enter) await target.press('Enter', quick);
        else await target.dispatchEvent('change', undefined, quick);
      } else if (c.tag === 'canvas') {
        const box = await target.boundingBox(quick);
        if (!box) return;
        const x = random() * box.width;
        const y = random() * box.height;
        log(`#${step} click canvas "${c.name}" at ${(x / box.width).toFixed(2)},${(y / box.height).toFixed(2)}`);
        await target.click({ position: { x, y }, ...quick, force: true });
      } else {
        log(`#${step} click ${c.tag} "${c.name}"`);
        await target.click({ ...quick, force: true });
      }
    } else if (kind === 'hover') {
      const canvas = page.locator('canvas:visible').first();
      const box = await canvas.boundingBox(quick).catch(() => null);
      if (!box) return;
      const moves = 2 + int(6);
      log(`#${step} point at the ring, ${moves} moves`);
      for (let i = 0; i < moves; i++) {
        await page.mouse.move(box.x + random() * box.width, box.y + random() * box.height);
      }
      if (chance(0.3)) await page.mouse.move(0, 0);
    } else if (kind === 'key') {
      const key = pick(KEYS);
      log(`#${step} key ${key}`);
      await page.keyboard.press(key);
    } else if (kind === 'view') {
      const views = page.locator('[data-testid^="view-"]');
      const n = await views.count();
      if (n === 0) return;
      const i = int(n);
      log(`#${step} view ${(await views.nth(i).getAttribute('data-testid')) ?? i}`);
      await views.nth(i).click({ ...quick, force: true });
    } else if (kind === 'link') {
      const link = pick(LINKS);
      log(`#${step} open ${link.length > 120 ? `${link.slice(0, 100)}…(${link.length})` : link}`);
      await page.goto(base + link, { timeout: 60_000 });
      await page.locator('canvas').first().waitFor({ state: 'attached', timeout: 30_000 });
    } else if (kind === 'history') {
      const which = pick(['back', 'forward', 'reload']);
      log(`#${step} ${which}`);
      if (which === 'back') await page.goBack({ timeout: 60_000 }).catch(() => {});
      else if (which === 'forward') await page.goForward({ timeout: 60_000 }).catch(() => {});
      else await page.reload({ timeout: 60_000 });
      await page.locator('canvas').first().waitFor({ state: 'attached', timeout: 30_000 }).catch(() => {});
    } else {
      const reducedMotion = chance(0.5) ? 'reduce' : 'no-preference';
      const colorScheme = pick(['light', 'dark']);
      const width = pick([1280, 1280, 375, 820]);
      log(`#${step} ${width} px wide, prefers ${reducedMotion} motion, ${colorScheme} colours`);
      await page.emulateMedia({ reducedMotion, colorScheme });
      await page.setViewportSize({ width, height: width === 375 ? 812 : 720 });
    }
  }
}
