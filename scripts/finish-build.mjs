#!/usr/bin/env node
// Finishes a Trunk build of Ringlab. Trunk runs it after each build (the post_build hook in
// Trunk.toml) on its staging folder; it can also be run by hand on a built folder:
//
//   node scripts/finish-build.mjs [DIR]        (DIR defaults to $TRUNK_STAGING_DIR)
//
// It does two things, offline, and the same again when run twice:
// 1. It writes the page's Content Security Policy into index.html as a meta tag, with the
//    sha256 digest of each inline script (Trunk's loader, whose text names the build's hashed
//    files and so changes with every build).
// 2. It writes sw.js, the service worker, from web/sw.js: the list of the build's files and a
//    version, the digest of all of them, which index.html also carries (meta name="ringlab-build").
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The policy, as strict as the app allows. A meta tag cannot carry frame-ancestors: hosts that
 * want to limit who may embed the ring send it as a header (see hosting/ and docs/hosting.md).
 */
export function policy(inlineScriptHashes) {
  return [
    // Nothing is allowed unless named below: no remote origin, no plugins, no frames.
    "default-src 'none'",
    // The app's own script files, its WebAssembly (compiling wasm needs 'wasm-unsafe-eval'; plain
    // eval stays forbidden) and Trunk's inline loader, by digest.
    `script-src 'self' 'wasm-unsafe-eval' ${inlineScriptHashes.map((h) => `'sha256-${h}'`).join(' ')}`.trim(),
    // The stylesheet is a file of the build.
    "style-src 'self'",
    // Leptos writes style="…" attributes (a server's colour, a bar's width). Attributes cannot
    // run scripts, and nothing remote may load, so they are allowed; <style> elements are not.
    "style-src-attr 'unsafe-inline'",
    // The favicon is the empty data: URL in index.html.
    'img-src data:',
    // The loader fetches the .wasm file.
    "connect-src 'self'",
    // The service worker, sw.js.
    "worker-src 'self'",
    // Relative addresses must stay relative to the page's own folder.
    "base-uri 'none'",
    // The forms are handled by the app and never submitted anywhere.
    "form-action 'none'",
  ].join('; ');
}

const CSP_META = /[ \t]*<meta http-equiv="Content-Security-Policy"[^>]*>\n?/gi;
const BUILD_META = /[ \t]*<meta name="ringlab-build"[^>]*>\n?/gi;
const CHARSET = /<meta charset="utf-8"\s*\/?>\n?/i;
// Files of the folder that are not the app's: the service worker itself, and a host's settings.
const NOT_CACHED = new Set(['sw.js', '_headers', '_redirects']);
// What only host pages' figures load, the figures' package for authors and the example book's
// sources: never the app's.
const FIGURES_ONLY = /^(figures\.js|figure-.*\.css|figure-files\.txt|ringlab-figures-.*\.tgz|examples\/book\/.*)$/;
// Precompressed copies of the app's files (scripts/compress.mjs), which hosts send in their place.
const ENCODED = /\.(gz|br)$/;

export async function finish(dir) {
  const indexPath = join(dir, 'index.html');
  let html = (await readFile(indexPath, 'utf8')).replace(CSP_META, '').replace(BUILD_META, '');
  if (!CHARSET.test(html)) throw new Error('index.html has no <meta charset="utf-8"> to put the policy after');

  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\ssrc\s*=/i.test(attrs))
    .map(([, , text]) => sha256(text, 'base64'));
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(hashes)}" />`;
  html = html.replace(CHARSET, (charset) => `${charset}    ${meta}\n`);

  const template = await readFile(new URL('../web/sw.js', import.meta.url), 'utf8');
  const files = (await listFiles(dir)).filter(
    (name) => !NOT_CACHED.has(name) && !FIGURES_ONLY.test(name) && !ENCODED.test(name) && !name.split('/').some((part) => part.startsWith('.')),
  );
  // The version covers every file the worker stores and the worker's own code.
  const digests = await Promise.all(
    files.map(async (name) => `${name}\0${sha256(name === 'index.html' ? html : await readFile(join(dir, name)), 'hex')}`),
  );
  digests.push(`sw.js\0${sha256(template, 'hex')}`);
  const version = sha256(digests.join('\n'), 'hex').slice(0, 16);

  html = html.replace(CSP_META, (tag) => `${tag}    <meta name="ringlab-build" content="${version}" />\n`);
  await writeFile(indexPath, html);
  // Compressed copies of the two files written here would now be stale: compress.mjs makes new ones.
  for (const name of ['index.html', 'sw.js']) {
    for (const suffix of ['.gz', '.br']) await rm(join(dir, name + suffix), { force: true });
  }

  const build = `const BUILD = ${JSON.stringify({ version, files })};`;
  if (!/^const BUILD = .*;$/m.test(template)) throw new Error('web/sw.js has no "const BUILD = …;" line');
  await writeFile(join(dir, 'sw.js'), template.replace(/^const BUILD = .*;$/m, () => build));
  return { version, files, hashes };
}

function sha256(data, encoding) {
  return createHash('sha256').update(data).digest(encoding);
}

/** Every file under `dir`, as sorted paths with forward slashes. */
async function listFiles(dir, prefix = '') {
  const names = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...(await listFiles(dir, name)));
    else if (entry.isFile()) names.push(name);
  }
  return names.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('usage: node scripts/finish-build.mjs DIR (or run it as a Trunk post_build hook)');
    process.exit(2);
  }
  const { version, files, hashes } = await finish(dir);
  console.log(`finish-build: version ${version}, ${files.length} files for offline use, ${hashes.length} inline script(s) allowed by digest`);
}
