// What each file of a build may weigh, as a phone downloads it: brotli at its highest level,
// the copy scripts/compress.mjs writes and a host sends (gzip is given beside it). Sizes are
// deterministic for a given source, so specs/budget.spec.mjs checks them after every release
// build: a change that makes the first screen's download grow past its budget fails the tests.
// Raise a budget only on purpose, and say in docs/performance.md ("Budget") what grew and why.
//
// The first screen is everything a first visit downloads before the page answers a tap: the
// page, its stylesheets and scripts, the app's main WebAssembly module and the loader of the
// other modules. Everything else arrives on first use (docs/design.md, "Parts that arrive on
// first use") and has a budget of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Bytes, brotli (the first screen in all also gzipped). Each is what the build weighed when it
 * was set, with a little room (2 to 8 %) so that a small fix passes and a new dependency or a
 * view pulled back into the first screen does not. Measured figures: docs/performance.md,
 * "What each module holds".
 */
export const BUDGET = {
  // The first screen, all of it (379.3 kB brotli, 479.4 kB gzip when set, since the placements
  // other than the ring and mod N arrive on first use).
  firstScreen: 386_000,
  firstScreenGzip: 492_000,
  // Its files: the page with the first screen written in, its stylesheets, its scripts (the
  // loader, the app's script and the split loader) and the main WebAssembly module.
  page: 4_500,
  // 11,800 since the classroom: the blank screen, the QR code's size, the worksheet's frame and
  // the page's print rules (11.6 kB when set).
  styles: 11_800,
  // 16,500 since figures: the bindings for shadow roots and the figures' observer are written
  // into the app's script, whichever module calls them; 17,000 since the placements' part, as
  // the split loader lists the chunks it shares with the others (16.4 kB when set); 17,500 since
  // the QR code's and the worksheet's parts, which it lists too (17.2 kB when set).
  scripts: 17_500,
  main: 354_000,
  // Each module that arrives on first use, by the name its split point gives it
  // (split_<name>-<hash>.wasm), and the chunks they share, all together.
  parts: {
    ask: 14_500,
    cache: 4_700,
    compare: 16_500,
    data: 51_500,
    embed: 7_000,
    // 11,500 since figures became a custom element of their own: following each figure's light
    // or dark, its events to the host page and figures the page adds later (10.9 kB when set).
    figures: 11_500,
    key: 4_500,
    lesson: 9_000,
    // 25,500 since each system's settings are declared in its folder (25.0 kB when set).
    paste: 25_500,
    placements: 40_000,
    practice: 24_500,
    plan: 18_500,
    predict: 4_200,
    // The QR code of the view's link: the qrcode crate's encoder and its SVG (14.6 kB when set).
    qr: 15_000,
    recording: 20_500,
    replicas: 1_600,
    ringsize: 5_300,
    // 16,000 since Copy as figure: the figure's element, and its still drawn from the link the
    // way ringlab figure draws it (15.7 kB when set); 7,500 since Print worksheet draws stills
    // too, so the still and the SVG writer moved into the shared chunks (6.7 kB when set).
    share: 7_500,
    shortcuts: 2_300,
    timeline: 53_500,
    // Print worksheet: the worksheet's writer and its frame (3.0 kB when set); the stills and
    // the questions it prints come with the shared chunks.
    worksheet: 3_500,
    traffic: 19_000,
  },
  // 126,000 since the embedded ring's view (EmbedView) is shared by embed mode and a host
  // page's figures: it moved from split_embed into a chunk.
  // 143,000 since the placements' part: code it shares with the views (the ring's own
  // structures, hashing) comes with whichever arrives first (139.2 kB when set).
  // 158,500 since Print worksheet: the stills and the SVG writer (from the Share part) and the
  // questions' posing it shares with Practice (157.8 kB when set).
  // 159,000 since the settings became one vocabulary and the systems' verbs moved into their
  // folders: what the main module lost (1.5 kB, to 347.7 kB) partly moved here (158.7 kB when
  // set, from 158.0).
  chunks: 159_000,
};

/** A file's size raw, gzipped (level 9) and with brotli (quality 11), as compress.mjs makes them. */
export function weigh(dir, name) {
  const data = readFileSync(join(dir, name));
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: name.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }).length;
  return { name, raw: data.length, gzip: gzipSync(data, { level: 9 }).length, brotli };
}

/**
 * The files of the build in `dir` that the first screen downloads, read from its index.html:
 * the page, the stylesheets it links, the scripts it runs or preloads (the app's script and the
 * split loader it imports), and the WebAssembly it preloads (the main module).
 */
export function firstScreenFiles(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const named = (pattern) => [...html.matchAll(pattern)].map((m) => m[1].replace(/^\.\//, ''));
  return {
    page: ['index.html'],
    styles: named(/<link rel="stylesheet" href="([^"]+)"/g),
    scripts: [...named(/<script src="([^"]+)"/g), ...named(/<link rel="modulepreload" href="([^"]+)"/g)],
    main: named(/<link rel="preload" href="([^"]+\.wasm)"/g),
  };
}

/** The modules that arrive on first use: `split_<name>-<hash>.wasm` by name, and the chunks. */
export function laterModules(dir) {
  const names = readdirSync(dir).filter((n) => n.endsWith('.wasm'));
  const parts = {};
  for (const name of names) {
    const part = /^split_([a-z_]+)-[0-9a-f]{16}\.wasm$/.exec(name)?.[1];
    if (part) parts[part] = name;
  }
  return { parts, chunks: names.filter((n) => /^chunk_\d+-[0-9a-f]{16}\.wasm$/.test(n)) };
}
