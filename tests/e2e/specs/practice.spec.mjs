import { test, expect, frameOf, naiveOwner } from '../fixtures.mjs';

/** Lesson 000's ring, and D joining at 60: only @52 moves. */
const TEACHING = 'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5';

/** An exercise set of two questions: who owns @95, and which keys move when D joins at 60. */
const SET =
  '1.cmluZz0xMDAmc2VydmVycz1BQDIwLEJANTAsQ0A4MCZrZXlzPUA5NSZhc2s9b3duZXIma2V5PUA5NQ' +
  '.cmluZz0xMDAmc2VydmVycz1BQDEwLEJANDAsQ0A3NSZrZXlzPUA5MCxANTIsQDY4LEAyNSxANSZhc2s9bW92ZXMmY2hhbmdlPWFkZDpEQDYw';

/** Clicks the dot of the key at position `position` (of 100) on a question's ring. */
async function clickKey(ring, question, position) {
  const canvas = question.getByTestId('q-ring');
  const frame = await frameOf(canvas);
  const at = frame.at(position / 100, frame.keyRadius(0));
  await canvas.click({ position: at });
}

test('a practice round: owner questions answered right by keyboard raise the level, a wrong one is explained', async ({ ring }) => {
  const { page } = ring;
  await page.goto('/?view=practice&seed=42');
  const view = page.getByTestId('practice-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('practice-status')).toHaveText('Seed 42 · level 1 of 6 · 0 of 0 right');
  await expect(page).toHaveURL(/seed=42/);
  // The ring's controls stay with the ring.
  await expect(page.getByRole('region', { name: 'Controls' })).toBeHidden();

  await page.getByTestId('practice-kind').selectOption('owner');
  await page.getByTestId('practice-next').click();
  for (let i = 0; i < 3; i++) {
    const question = view.getByTestId('question');
    await expect(question).toHaveAttribute('data-kind', 'owner');
    const owner = naiveOwner(
      await question.getByTestId('q-setting').textContent(),
      await question.getByTestId('q-prompt').textContent(),
    );
    // By keyboard: the radio button, Space, then the Check button.
    const radio = question.getByRole('radio', { name: owner, exact: true });
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await question.getByTestId('q-check').focus();
    await page.keyboard.press('Enter');
    await expect(question.getByTestId('q-verdict')).toContainText(`Right: ${owner} owns it.`);
    await expect(question.getByTestId('q-result')).toHaveAttribute('aria-live', 'polite');
    await page.getByTestId('practice-next').click();
  }
  await expect(page.getByTestId('practice-status')).toHaveText('Seed 42 · level 2 of 6 · 3 of 3 right');
  await expect(page.getByTestId('announcement')).toContainText('Level up to 2 of 6');

  // A wrong server: the verdict names the right one.
  const question = view.getByTestId('question');
  const radios = question.getByRole('radio');
  const names = await radios.evaluateAll((els) => els.map((el) => el.parentElement.textContent.trim()));
  await radios.first().check();
  await question.getByTestId('q-check').click();
  const verdict = question.getByTestId('q-verdict');
  await expect(verdict).toBeVisible();
  if (!(await verdict.textContent()).includes('Right')) {
    await expect(verdict).toContainText(`Not ${names[0]}:`);
  }
  await expect(question.getByTestId('q-check')).toBeDisabled();

  // A look at the ring and back keeps the round: its level, score and question.
  const status = await page.getByTestId('practice-status').textContent();
  const prompt = await question.getByTestId('q-prompt').textContent();
  await page.getByTestId('view-ring').click();
  await expect(page.getByTestId('practice-view')).toHaveCount(0);
  await page.getByTestId('view-practice').click();
  await expect(page.getByTestId('practice-status')).toHaveText(status);
  await expect(page.getByTestId('q-prompt')).toHaveText(prompt);
  await expect(page.getByTestId('practice-kind')).toHaveValue('owner');
});

test('the same seed gives the same questions, and a new seed other ones', async ({ ring }) => {
  const { page } = ring;
  await page.goto('/?view=practice&seed=7');
  const first = await page.getByTestId('q-prompt').textContent();
  const setting = await page.getByTestId('q-setting').textContent();
  await page.goto('/?view=practice&seed=7');
  await expect(page.getByTestId('q-prompt')).toHaveText(first);
  await expect(page.getByTestId('q-setting')).toHaveText(setting);

  await page.getByTestId('practice-seed').fill('8');
  await page.getByTestId('practice-seed').press('Enter');
  await expect(page).toHaveURL(/seed=8/);
  await expect(page.getByTestId('practice-status')).toContainText('Seed 8 ·');
  await expect(page.getByTestId('q-setting')).not.toHaveText(setting);

  await page.getByTestId('practice-seed').fill('eight');
  await page.getByTestId('practice-start').click();
  await expect(page.getByTestId('practice-seed')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('practice-status')).toContainText('Seed 8 ·');
});

test('an exercise set link: keys marked on the ring by pointer, graded and explained, then a summary to copy', async ({ ring }) => {
  const { page } = ring;
  await page.goto(`/?quiz=${SET}`);
  await expect(page.getByTestId('view-practice')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('set-status')).toHaveText('Question 1 of 2 · 0 of 0 right so far');
  await expect(page.getByTestId('set-next')).toBeDisabled();

  // Question 1, answered wrong: C does not own @95; it walks past the top to A.
  let question = page.getByTestId('question');
  await question.getByRole('radio', { name: 'C', exact: true }).check();
  await question.getByTestId('q-check').click();
  await expect(question.getByTestId('q-verdict')).toHaveText('✗ Not C: A owns it.');
  await page.getByTestId('set-next').click();

  // Question 2: @52 clicked on the ring (right) and @68 ticked by keyboard (wrong).
  question = page.getByTestId('question');
  await expect(question.getByTestId('q-prompt')).toHaveText('D joins at 60. Which keys change server?');
  await clickKey(ring, question, 52);
  await expect(question.getByTestId('q-key-@52')).toBeChecked();
  await question.getByTestId('q-key-@68').focus();
  await page.keyboard.press('Space');
  await expect(question.getByTestId('q-key-@68')).toBeChecked();
  await question.getByTestId('q-check').click();
  await expect(question.getByTestId('q-verdict')).toContainText('✗');
  await expect(question.getByTestId('q-grade-@52')).toContainText('@52 right');
  await expect(question.getByTestId('q-grade-@68')).toContainText('@68 wrongly marked');
  await expect(question.getByTestId('q-grade-@90')).toContainText('@90 right');
  await page.getByTestId('set-next').click();

  await expect(page.getByTestId('set-status')).toHaveText('Done · 0 of 2 right');
  const summary = page.getByTestId('set-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toHaveValue(/Ringlab quiz: 0 of 2 right \(0%\)/);
  await expect(page.getByTestId('announcement')).toHaveText('Exercise set done: 0 of 2 right.');
  await expect(page).toHaveURL(new RegExp(`quiz=${SET.slice(0, 20)}`));
});

test('a set built in Practice round-trips through its link and is marked right', async ({ ring }) => {
  const { page } = ring;
  await page.goto('/?view=practice&seed=3');
  await page.getByTestId('practice-kind').selectOption('moves');
  await page.getByTestId('practice-next').click();
  await expect(page.getByTestId('question')).toHaveAttribute('data-kind', 'moves');
  const prompt = await page.getByTestId('q-prompt').textContent();
  await page.getByTestId('add-to-set').click();
  await expect(page.getByTestId('set-builder')).toContainText('Exercise set: 1 question');
  const link = await page.getByTestId('set-link').inputValue();
  expect(link).toMatch(/\?view=practice&quiz=1\./);

  await page.goto(link);
  await expect(page.getByTestId('set-status')).toHaveText('Question 1 of 1 · 0 of 0 right so far');
  const question = page.getByTestId('question');
  await expect(question.getByTestId('q-prompt')).toHaveText(prompt);
  // Nothing ticked is a reply too; its marking says which keys were missed.
  await question.getByTestId('q-check').click();
  await expect(question.getByTestId('q-verdict')).toBeVisible();
  await page.getByTestId('set-next').click();
  await expect(page.getByTestId('set-summary')).toHaveValue(/Ringlab quiz: [01] of 1 right/);
});

test('a tampered exercise set says what it skipped and never breaks the page', async ({ ring }) => {
  const { page } = ring;
  await page.goto(`/?quiz=${SET.slice(0, -6)}XXXX.not-base64!`);
  await expect(page.getByTestId('set-problems')).toBeVisible();
  await expect(page.getByTestId('set-status')).toContainText(/Question 1 of 1|no question/);
  await page.goto('/?view=practice&quiz=garbage');
  await expect(page.getByTestId('set-status')).toHaveText('This set has no question that can be used.');
  await page.getByTestId('set-leave').click();
  await expect(page.getByTestId('practice-status')).toContainText('level 1 of 6');
});

test('typed answers are read by the engine; one it cannot read is refused in words and can be corrected', async ({ ring }) => {
  const { page } = ring;
  await page.goto('/?view=practice&seed=5');
  await page.getByTestId('practice-kind').selectOption('arc');
  await page.getByTestId('practice-next').click();
  const question = page.getByTestId('question');
  await expect(question).toHaveAttribute('data-kind', 'arc');
  const typed = question.getByTestId('q-typed');
  await typed.fill('somewhere');
  await typed.press('Enter');
  await expect(question.getByTestId('q-refusal')).not.toBeEmpty();
  await expect(typed).toHaveAttribute('aria-invalid', 'true');
  await expect(typed).toHaveValue('somewhere');
  await typed.fill('0 to 1');
  await typed.press('Enter');
  await expect(question.getByTestId('q-verdict')).toBeVisible();
  await expect(question.getByTestId('q-refusal')).toBeEmpty();
});

test('a lesson asks its own questions before the step that answers them', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?lesson=teaching-ring&step=1');
  const asked = page.getByTestId('lesson-question');
  await expect(asked).toHaveCount(1);
  await expect(asked.getByTestId('q-prompt')).toHaveText('Which server owns @95?');
  await asked.getByRole('radio', { name: 'A', exact: true }).focus();
  await page.keyboard.press('Space');
  await asked.getByTestId('q-check').press('Enter');
  await expect(asked.getByTestId('q-verdict')).toHaveText('✓ Right: A owns it.');

  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-question')).toHaveCount(2);
  await expect(page.getByTestId('lesson-question').nth(1).getByTestId('q-prompt')).toHaveText(
    'D joins at 60. Which keys change server?',
  );
});

test('Predict first: a change waits for the prediction, is applied after the check, and is dropped if the question is closed', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`?${TEACHING}`);
  const predict = page.getByTestId('predict-toggle');
  await predict.click();
  await expect(predict).toHaveAttribute('aria-pressed', 'true');

  // Closed without a check: nothing changes.
  await ring.addServer('D', 60);
  const dialog = page.getByTestId('predict-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ring.row('D')).toHaveCount(0);
  await expect(page.getByTestId('announcement')).toContainText('not applied');

  // Predicted and checked: applied.
  await ring.addServer('D', 60);
  await expect(dialog).toBeVisible();
  await expect(ring.row('D')).toHaveCount(0);
  // Marked on the ring by keyboard: the arrow keys step through the keys in ring order.
  await dialog.getByTestId('q-ring').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByTestId('q-said')).toHaveText('@52 (3 of 5), not ticked.');
  await page.keyboard.press('Space');
  await expect(dialog.getByTestId('q-said')).toHaveText('@52 (3 of 5), ticked.');
  await expect(dialog.getByTestId('q-key-@52')).toBeChecked();
  await dialog.getByTestId('q-check').click();
  await expect(dialog.getByTestId('q-verdict')).toContainText('✓');
  await expect(ring.row('D')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ring.ringMoved).toHaveText('1 of 5');

  // Off again: changes apply at once.
  await predict.click();
  await ring.removeServer('D');
  await expect(dialog).toBeHidden();
  await expect(ring.row('D')).toHaveCount(0);
});
