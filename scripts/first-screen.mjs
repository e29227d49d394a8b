#!/usr/bin/env node
// Writes the page's first screen into a built index.html: the starting ring, its servers, keys
// and shares, as the app will show them, so that a phone on a slow connection sees them before
// the page's WebAssembly has arrived. The HTML comes from the drawing layer's native writer
// (src/draw/first_screen/, run by `cargo run --example first-screen`); it goes where index.html
// says, in place of the marker comment at the start of <body>. Trunk runs it after each build
// (Trunk.toml's post_build hook, before finish-build.mjs writes the security policy); it can be
// run by hand on a built folder, and again: it replaces what an earlier run wrote. It also
// writes figure-stills.css beside it: the colours of figures' stills, light and dark, for host
// pages (docs/embedding.md).
//
//   node scripts/first-screen.mjs [DIR]        (DIR defaults to $TRUNK_STAGING_DIR)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const MARKER = '<!-- first-screen -->';
const END = '<!-- /first-screen -->';

/** What the native writer prints with `args`: the first screen's HTML by default. */
export function firstScreen(args = []) {
  return execFileSync('cargo', ['run', '--quiet', '--example', 'first-screen', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 << 20,
  });
}

/** Puts `html` into DIR/index.html at its marker, replacing what was there. */
export function insert(dir, html) {
  const path = join(dir, 'index.html');
  let page = readFileSync(path, 'utf8');
  const at = page.indexOf(MARKER);
  if (at < 0) throw new Error(`${path} has no ${MARKER} to put the first screen at`);
  const written = page.indexOf(END, at);
  const after = written < 0 ? at + MARKER.length : written + END.length;
  page = `${page.slice(0, at)}${MARKER}\n${html}${END}${page.slice(after)}`;
  writeFileSync(path, page);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('usage: node scripts/first-screen.mjs DIR (or run it as a Trunk post_build hook)');
    process.exit(2);
  }
  try {
    const html = firstScreen();
    insert(dir, html);
    console.log(`first-screen: ${html.length} bytes of first screen written into ${join(dir, 'index.html')}`);
    // The stylesheet a host page adds for its figures' stills, from the same writer's colours.
    writeFileSync(join(dir, 'figure-stills.css'), firstScreen(['--stills-css']));
    // A printed lesson's layout, which the page's Print worksheet links (the page's security
    // policy allows no inline style), from the same writer's stylesheet.
    writeFileSync(join(dir, 'worksheet.css'), firstScreen(['--worksheet-css']));
  } catch (error) {
    console.error(`first-screen: ${error.message}`);
    process.exit(1);
  }
}
