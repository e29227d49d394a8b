// Ringlab's service worker: after one visit, the page opens and works with the network off.
//
// scripts/finish-build.mjs rewrites the BUILD line at every build: the build's version (a digest
// of all its files) and the list of its files, relative to this script. Each build keeps its files
// in a cache of its own, filled whole before that build takes over, and the caches of earlier
// builds of this same folder are deleted once it has. So the files of two builds never mix:
// - the hashed files (scripts, wasm, styles) come from this build's cache first;
// - pages (index.html, examples/embed.html) come from the network first, so a new deployment
//   shows at once, and from this build's cache only when the network fails.
const BUILD = { version: 'unbuilt', files: [] };

// Several copies of Ringlab can live on one site, in different folders: each keeps its own caches.
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = `ringlab ${SCOPE} `;
const CACHE = PREFIX + BUILD.version;

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : file(request));
});

/**
 * Fetches every file of this build into a fresh cache, the modules of the parts of the page that
 * arrive on first use among them; any failure leaves no cache behind. A file with a hash in its
 * name never changes, so the browser's own copy of it (the first screen's files, just loaded)
 * will do; the pages, whose names stay, are asked for anew.
 */
async function precache() {
  await caches.delete(CACHE);
  const cache = await caches.open(CACHE);
  try {
    for (const name of BUILD.files) {
      const fresh = name.endsWith('.html');
      const response = await fetch(new Request(name, { cache: fresh ? 'reload' : 'default' }));
      if (!response.ok) throw new Error(`${name}: the server answered ${response.status}`);
      // The server may already hold a newer build than this script: then this one must not install.
      if (name === 'index.html' && !(await response.clone().text()).includes(BUILD.version)) {
        throw new Error('index.html belongs to another build');
      }
      await cache.put(name, response);
    }
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

/** A page: from the network, past the browser's HTTP cache; from this build's cache offline. */
async function page(request) {
  try {
    // A navigation's own request cannot be re-issued with other options; this one has the same
    // address and leaves redirects to the browser.
    return await fetch(new Request(request.url, { cache: 'no-cache', credentials: 'same-origin', redirect: 'manual' }));
  } catch (error) {
    const url = new URL(request.url);
    const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
    const cached = await (await caches.open(CACHE)).match(new URL(path, url).href);
    if (cached) return cached;
    throw error;
  }
}

/** Any other file: this build's copy if it has one, else the network. */
async function file(request) {
  const cached = await (await caches.open(CACHE)).match(request);
  return cached ?? fetch(request);
}
