import { test, expect } from '../fixtures.mjs';
import { Teach } from '../teach.mjs';

/** axe's violations, reduced to rule, impact and where. */
function summary(violations) {
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

test('the Present button and the P key switch presentation mode on and off', async ({ ring }) => {
  const teach = new Teach(ring);
  const body = ring.page.locator('body');
  await ring.open();
  await expect(body).not.toHaveClass(/\bpresent\b/);
  await expect(teach.presentToggle).toHaveAttribute('aria-pressed', 'false');

  await teach.presentToggle.click();
  await expect(body).toHaveClass(/\bpresent\b/);
  await expect(teach.presentToggle).toHaveAttribute('aria-pressed', 'true');
  await teach.address(/[?&]present=1(&|$)/);
  await teach.presentToggle.click();
  await expect(body).not.toHaveClass(/\bpresent\b/);
  await expect(teach.presentToggle).toHaveAttribute('aria-pressed', 'false');

  await teach.shortcut('p');
  await expect(body).toHaveClass(/\bpresent\b/);
  await teach.shortcut('P');
  await expect(body).not.toHaveClass(/\bpresent\b/);
  await expect.poll(() => ring.page.url()).not.toMatch(/present=/);
});

test('a link with present=1 opens in presentation mode', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open('?present=1');
  await expect(ring.page.locator('body')).toHaveClass(/\bpresent\b/);
  await expect(teach.presentToggle).toHaveAttribute('aria-pressed', 'true');
  await expect(ring.share('A')).toHaveText('35%');
  await expect(teach.linkNotices).toHaveCount(0);
});

test('A adds a server, K adds 100 keys and V cycles the virtual nodes through 1, 3, 10, 100 and 200', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open('?present=1');
  await teach.shortcut('a');
  await expect(ring.row('D')).toBeVisible();
  await expect(ring.headline).toHaveText('Server D added.');
  await teach.shortcut('A');
  await expect(ring.row('E')).toBeVisible();
  expect((await ring.snapshot()).servers.map((s) => s.name)).toEqual(['A', 'B', 'C', 'D', 'E']);

  const keys = (await ring.snapshot()).keys;
  await teach.shortcut('k');
  await expect.poll(async () => (await ring.snapshot()).keys).toBe(keys + 100);
  await expect(ring.headline).toHaveText(/^100 keys added/);
  await teach.shortcut('K');
  await expect.poll(async () => (await ring.snapshot()).keys).toBe(keys + 200);
  await expect(ring.keyCount).toHaveText(`${keys + 200} keys on the ring.`);

  await expect(ring.vnodesInput).toHaveValue('1');
  for (const v of [3, 10, 100, 200, 1]) {
    await teach.shortcut('v');
    await expect(ring.vnodesInput).toHaveValue(String(v));
    await expect(ring.page.getByTestId(`vnodes-${v}`)).toHaveAttribute('aria-pressed', 'true');
    expect((await ring.snapshot()).vnodes).toBe(v);
  }
});

test('X and Delete remove the server selected in the list, and with none selected X asks for one', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  const before = await ring.state();
  await teach.shortcut('x');
  await expect(ring.serverListError).toHaveText('Select a server first: click its point on the ring or its name.');
  expect(await ring.state()).toEqual(before);

  await teach.serverNameButton('B').click();
  await expect(ring.page.getByTestId('selected-server')).toContainText('B owns 30% of the ring');
  await expect(ring.serverRow('B')).toHaveClass(/\bselected\b/);
  await ring.page.keyboard.press('x');
  await expect(ring.row('B')).toHaveCount(0);
  await expect(ring.headline).toHaveText('Server B removed.');
  await expect(ring.ringMoved).toHaveText('1 of 5');

  await teach.serverNameButton('C').click();
  await ring.page.keyboard.press('Delete');
  await expect(ring.row('C')).toHaveCount(0);
  expect((await ring.snapshot()).servers.map((s) => s.name)).toEqual(['A']);
  // The removed server is no longer selected, so X asks again.
  await teach.shortcut('X');
  await expect(ring.serverListError).toHaveText('Select a server first: click its point on the ring or its name.');
  await expect(ring.row('A')).toBeVisible();
});

test('Z undoes and Shift+Z redoes the last shortcut', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open('?present=1');
  const start = await teach.view();
  await teach.shortcut('a');
  await expect(ring.row('D')).toBeVisible();
  const added = await teach.view();
  await teach.shortcut('z');
  await teach.expectView(start, 'Z undoes the new server');
  await teach.shortcut('Shift+Z');
  await teach.expectView(added, 'Shift+Z brings it back');
  // Presentation mode is a way of showing, not a change: undo leaves it on.
  await expect(ring.page.locator('body')).toHaveClass(/\bpresent\b/);
});

test('? opens the list of shortcuts and Escape closes it', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await expect(teach.shortcuts).toHaveCount(0);
  await teach.shortcut('?');
  await expect(teach.shortcuts).toBeVisible();
  await expect(teach.shortcuts).toHaveAttribute('role', 'dialog');
  await expect(teach.shortcuts).toHaveAccessibleName('Keyboard shortcuts');
  await expect(teach.shortcuts.getByRole('button', { name: 'Close' })).toBeFocused();
  const rows = teach.shortcuts.locator('tbody tr');
  await expect(rows).toHaveCount(18);
  await expect(rows.first()).toHaveText(/^A\s*add a server$/);
  await ring.page.keyboard.press('Escape');
  await expect(teach.shortcuts).toHaveCount(0);

  // The header's More menu opens it too.
  await ring.page.getByTestId('more-open').click();
  await teach.shortcutsOpen.click();
  await expect(teach.shortcuts).toBeVisible();
  await ring.page.keyboard.press('Escape');
  await expect(teach.shortcuts).toHaveCount(0);
});

test('shortcut keys typed into a field are text, not commands', async ({ ring }) => {
  const teach = new Teach(ring);
  const body = ring.page.locator('body');
  await ring.open();
  await teach.serverNameButton('B').click();
  const before = await teach.view();

  await ring.keyName.click();
  await ring.page.keyboard.type('akvxzZp?rn');
  await ring.page.keyboard.press('Delete');
  await expect(ring.keyName).toHaveValue('akvxzZp?rn');
  await ring.serverName.click();
  await ring.page.keyboard.type('PAK');
  await expect(ring.serverName).toHaveValue('PAK');
  await ring.page.keyboard.press('Control+z');

  expect(await teach.view(), 'nothing changed').toEqual(before);
  await expect(body).not.toHaveClass(/\bpresent\b/);
  await expect(teach.shortcuts).toHaveCount(0);
  await expect(ring.row('B')).toBeVisible();
  await expect(teach.undoButton).toBeDisabled();
});

for (const scheme of ['light', 'dark']) {
  test.describe(`${scheme} colours`, () => {
    test.use({ colorScheme: scheme });

    test(`axe finds no violations in presentation mode, in ${scheme} colours`, async ({ ring }) => {
      const teach = new Teach(ring);
      await ring.open('?present=1');
      await expect(ring.page.locator('body')).toHaveClass(/\bpresent\b/);
      expect(await ring.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
      expect(summary((await ring.axe()).violations), 'on opening').toEqual([]);

      // With a change, a selected key, copies, a lesson and the shortcut list open.
      await teach.pickLesson('teaching-ring');
      await teach.lessonNext.click();
      await teach.lessonNext.click();
      await teach.lessonNext.click();
      await teach.expectStep(4, 6);
      // Presentation mode folds the controls away until asked for.
      await ring.page.getByTestId('controls-toggle').click();
      await teach.replicas(3).click();
      await expect(teach.keyCopies).toBeVisible();
      expect(summary((await ring.axe()).violations), 'in a lesson step').toEqual([]);
      await teach.shortcut('?');
      await expect(teach.shortcuts).toBeVisible();
      expect(summary((await ring.axe()).violations), 'with the shortcut list open').toEqual([]);
    });
  });
}
