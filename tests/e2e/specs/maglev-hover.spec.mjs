import { test, expect } from '../fixtures.mjs';

// The pointer's place on the ring is kept as an angle, and read on the circle of the placement
// shown now: maglev's circle is its 65,537 table entries, not the ring's 2^32 positions. A
// build that kept a 2^32 position and handed it to maglev read its table far past the end and
// died ("index out of bounds: the len is 65537"); this is the sequence that found it.
test('pointing at the ring after choosing maglev reads maglev\'s own table, every time', async ({ ring }) => {
  const { page } = ring;
  await ring.open('?ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000');
  const box = await ring.canvas.boundingBox();
  await ring.canvas.click({ position: { x: box.width * 0.8, y: box.height * 0.3 } });
  await page.selectOption('[data-testid="placement-select"]', 'maglev');
  await expect(page.getByTestId('placement-summary')).toContainText('table');

  // Round the ring, on the band where the pointer reads positions.
  const side = box.width;
  const radius = side * 0.32;
  for (let i = 0; i < 24; i++) {
    const angle = (i / 24) * 2 * Math.PI;
    await page.mouse.move(box.x + side / 2 + radius * Math.sin(angle), box.y + side / 2 - radius * Math.cos(angle));
    await expect(ring.hoverReadout).toHaveText(/^Table entry \d+ belongs to [ABCD]$/);
    const entry = Number((await ring.hoverReadout.textContent()).match(/\d+/)[0]);
    expect(entry).toBeLessThan(65_537);
  }
  // The page still answers: another placement, another circle.
  await page.selectOption('[data-testid="placement-select"]', 'ring');
  await page.mouse.move(box.x + side / 2, box.y + side / 2 - radius);
  await expect(ring.hoverReadout).toHaveText(/^Position \d+ belongs to [ABCD]$/);
});
