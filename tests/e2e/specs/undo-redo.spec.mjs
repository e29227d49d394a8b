import { test, expect } from '../fixtures.mjs';
import { Teach } from '../teach.mjs';

/**
 * From the starting ring, D joins at 60 and then B leaves; returns the three views in order.
 */
async function twoChanges(ring, teach) {
  await ring.open();
  const start = await teach.view();
  await ring.addServer('D', 60);
  await expect(ring.headline).toHaveText('Server D added.');
  await expect(ring.ringMoved).toHaveText('1 of 5');
  const withD = await teach.view();
  await ring.removeServer('B');
  await expect(ring.headline).toHaveText('Server B removed.');
  await expect(ring.ringMoved).toHaveText('1 of 5');
  const withoutB = await teach.view();
  return [start, withD, withoutB];
}

test('on opening there is nothing to undo or redo, so both buttons are disabled', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await expect(teach.undoButton).toBeDisabled();
  await expect(teach.redoButton).toBeDisabled();
  // The shortcut does nothing either but say so.
  const before = await teach.view();
  await teach.shortcut('Control+z');
  await expect(ring.announcement).toHaveText('Nothing to undo.');
  expect(await teach.view()).toEqual(before);
});

test('the Undo and Redo buttons step back and forth through changes exactly', async ({ ring }) => {
  const teach = new Teach(ring);
  const [start, withD, withoutB] = await twoChanges(ring, teach);
  expect(start.headline).toBe('None yet: add a server and watch which keys move.');
  expect(withD.figures.map((r) => r.share)).toEqual(['35%', '30%', '15%', '20%']);
  expect(withoutB.figures.map((r) => r.share)).toEqual(['35%', '15%', '50%']);
  await expect(teach.redoButton).toBeDisabled();

  await teach.undoButton.click();
  await teach.expectView(withD, 'one undo shows D just added');
  await expect(ring.announcement).toHaveText('Undone: Server B removed.');
  await expect(teach.redoButton).toBeEnabled();

  await teach.undoButton.click();
  await teach.expectView(start, 'two undos show the starting ring');
  await expect(ring.ringMoved).toHaveCount(0);
  await expect(teach.undoButton).toBeDisabled();

  await teach.redoButton.click();
  await teach.expectView(withD, 'redo brings D back with its last change');
  await teach.redoButton.click();
  await teach.expectView(withoutB, 'a second redo removes B again');
  await expect(teach.redoButton).toBeDisabled();
  await expect(teach.undoButton).toBeEnabled();
});

test('Control+Z and Control+Shift+Z undo and redo like the buttons', async ({ ring }) => {
  const teach = new Teach(ring);
  const [start, withD, withoutB] = await twoChanges(ring, teach);

  await teach.shortcut('Control+z');
  await teach.expectView(withD, 'Control+Z undoes the removal');
  await teach.shortcut('Control+z');
  await teach.expectView(start, 'Control+Z again undoes the addition');
  await expect(teach.undoButton).toBeDisabled();
  await teach.shortcut('Control+Shift+Z');
  await teach.expectView(withD, 'Control+Shift+Z redoes the addition');
  await teach.shortcut('Control+Shift+z');
  await teach.expectView(withoutB, 'Control+Shift+Z again redoes the removal');
  await expect(teach.redoButton).toBeDisabled();
});

test('Z and Shift+Z undo and redo like the buttons', async ({ ring }) => {
  const teach = new Teach(ring);
  const [start, withD, withoutB] = await twoChanges(ring, teach);

  await teach.shortcut('z');
  await teach.expectView(withD, 'Z undoes the removal');
  await teach.shortcut('z');
  await teach.expectView(start, 'Z again undoes the addition');
  await teach.shortcut('Shift+Z');
  await teach.expectView(withD, 'Shift+Z redoes the addition');
  await teach.shortcut('Shift+Z');
  await teach.expectView(withoutB, 'Shift+Z again redoes the removal');
  // Nothing more to redo: the view stays.
  await teach.shortcut('Shift+Z');
  await expect(ring.announcement).toHaveText('Nothing to redo.');
  expect(await teach.view()).toEqual(withoutB);
});

test('a new change after an undo clears what could be redone', async ({ ring }) => {
  const teach = new Teach(ring);
  const [, withD] = await twoChanges(ring, teach);
  await teach.undoButton.click();
  await teach.expectView(withD, 'undo shows D just added');
  await expect(teach.redoButton).toBeEnabled();

  await ring.addKey('user:7');
  await expect(ring.headline).toHaveText(/user:7/);
  await expect(teach.redoButton).toBeDisabled();
  // The key just added is selected a moment after the headline shows it: wait for that too,
  // so that the view is read once it has settled.
  await expect.poll(async () => (await teach.view()).selectedKey).toBe('user:7');
  const afterKey = await teach.view();
  await teach.shortcut('Shift+Z');
  await expect(ring.announcement).toHaveText('Nothing to redo.');
  expect(await teach.view(), 'redo has nothing to bring back').toEqual(afterKey);
  // B, removed before the undo, is still there: the undone removal is gone for good.
  await expect(ring.row('B')).toBeVisible();

  // Undo still goes back through the history that remains.
  await teach.undoButton.click();
  await teach.expectView(withD, 'undo goes back to D just added');
});
