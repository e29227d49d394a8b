// An instructor records a lesson on the ring on screen, asks questions the engine answers,
// plays it like a built-in lesson, shares it as a link and opens it in a fresh page; an
// exercise set mixes written, lesson and generated questions; a damaged link opens what it can.
import { test, expect } from '../fixtures.mjs';

const TEACHING = '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5';

/** Opens the Teach menu and chooses `item`. */
async function teach(page, item) {
  await page.getByTestId('teach-open').click();
  await page.getByTestId(item).click();
}

/** The titles of the recorded steps, in order. */
async function stepTitles(page) {
  return (await page.getByTestId('draft-step').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

test('an instructor records three steps with a question, reorders one, presents it by keyboard and opens its link in a fresh page', async ({ ring, context, browser }) => {
  const { page } = ring;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ring.open(TEACHING);
  await teach(page, 'teach-new');
  await expect(page.getByTestId('authoring-strip')).toBeVisible();
  await expect(page.getByTestId('draft-add')).toBeFocused();
  await page.getByTestId('draft-title').fill('D joins <my> ring');

  // Step 1: the ring as it is.
  await page.getByTestId('draft-add').click();
  await expect(page.getByTestId('draft-caption')).toBeFocused();
  await page.getByTestId('draft-caption').fill('Three servers own **three stretches**.\n\n<img src=x onerror=alert(1)> stays `text`.');
  await page.getByTestId('draft-step-title').fill('Three servers');
  await page.getByTestId('draft-pointer').selectOption('panel ownership');

  // Step 2: D joins at 60, then "Ask about this": which keys move? The engine answers.
  await ring.addServer('D', 60);
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await teach(page, 'teach-ask');
  const dialog = page.getByTestId('ask-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('ask-change')).toHaveValue('add:D@60');
  await expect(dialog.getByTestId('ask-prompt')).toHaveText('D joins at 60. Which keys change server?');
  await expect(dialog.getByTestId('ask-answer')).toContainText('@52 (C → D)');
  await dialog.getByTestId('ask-lead').fill('Before D joins: predict.');
  await dialog.getByTestId('ask-add-step').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('draft-step')).toHaveCount(2);

  // Step 3: what is on screen now, D joined.
  await page.getByTestId('draft-add').click();
  await page.getByTestId('draft-caption').fill('One key of five moved.');
  await page.getByTestId('draft-step-title').fill('D joined');
  expect(await stepTitles(page)).toEqual(['1 Three servers', '2 Which keys move? · question', '3 D joined']);

  // Reorder: the last step moves earlier, then back.
  await page.getByTestId('draft-earlier').click();
  expect(await stepTitles(page)).toEqual(['1 Three servers', '2 D joined', '3 Which keys move? · question']);
  await expect(page.getByTestId('draft-earlier')).toBeFocused();
  await page.getByTestId('draft-later').click();
  expect(await stepTitles(page)).toEqual(['1 Three servers', '2 Which keys move? · question', '3 D joined']);

  // Play from the first step, in presentation mode, by keyboard.
  await page.getByTestId('draft-step').first().click();
  await page.getByTestId('draft-play').click();
  await expect(page.getByTestId('lesson-step')).toHaveText('Step 1 of 3: Three servers');
  const narration = page.getByTestId('lesson-narration');
  await expect(narration.locator('strong')).toHaveText('three stretches');
  await expect(narration).toContainText('<img src=x onerror=alert(1)> stays text.');
  await expect(narration.locator('img')).toHaveCount(0);
  await expect(page.locator('section[aria-labelledby="ownership-title"]')).toHaveClass(/pointed/);
  await page.keyboard.press('p');
  await expect(page.locator('body')).toHaveClass(/present/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lesson-step')).toHaveText('Step 2 of 3: Which keys move?');
  await expect(ring.row('D')).toHaveCount(0);
  const question = page.getByTestId('lesson-question');
  await expect(question.getByTestId('q-prompt')).toHaveText('D joins at 60. Which keys change server?');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lesson-step')).toHaveText('Step 3 of 3: D joined');
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('lesson-step')).toHaveText('Step 2 of 3: Which keys move?');
  await page.keyboard.press('p');

  // Share it as a link, and open that link in a fresh page.
  await page.getByTestId('draft-copy-link').click();
  await expect(page.getByTestId('draft-said')).toHaveText('Link copied.');
  const address = await page.getByTestId('draft-link').inputValue();
  expect(address).toContain('lesson=L1.');
  expect(address.length).toBeLessThan(8000);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const fresh = await browser.newPage();
  const errors = [];
  fresh.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  fresh.on('pageerror', (e) => errors.push(String(e)));
  await fresh.goto(address);
  await expect(fresh.locator('#lesson-title')).toHaveText('D joins <my> ring');
  await expect(fresh.getByTestId('lesson-step')).toHaveText('Step 1 of 3: Three servers');
  await fresh.getByTestId('lesson-next').click();
  await expect(fresh.getByTestId('lesson-question').getByTestId('q-prompt')).toHaveText('D joins at 60. Which keys change server?');
  await fresh.getByTestId('lesson-next').click();
  await expect(fresh.getByTestId('lesson-step')).toHaveText('Step 3 of 3: D joined');
  // The address keeps the lesson, so a reload stays on it (once the page has written the
  // step into it, just after the step is shown).
  await expect.poll(() => new URL(fresh.url()).searchParams.get('step')).toBe('3');
  await fresh.reload();
  await expect(fresh.getByTestId('lesson-step')).toHaveText('Step 3 of 3: D joined');
  await fresh.close();
  expect(errors).toEqual([]);
});

test('a damaged lesson link opens the steps it can read and names the rest', async ({ ring }) => {
  const { page } = ring;
  await ring.open(TEACHING);
  await teach(page, 'teach-new');
  for (const caption of ['one', 'two', 'three']) {
    await page.getByTestId('draft-add').click();
    await page.getByTestId('draft-caption').fill(caption);
  }
  await page.getByTestId('draft-copy-link').click();
  const address = await page.getByTestId('draft-link').inputValue();
  const value = new URL(address).searchParams.get('lesson');
  const pieces = value.split('.');
  pieces[3] = 'not!base64';
  await page.goto(`/?lesson=${pieces.join('.')}&step=1`);
  await expect(page.getByTestId('lesson-step')).toHaveText(/Step 1 of 2/);
  await expect(page.getByTestId('link-notices')).toContainText('Step 2 could not be read');

  await page.goto(`/?lesson=${value.slice(0, value.length - 30)}&step=1`);
  await expect(page.getByTestId('lesson-step')).toHaveText(/Step 1 of 2/);
  await expect(page.getByTestId('link-notices')).toContainText('cut short');
});

test('a question the engine cannot answer is refused in words and cannot be kept', async ({ ring }) => {
  const { page } = ring;
  await ring.open(TEACHING);
  await teach(page, 'teach-ask');
  const dialog = page.getByTestId('ask-dialog');
  await dialog.getByTestId('ask-kind').selectOption('owner');
  await dialog.getByTestId('ask-key').fill('@55');
  await expect(dialog.getByTestId('ask-refusal')).toContainText('There is no key @55');
  await expect(dialog.getByTestId('ask-add-step')).toBeDisabled();
  await expect(dialog.getByTestId('ask-add-set')).toBeDisabled();
  await dialog.getByTestId('ask-key').fill('@90');
  await expect(dialog.getByTestId('ask-answer')).toContainText('A.');
  await expect(dialog.getByTestId('ask-add-set')).toBeEnabled();
});

test('an exercise set mixes a written question, a lesson question and a generated one', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&view=traffic');
  await teach(page, 'teach-ask');
  const dialog = page.getByTestId('ask-dialog');
  await dialog.getByTestId('ask-kind').selectOption('busiest');
  await expect(dialog.getByTestId('ask-answer')).toContainText('A.');
  await dialog.getByTestId('ask-add-set').click();
  await expect(dialog.getByTestId('ask-said')).toContainText('1 question');
  await page.keyboard.press('Escape');

  await page.getByTestId('view-practice').click();
  await page.getByTestId('lesson-questions-pick').selectOption('teaching-ring');
  await page.getByTestId('lesson-questions-add').click();
  await page.getByTestId('add-to-set').click();
  const builder = page.getByTestId('set-builder');
  const count = await builder.locator('li').count();
  expect(count).toBeGreaterThanOrEqual(3);
  await page.getByTestId('set-try').click();
  await expect(page.getByTestId('q-prompt').first()).toHaveText('On the Traffic view: which server serves the most requests?');
});

test('Predict first asks where a new key goes before it is added', async ({ ring }) => {
  const { page } = ring;
  await ring.open(TEACHING);
  await page.getByTestId('predict-toggle').click();
  await ring.addKey('@33');
  const dialog = page.getByTestId('predict-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('q-prompt')).toHaveText('Which server owns @33?');
  await expect(page.getByTestId('key-@33')).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'B' }).check();
  await dialog.getByRole('button', { name: 'Check, then apply' }).click();
  await expect(dialog.getByTestId('q-verdict')).toContainText('Right');
  await expect(page.getByTestId('key-@33')).toHaveCount(1);
});

test('a written lesson plays embedded from its lesson= link', async ({ ring }) => {
  const { page } = ring;
  await ring.open(TEACHING);
  await teach(page, 'teach-new');
  await page.getByTestId('draft-add').click();
  await page.getByTestId('draft-caption').fill('First, the ring.');
  await ring.addServer('D', 60);
  await page.getByTestId('draft-add').click();
  await page.getByTestId('draft-caption').fill('Then D joins.');
  await page.getByTestId('draft-copy-link').click();
  const address = new URL(await page.getByTestId('draft-link').inputValue());
  await page.goto(`/${address.search}&embed=1`);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.getByTestId('lesson-narration')).toHaveText('First, the ring.');
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-narration')).toHaveText('Then D joins.');
});

test('a lesson saved as a file opens from the Teach menu, and a damaged file names what it skipped', async ({ ring }) => {
  const { page } = ring;
  await ring.open(TEACHING);
  await teach(page, 'teach-new');
  await page.getByTestId('draft-title').fill('Saved lesson');
  await page.getByTestId('draft-add').click();
  await page.getByTestId('draft-caption').fill('The ring as it starts.');
  await ring.addServer('D', 60);
  await page.getByTestId('draft-add').click();
  await page.getByTestId('draft-caption').fill('D has joined.');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('draft-save').click()]);
  expect(download.suggestedFilename()).toBe('saved-lesson.lesson');
  const text = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  expect(text.startsWith('ringlab lesson 1\ntitle: Saved lesson\n')).toBe(true);
  await page.getByTestId('draft-stop').click();

  await page.getByTestId('lesson-file').setInputFiles({ name: 'saved.lesson', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.locator('#lesson-title')).toHaveText('Saved lesson');
  await expect(page.getByTestId('lesson-narration')).toHaveText('The ring as it starts.');
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-narration')).toHaveText('D has joined.');

  const damaged = text.replace(/link: [^\n]*\n(?![\s\S]*link: )/, '');
  await page.getByTestId('lesson-file').setInputFiles({ name: 'damaged.lesson', mimeType: 'text/plain', buffer: Buffer.from(damaged) });
  await expect(page.getByTestId('lesson-step')).toHaveText(/Step 1 of 1/);
  await expect(page.getByTestId('link-notices')).toContainText('damaged.lesson: Step 2 (Server D added) has no link');
});
