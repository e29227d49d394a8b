import { test, expect } from '../fixtures.mjs';

// The page's one rule for refused input: the field keeps what was typed, is marked
// aria-invalid, names its message with aria-describedby, and nothing else changes; the next
// entry that goes through clears the mark.

/** Types `text` into the field with test id `id` and commits it the way a person would. */
async function enter(page, id, text) {
  const field = page.getByTestId(id);
  await field.fill(text);
  await field.press('Enter');
}

/** The text of the message the field names with aria-describedby. */
function describedText(field) {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

const FIELDS = [
  { what: 'the server name', id: 'server-name', bad: 'A', good: 'kobe', message: 'There is already a server called A.' },
  { what: 'the server position', id: 'server-position', bad: '400', good: '20', message: /outside the ring/ },
  { what: 'a server weight', id: 'weight-A', link: '?ring=2^32&servers=A,B,C', bad: '11', good: '2', message: /1 to 10/, change: true },
  { what: 'the typed vnode count', id: 'vnodes-input', bad: '5000', good: '3', message: 'Virtual nodes per server go from 1 to 1000.', change: true },
  { what: 'the key name', id: 'key-name', bad: '@52', good: 'user:9', message: /already/ },
  { what: 'the custom ring size', id: 'ring-size-input', bad: '1', good: '1000', message: /2 to 2\^32/ },
  { what: 'the cache panel\'s reads per second', id: 'cache-reads', bad: 'lots', good: '60000', message: /not a whole number/, change: true },
  { what: 'the cache panel\'s hit rate', id: 'cache-hit', bad: '120', good: '90', message: /./, change: true },
  { what: 'maglev\'s table size', id: 'maglev-size', link: '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52&placement=maglev', bad: '100', good: '251', message: /prime/ },
  { what: 'the copies remedy', id: 'remedy-copies', link: '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=100&remedy=copies:3&view=traffic', bad: '9', good: '2', message: /2 to 5/, change: true },
  { what: 'the hottest keys treated', id: 'remedy-top', link: '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=100&view=traffic', bad: '0', good: '20', message: /1 to 1,000/, change: true },
];

for (const field of FIELDS) {
  test(`${field.what}: a refused entry stays, marked invalid with its message, and changes nothing`, async ({ ring }) => {
    const { page } = ring;
    await ring.open(field.link ?? '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5');
    const input = page.getByTestId(field.id);
    const before = await ring.snapshot();
    const address = page.url();
    if (field.change) {
      await input.fill(field.bad);
      await input.dispatchEvent('change');
    } else {
      await enter(page, field.id, field.bad);
    }
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveValue(field.bad);
    expect(await describedText(input)).toMatch(field.message);
    expect(await ring.snapshot()).toEqual(before);
    expect(page.url()).toBe(address);

    if (field.change) {
      await input.fill(field.good);
      await input.dispatchEvent('change');
    } else {
      await enter(page, field.id, field.good);
    }
    await expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(await describedText(input)).toBe('');
  });
}
