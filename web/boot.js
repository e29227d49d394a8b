// Runs before the app, in every page that shows the ring (embedded ones too).
//
// 1. If the app cannot start, the page says why in plain words instead of staying blank: a file
//    of the build that is missing or that the server sends with the wrong type, a script the
//    page's security policy refused, a browser without WebAssembly.
// 2. It registers the service worker (sw.js, next to index.html), which keeps this build's files
//    so that the page opens and works with the network off after one visit.
// 3. It keeps the first screen written into the page at build time (the starting ring, until the
//    app takes its place) off a page that will not show the starting ring: a link that opens
//    another state (any query: its servers, a view, a lesson, an embed), or a page whose app
//    could not start.
//
// No inline code and no HTML strings: the page's Content Security Policy allows neither.
(function () {
  'use strict';

  // Before the body is drawn: this script is in the head, and the stylesheet hides the first
  // screen under this class.
  const noFirstScreen = () => document.documentElement.classList.add('no-first-screen');
  if (location.search.length > 1) noFirstScreen();

  let started = false;
  let failed = false;
  let notice = null;
  let slowTimer = null;

  // Once the app runs, whatever was said before no longer holds.
  addEventListener('TrunkApplicationStarted', () => {
    started = true;
    clearTimeout(slowTimer);
    if (notice) notice.remove();
  });

  // A classic script loaded before the app's module, so it sees every way that module fails.
  addEventListener(
    'error',
    (event) => {
      if (started) return;
      if (event.target instanceof HTMLScriptElement) {
        fail('One of its scripts could not be loaded.');
      } else if (event instanceof ErrorEvent) {
        fail(`The browser reported: ${event.message}`);
      }
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => {
    if (!started) fail(`The browser reported: ${event.reason?.message ?? event.reason}`);
  });
  // A refused script stops the app only if it was the app's own: browser extensions that put
  // scripts into pages are refused too. So this waits to see whether the app starts anyway.
  addEventListener('securitypolicyviolation', (event) => {
    if (started || !/^script-src/.test(event.effectiveDirective)) return;
    setTimeout(() => {
      if (started) return;
      fail(
        'The page’s security policy refused one of its own scripts. The server, or a service in ' +
          'front of it, may have changed index.html (some “optimise” or “minify” settings do): ' +
          'serve the build’s files exactly as they are.',
      );
    }, 3000);
  });

  // A slow network is not a failure: after a while, say that it is still loading.
  slowTimer = setTimeout(() => {
    if (!started && !failed) {
      show('Ringlab is still loading…', 'It has not started after 20 seconds. On a slow network it may yet; if it does not, reload the page.');
    }
  }, 20000);

  if (typeof WebAssembly !== 'object') {
    fail('This browser cannot run WebAssembly, which Ringlab needs. A current Firefox, Chrome, Edge or Safari can.');
  }

  function fail(reason) {
    if (failed) return;
    failed = true;
    clearTimeout(slowTimer);
    noFirstScreen();
    show('Ringlab could not start', reason);
    diagnose().then((finding) => {
      if (finding) show('Ringlab could not start', finding);
    });
  }

  // Looks at the app's two files as the server sends them, for a more precise reason.
  async function diagnose() {
    const script = document.querySelector('link[rel="modulepreload"]');
    const wasm = document.querySelector('link[rel="preload"][as="fetch"]');
    try {
      if (script) {
        const { name, response, type } = await look(script.href);
        if (!response.ok) return missing(name, response.status);
        if (!/javascript|ecmascript/.test(type)) {
          return `The server sends ${name} as “${type || 'no type'}”. Browsers run a module script only when it comes as text/javascript: set that type for .js files in the server’s settings.`;
        }
      }
      if (wasm) {
        const { name, response, type } = await look(wasm.href);
        if (!response.ok) return missing(name, response.status);
        const head = new Uint8Array(await response.arrayBuffer()).slice(0, 4);
        if (head.join() !== '0,97,115,109') {
          return `The server sends ${name} as “${type || 'no type'}”, and it is not WebAssembly: perhaps the server answers with a page of its own for files it does not know. Upload every file of the build, and serve .wasm files as application/wasm.`;
        }
      }
    } catch {
      // Offline, or the server is gone: the first reason stands.
    }
    return null;
  }

  async function look(href) {
    const response = await fetch(href, { cache: 'no-store' });
    const name = new URL(href).pathname.split('/').pop();
    const type = (response.headers.get('content-type') || '').split(';')[0].trim();
    return { name, response, type };
  }

  function missing(name, status) {
    return `The server answered ${status} for ${name}. Upload every file of the build’s folder, side by side with index.html, and open the folder’s address with its trailing slash.`;
  }

  // A plain notice at the top of the page, built with DOM calls and styled through CSSOM.
  function show(title, text) {
    if (started) return;
    if (!document.body) {
      addEventListener('DOMContentLoaded', () => show(title, text), { once: true });
      return;
    }
    if (!notice) {
      notice = document.createElement('div');
      notice.setAttribute('role', 'alert');
      notice.dataset.testid = 'boot-notice';
      Object.assign(notice.style, {
        maxWidth: '40rem',
        margin: '2rem auto',
        padding: '1rem 1.25rem',
        border: '2px solid currentColor',
        borderRadius: '8px',
        font: '1rem/1.5 system-ui, sans-serif',
      });
      document.body.prepend(notice);
    }
    const heading = document.createElement('strong');
    heading.textContent = title;
    const body = document.createElement('p');
    body.style.margin = '0.5rem 0 0';
    body.textContent = text;
    notice.replaceChildren(heading, body);
  }

  // Offline use. Only over http(s) in a secure context (https, or localhost for a trial run);
  // once the page has loaded and the app's first screen is painted, so that storing the rest of
  // the build (the parts of the page that arrive on first use among it) never competes with the
  // first screen's own files.
  if ('serviceWorker' in navigator && window.isSecureContext && location.protocol.startsWith('http')) {
    const loaded = new Promise((resolve) => {
      if (document.readyState === 'complete') resolve();
      else addEventListener('load', resolve, { once: true });
    });
    const painted = new Promise((resolve) => {
      addEventListener('TrunkApplicationStarted', () => requestAnimationFrame(() => setTimeout(resolve)), { once: true });
    });
    Promise.all([loaded, painted]).then(() => {
      navigator.serviceWorker.register(new URL('sw.js', document.baseURI)).catch((error) => {
        // Storage can be off, for instance in a frame on another site: the page still works.
        console.warn(`Ringlab will not open offline here: ${error.message}`);
      });
    });
  }
})();
