// Serves a build of Ringlab for the browser tests: only files under its folder, under one base
// path, sending a file's precompressed copy (.br or .gz, written by scripts/compress.mjs) when
// the browser accepts it, as a well set-up static host does. Run as a program, it serves dist/
// at / on the port given as the first argument (and, optionally, under the base path given as
// the second); `--encodings=gzip` (or br, or none) limits the copies it may send. Specs that need
// a server of their own (another base path, wrong types, a new deployment, a server that goes
// away) import serve().
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Starts a server on 127.0.0.1 and resolves to { url, port, setRoot(dir), close() }.
 * - root: the folder to serve (dist/ by default); setRoot() swaps it, as a new deployment does.
 * - base: the path the folder appears under, such as '/courses/tools/ring/', or a list of such
 *   paths (one site with several copies); anything outside them is answered 404.
 * - types: content types by extension, over TYPES (a wrongly set up host, for instance).
 * - missing: extensions answered 404, as if those files had not been uploaded.
 * - fallback: a file of the folder sent (200) in place of any missing one, as hosts set up for
 *   single-page apps do.
 * - editHtml: a function that changes each HTML file on its way out, as some hosts' "optimise"
 *   settings do.
 * - encodings: the precompressed copies it may send, best first (['br', 'gzip'] by default;
 *   [] sends every file as it is). A copy is sent only beside its file, never for a missing one.
 * - cors: true sends Access-Control-Allow-Origin: * with every file, as a host that lets other
 *   sites' pages load Ringlab's figures does (docs/hosting.md).
 * - port: 0 (the default) picks a free one.
 * url is the address of the (first) base.
 */
export function serve({ root = DIST, base = '/', types = {}, missing = [], fallback, editHtml, encodings = ['br', 'gzip'], cors = false, port = 0 } = {}) {
  const allTypes = { ...TYPES, ...types };
  const bases = [base].flat();
  let folder = withSlash(root);
  // Request lines up to 1 MB, as the hostile-input specs send (Node's default stops at 16 KB).
  const server = createServer({ maxHeaderSize: 1 << 20 }, async (req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const under = bases.find((b) => path.startsWith(b));
    if (under === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    const inside = path.slice(under.length);
    const file = normalize(join(folder, inside === '' || inside.endsWith('/') ? inside + 'index.html' : inside));
    if (!file.startsWith(folder)) {
      res.writeHead(403).end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] || '');
    const send = async (path) => {
      const headers = { 'content-type': allTypes[extname(path)] || 'application/octet-stream', vary: 'Accept-Encoding' };
      if (cors) headers['access-control-allow-origin'] = '*';
      let body = await readFile(path);
      if (editHtml && extname(path) === '.html') {
        body = editHtml(body.toString('utf8'));
      } else {
        for (const encoding of encodings) {
          const suffix = encoding === 'gzip' ? '.gz' : `.${encoding}`;
          if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
          const copy = await stat(path + suffix).then(() => path + suffix, () => null);
          if (copy) {
            body = await readFile(copy);
            headers['content-encoding'] = encoding;
            break;
          }
        }
      }
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    };
    try {
      if (missing.includes(extname(file))) throw new Error('missing');
      await send(file);
    } catch {
      if (fallback) await send(join(folder, fallback)).catch(() => res.writeHead(404).end('not found'));
      else res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      resolve({
        port: actual,
        url: `http://127.0.0.1:${actual}${bases[0]}`,
        setRoot(dir) {
          folder = withSlash(dir);
        },
        close() {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}

function withSlash(dir) {
  return dir.endsWith(sep) ? dir : dir + sep;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
  const [port, base] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const chosen = flags.find((f) => f.startsWith('--encodings='));
  const encodings = chosen ? chosen.slice('--encodings='.length).split(',').filter((e) => e && e !== 'none') : undefined;
  await serve({ port: Number(port || 4178), base: base || '/', encodings });
}
