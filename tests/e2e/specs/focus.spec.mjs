import { test, expect } from '../fixtures.mjs';
import { Teach } from '../teach.mjs';

/** What has the focus: its test id, or its tag and text. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.dataset?.testid ?? `${el.tagName.toLowerCase()}:${el.textContent.trim().slice(0, 30)}`;
  });
}

test('removing a server by keyboard puts the focus on a neighbour\'s name, so Enter again removes nothing', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75,D@90&keys=@5,@52');
  await ring.removeButton('B').focus();
  await page.keyboard.press('Enter');
  await expect(ring.row('B')).toHaveCount(0);
  // The next row's name, C, has the focus: not C's Remove button.
  await expect.poll(() => focused(page)).toBe('button:C');
  await page.keyboard.press('Enter');
  await expect(ring.row('C')).toHaveCount(1);
  await expect(page.getByTestId('server-row-C')).toHaveClass(/selected/);
  await expect(page.locator('[data-testid^="server-row-"]')).toHaveCount(3);

  // Removing the last row focuses the row before it.
  await ring.removeButton('D').focus();
  await page.keyboard.press('Space');
  await expect(ring.row('D')).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('button:C');
  // Undo brings D back, and says so.
  await page.keyboard.press('Control+z');
  await expect(ring.row('D')).toHaveCount(1);
  await expect(ring.announcement).toHaveText('Undone: Server D removed.');
});

test('a menu opened right after Remove keeps the focus and stays open once the page is drawn', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75');
  // Remove, then open More before the next frame, as a quick person or a busy machine would.
  await page.evaluate(() => {
    document.querySelector('[data-testid="remove-B"]').click();
    const more = document.querySelector('[data-testid="more-open"]');
    more.focus();
    more.click();
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(ring.row('B')).toHaveCount(0);
  expect(await focused(page)).toBe('more-open');
  await expect(page.getByTestId('reset')).toBeVisible();
});

test('a dialog takes the focus, keeps Tab inside, and gives the focus back to what opened it', async ({ ring }) => {
  const { page } = ring;
  await ring.open();
  const opener = page.getByTestId('more-open');
  await opener.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('shortcuts-open').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  // Tab and Shift+Tab go round inside the dialog.
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The Embed dialog, opened from the Share menu, gives the focus back to the Share button.
  await page.getByTestId('share-open').click();
  await page.getByTestId('embed-open').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('share-open')).toBeFocused();
});

test('a lesson step taken with Back or Next puts the focus on its narration; leaving goes back to the picker', async ({ ring }) => {
  const { page } = ring;
  const teach = new Teach(ring);
  await ring.open();
  await teach.pickLesson('fifth-cache');
  await expect(page.getByTestId('lesson-narration')).toBeFocused();
  await page.getByTestId('lesson-next').focus();
  await page.keyboard.press('Enter');
  await teach.expectStep(2, await page.locator('[data-testid="lesson-step"]').textContent().then((t) => Number(t.match(/of (\d+)/)[1])));
  await expect(page.getByTestId('lesson-narration')).toBeFocused();
  await page.getByTestId('lesson-back').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lesson-narration')).toBeFocused();
  await page.getByTestId('lesson-close').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lesson-panel')).toHaveCount(0);
  await expect(page.getByTestId('lesson-select')).toBeFocused();
});

test('removing the selected key puts the focus on the key field; closing the key goes back to the ring', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&select=@52');
  await page.getByTestId('drop-selected-key').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('key-@52')).toHaveCount(0);
  await expect(ring.keyName).toBeFocused();

  await ring.selectKey('@68');
  await page.getByTestId('key-panel').getByRole('button', { name: 'Close' }).press('Enter');
  await expect(page.getByTestId('key-panel')).toHaveCount(0);
  await expect(ring.canvas).toBeFocused();
});

test('on the focused ring the arrow keys step through points and keys clockwise, select each and say it', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
  await expect(ring.canvas).toHaveAttribute('tabindex', '0');
  await expect(ring.canvas).toHaveAccessibleName(/arrow keys/);
  await ring.canvas.focus();

  // Clockwise from 12 o'clock: @5, A's point at 10, @25, B at 40, @52, @68, C at 75, @90.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('key-label')).toHaveText('@5');
  await expect(ring.announcement).toHaveText('Key @5, owned by A. Walk clockwise 5 from 5 to A\'s point at 10 (1 of 8).');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('server-row-A')).toHaveClass(/selected/);
  await expect(page.getByTestId('key-panel')).toHaveCount(0);
  await expect(ring.announcement).toHaveText(/^Server A: 35% of the positions and 2 keys \(2 of 8\)\.$/);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('key-label')).toHaveText('@25');
  await page.keyboard.press('ArrowLeft');
  await expect(ring.announcement).toContainText('Server A');
  await page.keyboard.press('End');
  await expect(page.getByTestId('key-label')).toHaveText('@90');
  await expect(ring.announcement).toContainText('(8 of 8)');
  // Round the top: from the last stop to the first.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('key-label')).toHaveText('@5');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('key-panel')).toHaveCount(0);
  await expect(ring.announcement).toHaveText('Nothing selected.');
  await expect(ring.canvas).toBeFocused();
});

test('the ring keeps its arrow keys while focused, and a lesson steps with them elsewhere', async ({ ring }) => {
  const { page } = ring;
  const teach = new Teach(ring);
  await ring.open();
  await teach.pickLesson('teaching-ring');
  await ring.canvas.focus();
  await page.keyboard.press('ArrowRight');
  await teach.expectStep(1, 6);
  await expect(page.getByTestId('key-panel')).toHaveCount(1);
  await page.getByTestId('lesson-narration').focus();
  await page.keyboard.press('ArrowRight');
  await teach.expectStep(2, 6);
});

test('a key or point picked with the pointer is said in words too', async ({ ring }) => {
  await ring.open('?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
  const frame = await ring.frame();
  await ring.clickRing(0.52, frame.keyRadius(0));
  await expect(ring.page.getByTestId('key-label')).toHaveText('@52');
  await expect(ring.announcement).toHaveText("Key @52, owned by C. Walk clockwise 23 from 52 to C's point at 75.");
  await ring.clickRing(0.4, frame.ringRadius());
  await expect(ring.announcement).toHaveText(/^Server B: 30% of the positions and 1 key\.$/);
});

test('Reset, folded under More, leaves the focus on More, says what it did and is undone by Undo', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=100&servers=A@10,B@40,C@75,D@90&keys=@5,@52');
  await page.getByTestId('more-open').focus();
  await page.keyboard.press('Enter');
  // Keyboard shortcuts…, Paste your cluster…, then Reset.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('reset');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('row-D')).toHaveCount(0);
  expect(await focused(page)).toBe('more-open');
  await expect(page.locator('#more-items')).toBeHidden();
  await expect(ring.announcement).toHaveText(/^Back to the starting ring/);
  // Enter again only opens the menu: nothing else is reset or removed.
  await page.keyboard.press('Enter');
  await expect(page.locator('#more-items')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#more-items')).toBeHidden();
  expect(await focused(page)).toBe('more-open');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('row-D')).toHaveCount(1);
});
