import { test, expect, RingPage } from '../fixtures.mjs';
import { Teach, TEACHING_LINK, watch } from '../teach.mjs';

/** Builds a view on the full ring with hashed servers, 100 points each and 1,000 keys, then adds one more. */
async function buildFullRing(ring) {
  await ring.open();
  await ring.ringFullButton.click();
  await expect(ring.ringFullButton).toHaveAttribute('aria-pressed', 'true');
  for (const name of ['tokyo', 'osaka']) {
    await ring.addServer(name);
    await expect(ring.row(name)).toBeVisible();
  }
  await ring.setVnodes(100);
  await expect(ring.vnodesInput).toHaveValue('100');
  await ring.addKeys(1000);
  await expect(ring.keyCount).toHaveText('1,005 keys on the ring.');
  await ring.addServer('kyoto');
  await expect(ring.headline).toHaveText('Server kyoto added.');
}

test('a link copied from the address bar reopens the same servers, shares, keys and last change', async ({ ring, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const teach = new Teach(ring);
  await buildFullRing(ring);
  const address = await teach.address(/then=add:kyoto/);
  expect(address).toMatch(/[?&]ring=2\^32(&|$)/);
  expect(address).toMatch(/[?&]vnodes=100(&|$)/);
  expect(address).toMatch(/[?&]servers=A@429496730,B@1717986918,C@3221225472,tokyo,osaka(&|$)/);
  const built = await teach.view();
  expect(built.ringMoved).toMatch(/ of 1,005$/);

  // "Copy link" puts exactly the address on the clipboard.
  await teach.copyLinkButton.click();
  await expect(ring.page.locator('.toolbar .copied')).toHaveText('Link copied.');
  await expect(ring.announcement).toHaveText('Link to this view copied.');
  const copied = await ring.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await ring.page.evaluate(() => location.href));
  expect(copied).toBe(address);

  // A fresh page opened on the copied link shows the very same view.
  const fresh = await context.newPage();
  const seen = watch(fresh);
  const again = new RingPage(fresh);
  await fresh.goto(copied);
  await expect(again.canvas).toBeVisible();
  await expect(again.row('kyoto')).toBeVisible();
  const reopened = new Teach(again);
  await reopened.expectView(built, 'the reopened link shows the built view');
  expect(await again.panelFigures()).toEqual(await ring.panelFigures());
  await expect(again.ringMoved).toHaveText(built.ringMoved);
  await expect(again.modnMoved).toHaveText(built.modnMoved);
  await expect(again.headline).toHaveText('Server kyoto added.');
  await expect(again.keyCount).toHaveText('1,005 keys on the ring.');
  // Its address holds the same state again.
  expect(fresh.url()).toBe(copied);
  expect(seen).toEqual({ problems: [], dialogs: [] });
});

test('undo on a reopened link goes back to the view before its last change', async ({ ring }) => {
  const teach = new Teach(ring);
  await buildFullRing(ring);
  const address = await teach.address(/then=add:kyoto/);
  await teach.undoButton.click();
  await expect(ring.row('kyoto')).toHaveCount(0);
  const beforeKyoto = await teach.view();

  await ring.page.goto(address);
  await expect(ring.row('kyoto')).toBeVisible();
  await expect(teach.undoButton).toBeEnabled();
  await teach.undoButton.click();
  await expect(ring.row('kyoto')).toHaveCount(0);
  const undone = await teach.view();
  // The engine's figures and the table are those of the moment before kyoto joined.
  expect(undone.snapshot.servers).toEqual(beforeKyoto.snapshot.servers);
  expect(undone.snapshot.keys).toBe(beforeKyoto.snapshot.keys);
  expect(undone.figures).toEqual(beforeKyoto.figures);
  await expect(teach.undoButton).toBeDisabled();
});

test('a hand-written link replays D joining at 60: 1 of 5 keys moved on the ring, 4 of 5 under mod N', async ({ ring }) => {
  await ring.open(`${TEACHING_LINK}&then=add:D@60`);
  await expect(ring.row('D')).toBeVisible();
  await expect(ring.headline).toHaveText('Server D added.');
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await expect(ring.modnMoved).toHaveText('4 of 5');
  await expect(ring.ringMovedPct).toHaveText('20%');
  await expect(ring.modnMovedPct).toHaveText('80%');
  await expect(ring.ringMoves).toHaveText('@52: C → D');
  await expect(ring.share('D')).toHaveText('20%');
  await expect(ring.share('C')).toHaveText('15%');
  const snapshot = await ring.expectPanelsMatchEngine();
  expect(snapshot.last).toMatchObject({ placement: 'ring', headline: 'Server D added.', keys: 5, ring_moved: 1, mod_n_moved: 4 });
  await expect(ring.page.getByTestId('link-notices')).toHaveCount(0);
});
