// A seeded random walk over an article of figures (examples/figures.html): every control of
// every figure (inside their shadow roots) and of the text (buttons that change figures),
// hostile values typed into the figures' fields, rings clicked, pointed at and walked with the
// keyboard, the page scrolled both ways past the text's steps, figures' links changed to
// tampered ones, reloads, phone and desktop widths, both colour schemes.
// scripts/random-walk.mjs --article runs it for thousands of actions over several seeds; the
// browser suite runs a short one (specs/figures-walk.spec.mjs). The same seed gives the same walk.

import { KEYS, VALUES, mulberry32 } from './walk.mjs';

/** Links a figure's `link` attribute is set to now and then: ordinary and tampered ones. */
const FIGURE_LINKS = [
  'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5',
  'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60',
  'ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000',
  'ring=2^32&servers=a*3,b,c&placement=maglev',
  'ring=ten&vnodes=0&servers=A@10,A@20,<b>,B@400&keys=@52,@999&gen=x&then=explode',
  '',
  '%%%',
  `servers=${'s,'.repeat(300)}`,
  'ring=100&servers=A@10&select=@11&present=1',
];

/**
 * Runs `actions` actions from `seed` on `page` (already showing the article at `url`). `log`
 * receives one line per action. Returns counts by kind of action. `shouldStop()` is asked before
 * each action (the caller stops at the first error).
 */
export async function walkArticle(page, { seed, actions, url, log, shouldStop = () => false }) {
  const random = mulberry32(seed);
  const int = (n) => Math.floor(random() * n);
  const pick = (items) => items[int(items.length)];
  const chance = (p) => random() < p;
  const quick = { timeout: 2_000 };
  const stats = { byKind: {} };
  const answer = (promise, what, seconds = 60) => {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the page did not answer ${what} within ${seconds} s`)), seconds * 1000);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  };

  /** Every control a reader could use now, in the text and inside each live figure, numbered. */
  const controls = () =>
    answer(
      page.evaluate(() => {
        const found = [];
        const shown = (el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden]');
        };
        const visit = (root) => {
          for (const el of root.querySelectorAll('*')) {
            if (el.shadowRoot) visit(el.shadowRoot);
            if (!el.matches('button, input, select, textarea, canvas, summary, [tabindex="0"]')) continue;
            if (!shown(el) || el.disabled) continue;
            const n = found.length;
            el.dataset.walk = String(n);
            found.push({
              n,
              tag: el.tagName.toLowerCase(),
              type: el.getAttribute('type') ?? '',
              figure: el.getRootNode().host?.id ?? '',
              name: (el.getAttribute('aria-label') || el.dataset.testid || el.textContent || el.id || '').trim().replace(/\s+/g, ' ').slice(0, 40),
              options: el.tagName === 'SELECT' ? [...el.options].map((o) => o.value) : [],
            });
          }
        };
        visit(document);
        return found;
      }),
      'which controls it shows',
    );
  const handle = (n) => page.locator(`[data-walk="${n}"]`);

  for (let step = 1; step <= actions; step++) {
    if (shouldStop()) break;
    const kind = (() => {
      const r = random();
      if (r < 0.5) return 'control';
      if (r < 0.6) return 'hover';
      if (r < 0.72) return 'key';
      if (r < 0.9) return 'scroll';
      if (r < 0.94) return 'attribute';
      if (r < 0.96) return 'reload';
      return 'preferences';
    })();
    stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
    try {
      await answer(act(kind, step), `action #${step}`, 150);
    } catch (error) {
      if (error.message.startsWith('the page did not')) throw error;
      log(`   (${error.message.split('\n')[0].slice(0, 100)})`);
    }
  }
  return stats;

  async function act(kind, step) {
    if (kind === 'control') {
      const list = await controls();
      if (list.length === 0) return;
      const c = pick(list);
      const target = handle(c.n);
      const where = c.figure ? ` in #${c.figure}` : ' in the text';
      if (c.tag === 'select') {
        const value = pick(c.options);
        log(`#${step} select "${c.name}"${where} = ${JSON.stringify(value)}`);
        await target.selectOption(value, quick);
      } else if (c.tag === 'input' && ['checkbox', 'radio'].includes(c.type)) {
        log(`#${step} check "${c.name}"${where}`);
        await target.click({ ...quick, force: true });
      } else if (c.tag === 'input' || c.tag === 'textarea') {
        const value = pick(VALUES);
        const enter = chance(0.6);
        log(`#${step} fill "${c.name}"${where} with ${JSON.stringify(value.length > 60 ? `${value.slice(0, 20)}…(${value.length})` : value)}${enter ? ' + Enter' : ' + change'}`);
        await target.fill(value, quick);
        if (enter) await target.press('Enter', quick);
        else await target.dispatchEvent('change', undefined, quick);
      } else if (c.tag === 'canvas') {
        const box = await target.boundingBox(quick);
        if (!box) return;
        const x = random() * box.width;
        const y = random() * box.height;
        log(`#${step} click the ring${where} at ${(x / box.width).toFixed(2)},${(y / box.height).toFixed(2)}`);
        await target.click({ position: { x, y }, ...quick, force: true });
      } else {
        log(`#${step} click ${c.tag} "${c.name}"${where}`);
        await target.click({ ...quick, force: true });
      }
    } else if (kind === 'hover') {
      const canvases = page.locator('ringlab-figure canvas');
      const n = await canvases.count();
      if (n === 0) return;
      const box = await canvases.nth(int(n)).boundingBox(quick).catch(() => null);
      if (!box) return;
      const moves = 2 + int(6);
      log(`#${step} point at a ring, ${moves} moves`);
      for (let i = 0; i < moves; i++) {
        await page.mouse.move(box.x + random() * box.width, box.y + random() * box.height);
      }
    } else if (kind === 'key') {
      const key = pick(KEYS);
      const canvases = page.locator('ringlab-figure canvas');
      const n = await canvases.count();
      if (n > 0 && chance(0.5)) {
        const i = int(n);
        log(`#${step} focus ring ${i}, key ${key}`);
        await canvases.nth(i).focus(quick);
      } else {
        log(`#${step} key ${key}`);
      }
      await page.keyboard.press(key);
    } else if (kind === 'scroll') {
      const how = pick(['down', 'down', 'up', 'up', 'top', 'bottom']);
      const by = Math.round((0.2 + random() * 1.3) * 720);
      log(`#${step} scroll ${how === 'down' || how === 'up' ? `${how} ${by} px` : `to the ${how}`}`);
      await page.evaluate(([how, by]) => {
        if (how === 'down') window.scrollBy(0, by);
        else if (how === 'up') window.scrollBy(0, -by);
        else if (how === 'top') window.scrollTo(0, 0);
        else window.scrollTo(0, document.documentElement.scrollHeight);
      }, [how, by]);
      // The text's steps follow the scroll at the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    } else if (kind === 'attribute') {
      const link = pick(FIGURE_LINKS);
      const figures = await page.locator('ringlab-figure').count();
      if (figures === 0) return;
      const i = int(figures);
      log(`#${step} set figure ${i}'s link to ${JSON.stringify(link.length > 60 ? `${link.slice(0, 40)}…(${link.length})` : link)}`);
      await page.evaluate(([i, link]) => { document.querySelectorAll('ringlab-figure')[i].link = link; }, [i, link]);
    } else if (kind === 'reload') {
      log(`#${step} reload`);
      await page.goto(url, { timeout: 60_000 });
    } else {
      const colorScheme = pick(['light', 'dark']);
      const width = pick([1280, 768, 375]);
      log(`#${step} ${width} px wide, ${colorScheme} colours`);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: width === 375 ? 812 : 720 });
    }
  }
}
