import { test, expect, percent, grouped, experiment } from '../fixtures.mjs';

/** Checks the last-change panel and the table against a `ringlab experiment --json` report. */
async function expectPageShows(ring, report) {
  const keys = report.keys;
  await expect(ring.ringMoved).toHaveText(`${grouped(report.ring.moved)} of ${grouped(keys)}`);
  await expect(ring.ringMovedPct).toHaveText(percent(report.ring.moved_fraction));
  await expect(ring.modnMoved).toHaveText(`${grouped(report.mod_n.moved)} of ${grouped(keys)}`);
  await expect(ring.modnMovedPct).toHaveText(percent(report.mod_n.moved_fraction));
  await expect(ring.page.getByTestId('ring-expected')).toContainText(
    percent(report.ring.expected_fraction),
  );
  await expect(ring.page.getByTestId('modn-expected')).toContainText(
    percent(report.mod_n.expected_fraction),
  );

  const after = report.ring.after;
  const figures = await ring.panelFigures();
  expect(figures.map((f) => f.name)).toEqual(report.servers.after);
  expect(figures).toEqual(
    report.servers.after.map((name) => ({
      name,
      share: percent(after.shares[name]),
      keys: grouped(after.counts[name]),
    })),
  );

  // The engine inside the page agrees with the native one.
  const snapshot = await ring.snapshot();
  expect(snapshot.last.ring_moved).toBe(report.ring.moved);
  expect(snapshot.last.mod_n_moved).toBe(report.mod_n.moved);
  expect(snapshot.last.keys).toBe(keys);
  for (const server of snapshot.servers) {
    expect(server.arc, `${server.name}'s arc`).toBe(after.arcs[server.name]);
    expect(server.keys, `${server.name}'s keys`).toBe(after.counts[server.name]);
  }
}

const moveLines = (moves) => moves.map((m) => `${m.key}: ${m.from} → ${m.to}`);

test('adding D at 60 to the teaching ring shows the ring and mod N moves the engine computes', async ({ ring }) => {
  const report = experiment([
    '--servers', 'A@10,B@40,C@75',
    '--add', 'D@60',
    '--keys-at', '90,52,68,25,5',
  ]);
  await ring.open();
  await ring.addServer('D', 60);
  await expect(ring.headline).toHaveText('Server D added.');
  await expectPageShows(ring, report);
  // Few keys moved, so the page names each one, as the engine does.
  await expect(ring.ringMoves.locator('li')).toHaveText(moveLines(report.ring.moved_keys));
  await expect(ring.modnMoves.locator('li')).toHaveText(moveLines(report.mod_n.moved_keys));
  await expect(ring.announcement).toHaveText(report.summary);
});

test('adding a hashed D among 1,000 generated keys shows the ring and mod N moves the engine computes', async ({ ring }) => {
  const report = experiment([
    '--servers', 'A@10,B@40,C@75',
    '--add', 'D',
    '--keys', '1000',
  ]);
  await ring.open();
  await ring.clearKeys();
  await expect(ring.keyCount).toHaveText('0 keys on the ring.');
  await ring.addKeys(1000);
  await expect(ring.keyCount).toHaveText('1,000 keys on the ring.');
  await ring.addServer('D');
  await expect(ring.headline).toHaveText('Server D added.');
  await expect(ring.row('D')).toBeVisible();
  await expectPageShows(ring, report);
  await expect(ring.announcement).toHaveText(report.summary);
});
