import { test, expect, RingPage } from '../fixtures.mjs';
import { Teach, LESSONS, about, fraction, movedOf, watch, wholeNumber } from '../teach.mjs';

/** A server's row of the engine's snapshot. */
function server(snapshot, name) {
  const row = snapshot.servers.find((s) => s.name === name);
  if (!row) throw new Error(`no server ${name} in ${JSON.stringify(snapshot.servers.map((s) => s.name))}`);
  return row;
}

/** A share as the lessons state it: a whole percentage. */
function wholePercent(share) {
  return Math.round(share * 100);
}

/** What the panels say about the lesson and its step, besides the view itself. */
async function lessonView(teach) {
  const pressed = await teach.page
    .locator('[data-testid^="replicas-"][aria-pressed="true"]')
    .getAttribute('data-testid');
  return {
    ...(await teach.view()),
    step: (await teach.lessonStep.textContent()).trim(),
    narration: (await teach.lessonNarration.textContent()).trim(),
    replicas: pressed,
    cache: await teach.cacheFigures(),
    copies: (await teach.keyCopies.count()) > 0 ? await teach.copies() : null,
    failover: (await teach.failover.count()) > 0 ? (await teach.failover.textContent()).trim() : null,
    spread: (await teach.page.getByTestId('spread').textContent()).trim(),
  };
}

/** The lesson's step is on the Timeline, above the chart, following `what` of server `name`. */
async function expectTimeline(ring, what, name) {
  const { page } = ring;
  await expect(page.getByTestId('timeline-view')).toBeVisible();
  await expect(page.getByTestId('view-timeline')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
  await expect(page.getByTestId(`event-${what}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-server')).toHaveValue(name);
}

/**
 * Walks lesson `id` from its first step to its last, alternating the Next button and the → key,
 * and calls `checks[i]` on step i + 1 with the figures of the step before it.
 */
async function walk(ring, id, checks) {
  const teach = new Teach(ring);
  const { steps } = LESSONS.find((l) => l.id === id);
  expect(checks).toHaveLength(steps);
  await ring.open();
  await teach.pickLesson(id);
  await expect(teach.lessonBack).toBeDisabled();
  let previous = null;
  for (let i = 0; i < steps; i++) {
    if (i > 0) {
      if (i % 2 === 1) {
        await teach.lessonNext.click();
      } else {
        await teach.shortcut('ArrowRight');
      }
    }
    await teach.expectStep(i + 1, steps);
    const snapshot = await ring.snapshot();
    await checks[i]({ teach, ring, snapshot, previous });
    // The table always shows the engine's figures.
    await ring.expectPanelsMatchEngine();
    previous = snapshot;
  }
  // The last step's Next is Finish.
  await expect(teach.lessonNext).toHaveText('Finish');
  return teach;
}

test('the ring by hand: 35/30/35, key 90 walks past the top to A, D takes 41–60 and only key 52, B leaves and D ends with 50% against C 15%', async ({ ring }) => {
  await walk(ring, 'teaching-ring', [
    async ({ snapshot }) => {
      expect(snapshot.ring_size).toBe(100);
      expect(snapshot.servers.map((s) => [s.name, s.arc])).toEqual([['A', 35], ['B', 30], ['C', 35]]);
      await expect(ring.share('A')).toHaveText('35%');
      await expect(ring.share('B')).toHaveText('30%');
      await expect(ring.share('C')).toHaveText('35%');
      await expect(ring.keyPanel).toHaveCount(0);
      await expect(ring.ringMoved).toHaveCount(0);
    },
    async () => {
      await expect(ring.keyLabel).toHaveText('@90');
      await expect(ring.keyOwner).toHaveText('A');
      await expect(ring.keySteps).toContainText("Walk clockwise 20 from 90 to A's point at 10, wrapping past the top.");
    },
    async ({ snapshot }) => {
      await expect(ring.headline).toHaveText('Server D added.');
      // D at 60 owns 41 to 60: 20 positions, all of them C's before.
      expect(server(snapshot, 'D').arc).toBe(20);
      expect(server(snapshot, 'C').arc).toBe(15);
      expect(server(snapshot, 'A').arc).toBe(35);
      expect(server(snapshot, 'B').arc).toBe(30);
      await expect(ring.share('D')).toHaveText('20%');
    },
    async ({ snapshot }) => {
      await expect(ring.ringMoved).toHaveText('1 of 5');
      await expect(ring.modnMoved).toHaveText('4 of 5');
      await expect(ring.ringMoves).toHaveText('@52: C → D');
      await expect(ring.keyLabel).toHaveText('@52');
      await expect(ring.keyOwner).toHaveText('D');
      expect(snapshot.last).toMatchObject({ placement: 'ring', headline: 'Server D added.', keys: 5, ring_moved: 1, mod_n_moved: 4 });
    },
    async ({ snapshot }) => {
      await expect(ring.headline).toHaveText('Server B removed.');
      await expect(ring.ringMoved).toHaveText('1 of 5');
      await expect(ring.ringMoves).toHaveText('@25: B → D');
      await expect(ring.keyLabel).toHaveText('@25');
      await expect(ring.keyOwner).toHaveText('D');
      expect(snapshot.servers.map((s) => s.name)).toEqual(['A', 'C', 'D']);
    },
    async ({ snapshot }) => {
      expect(server(snapshot, 'D').arc).toBe(50);
      expect(server(snapshot, 'C').arc).toBe(15);
      expect(server(snapshot, 'A').arc).toBe(35);
      await expect(ring.share('D')).toHaveText('50%');
      await expect(ring.share('C')).toHaveText('15%');
      await expect(ring.keyPanel).toHaveCount(0);
    },
  ]);
});

test('adding a fifth cache: 27/24/25/24 keys, sapporo takes 21 of 100 keys where mod N moves 83, key-2 stays on tokyo but mod N sends it to kyoto, and the database goes from 2,500 to about 12,500 or 41,900', async ({ ring }) => {
  const teach = new Teach(ring);
  await walk(ring, 'fifth-cache', [
    async ({ snapshot }) => {
      expect(snapshot.ring_size).toBe(2 ** 32);
      expect(snapshot.vnodes).toBe(100);
      expect(snapshot.keys).toBe(100);
      expect(snapshot.servers.map((s) => [s.name, s.keys])).toEqual([
        ['tokyo', 27],
        ['osaka', 24],
        ['kyoto', 25],
        ['nagoya', 24],
      ]);
    },
    async ({ snapshot }) => {
      await expect(ring.headline).toHaveText('Server sapporo added.');
      await expect(ring.ringMoved).toHaveText('21 of 100');
      await expect(ring.modnMoved).toHaveText('83 of 100');
      // sapporo started empty and holds 21 keys: every key that moved went to it.
      expect(server(snapshot, 'sapporo').keys).toBe(21);
      await expect(ring.keys('sapporo')).toHaveText('21');
      expect(snapshot.last).toMatchObject({ placement: 'ring', headline: 'Server sapporo added.', keys: 100, ring_moved: 21, mod_n_moved: 83 });
    },
    async () => {
      await expect(ring.keyLabel).toHaveText('key-2');
      await expect(ring.keyOwner).toHaveText('tokyo');
      await expect(ring.keyModnOwner).toHaveText('kyoto');
      await expect(ring.modnMoved).toHaveText('83 of 100');
    },
    async () => {
      await expect(teach.dbBefore).toHaveText('2,500');
      await expect(teach.dbAfterRing).toHaveText('12,475');
      await expect(teach.dbAfterModn).toHaveText('41,925');
      const figures = await teach.cacheFigures();
      expect(about(figures.ring, 100)).toBe(12_500);
      expect(about(figures.modN, 100)).toBe(41_900);
    },
  ]);
});

test('virtual nodes: the spread falls from 40% to 27%, 8% and 2% as points per server go 1, 10, 100, 1,000', async ({ ring }) => {
  const page = ring.page;
  const spread = async () => Math.round(fraction(await page.getByTestId('spread').textContent()) * 100);
  const predicted = async () =>
    Math.round(fraction(await page.getByTestId('predicted-spread').textContent()) * 100);
  const spreads = [];
  await walk(ring, 'virtual-nodes', [
    async ({ snapshot }) => {
      expect(snapshot.vnodes).toBe(1);
      expect(snapshot.keys).toBe(1000);
      expect(wholePercent(server(snapshot, 'tokyo').share)).toBe(42);
      expect(wholePercent(server(snapshot, 'osaka').share)).toBe(15);
      expect([await spread(), await predicted()]).toEqual([40, 100]);
      spreads.push(snapshot.spread);
    },
    async ({ snapshot }) => {
      expect(snapshot.vnodes).toBe(10);
      expect([await spread(), await predicted()]).toEqual([27, 32]);
      spreads.push(snapshot.spread);
    },
    async ({ snapshot }) => {
      expect(snapshot.vnodes).toBe(100);
      expect([await spread(), await predicted()]).toEqual([8, 10]);
      const shares = snapshot.servers.map((s) => wholePercent(s.share));
      expect(Math.min(...shares)).toBe(23);
      expect(Math.max(...shares)).toBe(28);
      spreads.push(snapshot.spread);
    },
    async ({ snapshot }) => {
      expect(snapshot.vnodes).toBe(1000);
      expect([await spread(), await predicted()]).toEqual([2, 3]);
      spreads.push(snapshot.spread);
    },
  ]);
  // Each step's spread is smaller than the one before.
  for (let i = 1; i < spreads.length; i++) expect(spreads[i]).toBeLessThan(spreads[i - 1]);
});

test('a cache server dies: user:2 reads from C, C takes 2,426 keys with it to A, B and D, the database goes from 2,500 to about 14,000 (38,000 under mod N) and C takes the same keys back', async ({ ring }) => {
  const teach = new Teach(ring);
  await walk(ring, 'node-dies', [
    async ({ snapshot }) => {
      expect(snapshot.keys).toBe(10_001);
      expect(snapshot.vnodes).toBe(100);
      expect(server(snapshot, 'C').keys).toBe(2_426);
      await expect(ring.keyLabel).toHaveText('user:2');
      await expect(ring.keyOwner).toHaveText('C');
      await expect(teach.dbBefore).toHaveText('2,500');
      await expect(teach.dbAfterRing).toHaveText('—');
    },
    async ({ snapshot, previous }) => {
      await expect(ring.headline).toHaveText('Server C removed.');
      await expect(ring.ringMoved).toHaveText('2,426 of 10,001');
      await expect(ring.keyLabel).toHaveText('user:2');
      await expect(ring.keyOwner).not.toHaveText('C');
      const held = server(previous, 'C').keys;
      for (const name of ['A', 'B', 'D']) {
        const took = server(snapshot, name).keys - server(previous, name).keys;
        expect(took / held, `${name}'s part of C's keys`).toBeGreaterThanOrEqual(0.28);
        expect(took / held, `${name}'s part of C's keys`).toBeLessThanOrEqual(0.39);
      }
    },
    async () => {
      expect(Math.round(fraction(await ring.ringMovedPct.textContent()) * 100)).toBe(24);
      await expect(teach.dbBefore).toHaveText('2,500');
      const { ring: after } = await teach.cacheFigures();
      expect(Math.abs(after - 14_375)).toBeLessThanOrEqual(14_375 * 0.15);
      expect(about(after, 1000)).toBe(14_000);
    },
    async () => {
      // The Timeline: the same spike, then the database settles as the moved keys refill.
      await expectTimeline(ring, 'fail', 'C');
      await expect(ring.page.getByTestId('timeline-peak')).toHaveText('14,022');
      await expect(ring.page.getByTestId('timeline-extra')).toHaveText('2,305');
      await expect(ring.page.getByTestId('timeline-notes')).toContainText('C stays down');
      await expect(ring.page.getByTestId('timeline-chart').locator('.mark text')).toHaveText('C fails');
    },
    async () => {
      await expect(ring.page.getByTestId('timeline-view')).toHaveCount(0);
      expect(movedOf(await ring.modnMoved.textContent()).of).toBe(10_001);
      expect(Math.round(fraction(await ring.modnMovedPct.textContent()) * 100)).toBe(75);
      const { modN: after } = await teach.cacheFigures();
      expect(Math.abs(after - 38_125)).toBeLessThanOrEqual(38_125 * 0.05);
      expect(about(after, 1000)).toBe(38_000);
    },
    async ({ snapshot }) => {
      await expect(ring.headline).toHaveText('Server C added.');
      await expect(ring.ringMoved).toHaveText('2,426 of 10,001');
      expect(server(snapshot, 'C').keys).toBe(2_426);
      await expect(ring.keyLabel).toHaveText('user:2');
      await expect(ring.keyOwner).toHaveText('C');
    },
    async () => {
      // C fails and restarts a minute later: the same keys miss again, a second storm.
      await expectTimeline(ring, 'fail', 'C');
      await expect(ring.page.getByTestId('restart-after')).toHaveValue('60');
      await expect(ring.page.getByTestId('timeline-peak')).toHaveText('14,022');
      await expect(ring.page.getByTestId('timeline-extra')).toHaveText('4,609');
      await expect(ring.page.getByTestId('timeline-notes')).toContainText('C restarts empty after 60 s: its 2,426 returning keys miss again.');
      await expect(ring.page.getByTestId('timeline-chart').locator('.mark text')).toHaveText(['C fails', 'C restarts']);
    },
  ]);
});

test('clients that disagree: gossip over 30 s shades the chart and counts 181,932 requests to C, a failure keeps the storm tall, the restart adds a second window and hints wait for C', async ({ ring }) => {
  const { page } = ring;
  const notes = page.getByTestId('timeline-notes');
  const bands = page.getByTestId('timeline-chart').locator('.band rect');
  await walk(ring, 'clients-disagree', [
    async () => {
      await expectTimeline(ring, 'remove', 'C');
      await expect(page.getByTestId('timeline-peak')).toHaveText('14,022');
      await expect(page.getByTestId('timeline-extra')).toHaveText('2,305');
      await expect(bands).toHaveCount(0);
    },
    async () => {
      await expectTimeline(ring, 'remove', 'C');
      await expect(page.getByTestId('gossip')).toHaveValue('30');
      await expect(bands).toHaveCount(1);
      await expect(page.getByTestId('timeline-peak')).toHaveText('3,071');
      await expect(page.getByTestId('timeline-extra')).toHaveText('2,305');
      await expect(notes).toContainText('181,932 requests go to a server the new view does not name');
    },
    async () => {
      await expectTimeline(ring, 'fail', 'C');
      await expect(bands).toHaveCount(1);
      await expect(page.getByTestId('timeline-peak')).toHaveText('14,022');
      await expect(page.getByTestId('timeline-extra')).toHaveText('175,140');
    },
    async () => {
      await expectTimeline(ring, 'fail', 'C');
      await expect(bands).toHaveCount(2);
      await expect(notes).toContainText('C restarts empty after 120 s: its 2,426 returning keys miss again.');
      await expect(notes).toContainText('and 363,864 to an old owner');
    },
    async () => {
      await expectTimeline(ring, 'fail', 'C');
      await expect(bands).toHaveCount(0);
      await expect(notes).toContainText('Hinted handoff: 121 writes/s for the failed server are held as hints, 14,555 delivered at the restart.');
    },
  ]);
});

test('three copies of every key: user:7 on kyoto, tokyo and osaka, user:21 on kyoto, sapporo and nagoya; kyoto dying loses no key with three copies and all 186 of its keys with one', async ({ ring }) => {
  const teach = new Teach(ring);
  await walk(ring, 'replicas', [
    async () => {
      await expect(teach.replicas(3)).toHaveAttribute('aria-pressed', 'true');
      await expect(ring.keyLabel).toHaveText('user:7');
      await expect(ring.keyOwner).toHaveText('kyoto');
      expect(await teach.copies()).toEqual(['kyoto', 'tokyo', 'osaka']);
    },
    async () => {
      await expect(ring.keyLabel).toHaveText('user:21');
      expect(await teach.copies()).toEqual(['kyoto', 'sapporo', 'nagoya']);
    },
    async () => {
      await expect(ring.headline).toHaveText('Server kyoto removed.');
      await expect(ring.ringMoved).toHaveText('186 of 1,002');
      await expect(teach.replicaPromoted).toHaveText('186');
      await expect(teach.replicaLost).toHaveText('0');
      await expect(ring.keyLabel).toHaveText('user:7');
      await expect(ring.keyOwner).toHaveText('tokyo');
    },
    async () => {
      await expect(teach.replicas(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(ring.ringMoved).toHaveText('186 of 1,002');
      await expect(teach.replicaLost).toHaveText('186');
      await expect(teach.replicaPromoted).toHaveText('0');
    },
  ]);
});

/**
 * The step's view once the page has finished showing it: a step's selected key and walk come
 * just after its number, so the view is read until two reads a moment apart agree.
 */
async function steadyView(teach) {
  let last = await lessonView(teach);
  for (let i = 0; i < 50; i++) {
    await teach.page.waitForTimeout(150);
    const now = await lessonView(teach);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error('the step never settled');
}

for (const { id, steps } of LESSONS) {
  test(`Back and ← in "${id}" restore exactly the step before, as Next and → had shown it`, async ({ ring }) => {
    const teach = new Teach(ring);
    await ring.open();
    await teach.pickLesson(id);
    const shown = [await steadyView(teach)];
    for (let i = 1; i < steps; i++) {
      await teach.lessonNext.click();
      await teach.expectStep(i + 1, steps);
      shown.push(await steadyView(teach));
    }
    for (let i = steps - 2; i >= 0; i--) {
      if (i % 2 === 0) {
        await teach.lessonBack.click();
      } else {
        await teach.shortcut('ArrowLeft');
      }
      await teach.expectStep(i + 1, steps);
      await expect.poll(() => lessonView(teach), { message: `step ${i + 1} again` }).toEqual(shown[i]);
    }
    await expect(teach.lessonBack).toBeDisabled();
    // Going forward again with → shows the same second step once more.
    await teach.shortcut('ArrowRight');
    await teach.expectStep(2, steps);
    await expect.poll(() => lessonView(teach), { message: 'step 2 again' }).toEqual(shown[1]);
  });
}

test('Back after exploring a step shows the step before as the lesson wrote it, not the exploration', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await teach.pickLesson('teaching-ring');
  await teach.lessonNext.click();
  await teach.lessonNext.click();
  await teach.expectStep(3, 6);
  await teach.lessonNext.click();
  await teach.expectStep(4, 6);
  await teach.lessonBack.click();
  await teach.expectStep(3, 6);
  const third = await lessonView(teach);
  await teach.lessonNext.click();
  await teach.expectStep(4, 6);

  // Explore step 4: add a server, add keys, pick another key and keep three copies.
  await ring.addServer('E', 90);
  await expect(ring.row('E')).toBeVisible();
  await ring.addKeys(10);
  await teach.replicas(3).click();
  await expect(ring.keyCount).toHaveText('15 keys on the ring.');
  await teach.expectStep(4, 6);

  await teach.lessonBack.click();
  await teach.expectStep(3, 6);
  await expect.poll(() => lessonView(teach), { message: 'step 3 as written' }).toEqual(third);
  await expect(ring.row('E')).toHaveCount(0);
  await expect(teach.replicas(1)).toHaveAttribute('aria-pressed', 'true');
});

test('a link with lesson=teaching-ring&step=4 opens that step: D has joined and key 52 is followed', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open('?lesson=teaching-ring&step=4');
  await expect(teach.lessonPanel).toBeVisible();
  await teach.expectStep(4, 6);
  await expect(teach.lessonStep).toHaveText('Step 4 of 6: Only one key moves');
  await expect(teach.lessonSelect).toHaveValue('teaching-ring');
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await expect(ring.modnMoved).toHaveText('4 of 5');
  await expect(ring.keyLabel).toHaveText('@52');
  await expect(ring.keyOwner).toHaveText('D');
  await expect(teach.linkNotices).toHaveCount(0);
  const opened = await lessonView(teach);

  // The same step reached through the picker looks exactly the same.
  const other = await ring.page.context().newPage();
  const seen = watch(other);
  const walked = new Teach(new RingPage(other));
  await walked.ring.open();
  await walked.pickLesson('teaching-ring');
  for (let i = 2; i <= 4; i++) {
    await walked.lessonNext.click();
    await walked.expectStep(i, 6);
  }
  await expect.poll(() => lessonView(walked)).toEqual(opened);
  expect(seen).toEqual({ problems: [], dialogs: [] });
  await other.close();

  // The address bar keeps the lesson and step, so the view can be shared as it is.
  const address = await teach.address(/[?&]lesson=teaching-ring&step=4(&|$)/);
  expect(wholeNumber(new URL(address).searchParams.get('step'))).toBe(4);
});
