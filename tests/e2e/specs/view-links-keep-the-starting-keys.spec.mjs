import { test, expect } from '../fixtures.mjs';

for (const query of ['?present=1', '?view=compare', '?view=traffic', '?view=practice']) {
  test(`a link with only ${query} opens on the starting ring with its five keys`, async ({ ring }) => {
    await ring.open(query);
    const snapshot = await ring.snapshot();
    expect(snapshot.keys).toBe(5);
    expect(snapshot.servers.map((s) => [s.name, s.arc])).toEqual([['A', 35], ['B', 30], ['C', 35]]);
    await expect(ring.page.getByTestId('link-notices')).toHaveCount(0);
  });
}
