// A host that is set up wrongly gets words on the page, not a blank screen. Each test serves the
// build with its own fault.
import { test, expect } from '../fixtures.mjs';
import { watch } from '../teach.mjs';

test('.wasm files sent with the wrong type still start the page and open its views: the loaders fall back, and nothing is wrong for the reader', async ({ ring, host }) => {
  // wasm-bindgen's loader, and the loader of the modules that arrive on first use, compile a
  // module from its bytes instead (a console warning, slower, no error).
  const server = await host({ types: { '.wasm': 'application/octet-stream' } });
  await ring.open('', server.url);
  await expect(ring.share('A')).toHaveText('35%');
  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');
  await expect(ring.page.getByTestId('boot-notice')).toHaveCount(0);
  await ring.page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(ring.page.getByTestId('compare-figures')).toBeVisible();
  await expect(ring.page.getByTestId('part-failed')).toHaveCount(0);
});

const FAULTS = [
  {
    what: 'its scripts sent as text/plain',
    options: { types: { '.js': 'text/plain' } },
    says: [/The server sends ringlab-app-[0-9a-f]{16}\.js as “text\/plain”/, /text\/javascript/],
  },
  {
    what: 'its .wasm file missing',
    options: { missing: ['.wasm'] },
    says: [/The server answered 404 for ringlab-app-[0-9a-f]{16}_bg\.wasm/, /Upload every file/],
  },
  {
    what: 'a page of its own in place of the .wasm file',
    options: { missing: ['.wasm'], fallback: 'index.html' },
    says: [/ringlab-app-[0-9a-f]{16}_bg\.wasm as “text\/html”, and it is not WebAssembly/],
  },
  {
    what: 'an "optimise" setting that rewrites index.html',
    // Joins lines, as minifiers do, the inline loader's among them.
    options: { editHtml: (html) => html.replace(/;\n/g, ';') },
    says: [/security policy refused one of its own scripts/, /serve the build’s files exactly as they are/],
  },
];

for (const { what, options, says } of FAULTS) {
  test(`a host with ${what} shows why the ring cannot start`, async ({ page, host }) => {
    const seen = watch(page);
    const server = await host(options);
    await page.goto(server.url);
    const notice = page.getByTestId('boot-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice.locator('strong')).toHaveText('Ringlab could not start');
    for (const words of says) await expect(notice).toContainText(words);
    await expect(page.getByTestId('ring-canvas')).toHaveCount(0);
    // The browser's own errors are there too (the test above shows the page logs none when well served).
    expect(seen.problems.length).toBeGreaterThan(0);
    expect(seen.dialogs).toEqual([]);
  });
}
