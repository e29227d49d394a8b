#!/usr/bin/env node
// Packs Ringlab's figures as an npm package, ringlab-figures-VERSION.tgz, from a built folder,
// into that folder. Trunk runs it last after each build (Trunk.toml's post_build hook); it can
// also be run by hand on a built folder:
//
//   node scripts/figures-package.mjs [DIR]     (DIR defaults to $TRUNK_STAGING_DIR, else dist/)
//
// 1. figure-files.txt: every file a figure page can load, one name a line, for every tool that
//    ships the figures (this package, mdbook-ringlab), so that they all ship the same files.
// 2. The package: those files, with package.json, figures.d.ts, custom-elements.json and a
//    README (web/package/ holds the hand-written ones; the version and the integrity digests of
//    this build are filled in here), made by `npm pack` itself, offline. Debug builds
//    (TRUNK_PROFILE=debug, as `trunk serve` makes) get the list only: a package of unoptimised
//    WebAssembly is nothing to publish, and packing it would slow every rebuild.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SOURCES = join(ROOT, 'web', 'package');
const NAME = 'ringlab-figures';
/** The two files a host page names itself; everything else is reached from them. */
const ENTRIES = ['figures.js', 'figure-stills.css'];
/** The hand-written files of the package, copied as they are. */
const WRITTEN = ['figures.d.ts', 'custom-elements.json'];
/** What a figure page loads: scripts, WebAssembly modules and stylesheets. */
const LOADABLE = /\.(?:js|wasm|css)$/;

/**
 * The files a figure page can load: the two entries and every file of `dir` that a file already
 * reached names, in turn (figures.js names the main script, its WebAssembly and the figures'
 * stylesheet; the split loader names each module that arrives on first use). Followed rather
 * than listed by pattern, so that the app page's own files (index.html, boot-*.js, sw.js, the
 * stylesheets figure-*.css is made from) stay out, and a file the figures start to load comes in.
 */
function figureFiles(dir) {
  const present = listFiles(dir).filter((name) => LOADABLE.test(name));
  for (const entry of ENTRIES) {
    if (!present.includes(entry)) throw new Error(`${join(dir, entry)} is missing: is ${dir} a finished release build?`);
  }
  const reached = new Set(ENTRIES);
  const queue = [...ENTRIES];
  while (queue.length) {
    // Looked for as text anywhere in the file's bytes (latin1 keeps every byte): a WebAssembly
    // module's strings sit side by side with nothing between them to split names on.
    const text = readFileSync(join(dir, queue.pop()), 'latin1');
    for (const name of present) {
      if (!reached.has(name) && text.includes(name)) {
        reached.add(name);
        queue.push(name);
      }
    }
  }
  return [...reached].sort();
}

/** Every file under `dir`, as paths with forward slashes; hidden ones (Trunk's .stage) left out. */
function listFiles(dir, prefix = '') {
  const names = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...listFiles(dir, name));
    else if (entry.isFile()) names.push(name);
  }
  return names;
}

/** The root Cargo.toml's package version: the app, the CLI and the figures share it. */
function version() {
  const toml = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8');
  const found = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(toml);
  if (!found) throw new Error('no version in the [package] table of Cargo.toml');
  return found[1];
}

/** The repository's address when one is configured (`origin`), else null. */
function repository() {
  try {
    const url = execFileSync('git', ['-C', ROOT, 'remote', 'get-url', 'origin'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return url ? { type: 'git', url } : null;
  } catch {
    return null;
  }
}

/** A subresource integrity value, as a script or link element's `integrity` takes it. */
const integrity = (path) => `sha384-${createHash('sha384').update(readFileSync(path)).digest('base64')}`;

/**
 * The hand-written manifest must describe the element figures.js defines: its tag and its
 * mirrored attributes, read from figures.js; its events and custom properties, each named
 * somewhere in the files (the events in the figures' WebAssembly, the properties in their
 * stylesheet). The types must name them too. A mismatch stops the build: a package whose
 * documentation is wrong is worse than none.
 */
function check(manifest, types, dir, files) {
  const element = manifest.modules[0].declarations[0];
  const script = readFileSync(join(dir, 'figures.js'), 'utf8');
  const mirrored = /const mirrored = (\[[^\]]*\]);/.exec(script);
  if (!mirrored) throw new Error('figures.js no longer lists its attributes as `const mirrored = [...]`: compare web/package/ with it by hand, then update this check');
  const attributes = JSON.parse(mirrored[1].replaceAll("'", '"'));
  const problems = [];
  if (!script.includes(`customElements.define('${element.tagName}'`)) problems.push(`figures.js does not define <${element.tagName}>`);
  const listed = element.attributes.map((a) => a.name);
  if (listed.join() !== attributes.join()) problems.push(`the manifest lists the attributes ${listed.join(', ')}; figures.js mirrors ${attributes.join(', ')}`);
  for (const name of attributes) {
    if (!element.members.some((m) => m.name === name)) problems.push(`the manifest has no property ${name}`);
    if (!new RegExp(`^\\s*${name}: string \\| null;`, 'm').test(types)) problems.push(`figures.d.ts has no property ${name}: string | null`);
  }
  const bytes = files.map((name) => readFileSync(join(dir, name), 'latin1'));
  for (const { name } of [...element.events, ...element.cssProperties]) {
    if (!bytes.some((text) => text.includes(name))) problems.push(`no figure file mentions ${name}, which the manifest lists`);
  }
  for (const { name } of element.events) {
    if (!types.includes(`'${name}': CustomEvent<`)) problems.push(`figures.d.ts has no event ${name}`);
  }
  if (problems.length) throw new Error(`web/package/ and this build disagree:\n  ${problems.join('\n  ')}`);
}

/** The README's tables, from the manifest, so each thing is described once. */
function tables(manifest) {
  const element = manifest.modules[0].declarations[0];
  const cell = (text) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');
  const code = (text) => `\`${text.replaceAll('|', '\\|')}\``;
  const row = (...cells) => `| ${cells.join(' | ')} |`;
  return {
    ATTRIBUTES: element.attributes
      .map((a) => row(code(a.name), cell(a.description) + (a.default ? ` Default: ${code(a.default)}.` : '')))
      .join('\n'),
    PROPERTIES: element.members.map((m) => row(code(m.name), code(m.type.text), cell(m.description))).join('\n'),
    EVENTS: element.events.map((e) => row(code(e.name), code(/CustomEvent<(\w+)>/.exec(e.type.text)[1]), cell(e.description))).join('\n'),
    CSS_PROPERTIES: element.cssProperties.map((p) => row(code(p.name), p.default ? code(p.default) : '—', cell(p.description))).join('\n'),
  };
}

/** Fills each {{NAME}} of the README; a name left unfilled is a mistake in the template. */
function fill(template, values) {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`web/package/README.md: nothing to fill {{${name}}} with`);
    return values[name];
  });
}

/** package.json, as custom-element libraries write theirs: types, exports and the manifest named. */
function packageJson(version, files) {
  const folders = [...new Set(files.filter((f) => f.includes('/')).map((f) => `${f.split('/')[0]}/`))];
  const extensions = [...new Set(files.filter((f) => !f.includes('/')).map((f) => `*.${f.split('.').pop()}`))];
  const repo = repository();
  return {
    name: NAME,
    version,
    description: 'Live consistent-hashing rings in a web page\'s text: the <ringlab-figure> custom element, Ringlab\'s engine in WebAssembly.',
    keywords: ['consistent-hashing', 'hash-ring', 'custom-element', 'web-component', 'webassembly', 'visualization', 'distributed-systems', 'teaching'],
    license: 'MIT',
    ...(repo ? { repository: repo } : {}),
    type: 'module',
    exports: {
      '.': { types: './figures.d.ts', default: './figures.js' },
      './figure-stills.css': './figure-stills.css',
      './package.json': './package.json',
    },
    types: './figures.d.ts',
    customElements: 'custom-elements.json',
    // The staging folder holds nothing else, so patterns stay short; the packed list is checked.
    files: [...extensions.sort(), ...folders.sort(), ...WRITTEN],
    // Loading figures.js defines the element: a bundler must never drop it as unused.
    sideEffects: true,
  };
}

/** Runs `npm pack` on `stage`, offline, into `dir`; returns npm's report of the tarball. */
function pack(stage, dir) {
  const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  const out = execFileSync('npm', ['pack', '--offline', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: stage, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out)[0];
}

function main(dir) {
  const files = figureFiles(dir);
  writeFileSync(join(dir, 'figure-files.txt'), files.join('\n') + '\n');
  if ((process.env.TRUNK_PROFILE || 'release') !== 'release') {
    console.log(`figures-package: a debug build: figure-files.txt only (${files.length} files), no package`);
    return;
  }
  const manifest = JSON.parse(readFileSync(join(SOURCES, 'custom-elements.json'), 'utf8'));
  const types = readFileSync(join(SOURCES, 'figures.d.ts'), 'utf8');
  check(manifest, types, dir, files);

  const v = version();
  const stage = mkdtempSync(join(tmpdir(), 'ringlab-figures-'));
  try {
    for (const name of files) {
      mkdirSync(dirname(join(stage, name)), { recursive: true });
      cpSync(join(dir, name), join(stage, name));
    }
    for (const name of WRITTEN) cpSync(join(SOURCES, name), join(stage, name));
    // The project's licence travels with its files (npm packs LICENSE whatever `files` says).
    cpSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
    const readme = fill(readFileSync(join(SOURCES, 'README.md'), 'utf8'), {
      VERSION: v,
      INTEGRITY_FIGURES_JS: integrity(join(dir, 'figures.js')),
      INTEGRITY_STILLS_CSS: integrity(join(dir, 'figure-stills.css')),
      ...tables(manifest),
    });
    writeFileSync(join(stage, 'README.md'), readme);
    writeFileSync(join(stage, 'package.json'), JSON.stringify(packageJson(v, files), null, 2) + '\n');

    // An earlier build's package (another version) would sit beside this one's.
    for (const old of readdirSync(dir).filter((n) => n.startsWith(`${NAME}-`) && n.endsWith('.tgz'))) rmSync(join(dir, old));
    const report = pack(stage, dir);
    const wanted = [...files, ...WRITTEN, 'LICENSE', 'README.md', 'package.json'].sort();
    const packed = report.files.map((f) => f.path).sort();
    if (packed.join('\n') !== wanted.join('\n')) {
      rmSync(join(dir, report.filename), { force: true });
      throw new Error(`npm packed other files than the figures':\n  packed: ${packed.join(' ')}\n  wanted: ${wanted.join(' ')}`);
    }
    const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(`figures-package: ${report.filename}, ${report.entryCount} files, ${kb(report.size)} (${kb(report.unpackedSize)} unpacked)`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

const dir = resolve(process.argv[2] || process.env.TRUNK_STAGING_DIR || join(ROOT, 'dist'));
try {
  if (!existsSync(dir)) throw new Error(`${dir} does not exist: build first (trunk build --release --offline)`);
  main(dir);
} catch (error) {
  console.error(`figures-package: ${error.message}`);
  process.exit(1);
}
