import { test, expect } from '../fixtures.mjs';

// Nothing a person set is ignored without a word: weights under a placement that gives every
// server the same share are said under the placement's controls; the partition table deals its
// partitions in proportion to the weights; ketama refuses the virtual nodes it would ignore,
// as it refuses the ring size and the hash; and the theory line beside jump hash says why
// removing a middle server moves more than theory's share. The same words as the command line.

test('weights that a placement does not read are said under its controls, and the ones that read them say nothing', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=10&servers=a*3,b,c&gen=100');
  const note = page.getByTestId('placement-unused');
  await expect(note).toBeEmpty();
  for (const [id, name] of [['maglev', 'Maglev'], ['multi-probe', 'Multi-probe'], ['mod-n', 'hash mod N']]) {
    await page.selectOption('[data-testid="placement-select"]', id);
    await expect(note).toHaveText(`${name} gives every server the same share: weights do not apply.`);
  }
  for (const id of ['rendezvous', 'table', 'bounded', 'ring']) {
    await page.selectOption('[data-testid="placement-select"]', id);
    await expect(note).toBeEmpty();
  }
  await ring.axe();
});

test('the partition table starts with partitions in proportion to the weights', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=a*10,b&placement=table&gen=1000');
  const figures = await ring.snapshot();
  expect(figures.servers.map((s) => s.points)).toEqual([931, 93]);
  await expect(page).not.toHaveURL(/table=/);
});

test('ketama refuses a change to the virtual nodes it would ignore, with its reason, and changes nothing', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&servers=a,b,c&placement=ketama&gen=100');
  const before = await ring.state();
  await ring.setVnodes(100);
  await expect(page.getByTestId('vnodes-error')).toContainText('Ketama always uses the 2^32 ring, its own MD5 key hash and 160 points per server');
  expect(await ring.state()).toEqual(before);
});

test('the theory line beside jump hash says why removing a middle server moves more', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D,E&gen=2000&placement=jump&then=remove:B');
  await expect(page.getByTestId('ring-expected')).toHaveText(
    'theory 1/N = 1/5 = 20%; jump hash renumbers the servers after B, so their keys move too',
  );
});
