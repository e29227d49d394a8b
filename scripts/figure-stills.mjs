#!/usr/bin/env node
// Writes each figure's still into an HTML page: the content of every <ringlab-figure> element
// becomes the SVG `ringlab svg --inline` draws for its link, at the size of the still it holds
// (320 pixels for a figure with none). Run it after writing or changing a figure's link:
//
//   node scripts/figure-stills.mjs PAGE.html [RINGLAB]
//
// RINGLAB is the command line tool to run (default: target/release/ringlab, built first with
// `cargo build --release --bin ringlab`, or `ringlab` from PATH). The page is written in place.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [page, given] = process.argv.slice(2);
if (!page) {
  console.error('usage: node scripts/figure-stills.mjs PAGE.html [RINGLAB]');
  process.exit(2);
}
const built = join(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'release', 'ringlab');
const ringlab = given || (existsSync(built) ? built : 'ringlab');

const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const figure = /(^[ \t]*)(<ringlab-figure\b[^>]*>)([\s\S]*?)(<\/ringlab-figure>)/gm;
let count = 0;
const html = readFileSync(page, 'utf8').replace(figure, (_, indent, open, inner, close) => {
  const link = /\blink="([^"]*)"/.exec(open);
  if (!link) throw new Error(`a figure without a link: ${open}`);
  const size = /<svg\b[^>]*\bwidth="(\d+)"/.exec(inner)?.[1] ?? '320';
  const svg = execFileSync(ringlab, ['svg', '--link', unescape(link[1]), '--size', size, '--inline'], { encoding: 'utf8' });
  count += 1;
  const lines = svg.trimEnd().split('\n').map((line) => `${indent}  ${line}`);
  return `${indent}${open}\n${lines.join('\n')}\n${indent}${close}`;
});
writeFileSync(page, html);
console.log(`figure-stills: ${count} stills written into ${page}`);
