#!/usr/bin/env node
// Builds the page's WebAssembly in place of Trunk's own Rust step, as a main module and modules
// that load on first use (the split points in src/ui/rooms.rs). Trunk runs it twice per build
// (Trunk.toml's hooks); it can be run by hand too:
//
//   node scripts/split-build.mjs build [OUT_DIR]   cargo → wasm-split-cli → wasm-bindgen (main module)
//                                                 → wasm-opt -Oz per module (release) → files named by
//                                                 their content in OUT_DIR ($TRUNK_STAGING_DIR)
//   node scripts/split-build.mjs inject [DIR]      writes the loader Trunk's Rust step would have written
//                                                 into DIR/index.html, in place of the skipped rust link
//
// Environment: TRUNK_PROFILE=release|debug (set by Trunk; release when run by hand), and
// SPLIT=0 for one module as before (the `nosplit` feature: every split point becomes a plain
// call), the baseline the page bench measures against; WASM_NAMES=1 keeps the functions' names
// in the main module (wasm-opt -g), so that a browser profile of a release build names them. Tools from PATH: wasm-split-cli (crate
// wasm_split_cli_support 0.2.4), wasm-bindgen at the Cargo.lock version, wasm-opt 132 (npm
// binaryen); scripts/setup.sh installs them.
import { createHash } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { figureCss } from './figure-css.mjs';

const BIN = 'ringlab-app';
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TARGET = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
const WORK = join(TARGET, 'wasm-split');
/** What `build` made, for `inject` (which runs in another process, after Trunk's own steps). */
const LOADER = join(WORK, 'loader.json');
const release = (process.env.TRUNK_PROFILE || 'release') === 'release';
const split = process.env.SPLIT !== '0';

const run = (cmd, args) => {
  console.log(`split-build: ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit', cwd: ROOT });
};
const version = (cmd) => execFileSync(cmd, ['--version'], { encoding: 'utf8' }).trim();
const digest = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/** Trunk's [tools] pins do not reach a hook: the versions are checked here. */
function checkTools() {
  const lock = readFileSync(join(ROOT, 'Cargo.lock'), 'utf8');
  const wanted = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock)[1];
  const have = version('wasm-bindgen');
  if (have !== `wasm-bindgen ${wanted}`) {
    throw new Error(`need wasm-bindgen ${wanted} (the version Cargo.lock pins), found "${have}": run scripts/setup.sh`);
  }
  // Debian's wasm-opt (108) builds a page that cannot start; only 132 is known good.
  if (release && !/version 132\b/.test(version('wasm-opt'))) {
    throw new Error(`need wasm-opt 132 (npm binaryen@132.0.0), found "${version('wasm-opt')}": put tests/e2e/node_modules/.bin first on PATH`);
  }
  if (split) {
    try {
      execFileSync('wasm-split-cli', ['--help'], { stdio: 'ignore' });
    } catch {
      throw new Error('wasm-split-cli is missing: run scripts/setup.sh (cargo install wasm_split_cli_support)');
    }
  }
}

async function build(outDir) {
  if (!outDir) throw new Error('no output folder: give one, or run this as a Trunk hook');
  checkTools();
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });

  // 1. cargo. `cargo rustc` passes the link argument to the app's own crate only, so every
  //    dependency stays shared with the other builds; wasm-split reads the relocations it keeps.
  const profile = release ? 'wasm-release' : 'dev';
  const features = split ? 'app' : 'app,nosplit';
  const cargoArgs = ['rustc', '--target', 'wasm32-unknown-unknown', '--bin', BIN, '--no-default-features', '--features', features, '--profile', profile];
  run('cargo', split ? [...cargoArgs, '--', '-C', 'link-arg=--emit-relocs'] : cargoArgs);
  const input = join(TARGET, 'wasm32-unknown-unknown', release ? 'wasm-release' : 'debug', `${BIN}.wasm`);

  // 2. The split: WORK/split/BIN.wasm (the main module, for wasm-bindgen), a module per split
  //    point (split_*.wasm), the code several of them share (chunk_*.wasm), and their loader,
  //    __wasm_split.js.
  let mainIn = input;
  if (split) {
    run('wasm-split-cli', [input, join(WORK, 'split'), '--target', 'web', '--out-name', BIN]);
    mainIn = join(WORK, 'split', `${BIN}.wasm`);
  }

  // 3. wasm-bindgen, on the main module only. The other modules take the memory, the function
  //    table and the stack pointer from the main module's exports, which --keep-lld-exports keeps.
  const bindgenArgs = ['--target', 'web', '--no-typescript', '--out-dir', join(WORK, 'bindgen'), '--out-name', BIN];
  if (split) bindgenArgs.push('--keep-lld-exports');
  run('wasm-bindgen', [...bindgenArgs, mainIn]);

  // 4. wasm-opt -Oz on each module (release), as Trunk's data-wasm-opt="z" did on the one module.
  const modules = [{ src: join(WORK, 'bindgen', `${BIN}_bg.wasm`), ref: `${BIN}_bg.wasm`, stem: BIN, suffix: '_bg.wasm' }];
  if (split) {
    const lazy = readdirSync(join(WORK, 'split')).filter((n) => n.endsWith('.wasm') && n !== `${BIN}.wasm`);
    for (const name of lazy.sort()) {
      modules.push({ src: join(WORK, 'split', name), ref: name, stem: name.slice(0, -'.wasm'.length), suffix: '.wasm' });
    }
  }
  mkdirSync(join(WORK, 'opt'), { recursive: true });
  const out = (m) => join(WORK, 'opt', m.ref);
  if (release) await optimise(modules, out);
  else for (const m of modules) copyFileSync(m.src, out(m));
  for (const m of modules) {
    m.bytes = readFileSync(out(m));
    m.name = `${m.stem}-${digest(m.bytes)}${m.suffix}`;
  }

  // 5. Names by content. The two scripts import each other, so neither can be named by its own
  //    content alone: both take one build id, a digest of every module's name and both texts.
  let mainJs = readFileSync(join(WORK, 'bindgen', `${BIN}.js`), 'utf8');
  let linkJs = split ? readFileSync(join(WORK, 'split', '__wasm_split.js'), 'utf8') : null;
  const id = digest(modules.map((m) => m.name).join('\n') + mainJs + (linkJs ?? ''));
  const mainJsName = `${BIN}-${id}.js`;
  const linkJsName = `__wasm_split-${id}.js`;
  const swap = (text, from, to) => {
    if (!text.includes(from)) throw new Error(`expected ${from} in the generated JavaScript`);
    return text.split(from).join(to);
  };
  mainJs = swap(mainJs, `'${BIN}_bg.wasm'`, `'${modules[0].name}'`);
  if (split) {
    // Only the import statements: the keys of the imports object must stay the module name the
    // main wasm names ("./__wasm_split.js").
    mainJs = swap(mainJs, 'from "./__wasm_split.js"', `from "./${linkJsName}"`);
    linkJs = swap(linkJs, `"./${BIN}.js"`, `"./${mainJsName}"`);
    for (const m of modules.slice(1)) linkJs = swap(linkJs, `"./${m.ref}"`, `"./${m.name}"`);
    linkJs = patchLoader(linkJs);
  }

  // 6. Out.
  mkdirSync(outDir, { recursive: true });
  for (const m of modules) writeFileSync(join(outDir, m.name), m.bytes);
  writeFileSync(join(outDir, mainJsName), mainJs);
  if (split) writeFileSync(join(outDir, linkJsName), linkJs);
  if (existsSync(join(WORK, 'bindgen', 'snippets'))) {
    cpSync(join(WORK, 'bindgen', 'snippets'), join(outDir, 'snippets'), { recursive: true });
  }
  const loader = { js: mainJsName, wasm: modules[0].name, link: split ? linkJsName : null, lazy: modules.slice(1).map((m) => m.name) };
  writeFileSync(LOADER, JSON.stringify(loader, null, 2));
  for (const m of modules) console.log(`split-build: ${m.name} ${m.bytes.length} bytes`);
}

/**
 * wasm-opt -Oz on every module. The main module goes through the wasm-opt command, as Trunk's
 * own step did. The others, a few dozen mostly small ones, go through binaryen's JavaScript
 * interface in this process, alongside: the command (binaryen compiled to WebAssembly for node)
 * takes seconds to start, which for fifty modules made a build take minutes. The interface runs
 * the same default passes at the same levels; its modules come out within half a percent of the
 * command's, and they load only on first use.
 */
async function optimise(modules, out) {
  const [main, ...rest] = modules;
  console.log(`split-build: wasm-opt -Oz ${main.ref}, and ${rest.length} modules through binaryen's interface`);
  const names = process.env.WASM_NAMES === '1' ? ['-g'] : [];
  const command = promisify(execFile)('wasm-opt', ['-Oz', ...names, main.src, '-o', out(main)]);
  if (rest.length) {
    // The binaryen package the wasm-opt command on PATH comes from (npm's binaryen@132.0.0).
    const bin = realpathSync(execFileSync('sh', ['-c', 'command -v wasm-opt'], { encoding: 'utf8' }).trim());
    const api = join(dirname(bin), '..', 'index.js');
    if (!existsSync(api)) throw new Error(`wasm-opt (${bin}) is not npm's binaryen: run scripts/setup.sh and put tests/e2e/node_modules/.bin first on PATH`);
    const { default: binaryen } = await import(pathToFileURL(api).href);
    binaryen.setOptimizeLevel(2);
    binaryen.setShrinkLevel(2);
    binaryen.setDebugInfo(false);
    for (const m of rest) {
      const module = binaryen.readBinary(readFileSync(m.src));
      try {
        module.optimize();
        if (!module.validate()) throw new Error(`${m.ref} does not validate after wasm-opt`);
        writeFileSync(out(m), module.emitBinary());
      } finally {
        module.dispose();
      }
    }
  }
  await command;
}

/**
 * The split loader compiles a module with `WebAssembly.instantiateStreaming`, which refuses a
 * file sent with any type but application/wasm. wasm-bindgen's loader falls back to compiling
 * from bytes in that case; this gives the split loader the same fallback, so a host that sends
 * the wrong type costs speed, not the views. A file the server does not have fails at once, with
 * the server's answer in the message, rather than as bytes that are not WebAssembly.
 */
function patchLoader(text) {
  const streaming = /WebAssembly\.instantiateStreaming\(\s*([^,]+?),\s*([^)]+?)\s*\)/g;
  if (!streaming.test(text)) throw new Error('expected WebAssembly.instantiateStreaming in __wasm_split.js');
  return text.replace(
    streaming,
    (_, response, imports) =>
      `Promise.resolve(${response}).then((r) => { if (!r.ok) throw new Error(\`\${r.url}: the server answered \${r.status}\`); return WebAssembly.instantiateStreaming(r.clone(), ${imports}).catch((e) => r.headers.get("content-type")?.startsWith("application/wasm") ? Promise.reject(e) : r.arrayBuffer().then((b) => WebAssembly.instantiate(b, ${imports}))); })`,
  );
}

/**
 * The loader Trunk writes for a `rel="rust"` link (module preloads, the wasm preload, the start,
 * window.wasmBindings and the TrunkApplicationStarted event web/boot.js waits for). The script
 * goes in place of the skipped rust link; the preloads go first in the head, just after the
 * character set (and so after the security policy finish-build.mjs puts there): ahead of the
 * stylesheet and web/boot.js, the browser asks for them at once instead of after those two,
 * which on a slow phone connection brings the first screen half a second sooner.
 */
function inject(dir) {
  if (!dir) throw new Error('no folder: give one, or run this as a Trunk hook');
  if (!existsSync(LOADER)) throw new Error(`${LOADER} is missing: run "split-build.mjs build" first (with the same CARGO_TARGET_DIR)`);
  const { js, wasm, link } = JSON.parse(readFileSync(LOADER, 'utf8'));
  const base = process.env.TRUNK_PUBLIC_URL || './';
  const path = join(dir, 'index.html');
  let html = readFileSync(path, 'utf8');
  writeFigures(dir, html, js, wasm, link);
  if (html.includes(`${base}${js}`)) return;
  const preloads = [
    `<link rel="modulepreload" href="${base}${js}" crossorigin="anonymous">`,
    // The main script imports the split loader: preloading it saves a round trip.
    ...(link ? [`<link rel="modulepreload" href="${base}${link}" crossorigin="anonymous">`] : []),
    `<link rel="preload" href="${base}${wasm}" crossorigin="anonymous" type="application/wasm" as="fetch">`,
  ].map((tag) => `    ${tag}\n`);
  const script = `<script type="module">
import init, * as bindings from '${base}${js}';
const wasm = await init({ module_or_path: '${base}${wasm}' });
window.wasmBindings = bindings;
dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm}}));
</script>`;
  const skipped = /<link\b[^>]*\bdata-trunk-skip\b[^>]*>/i;
  const charset = /<meta charset="utf-8"\s*\/?>\n?/i;
  if (!skipped.test(html)) throw new Error('index.html has no skipped rust link (<link data-trunk rel="rust" data-trunk-skip …>) to put the loader in');
  if (!charset.test(html)) throw new Error('index.html has no <meta charset="utf-8"> to put the preloads after');
  html = html.replace(skipped, () => script).replace(charset, (tag) => tag + preloads.join(''));
  writeFileSync(path, html);
  console.log(`split-build: the loader for ${js} is in ${path}`);
}

/**
 * figures.js: the one script a host page adds for its figures (src/ui/figures). Its name stays
 * the same from build to build, so a host page's script tag does too; it names this build's
 * files relative to itself, so it works from any folder (node_modules, a CDN path, a book's
 * folder) and, with the CORS header docs/hosting.md gives, from another site.
 *
 * It defines the <ringlab-figure> element at once (its attributes mirrored as properties, each
 * new figure, each changed attribute and each click on the text's buttons queued until the
 * figures' code takes over; a figure that goes live in view keeps its still's room), tells the
 * app it is on a host page (globalThis.ringlabFigures, with the figures' stylesheet), then
 * starts the same main module the app's own page starts.
 *
 * The figures' stylesheet is the app's own, made fit for a shadow root in someone else's page
 * (scripts/figure-css.mjs), under a name of its own content.
 */
function writeFigures(dir, html, js, wasm, link) {
  const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(?:\.\/)?([^"]+\.css)"/gi)].map((m) => m[1]);
  if (!styles.length) throw new Error('index.html names no stylesheet for the figures to load');
  // The app's stylesheets as the build wrote them, then the figures' own rules.
  const sheets = [...styles.map((name) => join(dir, name)), join(ROOT, 'style', 'figure.css')];
  const css = figureCss(sheets.map((path) => readFileSync(path, 'utf8')));
  const sheet = `figure-${digest(css)}.css`;
  writeFileSync(join(dir, sheet), css);
  // The main module, the app's script and the split loader are asked for at once, side by side,
  // rather than each after the one that names it: on a slow connection each step of that chain
  // costs a round trip.
  const scripts = [js, ...(link ? [link] : [])].map((name) => `import(new URL(${JSON.stringify(name)}, here).href)`);
  const text = `// Ringlab's figures: live rings in a host page's text. See docs/embedding.md, "Figures".
const here = import.meta.url;
const figures = (globalThis.ringlabFigures = {
  styles: [new URL(${JSON.stringify(sheet)}, here).href],
  // Until the figures' code takes over these three, what the page does is queued for it, so
  // that a reader's click on the text's button before the figures have arrived is not lost.
  waiting: [],
  connected(figure) { this.waiting.push(['connected', figure]); },
  changed(figure) { this.waiting.push(['changed', figure]); },
  clicked(element) { this.waiting.push(['clicked', element]); },
});
document.addEventListener('click', (event) => {
  const element = event.target instanceof Element && event.target.closest('[data-ringlab-apply]');
  if (element) figures.clicked(element);
});
// A figure keeps its room: one that goes live in the reader's view holds the height its still
// took, so that the text around it does not move (docs/embedding.md, "Stills"). The figures'
// stylesheet keeps a held figure at least that tall and its panels out of its height (class
// "held"), and shows a bar over panels cut off (class "clipped"). It takes its whole height on
// the reader's input in it, a click on the bar or on the text's buttons for it (the figures'
// code says "letGo"), or once it is out of view, where nobody sees it move.
const held = new Map();
figures.hold = (host, root) => {
  const still = host.getBoundingClientRect().height;
  if (!(still > 0)) return;
  root.style.setProperty('--ringlab-held', \`\${Math.floor(still)}px\`);
  root.classList.add('held');
  const seen = new IntersectionObserver((entries) => {
    if (entries.every((entry) => !entry.isIntersecting)) figures.letGo(host);
  });
  const end = new IntersectionObserver((entries) => {
    root.classList.toggle('clipped', !entries[entries.length - 1].isIntersecting);
  });
  held.set(host, { root, seen, end });
  for (const name of ['pointerdown', 'keydown', 'click']) {
    host.addEventListener(name, () => figures.letGo(host), { capture: true });
  }
  seen.observe(host);
};
// The figure's panels are drawn (again): the mark of their end, and the bar after it.
figures.remade = (host) => {
  const hold = held.get(host);
  const readout = hold?.root.querySelector('.readout');
  if (!readout) return;
  let end = readout.querySelector(':scope > .readout-end');
  if (!end) {
    end = Object.assign(document.createElement('div'), { className: 'readout-end' });
    end.setAttribute('aria-hidden', 'true');
    const bar = Object.assign(document.createElement('button'), { type: 'button', className: 'show-all' });
    bar.textContent = 'Show the whole figure';
    readout.append(end, bar);
  }
  hold.end.disconnect();
  hold.end.observe(end);
};
figures.letGo = (host) => {
  const hold = held.get(host);
  if (!hold) return;
  held.delete(host);
  hold.seen.disconnect();
  hold.end.disconnect();
  // A reader on the bar goes on from the panels it showed.
  const focused = hold.root.querySelector('.show-all:focus');
  hold.root.classList.remove('held', 'clipped');
  hold.root.style.removeProperty('--ringlab-held');
  const readout = hold.root.querySelector('.readout');
  if (focused && readout) {
    readout.tabIndex = -1;
    readout.focus();
  }
};
const mirrored = ['link', 'panels', 'label', 'group'];
class RingLabFigure extends HTMLElement {
  static get observedAttributes() { return mirrored; }
  connectedCallback() { figures.connected(this); }
  attributeChangedCallback(name, before, after) {
    if (before !== null && before !== after && this.isConnected) figures.changed(this);
  }
}
for (const name of mirrored) {
  Object.defineProperty(RingLabFigure.prototype, name, {
    get() { return this.getAttribute(name); },
    set(value) { if (value == null) this.removeAttribute(name); else this.setAttribute(name, String(value)); },
    configurable: true,
    enumerable: true,
  });
}
if (!customElements.get('ringlab-figure')) customElements.define('ringlab-figure', RingLabFigure);
const wasm = fetch(new URL(${JSON.stringify(wasm)}, here));
const [{ default: init }] = await Promise.all([${scripts.join(', ')}]);
await init({ module_or_path: wasm });
`;
  writeFileSync(join(dir, 'figures.js'), text);
}

const [command, dir] = process.argv.slice(2);
try {
  if (command === 'build') await build(dir || process.env.TRUNK_STAGING_DIR);
  else if (command === 'inject') inject(dir || process.env.TRUNK_STAGING_DIR);
  else throw new Error('usage: node scripts/split-build.mjs build|inject [DIR]');
} catch (error) {
  console.error(`split-build: ${error.message}`);
  process.exit(1);
}
