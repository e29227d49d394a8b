import { test, expect } from '../fixtures.mjs';
import { Teach, LESSONS } from '../teach.mjs';

// A lesson printed as a worksheet: Teach → Print worksheet prints, through the browser's print
// dialog, the document `ringlab lesson --worksheet` writes. Here that document is printed to
// PDF in Chromium, and its print layout read page by page.

test('Print worksheet prints the open lesson: a page per step with its still and questions, the answers last', async ({ ring, browser }) => {
  const teach = new Teach(ring);
  const { id, steps } = LESSONS.find((l) => l.id === 'teaching-ring');
  await ring.open(`?lesson=${id}&step=2`);
  await teach.expectStep(2, steps);
  await ring.page.getByTestId('teach-open').click();
  await ring.page.getByTestId('teach-worksheet').click();
  const frame = ring.page.getByTestId('worksheet-frame');
  await expect(frame).toBeAttached();
  const html = await frame.getAttribute('srcdoc');
  // The page itself is as it was.
  await teach.expectStep(2, steps);

  const paper = await browser.newPage();
  try {
    // The frame's document takes its addresses from the page's: its stylesheet is beside it.
    await paper.setContent(html.replace('<head>', `<head><base href="${ring.page.url()}">`));
    await expect(paper.locator('link[rel="stylesheet"]')).toHaveAttribute('href', 'worksheet.css');
    await paper.emulateMedia({ media: 'print' });
    const layout = await paper.evaluate(() => {
      const sections = [...document.querySelectorAll('body > section')];
      return {
        sections: sections.map((s) => ({
          kind: s.className,
          breakBefore: getComputedStyle(s).breakBefore,
          stills: s.querySelectorAll('.still svg').length,
          rooms: s.querySelectorAll('.room').length,
          questions: s.querySelectorAll('.question').length,
        })),
        controls: document.querySelectorAll('button, input, select, nav, script').length,
      };
    });
    expect(layout.controls, 'no buttons or menus on paper').toBe(0);
    const stepSections = layout.sections.filter((s) => s.kind === 'step');
    expect(stepSections).toHaveLength(steps);
    for (const [i, s] of stepSections.entries()) {
      expect(s.stills, `step ${i + 1}'s still`).toBe(1);
      expect(s.rooms, `room to answer each question of step ${i + 1}`).toBe(s.questions);
      expect(s.breakBefore, `step ${i + 1} starts a page`).toBe(i === 0 ? 'auto' : 'page');
    }
    expect(stepSections.reduce((n, s) => n + s.questions, 0)).toBeGreaterThan(0);
    const last = layout.sections.at(-1);
    expect(last.kind).toBe('answers');
    expect(last.breakBefore).toBe('page');
    // Printed: at least a page per step and one for the answers.
    const pdf = (await paper.pdf({ format: 'A4' })).toString('latin1');
    const pages = (pdf.match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(steps + 1);
  } finally {
    await paper.close();
  }
});

test('printing the page itself prints the ring and its panels, not the controls', async ({ ring }) => {
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&then=add:E');
  await ring.page.emulateMedia({ media: 'print' });
  await expect(ring.page.getByTestId('ring-canvas')).toBeVisible();
  await expect(ring.share('A')).toBeVisible();
  await expect(ring.page.locator('.controls')).toBeHidden();
  await expect(ring.page.locator('.header-actions')).toBeHidden();
  await expect(ring.page.locator('nav.views')).toBeHidden();
  expect(await ring.page.locator('.layout button:visible').count()).toBe(0);
});

test('an exercise set prints as a worksheet too, a page per question', async ({ ring }) => {
  const set = [
    'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&ask=moves&change=add:D@66',
    'ring=100&servers=A@20,B@50,C@80&keys=@95&ask=owner&key=@95',
  ].map((q) => Buffer.from(q).toString('base64url'));
  await ring.open(`?quiz=1.${set.join('.')}`);
  await expect(ring.page.getByTestId('q-prompt')).toBeVisible();
  await ring.page.getByTestId('teach-open').click();
  await ring.page.getByTestId('teach-worksheet').click();
  const html = await ring.page.getByTestId('worksheet-frame').getAttribute('srcdoc');
  expect(html).toContain('<h1>Exercise set</h1>');
  expect(html.match(/<section class="step">/g)).toHaveLength(2);
  expect(html).toContain('D joins at 66. Which keys change server?');
  expect(html.indexOf('<section class="answers">')).toBeGreaterThan(html.lastIndexOf('<section class="step">'));
});
