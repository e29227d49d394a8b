import { test, expect } from '../fixtures.mjs';
import { Teach, csvRows, downloaded, pngHeader } from '../teach.mjs';

/** How many distinct colours an image holds and what part of it differs from its corner. */
function colours(page, bytes) {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set();
    let drawn = 0;
    const corner = data.slice(0, 4).join();
    for (let i = 0; i < data.length; i += 4) {
      const colour = `${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`;
      seen.add(colour);
      if (colour !== corner) drawn++;
    }
    return { distinct: seen.size, drawn: drawn / (data.length / 4), width: image.naturalWidth, height: image.naturalHeight };
  }, bytes.toString('base64'));
}

/** Saves the ring as a PNG and checks it against the canvas on screen. */
async function expectPng(ring, teach) {
  const { page } = ring;
  const [download] = await Promise.all([page.waitForEvent('download'), teach.savePng.click()]);
  expect(download.suggestedFilename()).toBe('ringlab-ring.png');
  const bytes = await downloaded(download);
  const { width, height } = pngHeader(bytes);
  const { css, dpr } = await ring.canvas.evaluate((canvas) => ({
    css: parseFloat(canvas.style.width),
    dpr: window.devicePixelRatio,
  }));
  expect(css).toBeGreaterThan(0);
  expect(width).toBe(Math.round(2 * css * dpr));
  expect(height).toBe(width);
  expect(bytes.length, 'bytes in the PNG').toBeGreaterThan(5_000);
  const seen = await colours(page, bytes);
  expect(seen.width).toBe(width);
  expect(seen.distinct, 'distinct colours').toBeGreaterThan(20);
  expect(seen.drawn, 'part of the image drawn over the background').toBeGreaterThan(0.02);
  await expect(ring.announcement).toHaveText('The ring was saved as a PNG image.');
  return { width, css, dpr };
}

test('Save PNG downloads the ring at twice the screen resolution, drawn and not blank', async ({ ring }) => {
  const teach = new Teach(ring);
  await ring.open();
  await ring.addServer('D', 60);
  await expect(ring.ringMoved).toHaveText('1 of 5');
  const { dpr } = await expectPng(ring, teach);
  expect(dpr).toBe(1);
});

test.describe('on a screen with two device pixels per CSS pixel', () => {
  test.use({ deviceScaleFactor: 2 });

  test('Save PNG downloads the ring at twice the screen\'s own resolution', async ({ ring }) => {
    const teach = new Teach(ring);
    await ring.open();
    const { width, css, dpr } = await expectPng(ring, teach);
    expect(dpr).toBe(2);
    expect(width).toBe(Math.round(4 * css));
  });
});

test('Save SVG downloads the ring as a vector image whose text names the servers and keys', async ({ ring }) => {
  const teach = new Teach(ring);
  const { page } = ring;
  await ring.open();
  await ring.addServer('D', 60);
  await expect(ring.ringMoved).toHaveText('1 of 5');
  const [download] = await Promise.all([page.waitForEvent('download'), teach.saveSvg.click()]);
  expect(download.suggestedFilename()).toBe('ringlab-ring.svg');
  const text = (await downloaded(download)).toString('utf8');
  const side = await ring.canvas.evaluate((canvas) => parseFloat(canvas.style.width));
  // A valid SVG document, at the canvas's side, read by the browser's own XML parser.
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: root.localName,
      namespace: root.namespaceURI,
      width: Number(root.getAttribute('width')),
      texts: [...root.getElementsByTagName('text')].map((t) => t.textContent),
      title: root.getElementsByTagName('title')[0]?.textContent ?? '',
    };
  }, text);
  expect(parsed.error, 'XML errors').toBe(0);
  expect(parsed.root).toBe('svg');
  expect(parsed.namespace).toBe('http://www.w3.org/2000/svg');
  expect(parsed.width).toBeCloseTo(side, 1);
  for (const name of ['A', 'B', 'C', 'D']) expect(parsed.texts, `server ${name} named`).toContain(name);
  for (const key of ['5', '25', '52', '68', '90']) expect(parsed.texts, `key ${key} named`).toContain(key);
  expect(parsed.title.length).toBeGreaterThan(0);
  // Self-contained: its colours are written in, so it needs no stylesheet.
  expect(text).toMatch(/fill="#[0-9a-fA-F]{6}"/);
  await expect(ring.announcement).toHaveText('The ring was saved as an SVG image.');
});

test('Save table (CSV) downloads the ownership table, row for row', async ({ ring }) => {
  const teach = new Teach(ring);
  const { page } = ring;
  await teach.open('?ring=2^32&vnodes=10&servers=tokyo,osaka*2,A@12345&gen=500&then=add:kyoto');
  await expect(ring.row('kyoto')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), teach.saveCsv.click()]);
  expect(download.suggestedFilename()).toBe('ringlab-ownership.csv');
  const text = (await downloaded(download)).toString('utf8');
  const [header, ...rows] = csvRows(text.trimEnd());
  expect(header).toEqual(['server', 'share', 'positions', 'ideal_share', 'keys', 'points']);

  const table = await ring.panelFigures();
  const snapshot = await ring.snapshot();
  expect(rows.map((r) => r[0])).toEqual(table.map((r) => r.name));
  for (const [i, [name, share, positions, ideal, keys, points]] of rows.entries()) {
    const shown = table[i];
    const engine = snapshot.servers[i];
    expect(Number(keys), `${name}'s keys`).toBe(Number(shown.keys.replaceAll(',', '')));
    expect(Number(keys)).toBe(engine.keys);
    // The table rounds the share to a tenth of a percent; the file keeps six decimals.
    expect(Math.abs(Number(share) * 100 - parseFloat(shown.share)), `${name}'s share`).toBeLessThanOrEqual(0.05);
    expect(Math.abs(Number(share) - engine.share)).toBeLessThan(1e-6);
    expect(Number(positions)).toBe(engine.arc);
    expect(Number(points)).toBe(engine.points);
    expect(Number(ideal)).toBeGreaterThan(0);
  }
  // Weighted osaka has twice the points and twice the ideal share of tokyo.
  const byName = Object.fromEntries(rows.map((r) => [r[0], r]));
  expect(Number(byName.osaka[5])).toBe(2 * Number(byName.tokyo[5]));
  expect(Number(byName.osaka[3])).toBeCloseTo(2 * Number(byName.tokyo[3]), 5);
  expect(rows.reduce((sum, r) => sum + Number(r[4]), 0)).toBe(500);
  await expect(ring.announcement).toHaveText('The ownership table was saved as CSV.');
});
