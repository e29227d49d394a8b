import { test, expect, watchProgress, framesSeen } from '../fixtures.mjs';
import { csvRows, downloaded, pngHeader } from '../teach.mjs';

/** Four caches with 100 points each and 1,000 keys; the figures are those of `ringlab timeline`. */
const CACHES = '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000';

/** Opens `query` and switches to the Timeline view. */
async function openTimeline(ring, query = CACHES) {
  await ring.open(query);
  await ring.page.getByTestId('view-timeline').click();
  await expect(ring.page.getByTestId('timeline-view')).toBeVisible();
}

/** Sets a timeline field as a person does: type, then Enter. */
async function setField(page, id, value) {
  const input = page.getByTestId(id);
  await input.fill(value);
  await input.press('Enter');
}

test('the Timeline charts database reads after a server fails, beside mod N, with its figures and table', async ({ ring }) => {
  const { page } = ring;
  await ring.open(CACHES);
  // The first screen stays calm: no chart until the Timeline is opened.
  await expect(page.getByTestId('timeline-view')).toHaveCount(0);
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('view-timeline')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/view=timeline/);

  // D fails: 253 of its keys miss once on their new servers (ringlab timeline --fail D).
  await expect(page.getByTestId('event-fail')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-server')).toHaveValue('D');
  await expect(page.getByTestId('timeline-peak')).toHaveText('14,518');
  await expect(page.getByTestId('timeline-extra')).toHaveText('240');
  await expect(page.getByTestId('timeline-settle')).toHaveText('92.103 ms');
  const chart = page.getByTestId('timeline-chart');
  await expect(chart.locator('path.series')).toHaveCount(2);
  await expect(page.getByTestId('timeline-chart-legend')).toHaveText(/Ring.*mod N/);
  await expect(chart.locator('.axis-label').first()).toHaveText('time after the change (ms)');
  await expect(chart.locator('.mark text')).toHaveText('D fails');

  // The table is the chart's text alternative.
  const table = page.getByTestId('timeline-table');
  await table.locator('summary').click();
  await expect(table.locator('th').first()).toHaveText('Time (ms)');
  await expect(table.locator('tbody tr').nth(1)).toHaveText(/^0\s*14,518\s*39,408$/);
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(15);

  // Another server, then a removal on purpose and a newcomer.
  await page.getByTestId('event-server').selectOption('B');
  await expect(page.getByTestId('timeline-extra')).toHaveText('228');
  await page.getByTestId('event-remove').click();
  await expect(chart.locator('.mark text')).toHaveText('B removed');
  await expect(page).toHaveURL(/event=remove(:|%3A)B/);
  await page.getByTestId('event-join').click();
  await expect(chart.locator('.mark text')).toHaveText('E joins');
  await expect(page.getByTestId('event-server')).toBeHidden();
});

test('copies stop the storm; a restart and clients that disagree add a second storm and a shaded window', async ({ ring }) => {
  const { page } = ring;
  await openTimeline(ring, `${CACHES}&event=fail:B`);
  await page.getByTestId('timeline-copies-3').click();
  await expect(page.getByTestId('timeline-peak')).toHaveText('2,500');
  await expect(page.getByTestId('timeline-extra')).toHaveText('0');
  await expect(page.getByTestId('timeline-notes')).toContainText('a replica serves the failed server\'s keys: no storm');
  await expect(page).toHaveURL(/[?&]r=3|replicas(:|%3A)3/);

  await page.getByTestId('timeline-copies-1').click();
  await setField(page, 'restart-after', '60');
  await setField(page, 'gossip', '10');
  await expect(page.getByTestId('timeline-peak')).toHaveText('13,900');
  await expect(page.getByTestId('timeline-notes')).toContainText('B restarts empty after 60 s: its 240 returning keys miss again.');
  await expect(page.getByTestId('timeline-notes')).toContainText('60,000 requests go to a server the new view does not name');
  const chart = page.getByTestId('timeline-chart');
  await expect(chart.locator('.band rect')).toHaveCount(2);
  await expect(chart.locator('.mark text')).toHaveText(['B fails', 'B restarts']);
  await expect(page).toHaveURL(/restart(=|:|%3A)60/);
  await expect(page).toHaveURL(/gossip(=|:|%3A)10/);

  // Writes are held as hints while B is down.
  await setField(page, 'writes', '500');
  await expect(page.getByTestId('timeline-notes')).toContainText('Hinted handoff: 120 writes/s for the failed server are held as hints, 7,200 delivered at the restart.');

  // Undo takes the settings back one by one.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('timeline-notes')).not.toContainText('Hinted handoff');
});

test('bad settings are refused with a message and change nothing', async ({ ring }) => {
  const { page } = ring;
  await openTimeline(ring);
  await setField(page, 'gossip', '9999');
  await expect(page.getByTestId('timeline-error')).toHaveText('A membership change reaches every client in 0 to 600 seconds.');
  await expect(page.getByTestId('timeline-peak')).toHaveText('14,518');
  await setField(page, 'restart-after', '0');
  await expect(page.getByTestId('timeline-error')).toContainText('A failed server restarts from 1');
  await setField(page, 'writes', 'lots');
  await expect(page.getByTestId('timeline-error')).toHaveText('"lots" is not a whole number.');
  await setField(page, 'timeline-reads', '0');
  await expect(page.getByTestId('timeline-refused')).toContainText('at least 1 read per second');
  await setField(page, 'timeline-reads', '50000');
  await expect(page.getByTestId('timeline-peak')).toHaveText('14,518');
  await expect(page).not.toHaveURL(/gossip=/);
});

test('the chart reads out its values under the pointer and with the arrow keys, and saves its series', async ({ ring }) => {
  const { page } = ring;
  await openTimeline(ring);
  const readout = page.getByTestId('timeline-chart-readout');
  await expect(readout).toContainText('Point at the chart');
  const box = page.getByTestId('timeline-chart').locator('.chart-box');
  await box.focus();
  await page.keyboard.press('Home');
  await expect(readout).toHaveText(/^time after the change \(ms\) = -?[\d.]+ · Ring 2,500 · mod N 2,500$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(readout).toContainText('Ring 14,518');
  const bounds = await box.boundingBox();
  await page.mouse.move(bounds.x + bounds.width * 0.9, bounds.y + bounds.height / 2);
  await expect(readout).toHaveText(/Ring 2,\d{3} · mod N 2,\d{3}$/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('timeline-csv').click()]);
  expect(download.suggestedFilename()).toBe('ringlab-timeline.csv');
  const rows = csvRows((await downloaded(download)).toString());
  expect(rows[0]).toEqual(['t_seconds', 'ring', 'mod_n']);
  expect(rows.length).toBeGreaterThan(100);
});

test('the sweeps fill in while the page answers, mark the current setting and save their series', async ({ ring }) => {
  const { page } = ring;
  // Each frame the page draws, from the start, the progress each sweep shows.
  await watchProgress(page, '.sweep-progress progress', { beforeLoad: true });
  // The sizes the issue names: ten servers for the spread, 100,000 keys for the moves.
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D,E,F,G,H,I,J&gen=100000');
  await expect(page.getByTestId('generation-progress')).toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline-peak')).toBeVisible();
  // From here on only the sweeps work: each batch of steps, and the redraws, stay short.
  // And every long task, as a figure.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  const vnodes = page.getByTestId('sweep-vnodes');
  const servers = page.getByTestId('sweep-servers');
  await expect(vnodes.locator('path.series')).toHaveCount(2);
  await expect(page.getByTestId('sweep-vnodes-progress')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('sweep-servers-progress')).toHaveCount(0, { timeout: 20_000 });
  await expect(vnodes.locator('.spot text')).toHaveText('now: v = 100');
  await expect(servers.locator('.spot text')).toHaveText('now: N = 10');
  await expect(servers.locator('path.series')).toHaveCount(4);
  await expect(page.getByTestId('sweep-servers-chart-legend')).toHaveText(/ring.*mod N.*1\/\(N\+1\).*N\/\(N\+1\)/);
  // The batches aim well under 50 ms (`BATCH_MS` in src/ui/timeline/sweep_steps.rs); how close a
  // task comes depends on the machine, so the figure is written beside the result. What the
  // test holds to is that the page drew a frame between the batches, showing a sweep partly
  // done, as it could not if the sweeps ran in one piece.
  const { seen, partly } = await framesSeen(page);
  expect(partly.length, `a frame showed a sweep partly done (frames showed: ${seen.join(', ')})`).toBeGreaterThan(0);
  const longest = await page.evaluate(() => Math.max(0, ...window.longTasks));
  test.info().annotations.push({ type: 'the longest task while the sweeps ran, in ms', description: longest.toFixed(0) });

  const [first] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-vnodes-csv').click()]);
  const spread = csvRows((await downloaded(first)).toString());
  expect(spread[0]).toEqual(['vnodes', 'spread', 'predicted', 'peak_to_mean']);
  expect(spread.filter((r) => r.length === 4)).toHaveLength(1001);
  const [second] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-servers-csv').click()]);
  const moved = csvRows((await downloaded(second)).toString());
  expect(moved[0]).toEqual(['servers', 'joined', 'ring', 'ideal', 'mod_n', 'mod_n_expected']);
  expect(moved.filter((r) => r.length === 6)).toHaveLength(51);
  // At N = 10, mod N moves about 10/11 of the keys.
  expect(Number(moved[10][4])).toBeGreaterThan(0.85);
});

test('a link opens the Timeline on its event and settings', async ({ ring }) => {
  const { page } = ring;
  await page.goto(`/${CACHES}&view=timeline&event=remove:A&gossip=5`);
  await expect(page.getByTestId('timeline-view')).toBeVisible();
  await expect(page.getByTestId('event-remove')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-server')).toHaveValue('A');
  await expect(page.getByTestId('gossip')).toHaveValue('5');
  await expect(page.getByTestId('timeline-chart').locator('.band rect')).toHaveCount(1);
});

test('in presentation mode the charts\' text and lines grow for the back row', async ({ ring }) => {
  const { page } = ring;
  await openTimeline(ring, `${CACHES}&present=1`);
  const tick = page.getByTestId('timeline-chart').locator('.tick').first();
  expect(parseFloat(await tick.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(17);
  const line = page.getByTestId('timeline-chart').locator('path.series').first();
  expect(parseFloat(await line.evaluate((el) => getComputedStyle(el).strokeWidth))).toBeGreaterThanOrEqual(4);
});

test('an embed with panels=timeline,sweeps shows the chart and the sweeps beside the ring', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${CACHES}&embed=1&panels=timeline,sweeps&event=fail:C`);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.getByTestId('event-server')).toHaveValue('C');
  await expect(page.getByTestId('timeline-chart').locator('path.series')).toHaveCount(2);
  await expect(page.getByTestId('sweeps')).toHaveCount(1);
  await expect(page.getByTestId('sweep-vnodes').locator('path.series')).toHaveCount(2);
});

test('after a change on the Ring view the Timeline follows it, its spike is the cache panel\'s, and "What if…" still asks', async ({ ring }) => {
  const { page } = ring;
  await ring.open(CACHES);
  // Before any change there is nothing to follow: the Cache impact panel offers no timeline.
  await expect(page.getByTestId('see-over-time')).toBeHidden();
  await ring.addServer('E');
  await expect(ring.headline).toContainText('Server E added');
  const spike = (await page.getByTestId('db-after-ring').textContent()).trim();
  const modN = (await page.getByTestId('db-after-modn').textContent()).trim();
  await page.getByTestId('see-over-time').click();
  await expect(page.getByTestId('timeline-view')).toBeVisible();
  await expect(page.getByTestId('event-last')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-last')).toHaveText('Last change: Server E added');
  await expect(page.getByTestId('event-last')).toBeFocused();
  await expect(page.getByTestId('event-server')).toBeHidden();
  const chart = page.getByTestId('timeline-chart');
  await expect(chart.locator('.mark text')).toHaveText('E joins');
  // Right after the change the chart starts where the Cache impact panel says, for both curves.
  await expect(page.getByTestId('timeline-peak')).toHaveText(spike);
  const table = page.getByTestId('timeline-table');
  await table.locator('summary').click();
  await expect(table.locator('tbody tr').nth(1)).toHaveText(new RegExp(`^0\\s*${spike}\\s*${modN}$`));
  await expect(page).not.toHaveURL(/event=/);

  // "What if…" asks about a change from now, on the ring with E.
  await page.getByTestId('event-what-if').click();
  await expect(page.getByTestId('event-what-if')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-fail')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-server')).toHaveValue('E');
  await expect(chart.locator('.mark text')).toHaveText('E fails');
  await expect(page).toHaveURL(/event=fail/);
  await page.getByTestId('event-last').click();
  await expect(chart.locator('.mark text')).toHaveText('E joins');
  await expect(page).not.toHaveURL(/event=/);
});

test('a link with a change opens the Timeline on that change, and one with an event on its "what if"', async ({ ring }) => {
  const { page } = ring;
  await page.goto(`/${CACHES}&then=remove:B&view=timeline`);
  await expect(page.getByTestId('event-last')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-last')).toHaveText('Last change: Server B removed');
  await expect(page.getByTestId('timeline-chart').locator('.mark text')).toHaveText('B removed');
  await page.goto(`/${CACHES}&then=remove:B&view=timeline&event=fail:C`);
  await expect(page.getByTestId('event-what-if')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-server')).toHaveValue('C');
  await expect(page.getByTestId('timeline-chart').locator('.mark text')).toHaveText('C fails');
});

test('copies per key are one setting: the Ring view\'s R and the Timeline\'s copies always agree', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${CACHES}&then=remove:B`);
  await page.getByTestId('replicas-3').click();
  await expect(page.getByTestId('replicas-3')).toHaveAttribute('aria-pressed', 'true');
  // The change shown stays the removal of B, measured with three copies.
  await expect(ring.headline).toContainText('Server B removed');
  await expect(page).toHaveURL(/[?&]r=3/);
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline-copies-3')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-last')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('timeline-copies-2').click();
  await expect(page.getByTestId('timeline-copies-2')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('view-ring').click();
  await expect(page.getByTestId('replicas-2')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('replicas-3')).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/[?&]r=2/);
  // Undo takes R back in both places at once.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('replicas-3')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('timeline-copies-3')).toHaveAttribute('aria-pressed', 'true');
  // A link's r sets both.
  await page.goto(`/${CACHES}&r=4&view=timeline`);
  await expect(page.getByTestId('timeline-copies-4')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('view-ring').click();
  await expect(page.getByTestId('replicas-4')).toHaveAttribute('aria-pressed', 'true');
});

/** Clicks `button`, and returns the downloaded PNG's name and size, with the size of the chart. */
async function savedPng(page, button, chart) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  const size = await page.getByTestId(chart).locator('svg.chart-svg').evaluate((svg) => ({
    width: Number(svg.getAttribute('width')),
    height: Number(svg.getAttribute('height')),
  }));
  return { name: download.suggestedFilename(), png: pngHeader(await downloaded(download)), size };
}

test('the timeline chart and each sweep chart save as a PNG the size of the chart', async ({ ring }) => {
  const { page } = ring;
  await openTimeline(ring);
  const timeline = await savedPng(page, 'timeline-png', 'timeline-chart');
  expect(timeline.name).toBe('ringlab-timeline.png');
  expect(timeline.png).toEqual({ width: Math.round(timeline.size.width), height: Math.round(timeline.size.height) });
  await expect(page.getByTestId('sweep-vnodes-progress')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('sweep-servers-progress')).toHaveCount(0, { timeout: 20_000 });
  for (const which of ['vnodes', 'servers']) {
    const saved = await savedPng(page, `sweep-${which}-png`, `sweep-${which}-chart`);
    expect(saved.name).toBe(`ringlab-sweep-${which}.png`);
    expect(saved.png).toEqual({ width: Math.round(saved.size.width), height: Math.round(saved.size.height) });
  }
});
