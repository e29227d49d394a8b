#!/usr/bin/env node
// Writes a gzip (.gz) and a brotli (.br) copy beside each text and WebAssembly file of a built
// folder, for static hosts that send a precompressed copy when the browser accepts it (nginx's
// gzip_static and brotli_static, Apache with mod_rewrite, Caddy's precompressed, …). Brotli at
// its highest quality is a fifth smaller than gzip on the page's WebAssembly; hosts that compress
// on the fly usually use lower levels. Trunk runs it after each release build (Trunk.toml's
// post_build hook, after finish-build.mjs); it can also be run by hand on a built folder:
//
//   node scripts/compress.mjs [DIR]        (DIR defaults to $TRUNK_STAGING_DIR)
//
// Debug builds (TRUNK_PROFILE=debug, as `trunk serve` without --release makes) are left alone:
// brotli's highest quality takes seconds. A copy is kept only when it is smaller than the file.
// Copies of files that are gone are deleted, so the folder never offers a stale copy.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The files worth compressing: everything the page loads but images. */
const COMPRESSIBLE = /\.(wasm|js|mjs|css|html|json|svg|txt)$/;
/** The copies this script writes. */
export const ENCODED = /\.(gz|br)$/;

/** Writes DIR's .gz and .br copies; resolves to [{ name, raw, gzip, brotli }]. */
export async function compress(dir) {
  const files = await listFiles(dir);
  const present = new Set(files);
  const done = [];
  for (const name of files) {
    if (ENCODED.test(name)) {
      // A copy of a file that is no longer there.
      if (!present.has(name.slice(0, -3))) await rm(join(dir, name));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = await readFile(join(dir, name));
    const gzip = gzipSync(data, { level: 9 });
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_MODE]: name.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    for (const [suffix, copy] of [['.gz', gzip], ['.br', brotli]]) {
      if (copy.length < data.length) await writeFile(join(dir, name + suffix), copy);
      else await rm(join(dir, name + suffix), { force: true });
    }
    done.push({ name, raw: data.length, gzip: gzip.length, brotli: brotli.length });
  }
  return done;
}

/** Every file under `dir`, as sorted paths with forward slashes; hidden ones left out. */
async function listFiles(dir, prefix = '') {
  const names = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...(await listFiles(dir, name)));
    else if (entry.isFile()) names.push(name);
  }
  return names.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('usage: node scripts/compress.mjs DIR (or run it as a Trunk post_build hook)');
    process.exit(2);
  }
  if ((process.env.TRUNK_PROFILE || 'release') !== 'release') {
    console.log('compress: a debug build: no compressed copies');
    process.exit(0);
  }
  if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a folder`);
  const done = await compress(dir);
  const sum = (key) => done.reduce((total, file) => total + file[key], 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`compress: ${done.length} files, ${kb(sum('raw'))}: ${kb(sum('gzip'))} gzipped, ${kb(sum('brotli'))} with brotli`);
}
