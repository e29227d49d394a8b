import { test, expect } from '../fixtures.mjs';
import { Teach } from '../teach.mjs';

/** Lesson 000's ring with D joining at 60, under `placement`. */
const JOIN = '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60';

test('choosing a placement re-measures the last change under it, and the panels speak of it', async ({ ring }) => {
  const { page } = ring;
  await ring.open(JOIN);
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await expect(ring.modnMoved).toHaveText('4 of 5');

  await page.selectOption('[data-testid="placement-select"]', 'jump');
  await expect(page.getByTestId('moved-title')).toHaveText('Moved under Jump hash');
  const snapshot = await ring.snapshot();
  expect(snapshot.last.placement).toBe('jump');
  await expect(ring.ringMoved).toHaveText(`${snapshot.last.moved} of 5`);
  // mod N is still the placement it is compared with.
  await expect(ring.modnMoved).toHaveText('4 of 5');
  await expect(page.getByTestId('placement-summary')).toContainText('jump');
  await expect(page).toHaveURL(/placement=jump/);

  // Undo goes back to the ring, with its own figures.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('moved-title')).toHaveText('Moved on the ring');
  await expect(ring.ringMoved).toHaveText('1 of 5');
});

test('under mod N the last change is compared with the ring', async ({ ring }) => {
  const { page } = ring;
  await ring.open(`${JOIN}&placement=mod-n`);
  await expect(page.getByTestId('moved-title')).toHaveText('Moved under mod N');
  await expect(ring.ringMoved).toHaveText('4 of 5');
  await expect(ring.modnMoved).toHaveText('1 of 5');
  await expect(page.getByTestId('ring-expected')).toHaveText('theory N/(N+1) = 3/4 = 75%');
});

test('the selected key is traced in each placement\'s own steps', async ({ ring }) => {
  const { page } = ring;
  const steps = page.getByTestId('key-steps');
  const expectations = {
    ring: /Walk clockwise 8 from 52 to D's point at 60/,
    'mod-n': /52 mod 4 = 0, so servers\[0\]: A/,
    rendezvous: /Every server scores the key; highest first/,
    jump: /It jumps to buckets 0/,
    maglev: /52 mod 65537 = entry 52/,
    table: /Its partition is ⌊52 × 10 \/ 100⌋ = 5, positions 50 to 59/,
    bounded: /(had room|were full|was full)/,
    'multi-probe': /The key is hashed 21 times/,
  };
  for (const [placement, words] of Object.entries(expectations)) {
    await ring.open(`${JOIN}&placement=${placement}&select=@52`);
    await expect(steps, placement).toContainText(words);
    const owner = await page.getByTestId('key-owner').textContent();
    expect(['A', 'B', 'C', 'D'], placement).toContain(owner);
  }
});

test('ketama draws its own 2^32 ring and hashes keys by label; the ring size and hash are fixed', async ({ ring }) => {
  const { page } = ring;
  await page.goto('/?ring=100&servers=10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211&keys=user:1,user:2&placement=ketama&select=user:1');
  await expect(ring.canvas).toBeVisible();
  await expect(page.getByTestId('placement-note')).toContainText('2³² ring');
  await expect(page.getByTestId('key-steps')).toContainText('Ketama reads its first 4 bytes little-endian');
  await expect(ring.canvas).toHaveAttribute('aria-label', /Ketama's ring of 2\^32 positions/);
  await ring.setRingSize('1000');
  await expect(ring.error('ring-error')).toContainText('Ketama always uses the 2^32 ring');
});

test('a placement\'s settings refuse bad values next to the control, keep the text, and change nothing', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?placement=maglev');
  const before = await ring.state();
  await page.fill('[data-testid="maglev-size"]', '65536');
  await page.click('[data-testid="maglev-size-apply"]');
  await expect(page.locator('#placement-error')).toContainText('must be a prime');
  await expect(page.getByTestId('maglev-size')).toHaveValue('65536');
  await expect(page.getByTestId('maglev-size')).toHaveAttribute('aria-invalid', 'true');
  expect(await ring.state()).toEqual(before);
  await page.fill('[data-testid="maglev-size"]', '251');
  await page.click('[data-testid="maglev-size-apply"]');
  await expect(page.getByTestId('last-headline')).toHaveText("Maglev's table now has 251 entries.");
  await expect(page.locator('#placement-error')).toBeEmpty();

  await page.selectOption('[data-testid="placement-select"]', 'bounded');
  await page.fill('[data-testid="load-factor"]', '0.5');
  await page.click('[data-testid="load-factor-apply"]');
  await expect(page.locator('#placement-error')).toContainText('1.00 to 3.00');
  await page.selectOption('[data-testid="placement-select"]', 'multi-probe');
  await page.fill('[data-testid="probes"]', '65');
  await page.click('[data-testid="probes-apply"]');
  await expect(page.locator('#placement-error')).toContainText('1 to 64');
});

test('weights are refused under jump hash with the reason', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=10&servers=A,B*2,C');
  await page.selectOption('[data-testid="placement-select"]', 'jump');
  await expect(page.locator('#placement-error')).toContainText('no weights');
  expect((await ring.snapshot()).last).toBeNull();
  await expect(page.getByTestId('placement-select')).toHaveValue('ring');
});

test('the Compare view shows every placement on the same change, and a click opens one in the ring view', async ({ ring }) => {
  const { page } = ring;
  await ring.open(JOIN);
  await page.getByTestId('view-compare').click();
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await expect(page).toHaveURL(/view=compare/);
  await expect(page.getByTestId('compare-headline')).toContainText('Server D added.');
  const rows = page.locator('[data-testid^="compare-row-"]');
  await expect(rows).toHaveCount(9);
  await expect(page.getByTestId('compare-row-ring').locator('td').first()).toHaveText(/^1/);
  await expect(page.getByTestId('compare-row-mod-n').locator('td').first()).toHaveText(/^4/);
  await expect(page.getByTestId('compare-moved-ring')).toContainText('1 moved (20%)');
  // The best of each column is marked, in the table in words.
  await expect(page.getByTestId('compare-figures')).toContainText('(best)');
  // Nine small circles are drawn.
  const drawn = await page.locator('.multiple canvas').evaluateAll((canvases) =>
    canvases.map((c) => {
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let inked = 0;
      for (let i = 0; i < data.length; i += 16) if (data[i] < 250 || data[i + 1] < 250 || data[i + 2] < 250) inked++;
      return inked;
    }));
  expect(drawn).toHaveLength(9);
  for (const inked of drawn) expect(inked).toBeGreaterThan(200);

  await page.getByTestId('compare-rendezvous').click();
  await expect(page.getByTestId('compare-view')).toHaveCount(0);
  await expect(ring.canvas).toBeVisible();
  await expect(page.getByTestId('placement-select')).toHaveValue('rendezvous');
  await expect(page.getByTestId('moved-title')).toHaveText('Moved under Rendezvous');
});

test('a link with view=compare opens the Compare view, and the embed can show it', async ({ ring }) => {
  const { page } = ring;
  await page.goto(`/${JOIN}&view=compare`);
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await page.goto(`/${JOIN}&embed=1&panels=compare`);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.locator('[data-testid^="compare-row-"]')).toHaveCount(9);
});

test('the guided lesson "Other ways to place keys" walks five placements and ends on Compare', async ({ ring }) => {
  const teach = new Teach(ring);
  const { page } = ring;
  await ring.open();
  await teach.pickLesson('other-ways');
  await expect(page.getByTestId('placement-select')).toHaveValue('mod-n');
  await expect(ring.ringMoved).toHaveText('817 of 1,000');
  await teach.lessonNext.click();
  await expect(page.getByTestId('placement-select')).toHaveValue('ring');
  await expect(ring.ringMoved).toHaveText('181 of 1,000');
  for (let i = 0; i < 5; i++) await teach.lessonNext.click();
  await expect(teach.lessonStep).toContainText('Step 7 of 7');
  await expect(page.getByTestId('compare-view')).toBeVisible();
});
