// After one visit the page opens and works with the network off; a new deployment replaces the
// stored build whole. Each test serves the build itself, then stops that server and turns the
// browser's network off, so nothing can come from the network any more.
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, untilReadyOffline } from '../fixtures.mjs';
import { DIST } from '../serve.mjs';
import { finish } from '../../../scripts/finish-build.mjs';
import { TEACHING_LINK } from '../teach.mjs';

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
