import { test, expect } from '../fixtures.mjs';
import { Teach } from '../teach.mjs';

/** Four caches with 100 points each and 1,000 keys, read alike, in the Traffic view. */
const EVEN = '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&view=traffic';
const HOT = `${EVEN}&hot=key-0*1000`;

const distance = (a, b) => Math.max(...[0, 1, 2].map((i) => Math.abs(a[i] - b[i])));

test('read alike, each server\'s requests equal its keys; one key made hot melts its server', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${EVEN}&select=key-0`);
  await expect(page.getByTestId('traffic-panel')).toBeVisible();
  await expect(page.getByTestId('peak-none')).toHaveText('1.02×');
  for (const name of ['A', 'B', 'C', 'D']) {
    await expect(page.getByTestId(`request-share-${name}`)).toHaveText(
      await page.getByTestId(`key-share-${name}`).textContent(),
    );
  }

  await page.getByTestId('make-hot').click();
  await expect(page.getByTestId('hot-key-0')).toContainText('key-0 ×1,000');
  await expect(page.getByTestId('request-share-A')).toHaveText('62.8%');
  await expect(page.getByTestId('key-share-A')).toHaveText('25.6%');
  await expect(page.getByTestId('peak-none')).toHaveText('2.51×');
  await expect(page.getByTestId('busiest-keys')).toContainText('key-0');
  await expect(page).toHaveURL(/hot(=|:)key-0\*1000/);

  // Undo and redo carry the hot key like any change.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('hot-key-0')).toHaveCount(0);
  await expect(page.getByTestId('peak-none')).toHaveText('1.02×');
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('peak-none')).toHaveText('2.51×');

  // "ordinary" undoes it, and the address written a moment later reopens it that way.
  await expect(page).toHaveURL(/hot(=|:)key-0\*1000/);
  const hotAddress = page.url();
  await page.getByRole('button', { name: 'Make key-0 ordinary' }).click();
  await expect(page.getByTestId('hot-key-0')).toHaveCount(0);
  await expect(page.getByTestId('request-share-A')).toHaveText('25.6%');
  await expect.poll(() => page.url()).not.toBe(hotAddress);
  await page.goto(page.url());
  await expect(page.getByTestId('request-share-A')).toHaveText('25.6%');
  await expect(page.getByTestId('hot-key-0')).toHaveCount(0);
});

test('Zipf popularity and its s change every share, and the link carries them', async ({ ring }) => {
  const { page } = ring;
  await ring.open(EVEN);
  await page.getByTestId('popularity-zipf').click();
  await expect(page.getByTestId('popularity-zipf')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('zipf-s-value')).toHaveText('1.00');
  await expect(page).toHaveURL(/traffic(=|:)zipf:1\.00/);

  await page.getByTestId('zipf-s').fill('110');
  await expect(page.getByTestId('zipf-s-value')).toHaveText('1.10');
  await expect(page.getByTestId('peak-none')).toHaveText('1.36×');
  await expect(page.getByTestId('request-share-D')).toHaveText('34%');
  await expect(page.getByTestId('zipf-s')).toHaveAttribute('aria-valuetext', 's = 1.10');

  await page.getByTestId('popularity-uniform').click();
  await expect(page.getByTestId('peak-none')).toHaveText('1.02×');
  await expect(page.getByTestId('zipf-s')).toHaveCount(0);
});

test('each remedy shows its own figure next to none, and all chosen together', async ({ ring }) => {
  const { page } = ring;
  await ring.open(HOT);
  await expect(page.getByTestId('peak-none')).toHaveText('2.51×');
  await expect(page.getByTestId('peak-all')).toHaveText('2.51×');

  await page.getByTestId('remedy-copies-on').check();
  await expect(page.getByTestId('remedy-copies-effect')).toHaveText('1.18×');
  await expect(page.getByTestId('peak-all')).toHaveText('1.18×');
  await expect(page.getByTestId('request-share-A')).toHaveText('29.5%');
  await expect(page).toHaveURL(/remedy(=|:)copies:3/);

  await page.getByTestId('remedy-copies-on').uncheck();
  await page.getByTestId('remedy-near-on').check();
  await expect(page.getByTestId('remedy-near-effect')).toHaveText('0.71×');
  await expect(page.getByTestId('traffic-panel')).toContainText('22,714');

  await page.getByTestId('remedy-near-on').uncheck();
  await page.getByTestId('remedy-bounded-on').check();
  await expect(page.getByTestId('remedy-bounded-effect')).toHaveText('2.00×');
  await expect(page.getByTestId('request-share-A')).toHaveText('50%');

  // A new setting for a remedy that is on takes effect when committed.
  await page.getByTestId('remedy-bounded').fill('3');
  await page.getByTestId('remedy-bounded').press('Enter');
  await expect(page).toHaveURL(/bounded:3\.00/);
  await expect(page.getByTestId('remedy-bounded')).toHaveValue('3.00');

  // Undo goes back one remedy change at a time.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('remedy-bounded')).toHaveValue('1.25');
});

test('a setting out of range is refused in words next to the control, and nothing changes', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${HOT}&remedy=copies:3`);
  const before = page.url();
  const copies = page.getByTestId('remedy-copies');
  await copies.fill('9');
  await copies.press('Enter');
  await expect(page.getByTestId('traffic-error')).toContainText(/2 to 5/);
  await expect(copies).toHaveAttribute('aria-invalid', 'true');
  await expect(copies).toHaveValue('9');
  await expect(page.getByTestId('peak-all')).toHaveText('1.18×');
  expect(page.url()).toBe(before);

  const top = page.getByTestId('remedy-top');
  await top.fill('0');
  await top.press('Enter');
  await expect(page.getByTestId('traffic-error')).toContainText(/1 to 1,000/);
  await expect(page.getByTestId('peak-all')).toHaveText('1.18×');

  // A good value clears the message.
  await copies.fill('2');
  await copies.press('Enter');
  await expect(page.getByTestId('traffic-error')).toBeHidden();
  await expect(copies).not.toHaveAttribute('aria-invalid', 'true');
});

test('a link with a bad popularity, multiplier or key opens the rest and says what it left out', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${EVEN}&traffic=zipf:9&hot=key-0*5000000,nokey*10,key-1*100&remedy=copies:3,near:7`);
  const notices = page.getByTestId('link-notices');
  await expect(notices).toContainText('traffic');
  await expect(notices).toContainText('nokey');
  await expect(notices).toContainText('1,000,000');
  await expect(page.getByTestId('popularity-uniform')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('hot-key-1')).toBeVisible();
  await expect(page.getByTestId('hot-key-0')).toHaveCount(0);
  await expect(page.getByTestId('remedy-copies-on')).toBeChecked();
  await expect(page.getByTestId('remedy-near-on')).not.toBeChecked();
});

test('when the hot key\'s server leaves, the last change and the cache panel count the requests moved', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${HOT}&then=remove:A`);
  await expect(page.getByTestId('moved-requests')).toHaveText(
    'The keys that moved carry 62.8% of the requests (25.6% of the keys).',
  );
  // The same change with keys read alike says nothing about requests.
  await ring.open(`${EVEN}&then=remove:A`);
  await expect(page.getByTestId('moved-requests')).toHaveText('');
});

test('the Traffic view draws keys by their requests, and the hot key stands out', async ({ ring }) => {
  const { page } = ring;
  const teaching = '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&hot=@52*1000';
  // Beside @52's dot, just past its plain size: background on the Ring view, C's colour on
  // the Traffic view, where @52's dot grows with its reads.
  const besideHotKey = async () => {
    const frame = await ring.frame();
    const centre = frame.at(0.52, frame.keyRadius(0));
    return (await ring.pixel({ x: centre.x + frame.keySize() * 1.6, y: centre.y })).slice(0, 3);
  };
  await ring.open(teaching);
  const background = (await ring.pixel({ x: 3, y: 3 })).slice(0, 3);
  await expect.poll(async () => distance(await besideHotKey(), background)).toBeLessThanOrEqual(8);

  await page.getByTestId('view-traffic').click();
  await expect(page.getByTestId('traffic-panel')).toBeVisible();
  await expect.poll(async () => distance(await besideHotKey(), background)).toBeGreaterThan(40);
});

test('the lesson "A very hot key" walks from even keys through each remedy to a failure', async ({ ring }) => {
  const { page } = ring;
  const teach = new Teach(ring);
  await ring.open();
  await teach.pickLesson('hot-key');
  const figures = ['1.02×', '2.51×', '2.46×', '2.51×', '2.51×', '2.51×', '2.51×'];
  const withRemedies = [null, null, null, '1.18×', '0.71×', '2.00×', null];
  for (let i = 0; i < figures.length; i += 1) {
    await teach.expectStep(i + 1, 7);
    await expect(page.getByTestId('traffic-panel'), `step ${i + 1}`).toBeVisible();
    await expect(page.getByTestId('view-traffic')).toHaveAttribute('aria-current', 'page');
    if (i < 6) {
      await expect(page.getByTestId('peak-none'), `step ${i + 1}`).toHaveText(figures[i]);
    }
    if (withRemedies[i]) {
      await expect(page.getByTestId('peak-all'), `step ${i + 1}`).toHaveText(withRemedies[i]);
    }
    if (i < 6) await page.getByTestId('lesson-next').click();
  }
  // The last step: A has left, and the moved keys carried most of the reads.
  await expect(page.getByTestId('moved-requests')).toContainText('62.8% of the requests');
  await expect(page.getByTestId('request-share-D')).toHaveText('67.1%');
});

test('an embed with panels=traffic shows the Requests panel, and messages drive its traffic', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${HOT}&embed=1&panels=traffic`);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.getByTestId('traffic-panel')).toBeVisible();
  await expect(page.getByTestId('peak-none')).toHaveText('2.51×');
  await page.evaluate(() =>
    window.postMessage({ type: 'ringlab:apply', change: 'remedy:copies:3' }, window.location.origin),
  );
  await expect(page.getByTestId('peak-all')).toHaveText('1.18×');
});
