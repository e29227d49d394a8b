import { test, expect } from '../fixtures.mjs';
import { Teach, TEACHING_LINK, movedOf, wholeNumber } from '../teach.mjs';

const HASHED = '?ring=2^32&vnodes=10&servers=A,B,C,D,E&gen=200';

/** Selects a key of a ring with too many keys to list, through the find box. */
async function findKey(ring, label) {
  await ring.findKeyInput.fill(label);
  await ring.findKeyInput.press('Enter');
  await expect(ring.keyLabel).toHaveText(label);
}

test('with three copies each key of the teaching ring is kept on three distinct servers, clockwise from it, the owner first', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await teach.replicas(3).click();
  await expect(teach.replicas(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(ring.announcement).toHaveText('Each key now kept on 3 distinct servers.');
  // Clockwise from each key: A at 10, B at 40, C at 75, then round again.
  const expected = {
    '@5': ['A', 'B', 'C'],
    '@25': ['B', 'C', 'A'],
    '@52': ['C', 'A', 'B'],
    '@68': ['C', 'A', 'B'],
    '@90': ['A', 'B', 'C'],
  };
  for (const [label, servers] of Object.entries(expected)) {
    await ring.selectKey(label);
    await expect(ring.keyLabel).toHaveText(label);
    await expect(teach.keyCopies).toHaveText(`${servers[0]} (primary), ${servers.slice(1).join(', ')}`);
    const copies = await teach.copies();
    expect(new Set(copies).size, `${label}'s copies are distinct`).toBe(3);
    await expect(ring.keyOwner).toHaveText(copies[0]);
    expect(copies).toEqual(servers);
  }
});

test('R sets how many copies are listed, never more than there are servers, and R = 1 lists none', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await ring.selectKey('@52');
  await expect(teach.keyCopies).toHaveCount(0);
  await teach.replicas(2).click();
  await expect(teach.keyCopies).toHaveText('C (primary), A');
  await teach.replicas(5).click();
  expect(await teach.copies()).toEqual(['C', 'A', 'B']);
  await teach.replicas(1).click();
  await expect(teach.keyCopies).toHaveCount(0);
  await expect(ring.keyOwner).toHaveText('C');
});

test('when a key\'s owner is removed, its second copy takes over: promoted equals the keys moved on the ring and none is lost', async ({ ring }) => {
  const teach = new Teach(ring);
  await teach.open(HASHED);
  await teach.replicas(3).click();
  await findKey(ring, 'key-7');
  const copies = await teach.copies();
  expect(copies).toHaveLength(3);
  expect(new Set(copies).size).toBe(3);
  await expect(ring.keyOwner).toHaveText(copies[0]);

  // Remove the server that answers for key-7.
  await ring.removeServer(copies[0]);
  await expect(ring.headline).toHaveText(`Server ${copies[0]} removed.`);
  const moved = movedOf(await ring.ringMoved.textContent());
  expect(moved.of).toBe(200);
  expect(moved.moved).toBeGreaterThan(0);
  await expect(teach.failover).toBeVisible();
  expect(wholeNumber(await teach.replicaPromoted.textContent())).toBe(moved.moved);
  await expect(teach.replicaLost).toHaveText('0');
  await expect(teach.failover).toContainText('With R = 3:');

  // key-7 is now answered by what was its second copy, and still kept on three servers.
  await expect(ring.keyLabel).toHaveText('key-7');
  await expect(ring.keyOwner).toHaveText(copies[1]);
  const now = await teach.copies();
  expect(now.slice(0, 2)).toEqual(copies.slice(1));
  expect(now).toHaveLength(3);
  expect(now).not.toContain(copies[0]);
  if (moved.moved <= 12) {
    await expect(ring.page.getByTestId('promotions')).toContainText(`key-7: ${copies[0]} → ${copies[1]} (replica promoted)`);
  }
});

test('with two copies a removal also loses no key, and the figures follow R as it changes', async ({ ring }) => {
  const teach = new Teach(ring);
  await teach.open(`${HASHED}&then=remove:B`);
  await expect(ring.headline).toHaveText('Server B removed.');
  const moved = movedOf(await ring.ringMoved.textContent());
  // Outside the replicas lesson, one copy per key shows no failover line.
  await expect(teach.failover).toHaveCount(0);
  await teach.replicas(2).click();
  await expect(teach.failover).toContainText('With R = 2:');
  expect(wholeNumber(await teach.replicaPromoted.textContent())).toBe(moved.moved);
  await expect(teach.replicaLost).toHaveText('0');
  await teach.replicas(4).click();
  await expect(teach.failover).toContainText('With R = 4:');
  expect(wholeNumber(await teach.replicaPromoted.textContent())).toBe(moved.moved);
  await expect(teach.replicaLost).toHaveText('0');
});

test('with one copy inside the replicas lesson, every key kyoto answered for is lost: lost equals moved', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await teach.pickLesson('replicas');
  await teach.lessonNext.click();
  await teach.lessonNext.click();
  await teach.expectStep(3, 4);
  await expect(ring.ringMoved).toHaveText('186 of 1,002');
  await expect(teach.replicaPromoted).toHaveText('186');
  await expect(teach.replicaLost).toHaveText('0');

  // The same failure with R = 1, chosen by hand on this step.
  await teach.replicas(1).click();
  await expect(teach.failover).toContainText('With R = 1:');
  await expect(teach.replicaLost).toHaveText('186');
  await expect(teach.replicaPromoted).toHaveText('0');

  // The lesson's own next step keeps one copy and says the same.
  await teach.lessonNext.click();
  await teach.expectStep(4, 4);
  await expect(teach.replicas(1)).toHaveAttribute('aria-pressed', 'true');
  const moved = movedOf(await ring.ringMoved.textContent());
  expect(wholeNumber(await teach.replicaLost.textContent())).toBe(moved.moved);
  await expect(teach.replicaPromoted).toHaveText('0');
});

test('on the teaching ring with three copies, B leaving promotes key 25\'s next copy and loses nothing', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open(`${TEACHING_LINK}&r=3&select=@25`);
  await expect(teach.replicas(3)).toHaveAttribute('aria-pressed', 'true');
  expect(await teach.copies()).toEqual(['B', 'C', 'A']);
  await ring.removeServer('B');
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await expect(teach.replicaPromoted).toHaveText('1');
  await expect(teach.replicaLost).toHaveText('0');
  await expect(ring.page.getByTestId('promotions')).toHaveText('@25: B → C (replica promoted)');
  await expect(ring.keyOwner).toHaveText('C');
});
