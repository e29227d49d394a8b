// Copy as figure (Share menu): the ring on screen as a <ringlab-figure> element with its still;
// pasted into an article, the live figure opens on exactly the app's state.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.mjs';

test('Copy as figure gives the element for the ring on screen, and pasted into an article it shows exactly that ring', async ({ ring, host }) => {
  const { page } = ring;
  await ring.open('?ring=100&vnodes=1&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');
  await ring.selectKey('@68');

  await page.getByTestId('share-open').click();
  await page.getByTestId('figure-open').click();
  const dialog = page.getByTestId('figure-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('figure-label').fill('Figure 4: D joins at 60');
  await dialog.getByRole('checkbox', { name: 'key', exact: true }).check();
  const snippet = dialog.getByTestId('figure-snippet');
  await expect(snippet).toHaveValue(/^<ringlab-figure label="Figure 4: D joins at 60" link="[^"]*select=@68[^"]*" panels="last,ownership,key">\n  <svg /);
  const element = await snippet.inputValue();
  expect(element).toContain('then=add:D@60');
  expect(element.trimEnd().endsWith('</ringlab-figure>')).toBe(true);
  // The still is the app's ring: four servers, D among them.
  expect(element).toMatch(/<desc>[^<]*D at 60/);
  const [stills, script] = (await dialog.getByTestId('figure-script').inputValue()).split('\n');
  expect(stills).toMatch(/^<link rel="stylesheet" href="http:\/\/127\.0\.0\.1:\d+\/figure-stills\.css">$/);
  expect(script).toMatch(/^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/figures\.js"><\/script>$/);

  // What the app shows, to compare with the pasted figure.
  const shown = async (scope) => ({
    shares: await Promise.all(['A', 'B', 'C', 'D'].map((name) => scope.getByTestId(`share-${name}`).textContent())),
    headline: (await scope.getByTestId('last-headline').textContent()).trim(),
    moved: (await scope.getByTestId('ring-moved').textContent()).trim(),
    key: (await scope.getByTestId('key-panel').locator('h2, h3').first().textContent()).trim(),
  });
  const app = await shown(page.locator('body'));

  // The article is on another site; the build it loads from sends the CORS header figures need.
  const ringServer = await host({ cors: true });
  const appRoot = `${new URL(page.url()).origin}/`;
  const folder = mkdtempSync(join(tmpdir(), 'ringlab-pasted-'));
  writeFileSync(
    join(folder, 'index.html'),
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>An article</title><link rel="icon" href="data:,">
${stills.replace(appRoot, ringServer.url)}</head>
<body><main><p>D joins the ring.</p>\n${element}\n${script.replace(appRoot, ringServer.url)}</main></body></html>`,
  );
  const site = await host({ root: folder });
  await page.goto(site.url);
  const figure = page.locator('ringlab-figure');
  await expect(figure.locator('[data-testid="figure"]')).toBeVisible();
  expect(await shown(figure)).toEqual(app);
  await expect(figure.getByRole('region', { name: /^Figure 4: D joins at 60/ }).first()).toBeAttached();
});
