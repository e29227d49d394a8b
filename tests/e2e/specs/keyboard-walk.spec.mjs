import { test, expect, naiveOwner } from '../fixtures.mjs';

// Everything the README says a person can do, with only Tab, Shift+Tab, the arrows, Enter,
// Space and Escape (and typing into text fields). After every key press the focus is on an
// element of the page, never lost to the body, and drawn.

/** The focused element: its test id, or its tag and a little of its text. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    return el.dataset?.testid ?? `${el.tagName.toLowerCase()}:${el.textContent.trim().slice(0, 24)}`;
  });
}

/** Presses `key`, then checks that the focus is on something and that it is drawn. */
async function press(page, key) {
  await page.keyboard.press(key);
  const where = await focused(page);
  expect(where, `focus after ${key}`).not.toBe('body');
  const outline = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style, `focus drawn on ${where}`).not.toBe('none');
  expect(outline.width, `focus drawn on ${where}`).toBeGreaterThan(0);
  return where;
}

/** Presses Tab (or Shift+Tab) until the element with test id `id` has the focus. */
async function tabTo(page, id, { back = false, limit = 120 } = {}) {
  const seen = [];
  for (let i = 0; i < limit; i++) {
    const where = await press(page, back ? 'Shift+Tab' : 'Tab');
    seen.push(where);
    if (where === id) return;
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${id}; it went through ${seen.join(', ')}`);
}

test('the whole page works from the keyboard alone, with the focus always on something and drawn', async ({ ring, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page } = ring;
  await ring.open();

  // The Traffic view: add a key, select it, and make it hot.
  await tabTo(page, 'view-traffic');
  await press(page, 'Enter');
  await expect(page.getByTestId('traffic-panel')).toBeVisible();
  await tabTo(page, 'key-name');
  await page.keyboard.type('user:7');
  await press(page, 'Enter');
  await expect(page.getByTestId('key-label')).toHaveText('user:7');
  await tabTo(page, 'make-hot');
  await press(page, 'Space');
  await expect(page.getByTestId('hot-user:7')).toContainText('×1,000');

  // Compare, and a placement chosen from it; the placement picker steps back to the ring.
  await tabTo(page, 'view-compare', { back: true });
  await press(page, 'Enter');
  await expect(page.getByTestId('compare-figures')).toBeVisible();
  await tabTo(page, 'compare-rendezvous');
  expect(await press(page, 'Enter')).toBe('placement-select');
  await expect(page.getByTestId('placement-select')).toHaveValue('rendezvous');
  await expect(page.getByTestId('view-ring')).toHaveAttribute('aria-current', 'page');
  for (let i = 0; i < 3; i++) await press(page, 'ArrowUp');
  await expect(page.getByTestId('placement-select')).toHaveValue('ring');

  // Servers: add one, then remove it; the focus lands on a neighbour's name.
  await tabTo(page, 'server-name');
  await page.keyboard.type('kobe');
  await press(page, 'Enter');
  await expect(ring.row('kobe')).toBeVisible();
  await tabTo(page, 'remove-kobe');
  const after = await press(page, 'Enter');
  await expect(ring.row('kobe')).toHaveCount(0);
  expect(after).toMatch(/^button:/);

  // Virtual nodes, the ring size and the hash.
  await tabTo(page, 'vnodes-10');
  await press(page, 'Enter');
  await expect(page.getByTestId('vnodes-input')).toHaveValue('10');
  await tabTo(page, 'ring-full');
  await press(page, 'Enter');
  await expect(page.getByTestId('ring-full')).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, 'hash-select');
  await press(page, 'ArrowDown');
  await expect(page.getByTestId('hash-select')).toHaveValue('md5-low32');

  // The ring itself: step to a key and hear its walk.
  await tabTo(page, 'ring-canvas');
  await press(page, 'ArrowRight');
  await expect(ring.announcement).toContainText(/^Key .*\(\d+ of \d+\)\.$/);
  await press(page, 'Escape');
  await expect(ring.announcement).toHaveText('Nothing selected.');
  // A key selected and followed: the walk is written out.
  await press(page, 'End');
  await expect(page.getByTestId('key-steps')).toContainText(/clockwise/);

  // A guided lesson, picked and stepped.
  await tabTo(page, 'lesson-select', { back: true });
  await press(page, 'ArrowDown');
  await expect.poll(() => focused(page)).toBe('lesson-narration');
  await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 1 of /);
  await tabTo(page, 'lesson-next');
  await press(page, 'Enter');
  // The new step's words take the focus once they are drawn.
  await expect.poll(() => focused(page)).toBe('lesson-narration');
  await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 2 of /);
  // Leaving the lesson gives the focus back to the picker (and unfolds the Timeline's settings).
  await tabTo(page, 'lesson-close');
  expect(await press(page, 'Enter')).toBe('lesson-select');

  // The link, copied from the Share menu; Escape folds the menu back onto its button.
  await tabTo(page, 'share-open');
  await press(page, 'Enter');
  await tabTo(page, 'copy-link');
  await press(page, 'Enter');
  await expect(ring.announcement).toHaveText('Link to this view copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await press(page, 'Enter');
  await tabTo(page, 'copy-link');
  expect(await press(page, 'Escape')).toBe('share-open');

  // The Timeline: another server fails, and the figures follow.
  await tabTo(page, 'view-timeline', { back: true });
  await press(page, 'Enter');
  await expect(page.getByTestId('timeline-peak')).toBeVisible();
  await tabTo(page, 'event-server');
  const server = await page.getByTestId('event-server').inputValue();
  await press(page, 'ArrowUp');
  await expect(page.getByTestId('event-server')).not.toHaveValue(server);
  await expect(page.getByTestId('timeline-peak')).toBeVisible();

  // Practice: a question of one kind, answered and checked.
  await tabTo(page, 'view-practice', { back: true });
  await press(page, 'Enter');
  await expect(page.getByTestId('practice-view')).toBeVisible();
  await tabTo(page, 'practice-kind');
  await press(page, 'ArrowDown');
  await press(page, 'ArrowDown');
  await expect(page.getByTestId('practice-kind')).toHaveValue('owner');
  await tabTo(page, 'practice-next');
  await press(page, 'Enter');
  const question = page.getByTestId('practice-view').getByTestId('question');
  // The new question takes the focus at its prompt once it is drawn: from there Tab goes on
  // into its answers.
  await expect(question.getByTestId('q-prompt')).toBeFocused();
  await expect(question).toHaveAttribute('data-kind', 'owner');
  const owner = naiveOwner(
    await question.getByTestId('q-setting').textContent(),
    await question.getByTestId('q-prompt').textContent(),
  );
  const names = await question.getByRole('radio')
    .evaluateAll((els) => els.map((el) => el.parentElement.textContent.trim()));
  // Tab enters the group on its first button; the arrows move through it, choosing as they go.
  for (let i = 0; i < 30; i++) {
    await press(page, 'Tab');
    if (await page.evaluate(() => document.activeElement.type === 'radio')) break;
  }
  await press(page, 'Space');
  for (let i = 0; i < names.indexOf(owner); i++) await press(page, 'ArrowDown');
  await expect(question.getByRole('radio', { name: owner, exact: true })).toBeChecked();
  await tabTo(page, 'q-check');
  await press(page, 'Enter');
  await expect(question.getByTestId('q-verdict')).toContainText(`Right: ${owner} owns it.`);
});
