// After one visit the page opens and works with the network off, every part that arrives on first
// use included; a new deployment replaces the stored build whole, and a page of the old build
// still open meanwhile keeps loading its own modules. Each test serves the build itself, then stops that server and turns the
// browser's network off, so nothing can come from the network any more.
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, openEveryPart, untilReadyOffline, RingPage } from '../fixtures.mjs';
import { DIST } from '../serve.mjs';
import { finish } from '../../../scripts/finish-build.mjs';
import { compress } from '../../../scripts/compress.mjs';
import { TEACHING_LINK, watch } from '../teach.mjs';

async function goOffline(server, context) {
  await server.close();
  await context.setOffline(true);
}

test('after one visit the page reloads with the network off, and works', async ({ ring, host, context }) => {
  const server = await host();
  await ring.open('', server.url);
  await untilReadyOffline(ring.page);
  await goOffline(server, context);

  await ring.page.reload();
  await expect(ring.row('A')).toBeVisible();
  await expect(ring.share('A')).toHaveText('35%');
  await expect(ring.share('B')).toHaveText('30%');
  await expect(ring.share('C')).toHaveText('35%');
  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');
  await expect(ring.ringMoved).toHaveText('1 of 5');

  // A link opens offline too, whatever its parameters.
  await ring.page.goto(`${server.url}${TEACHING_LINK}&then=remove:B&r=2`);
  await expect(ring.ringMoved).toHaveText('1 of 5');
  await expect(ring.row('B')).toHaveCount(0);
});

test('after one visit every view and every part that arrives on first use opens with the network off', async ({ ring, host, context }) => {
  const server = await host();
  await ring.open('', server.url);
  await expect(ring.share('A')).toHaveText('35%');
  // The worker stored the whole build, the modules no view has asked for yet among it.
  await untilReadyOffline(ring.page);
  await goOffline(server, context);

  await ring.page.reload();
  await expect(ring.share('A')).toHaveText('35%');
  await openEveryPart(ring);
  // And an embedded ring with every panel that arrives on first use.
  await ring.page.goto(`${server.url}${TEACHING_LINK}&embed=1&panels=last,compare,traffic,timeline,sweeps,lesson,cache,replicas&lesson=teaching-ring&step=1`);
  for (const shows of ['compare-figures', 'traffic-panel', 'timeline-chart', 'sweeps', 'lesson-narration']) {
    await expect(ring.page.getByTestId(shows)).toBeVisible();
  }
});

test('an embedded ring (?embed=1) and its host page open offline too', async ({ ring, host, context }) => {
  const server = await host();
  const { page } = ring;
  await page.goto(`${server.url}examples/embed.html`);
  const frame = page.frameLocator('#ring');
  await expect(frame.getByTestId('share-A')).toHaveText('35%');
  // The ring in the frame registered the worker; it then takes the host page in hand as well.
  await untilReadyOffline(page);
  await goOffline(server, context);

  await page.reload();
  await expect(frame.getByTestId('embed')).toBeVisible();
  await expect(frame.getByTestId('share-A')).toHaveText('35%');
  await page.getByRole('button', { name: 'Add server D at 60' }).click();
  await expect(frame.getByTestId('share-D')).toHaveText('20%');
  await expect(page.locator('#events li')).toHaveText([
    'Server D added. 1 of 5 keys moved on the ring; mod N would move 4.',
  ]);

  // And the embed link on its own.
  await page.goto(`${server.url}${TEACHING_LINK}&embed=1&panels=ownership`);
  await expect(page.getByTestId('embed')).toBeVisible();
  await expect(page.getByTestId('share-C')).toHaveText('35%');
});

test('two copies in two folders of one site keep their own stored builds', async ({ ring, host, context }) => {
  const server = await host({ base: ['/a/ring/', '/b/ring/'] });
  const site = new URL(server.url).origin;
  const { page } = ring;
  for (const folder of ['/a/ring/', '/b/ring/']) {
    await ring.open('', site + folder);
    await untilReadyOffline(page);
  }
  const version = await page.locator('meta[name="ringlab-build"]').getAttribute('content');
  expect((await page.evaluate(() => caches.keys())).sort()).toEqual([
    `ringlab /a/ring/ ${version}`,
    `ringlab /b/ring/ ${version}`,
  ]);
  await goOffline(server, context);
  for (const folder of ['/a/ring/', '/b/ring/']) {
    await ring.open('', site + folder);
    await expect(ring.share('C')).toHaveText('35%');
  }
});

/**
 * Two deployments of the same app: v1 is the build as it is, v2 the same with its stylesheet
 * changed (so its file name and the build's version change), finished again by the build's own
 * post-build step.
 */
async function twoBuilds() {
  const dir = await mkdtemp(join(tmpdir(), 'ringlab-deploy-'));
  const v1 = join(dir, 'v1');
  const v2 = join(dir, 'v2');
  await cp(DIST, v1, { recursive: true });
  await cp(DIST, v2, { recursive: true });
  const css = (await readdir(v2)).find((name) => /^main-[0-9a-f]+\.css$/.test(name));
  const body = `${await readFile(join(v2, css), 'utf8')}\n/* the next release */\n`;
  const renamed = `main-${createHash('sha256').update(body).digest('hex').slice(0, 16)}.css`;
  await rename(join(v2, css), join(v2, renamed));
  await writeFile(join(v2, renamed), body);
  const integrity = `sha384-${createHash('sha384').update(body).digest('base64')}`;
  const html = (await readFile(join(v2, 'index.html'), 'utf8')).replace(
    new RegExp(`href="\\./${css}" integrity="[^"]+"`),
    `href="./${renamed}" integrity="${integrity}"`,
  );
  expect(html).toContain(renamed);
  await writeFile(join(v2, 'index.html'), html);
  const built = { v1: await finish(v1), v2: await finish(v2) };
  expect(built.v2.version).not.toBe(built.v1.version);
  return { dir, v1, v2, css: { v1: css, v2: renamed }, version: { v1: built.v1.version, v2: built.v2.version } };
}

test('a new deployment replaces the stored build whole: old and new files never load together', async ({ ring, host, context }) => {
  const builds = await twoBuilds();
  try {
    const server = await host({ root: builds.v1 });
    const { page } = ring;
    const build = page.locator('meta[name="ringlab-build"]');
    // The main stylesheet, the one the new release changed (the others keep their names).
    const stylesheets = () =>
      page.evaluate(() =>
        [...document.styleSheets]
          .map((sheet) => new URL(sheet.href).pathname.slice(1))
          .filter((name) => name.startsWith('main-')),
      );
    const cacheNames = () => page.evaluate(() => caches.keys());

    await ring.open('', server.url);
    await untilReadyOffline(page);
    await expect(build).toHaveAttribute('content', builds.version.v1);
    expect(await cacheNames()).toEqual([`ringlab / ${builds.version.v1}`]);

    // v2 is deployed. The next visit shows v2 at once, with v2's files only.
    server.setRoot(builds.v2);
    await page.reload();
    await expect(ring.share('A')).toHaveText('35%');
    await expect(build).toHaveAttribute('content', builds.version.v2);
    expect(await stylesheets()).toEqual([builds.css.v2]);
    // Meanwhile the worker of v2 stores v2 and deletes v1's copy.
    await expect.poll(cacheNames, { timeout: 20_000 }).toEqual([`ringlab / ${builds.version.v2}`]);
    await untilReadyOffline(page);

    // Offline, the page is v2, whole.
    await goOffline(server, context);
    const asked = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.reload();
    await expect(ring.share('A')).toHaveText('35%');
    await expect(build).toHaveAttribute('content', builds.version.v2);
    expect(await stylesheets()).toEqual([builds.css.v2]);
    expect(asked).not.toContain(`/${builds.css.v1}`);
    await ring.addServer('D', 60);
    await expect(ring.share('D')).toHaveText('20%');
  } finally {
    await rm(builds.dir, { recursive: true, force: true });
  }
});

/**
 * Gives every module of the built folder `dir` and the two scripts that load them the new names a
 * new build would give them (as if each had changed), rewrites every reference to them, and
 * finishes the folder again as the build does. Returns the old names → the new ones.
 */
async function renameModules(dir) {
  const names = await readdir(dir);
  const fresh = (name) => createHash('sha256').update(`next ${name}`).digest('hex').slice(0, 16);
  const renamed = new Map();
  for (const name of names) {
    const module = /^((?:split_[a-z]+|chunk_\d+)-)([0-9a-f]{16})(\.wasm)$/.exec(name);
    if (module) renamed.set(name, `${module[1]}${fresh(name)}${module[3]}`);
  }
  const id = /^__wasm_split-([0-9a-f]{16})\.js$/.exec(names.find((n) => n.startsWith('__wasm_split-')))[1];
  const next = fresh(id);
  renamed.set(`__wasm_split-${id}.js`, `__wasm_split-${next}.js`);
  renamed.set(`ringlab-app-${id}.js`, `ringlab-app-${next}.js`);
  const swapAll = (text) => [...renamed].reduce((t, [from, to]) => t.split(from).join(to), text);
  for (const [from, to] of renamed) {
    const body = from.endsWith('.js') ? swapAll(await readFile(join(dir, from), 'utf8')) : await readFile(join(dir, from));
    await rm(join(dir, from));
    await writeFile(join(dir, to), body);
  }
  await writeFile(join(dir, 'index.html'), swapAll(await readFile(join(dir, 'index.html'), 'utf8')));
  const built = await finish(dir);
  await compress(dir);
  return { renamed, version: built.version };
}

test('a page of the old build, open while a new one is published, still opens the views it had not shown', async ({ ring, host, context }) => {
  // Two builds are written and compressed, and every part is opened.
  test.setTimeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), 'ringlab-modules-'));
  try {
    const v1 = join(dir, 'v1');
    const v2 = join(dir, 'v2');
    await cp(DIST, v1, { recursive: true });
    await cp(DIST, v2, { recursive: true });
    const { renamed, version } = await renameModules(v2);
    // What scripts/publish.sh leaves on the host: the new build, and the previous one's files.
    const published = join(dir, 'published');
    await cp(v1, published, { recursive: true });
    await cp(v2, published, { recursive: true, force: true });

    const server = await host({ root: v1 });
    const { page } = ring;
    const asked = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname.slice(1)));
    await ring.open('', server.url);
    await expect(ring.share('A')).toHaveText('35%');
    await untilReadyOffline(page);

    // The new build goes up; another visit takes it, and its worker drops the old build's copy.
    server.setRoot(published);
    const other = await context.newPage();
    await other.goto(server.url);
    await expect(other.getByTestId('share-A')).toHaveText('35%');
    await expect.poll(() => other.evaluate(() => caches.keys()), { timeout: 30_000 }).toEqual([`ringlab / ${version}`]);

    // The old page opens every part for the first time: each comes, from the old build's files.
    await openEveryPart(ring);
    const newNames = new Set(renamed.values());
    expect(asked.filter((name) => newNames.has(name)), 'the old page asked for none of the new build\'s files').toEqual([]);
    expect(asked.filter((name) => renamed.has(name) && name.endsWith('.wasm')).length).toBeGreaterThan(5);
    await other.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('when the old build\'s files are gone, a page of it says so in place of a view, and a reload brings the new build', async ({ page, host, context }) => {
  test.setTimeout(120_000);
  const problems = watch(page).problems;
  const dir = await mkdtemp(join(tmpdir(), 'ringlab-modules-'));
  try {
    const v2 = join(dir, 'v2');
    await cp(DIST, v2, { recursive: true });
    const { version } = await renameModules(v2);
    const server = await host();
    const ring = new RingPage(page);
    await ring.open('', server.url);
    await expect(ring.share('A')).toHaveText('35%');
    await untilReadyOffline(page);

    // A deployment that removed the old build's files, and a visit that takes the new build.
    server.setRoot(v2);
    const other = await context.newPage();
    await other.goto(server.url);
    await expect.poll(() => other.evaluate(() => caches.keys()), { timeout: 30_000 }).toEqual([`ringlab / ${version}`]);
    await other.close();

    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(page.getByTestId('part-failed')).toContainText('Could not load the Compare view');
    await expect(page.getByTestId('part-failed')).toContainText('reload the page');
    // The ring still works.
    await page.getByRole('button', { name: 'Ring', exact: true }).click();
    await ring.addServer('D', 60);
    await expect(ring.share('D')).toHaveText('20%');

    await page.reload();
    await expect(page.locator('meta[name="ringlab-build"]')).toHaveAttribute('content', version);
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(page.getByTestId('compare-figures')).toBeVisible();
    expect(problems.filter((p) => !/Failed to load resource|404|split_compare|chunk_|Failed to fetch|failed to load/i.test(p))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
