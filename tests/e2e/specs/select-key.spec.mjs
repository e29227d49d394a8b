import { createHash } from 'node:crypto';
import { test, expect, experiment } from '../fixtures.mjs';

/** What the panel must say about key @52 on the starting ring (A 10, B 40, C 75). */
async function expectKey52Detail(ring) {
  await expect(ring.keyPanel).toBeVisible();
  await expect(ring.keyLabel).toHaveText('@52');
  await expect(ring.keySteps.locator('li')).toHaveText([
    'Placed by hand at 52; its hash is its position.',
    "Walk clockwise 23 from 52 to C's point at 75.",
  ]);
  await expect(ring.keyOwner).toHaveText('C');
  // hash mod N: 52 mod 3 = 1, and servers[1] is B.
  await expect(ring.keyModnOwner).toHaveText('B');
  await expect(ring.keyPanel).toContainText('(52 mod 3 = 1, so servers[1])');
  await expect(ring.keyChip('@52')).toHaveAttribute('aria-pressed', 'true');
}

test('picking key @52 by its name chip shows its steps, its owner C and mod N’s pick B', async ({ ring }) => {
  await ring.open();
  await expect(ring.keyPanel).toHaveCount(0);
  await ring.selectKey('@52');
  await expectKey52Detail(ring);
});

test('clicking key @52’s dot on the ring shows its steps, its owner C and mod N’s pick B', async ({ ring }) => {
  await ring.open();
  const frame = await ring.frame();
  // The dot sits in the first lane outside the ring, at 52/100 of a turn from 12 o'clock.
  await ring.canvas.click({ position: frame.at(0.52, frame.keyRadius(0)) });
  await expectKey52Detail(ring);

  // A click on empty canvas, near the centre, clears the selection.
  await ring.canvas.click({ position: frame.centre() });
  await expect(ring.keyPanel).toHaveCount(0);
  await expect(ring.keyChip('@52')).toHaveAttribute('aria-pressed', 'false');
});

test('a named key typed in shows its MD5 digest, its position and the owner the engine gives it', async ({ ring }) => {
  const label = 'user:42';
  const digest = createHash('md5').update(label).digest('hex');
  const hash = parseInt(digest.slice(0, 8), 16); // md5-first32: the digest's first four bytes
  const position = hash % 100;

  await ring.open();
  const before = await ring.snapshot();
  await ring.addKey(label);
  await expect(ring.keyPanel).toBeVisible();
  await expect(ring.keyLabel).toHaveText(label);

  const steps = ring.keySteps.locator('li');
  await expect(steps.first()).toHaveText(/^MD5\("user:42"\) = [0-9a-f]{32}$/);
  await expect(steps.first()).toHaveText(`MD5("${label}") = ${digest}`);
  await expect(steps.nth(1)).toHaveText(
    `MD5, first 32 bits → ${hash} (0x${hash.toString(16).padStart(8, '0')})`,
  );
  await expect(steps.nth(2)).toHaveText(`${hash} mod 100 = position ${position}`);
  await expect(steps.nth(3)).toContainText(String(position));

  // The owner is one of the servers, the one whose key count the new key raised, and the one
  // the command-line engine gives the same key.
  const after = await ring.snapshot();
  const gained = after.servers.filter(
    (s) => s.keys === before.servers.find((b) => b.name === s.name).keys + 1,
  );
  expect(gained).toHaveLength(1);
  const owner = gained[0].name;
  await expect(ring.keyOwner).toHaveText(owner);
  expect(after.servers.map((s) => s.name)).toContain(owner);
  const native = experiment(['--servers', 'A@10,B@40,C@75', '--keys-file', '-'], `${label}\n`);
  expect(Object.entries(native.ring.after.counts).find(([, n]) => n === 1)[0]).toBe(owner);
  await expect(steps.nth(3)).toContainText(`to ${owner}'s point`);

  // mod N picks servers[hash mod 3].
  const index = hash % 3;
  await expect(ring.keyModnOwner).toHaveText(['A', 'B', 'C'][index]);
  await expect(ring.keyPanel).toContainText(`(${hash} mod 3 = ${index}, so servers[${index}])`);
});
