import { test, expect } from '../fixtures.mjs';

const VIEWPORTS = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 375, height: 812 },
};

/** An exercise set: who owns @95, and which keys move when D joins lesson 000's ring at 60. */
const SET =
  '1.cmluZz0xMDAmc2VydmVycz1BQDIwLEJANTAsQ0A4MCZrZXlzPUA5NSZhc2s9b3duZXIma2V5PUA5NQ' +
  '.cmluZz0xMDAmc2VydmVycz1BQDEwLEJANDAsQ0A3NSZrZXlzPUA5MCxANTIsQDY4LEAyNSxANSZhc2s9bW92ZXMmY2hhbmdlPWFkZDpEQDYw';

/** axe's violations, reduced to what a reader needs: rule, impact, and where. */
function summary(violations) {
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** The starting screen, then a server added and a key selected. */
async function addServerAndSelectKey(ring) {
  await ring.addServer('D', 60);
  await expect(ring.row('D')).toBeVisible();
  await ring.selectKey('@52');
  await expect(ring.keyPanel).toBeVisible();
}

for (const scheme of ['light', 'dark']) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${scheme} colours at ${viewport.width}×${viewport.height}`, () => {
      test.use({ colorScheme: scheme, viewport });

      test('axe finds no violations on the starting screen nor after adding a server and selecting a key', async ({ ring }) => {
        await ring.open();
        expect(
          await ring.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
        ).toBe(scheme === 'dark');
        expect(summary((await ring.axe()).violations), 'on the starting screen').toEqual([]);
        await addServerAndSelectKey(ring);
        expect(summary((await ring.axe()).violations), 'after a change and a selection').toEqual([]);
      });

      test('axe finds no violations in the Compare view nor with a placement\'s settings open', async ({ ring }) => {
        const { page } = ring;
        await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60&placement=maglev&select=@52');
        await expect(page.getByTestId('maglev-size')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with maglev chosen').toEqual([]);
        await page.getByTestId('view-compare').click();
        await expect(page.locator('[data-testid^="compare-row-"]')).toHaveCount(9);
        expect(summary((await ring.axe()).violations), 'in the Compare view').toEqual([]);
        await page.getByTestId('share-open').click();
        await expect(page.getByTestId('copy-link')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with the Share menu open').toEqual([]);
      });

      test('axe finds no violations in Your data with a preview and a refusal, nor with the server list open, nor with popularity from the data', async ({ ring }) => {
        const { page } = ring;
        await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D');
        await page.getByTestId('your-data').locator('summary').click();
        await page.getByTestId('data-format').selectOption('csv');
        await page.getByTestId('data-key-column').fill('user');
        await page.getByTestId('data-count-column').fill('hits');
        await page.getByTestId('data-paste').fill('user,hits\nalice,30\nbob,x\ncarol,12\nalice,4\n');
        await page.getByTestId('data-read-pasted').click();
        await expect(page.getByTestId('data-preview')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with the preview').toEqual([]);
        await page.getByTestId('data-use').click();
        await page.getByTestId('data-file').setInputFiles({ name: 'x.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 1, 2]) });
        await expect(page.getByTestId('data-error')).toBeVisible();
        await page.getByTestId('paste-servers').locator('summary').click();
        expect(summary((await ring.axe()).violations), 'with a refusal and the server list').toEqual([]);
        await page.getByTestId('view-traffic').click();
        await expect(page.getByTestId('popularity-data')).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByTestId('popularity-fit')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with popularity from the data').toEqual([]);
      });

      test('axe finds no violations in the Traffic view, with Zipf, a hot key, remedies and a refusal', async ({ ring }) => {
        const { page } = ring;
        await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&remedy=copies:3&traffic=zipf:1.1&select=key-1&view=traffic&then=remove:A');
        await expect(page.getByTestId('traffic-panel')).toBeVisible();
        await expect(page.getByTestId('zipf-s')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'in the Traffic view').toEqual([]);
        await page.getByTestId('remedy-top').fill('0');
        await page.getByTestId('remedy-top').press('Enter');
        await expect(page.getByTestId('traffic-error')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with a refused setting').toEqual([]);
      });

      test('axe finds no violations in Practice, on a marked question, a set\'s summary, a lesson question and Predict first', async ({ ring }) => {
        const { page } = ring;
        await page.goto('/?view=practice&seed=42');
        await expect(page.getByTestId('question')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'in the Practice view').toEqual([]);
        await page.getByTestId('add-to-set').click();
        await expect(page.getByTestId('set-builder')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with an exercise set being built').toEqual([]);

        await page.goto(`/?quiz=${SET}`);
        await page.getByTestId('question').getByRole('radio').first().check();
        await page.getByTestId('q-check').click();
        await expect(page.getByTestId('q-verdict')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'on a marked question').toEqual([]);
        await page.getByTestId('set-next').click();
        await page.getByTestId('q-key-@52').check();
        await page.getByTestId('q-check').click();
        await expect(page.getByTestId('q-grade-@52')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'on marked keys').toEqual([]);
        await page.getByTestId('set-next').click();
        await expect(page.getByTestId('set-summary')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'on the summary').toEqual([]);

        await ring.open('?lesson=teaching-ring&step=2');
        await expect(page.getByTestId('lesson-question').first()).toBeVisible();
        expect(summary((await ring.axe()).violations), 'on a lesson question').toEqual([]);

        await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
        await page.getByTestId('predict-toggle').click();
        await ring.addServer('D', 60);
        await expect(page.getByTestId('predict-dialog')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'asking before a change').toEqual([]);
      });

      test('axe finds no violations in the lesson player, on a ring step and a Timeline step, in presentation mode, on the Timeline\'s story and in the shortcut list', async ({ ring }) => {
        const { page } = ring;
        await ring.open('?lesson=teaching-ring&step=5');
        await expect(page.getByTestId('lesson-question')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'on a lesson step with a question').toEqual([]);
        await ring.open('?lesson=node-dies&step=7');
        await expect(page.getByTestId('timeline-chart')).toBeVisible();
        await expect(page.getByTestId('lesson-next')).toHaveText('Finish');
        expect(summary((await ring.axe()).violations), 'on the last step, on the Timeline').toEqual([]);
        await ring.open('?lesson=teaching-ring&step=4&present=1');
        await expect(page.locator('body')).toHaveClass(/\bpresent\b/);
        expect(summary((await ring.axe()).violations), 'in presentation mode').toEqual([]);
        await page.getByTestId('controls-toggle').click();
        await expect(page.locator('#controls')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with the controls unfolded').toEqual([]);
        await ring.open('?view=timeline');
        await expect(page.getByTestId('timeline-story')).toBeVisible();
        await page.getByTestId('spread-explain').evaluate((el) => { el.open = true; });
        expect(summary((await ring.axe()).violations), 'on the Timeline\'s story').toEqual([]);
        await page.keyboard.press('Tab');
        await expect(page.getByTestId('skip-to-ring')).toBeFocused();
        await page.getByTestId('more-open').click();
        await page.getByTestId('shortcuts-open').click();
        await expect(page.getByTestId('single-keys')).toBeVisible();
        expect(summary((await ring.axe()).violations), 'with the shortcut list open').toEqual([]);
      });

      test('axe finds no violations in the Timeline view, with a restart, clients that disagree, its tables open and a refusal', async ({ ring }) => {
        const { page } = ring;
        await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&restart=60&gossip=10&writes=500');
        await page.getByTestId('view-timeline').click();
        await expect(page.getByTestId('timeline-peak')).toBeVisible();
        await expect(page.getByTestId('sweep-servers-progress')).toHaveCount(0, { timeout: 20_000 });
        for (const summary of await page.locator('.chart-table summary').all()) await summary.click();
        await page.getByTestId('timeline-chart').locator('.chart-box').focus();
        await page.keyboard.press('ArrowRight');
        expect(summary((await ring.axe()).violations), 'in the Timeline view').toEqual([]);
        await page.getByTestId('gossip').fill('999');
        await page.getByTestId('gossip').press('Enter');
        await expect(page.getByTestId('timeline-error')).not.toBeEmpty();
        expect(summary((await ring.axe()).violations), 'with a refused setting').toEqual([]);
      });
    });
  }
}

/** Visible elements whose own text is smaller than `min` CSS pixels (the canvas aside). */
function smallText(page, min) {
  return page.evaluate((min) => {
    const small = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('canvas, .sr-only')) continue;
      const ownText = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent.trim())
        .join(' ')
        .trim();
      if (!ownText) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility !== 'visible' || box.width === 0 || box.height === 0) continue;
      const size = parseFloat(style.fontSize);
      if (size < min) small.push(`${size}px ${el.tagName.toLowerCase()}.${el.className}: ${ownText.slice(0, 40)}`);
    }
    return small;
  }, min);
}

test.describe('on a 375×812 phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the page never scrolls sideways', async ({ ring }) => {
    await ring.open();
    const width = () => ring.page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(375);
    await addServerAndSelectKey(ring);
    expect(await width()).toBeLessThanOrEqual(375);
    // Long names and many moved keys must wrap, not widen the page.
    await ring.addKey('a-rather-long-key-name-that-goes-on-and-on');
    await ring.addServer('hiroshima');
    await expect(ring.row('hiroshima')).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(375);
  });

  test('the Timeline view neither scrolls sideways nor shows text under 14px', async ({ ring }) => {
    await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&restart=60&gossip=10');
    await ring.page.getByTestId('view-timeline').click();
    await expect(ring.page.getByTestId('timeline-peak')).toBeVisible();
    await expect(ring.page.getByTestId('sweep-servers-progress')).toHaveCount(0, { timeout: 20_000 });
    expect(await ring.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await smallText(ring.page, 14), 'in the Timeline view').toEqual([]);
  });

  test('no visible text is smaller than 14px', async ({ ring }) => {
    await ring.open();
    expect(await smallText(ring.page, 14), 'on the starting screen').toEqual([]);
    await addServerAndSelectKey(ring);
    expect(await smallText(ring.page, 14), 'after a change and a selection').toEqual([]);
  });
});

for (const scheme of ['light', 'dark']) {
  test(`axe finds no violations in presentation mode on every view, ${scheme} colours`, async ({ ring }) => {
    const { page } = ring;
    await page.emulateMedia({ colorScheme: scheme });
    for (const view of ['ring', 'compare', 'traffic', 'timeline', 'practice']) {
      await ring.open(`?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&present=1&view=${view}`);
      await expect(page.locator('body')).toHaveClass(/\bpresent\b/);
      await expect(page.getByTestId(`view-${view}`)).toHaveAttribute('aria-current', 'page');
      if (view === 'timeline') {
        await expect(page.getByTestId('timeline-peak')).toBeVisible();
        await expect(page.getByTestId('sweep-servers-progress')).toHaveCount(0, { timeout: 20_000 });
      }
      if (view === 'practice') await expect(page.getByTestId('question')).toBeVisible();
      expect(summary((await ring.axe()).violations), `in the ${view} view`).toEqual([]);
    }
  });
}
