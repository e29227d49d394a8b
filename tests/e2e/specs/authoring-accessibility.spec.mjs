// axe-core on the screens of writing a lesson: the recording strip with a step open, "Ask about
// this" with an answer and with a refusal, and a written lesson playing; light and dark, at
// 1280×720 and 375×812. At 375 px nothing scrolls sideways.
import { test, expect } from '../fixtures.mjs';

const VIEWPORTS = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 375, height: 812 },
};

function summary(violations) {
  return violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const scheme of ['light', 'dark']) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`axe finds no violations while recording, asking and playing a lesson (${scheme}, ${device})`, async ({ ring }) => {
      test.setTimeout(90_000);
      const { page } = ring;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
      await page.getByTestId('teach-open').click();
      await page.getByTestId('teach-new').click();
      await page.getByTestId('draft-add').click();
      await page.getByTestId('draft-caption').fill('Three servers, **three** stretches.');
      await expect(page.getByTestId('draft-editor')).toBeVisible();
      expect(summary((await ring.axe()).violations), 'recording, a step open').toEqual([]);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(viewport.width);

      await ring.addServer('D', 60);
      await page.getByTestId('teach-open').click();
      await page.getByTestId('teach-ask').click();
      await expect(page.getByTestId('ask-answer')).toBeVisible();
      expect(summary((await ring.axe()).violations), 'Ask about this, answered').toEqual([]);
      await page.getByTestId('ask-kind').selectOption('owner');
      await page.getByTestId('ask-key').fill('@55');
      await expect(page.getByTestId('ask-refusal')).toBeVisible();
      expect(summary((await ring.axe()).violations), 'Ask about this, refused').toEqual([]);
      await page.getByTestId('ask-key').fill('@52');
      await page.getByTestId('ask-add-step').click();

      await page.getByTestId('draft-play').click();
      await expect(page.getByTestId('lesson-panel')).toBeVisible();
      expect(summary((await ring.axe()).violations), 'playing the lesson').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
}
