import { test, expect } from '../fixtures.mjs';

/** The computed font size of `locator`'s element, in CSS pixels. */
async function fontPx(locator) {
  return locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
}

/**
 * Records every text the ring's canvas writes and the font it writes it in: the sizes of
 * what is drawn on a canvas can only be read as it is drawn.
 */
async function recordCanvasText(page) {
  await page.addInitScript(() => {
    window.__ringText = [];
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
      if (this.canvas.dataset.testid === 'ring-canvas') {
        window.__ringText.push({ text: String(text), px: parseFloat(/(\d+(?:\.\d+)?)px/.exec(this.font)[1]) });
      }
      return fill.call(this, text, x, y, ...rest);
    };
  });
}

test('in presentation mode the narration is at least 28 px, ring labels and the figures at least 20 px, and the controls folded away', async ({ ring }) => {
  const { page } = ring;
  await recordCanvasText(page);
  await ring.open('?lesson=teaching-ring&step=4&present=1');
  await expect(page.locator('body')).toHaveClass(/\bpresent\b/);
  expect(await fontPx(page.getByTestId('lesson-narration'))).toBeGreaterThanOrEqual(28);

  // What is written on the ring: server names, tick labels, key labels.
  await expect.poll(() => page.evaluate(() => window.__ringText.length)).toBeGreaterThan(0);
  const written = await page.evaluate(() => window.__ringText.slice(-40));
  for (const label of ['A', 'B', 'C', 'D', '52']) {
    expect(written.some((w) => w.text === label), `${label} is written on the ring`).toBe(true);
  }
  for (const { text, px } of written) expect(px, `"${text}" on the ring`).toBeGreaterThanOrEqual(20);

  // The numbers that matter.
  for (const id of ['ring-moved', 'modn-moved', 'ring-moved-pct', 'share-A', 'keys-A', 'peak-to-mean', 'spread', 'lesson-step']) {
    expect(await fontPx(page.getByTestId(id).first()), id).toBeGreaterThanOrEqual(20);
  }
  await expect(page.getByTestId('share-A')).toBeVisible();

  // The editing controls are folded away, and come back with a key or the header's button.
  await expect(page.locator('#controls')).toBeHidden();
  await page.keyboard.press('c');
  await expect(page.locator('#controls')).toBeVisible();
  await expect(page.getByTestId('controls-toggle')).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('controls-toggle').click();
  await expect(page.locator('#controls')).toBeHidden();
  // The lesson's buttons are still on screen.
  await expect(page.getByTestId('lesson-next')).toBeInViewport({ ratio: 1 });
});

test('in presentation mode every lesson step on the Timeline shows its whole chart beside the step and its question', async ({ ring }) => {
  test.setTimeout(120_000);
  const { page } = ring;
  await ring.open('?present=1');
  const lessons = await page.getByTestId('lesson-select').locator('option').evaluateAll((options) =>
    options.filter((o) => o.value).map((o) => o.value));
  let charts = 0;
  for (const id of lessons) {
    await ring.open(`?lesson=${id}&step=1&present=1`);
    const count = Number((await page.getByTestId('lesson-step').textContent()).match(/of (\d+)/)[1]);
    for (let step = 1; step <= count; step++) {
      await expect(page.getByTestId('lesson-step')).toHaveText(new RegExp(`^Step ${step} of `));
      if ((await page.getByTestId('view-timeline').getAttribute('aria-current')) === 'page') {
        charts++;
        const where = `${id}, step ${step}`;
        await expect(page.getByTestId('timeline-chart'), where).toBeInViewport({ ratio: 1 });
        await expect(page.getByTestId('timeline-peak'), where).toBeInViewport({ ratio: 1 });
        await expect(page.getByTestId('lesson-narration'), where).toBeInViewport();
        expect(await fontPx(page.getByTestId('lesson-narration')), where).toBeGreaterThanOrEqual(28);
        for (const question of await page.getByTestId('lesson-question').all()) {
          await expect(question.getByTestId('q-prompt'), `${where}: its question`).toBeInViewport();
        }
      }
      if (step < count) await page.getByTestId('lesson-next').click();
    }
  }
  // "When a cache server dies" and "Clients that disagree" both have steps on the Timeline.
  expect(charts).toBeGreaterThanOrEqual(4);
});
