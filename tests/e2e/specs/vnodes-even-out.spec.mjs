import { test, expect, percent, experiment } from '../fixtures.mjs';

const CITIES = ['tokyo', 'osaka', 'kyoto', 'nagoya'];

/** Reads each server's share from the table as a fraction, and checks it against the engine. */
async function shares(ring) {
  const snapshot = await ring.expectPanelsMatchEngine();
  const figures = await ring.panelFigures();
  expect(figures.map((f) => f.name)).toEqual(CITIES);
  return Object.fromEntries(
    figures.map((f, i) => {
      const shown = Number(f.share.replace('%', '')) / 100;
      // The table rounds to one decimal of a percent; the engine's exact share is within that.
      expect(Math.abs(shown - snapshot.servers[i].share)).toBeLessThanOrEqual(0.0005 + 1e-12);
      return [f.name, shown];
    }),
  );
}

test('on the 2^32 ring with four hashed servers, going from 1 to 100 vnodes brings every share within 25% ± 10%', async ({ ring }) => {
  await ring.open();
  await ring.ringFullButton.click();
  await expect(ring.ringFullButton).toHaveAttribute('aria-pressed', 'true');
  for (const city of CITIES) {
    await ring.addServer(city);
    await expect(ring.row(city)).toBeVisible();
  }
  for (const name of ['A', 'B', 'C']) {
    await ring.removeServer(name);
    await expect(ring.row(name)).toHaveCount(0);
  }

  await ring.setVnodes(1);
  await expect(ring.page.getByTestId('vnodes-1')).toHaveAttribute('aria-pressed', 'true');
  let snapshot = await ring.snapshot();
  expect(snapshot.ring_size).toBe(2 ** 32);
  expect(snapshot.vnodes).toBe(1);
  expect(snapshot.servers.map((s) => s.points)).toEqual([1, 1, 1, 1]);
  const one = await shares(ring);
  // One point each leaves the ring lopsided: some server is outside 15%..35%.
  expect(Object.values(one).some((share) => Math.abs(share - 0.25) > 0.1)).toBe(true);

  await ring.setVnodes(100);
  await expect(ring.page.getByTestId('vnodes-100')).toHaveAttribute('aria-pressed', 'true');
  await expect(ring.vnodesInput).toHaveValue('100');
  snapshot = await ring.snapshot();
  expect(snapshot.vnodes).toBe(100);
  expect(snapshot.servers.map((s) => s.points)).toEqual([100, 100, 100, 100]);
  const hundred = await shares(ring);
  for (const [name, share] of Object.entries(hundred)) {
    expect(share, `${name}'s share with 100 vnodes`).toBeGreaterThanOrEqual(0.15);
    expect(share, `${name}'s share with 100 vnodes`).toBeLessThanOrEqual(0.35);
  }
  // The engine agrees, to the position.
  for (const server of snapshot.servers) {
    expect(Math.abs(server.share - 0.25)).toBeLessThanOrEqual(0.1);
    await expect(ring.share(server.name)).toHaveText(percent(server.share));
  }
  expect(snapshot.servers.reduce((sum, s) => sum + s.arc, 0)).toBe(2 ** 32);
  // And the same servers built at once by the command-line engine own the same arcs.
  const native = experiment(['--ring-size', '2^32', '--vnodes', '100', '--servers', CITIES.join(',')]);
  expect(Object.fromEntries(snapshot.servers.map((s) => [s.name, s.arc]))).toEqual(native.ring.after.arcs);
});
