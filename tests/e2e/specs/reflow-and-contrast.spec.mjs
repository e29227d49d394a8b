import { test, expect } from '../fixtures.mjs';

/** Every view the page has, as a link. */
const VIEWS = {
  ring: '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60&select=@52',
  compare: '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&then=add:E&view=compare',
  traffic: '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&remedy=copies:3&select=key-1&view=traffic',
  lesson: '?lesson=node-dies&step=2',
  practice: '?view=practice&seed=42',
};

/** How far the page scrolls sideways, and the controls that reach past its right edge. */
function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = [];
    for (const el of document.querySelectorAll('button, input, select, textarea, a[href]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('[hidden]')) continue;
      if (box.right > width + 1 || box.left < -1) clipped.push(el.dataset.testid ?? el.textContent.trim());
    }
    return { scroll: document.documentElement.scrollWidth - width, clipped };
  });
}

/** Pointer targets smaller than 24 × 24 CSS pixels (WCAG 2.5.8). */
function smallTargets(page) {
  return page.evaluate(() => {
    const small = [];
    for (const el of document.querySelectorAll('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A control drawn as another element (a file input behind its label) is not the target.
      if (getComputedStyle(el).opacity === '0') continue;
      if (box.width < 24 || box.height < 24) {
        small.push(`${el.dataset.testid ?? el.textContent.trim().slice(0, 20)} ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
      }
    }
    return small;
  });
}

test.describe('at 320 CSS pixels wide (1280 at 400% zoom)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const [view, link] of Object.entries(VIEWS)) {
    test(`the ${view} view reflows into one column: no sideways scroll, no clipped control`, async ({ ring }) => {
      await ring.open(link);
      await ring.page.waitForTimeout(300);
      expect(await overflow(ring.page)).toEqual({ scroll: 0, clipped: [] });
    });
  }
});

test('text spacing raised as WCAG 1.4.12 allows breaks no layout, wide or narrow', async ({ ring }) => {
  const { page } = ring;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const link of Object.values(VIEWS)) {
      await ring.open(link);
      // Through the style sheet's own rules: the page's Content Security Policy refuses inline
      // style elements.
      await page.evaluate(() => {
        const sheet = document.styleSheets[0];
        sheet.insertRule('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }', sheet.cssRules.length);
        sheet.insertRule('p { margin-bottom: 2em !important; }', sheet.cssRules.length);
      });
      await page.waitForTimeout(200);
      const result = await overflow(page);
      expect(result.scroll, `${link} at ${width}`).toBe(0);
      // No button's text spills out of it.
      const spilled = await page.evaluate(() =>
        [...document.querySelectorAll('button')]
          .filter((b) => b.offsetParent && b.scrollWidth > b.clientWidth + 1)
          .map((b) => b.dataset.testid ?? b.textContent.trim()),
      );
      expect(spilled, `${link} at ${width}`).toEqual([]);
    }
  }
});

for (const [width, height] of [[1280, 720], [375, 812]]) {
  test(`every pointer target is at least 24 × 24 CSS pixels at ${width}×${height}`, async ({ ring }) => {
    await ring.page.setViewportSize({ width, height });
    for (const [view, link] of Object.entries(VIEWS)) {
      await ring.open(link);
      await ring.page.getByTestId('share-open').click();
      expect(await smallTargets(ring.page), view).toEqual([]);
    }
  });
}

test.describe('in forced colours (high contrast)', () => {
  test.use({ forcedColors: 'active' });

  test('servers are told apart by the dash pattern of their arcs, which their swatches repeat', async ({ ring }) => {
    const { page } = ring;
    await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    const frame = await ring.frame();
    const background = (await ring.pixel({ x: 3, y: 3 })).slice(0, 3);
    // Many samples along an arc: how many show the background through the dashes.
    const gaps = async (from, to) => {
      let count = 0;
      for (let i = 0; i <= 60; i++) {
        const f = (from + ((to - from) * i) / 60) % 1;
        const [r, g, b] = await ring.pixel(frame.at(f, frame.ringRadius()));
        if (Math.max(Math.abs(r - background[0]), Math.abs(g - background[1]), Math.abs(b - background[2])) < 40) count++;
      }
      return count;
    };
    // A (slot 0) owns 75..10 through the top and is drawn solid; B (slot 1) owns 10..40, dashed.
    await expect.poll(() => gaps(0.8, 1.05)).toBe(0);
    expect(await gaps(0.13, 0.37)).toBeGreaterThan(5);
    // The swatches show three different patterns.
    const patterns = await page
      .locator('.server-list .swatch')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundImage));
    expect(new Set(patterns).size).toBe(3);
  });

  test('focus stays visible, and axe finds no violations on any view', async ({ ring }) => {
    const { page } = ring;
    for (const link of Object.values(VIEWS)) {
      await ring.open(link);
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
      expect(outline).not.toBe('none');
      const violations = (await ring.axe()).violations.map((v) => `${v.id}: ${v.nodes.length}`);
      expect(violations, link).toEqual([]);
    }
  });
});

test.describe('with reduced motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing on the page animates after a change, on any view', async ({ ring }) => {
    const { page } = ring;
    for (const link of Object.values(VIEWS)) {
      await ring.open(link);
      // A server joins (the A shortcut): keys move, which would start the pulse.
      await page.keyboard.press('a');
      await expect(ring.headline.or(page.getByTestId('compare-headline')).first()).toContainText('added');
      const running = await page.evaluate(() => document.getAnimations().length);
      expect(running, link).toBe(0);
      // The canvas draws no pulse: two frames apart it is the same picture.
      const still = await page.evaluate(async () => {
        const c = document.querySelector('[data-testid="ring-canvas"]');
        if (!c || !c.offsetParent) return true;
        const a = c.toDataURL();
        await new Promise((r) => setTimeout(r, 150));
        return a === c.toDataURL();
      });
      expect(still, link).toBe(true);
    }
  });
});
