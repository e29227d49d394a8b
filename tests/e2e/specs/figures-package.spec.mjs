// The figures as an npm package (scripts/figures-package.mjs): the build's
// ringlab-figures-VERSION.tgz installs with npm offline, a page that loads figures.js from
// node_modules has live figures with nothing fetched from outside the installed folder, its
// types hold a host page's TypeScript to the element's real shape, and its manifests name what
// the tarball holds.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../fixtures.mjs';
import { DIST } from '../serve.mjs';

const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const CARGO_TOML = fileURLToPath(new URL('../../../Cargo.toml', import.meta.url));
const TEACHING = 'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5';

/** The build's one package (the script removes an earlier version's). */
function tarball() {
  const found = readdirSync(DIST).filter((name) => /^ringlab-figures-.+\.tgz$/.test(name));
  expect(found, 'dist/ holds one package: run node scripts/figures-package.mjs dist').toHaveLength(1);
  return join(DIST, found[0]);
}

// Installed once per worker, into a folder of its own, as a site's author would.
let folder;
function installed() {
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'ringlab-npm-'));
    // --offline: npm may not ask the registry anything, which works only because the package
    // has no dependencies.
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', folder, tarball()], {
      env: { ...process.env, npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  return { folder, pkg: join(folder, 'node_modules', 'ringlab-figures') };
}
// A worker may run this file's tests in more than one turn, with this hook after each: the next
// turn installs again.
test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

test('the installed package makes a page’s figure live, under the integrity its README gives, with nothing fetched from outside its folder', async ({ ring, host }) => {
  const { page } = ring;
  const { folder, pkg } = installed();
  // The README's CDN snippet: a wrong digest would stop the browser loading the file at all.
  const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
  const digest = (file) => new RegExp(`/${file.replace('.', '\\.')}"\\s+integrity="(sha384-[A-Za-z0-9+/=]+)"`).exec(readme)[1];
  writeFileSync(
    join(folder, 'index.html'),
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Figures from npm</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="node_modules/ringlab-figures/figure-stills.css" integrity="${digest('figure-stills.css')}"></head>
<body><main><ringlab-figure id="f" label="Figure 1: three servers" link="${TEACHING.replaceAll('&', '&amp;')}"></ringlab-figure></main>
<script>document.addEventListener('ringlab-ready', (e) => { window.ready = { from: e.target.id, detail: e.detail }; });</script>
<script type="module" src="node_modules/ringlab-figures/figures.js" integrity="${digest('figures.js')}"></script></body></html>`,
  );
  const site = await host({ root: folder });
  const outside = [];
  const failed = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url !== site.url && !url.startsWith(`${site.url}node_modules/ringlab-figures/`)) outside.push(url);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(site.url);

  const figure = page.locator('#f');
  await expect(figure.locator('[data-testid="figure"]')).toBeVisible();
  await expect(figure.getByTestId('share-A')).toHaveText('35%');
  await expect.poll(() => page.evaluate(() => Boolean(window.ready)), { message: 'ringlab-ready arrived' }).toBe(true);
  const ready = await page.evaluate(() => window.ready);
  expect(ready.from).toBe('f');
  expect(ready.detail.link).toBe(TEACHING);
  expect(ready.detail.servers.map((s) => s.name)).toEqual(['A', 'B', 'C']);
  expect(ready.detail.servers[0].share).toBeCloseTo(0.35);
  expect(outside).toEqual([]);
  expect(failed).toEqual([]);
});

test('figures.d.ts holds a page’s TypeScript to the element: its properties are text, its events carry their details', () => {
  const { folder } = installed();
  const source = join(folder, 'check.ts');
  writeFileSync(
    source,
    `import type { RingLabChangeDetail, RingLabReadyDetail } from 'ringlab-figures';

const link: string | null = document.querySelector('ringlab-figure')!.link;
const figure = document.querySelector('ringlab-figure')!;
figure.link = link ?? '${TEACHING}';
figure.panels = null;
// @ts-expect-error a link is text, not a number
figure.link = 42;
figure.addEventListener('ringlab-change', (e) => e.detail.moved.toFixed());
figure.addEventListener('ringlab-refused', (e) => e.detail.message.toUpperCase());
// They bubble out of the figure: the document hears them too.
document.addEventListener('ringlab-ready', (e) => {
  const ready: RingLabReadyDetail = e.detail;
  const shares: number[] = ready.servers.map((s) => s.share);
  return [ready.link, ready.notices.join(), shares];
});
export function ringMoved(detail: RingLabChangeDetail): number {
  // @ts-expect-error null when the change was not measured under the ring
  return detail.ringMoved;
}
`,
  );
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'es2022,dom', source], {
    cwd: folder,
    encoding: 'utf8',
  });
  expect(run.stdout + run.stderr, 'tsc reports nothing').toBe('');
  expect(run.status).toBe(0);
});

test('custom-elements.json describes the element, and package.json points at files the tarball holds', () => {
  const { pkg } = installed();
  const listed = execFileSync('tar', ['-tzf', tarball()], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ''));
  // The figures' files, as the build lists them for every tool that ships them, and the package's own.
  const figureFiles = readFileSync(join(DIST, 'figure-files.txt'), 'utf8').split('\n').filter(Boolean);
  expect(listed.sort()).toEqual([...figureFiles, 'LICENSE', 'README.md', 'custom-elements.json', 'figures.d.ts', 'package.json'].sort());
  expect(listed.filter((name) => /\.(gz|br)$|^index\.html$|^sw\.js$|^boot-/.test(name))).toEqual([]);

  const json = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const version = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(readFileSync(CARGO_TOML, 'utf8'))[1];
  expect(json).toMatchObject({ name: 'ringlab-figures', version, license: 'MIT', type: 'module', sideEffects: true });
  expect(json.dependencies).toBeUndefined();
  const pointed = [json.exports['.'].default, json.exports['.'].types, json.exports['./figure-stills.css'], json.exports['./package.json'], json.types, json.customElements];
  expect(pointed.slice(0, 2)).toEqual(['./figures.js', './figures.d.ts']);
  for (const path of pointed) {
    expect(listed, `${path} is in the tarball`).toContain(path.replace(/^\.\//, ''));
    expect(existsSync(join(pkg, path)), `${path} is installed`).toBe(true);
  }

  const manifest = JSON.parse(readFileSync(join(pkg, json.customElements), 'utf8'));
  expect(manifest.schemaVersion).toBe('1.0.0');
  const module = manifest.modules.find((m) => m.path === 'figures.js');
  const element = module.declarations.find((d) => d.customElement);
  expect(element.tagName).toBe('ringlab-figure');
  expect(module.exports).toContainEqual({ kind: 'custom-element-definition', name: 'ringlab-figure', declaration: { name: element.name, module: 'figures.js' } });
  expect(element.attributes.map((a) => a.name)).toEqual(['link', 'panels', 'label', 'group']);
  expect(element.members.map((m) => [m.name, m.attribute, m.type.text])).toEqual(
    ['link', 'panels', 'label', 'group'].map((name) => [name, name, 'string | null']),
  );
  expect(element.events.map((e) => e.name)).toEqual(['ringlab-ready', 'ringlab-change', 'ringlab-refused']);
  expect(element.cssProperties.map((p) => p.name)).toEqual([
    '--ringlab-color-scheme',
    '--ringlab-font-size',
    '--ringlab-font-family',
    '--ringlab-line-height',
    '--ringlab-ring-size',
  ]);
  expect(element.slots).toEqual([expect.objectContaining({ name: '' })]);
});
