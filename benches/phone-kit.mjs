// The page on a phone, for benches/side-by-side.mjs: Lighthouse's mobile profile applied through
// the Chrome DevTools Protocol (Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, by
// Network.emulateNetworkConditions; a CPU four times slower, by Emulation.setCPUThrottlingRate),
// a cold first screen under it, and the first open of each other view under it.

/** Lighthouse's mobile profile: its "Slow 4G" and a mid-range phone's CPU. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: Math.floor(1.6e6 / 8), uploadThroughput: Math.floor(750e3 / 8) };
export const CPU_SLOWDOWN = 4;

/**
 * A fresh context (empty cache, no service worker: a first visit) at 375×812 with one page under
 * the mobile profile. The page notes when the starting ring's shares are on screen (`window.
 * firstScreen`, the first frame after, in ms from navigation start), and `fetched` collects
 * every response's size as sent (compressed, headers included). With `tap`, the page also
 * taps Add server as soon as it can (see the init script).
 */
export async function phonePage(browser, { worker = false, tap = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: worker ? 'allow' : 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const fetched = new Map();
  cdp.on('Network.responseReceived', (e) => fetched.set(e.requestId, { url: e.response.url, bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const f = fetched.get(e.requestId);
    if (f) f.bytes = e.encodedDataLength;
  });
  await page.addInitScript((tap) => {
    // With `tap`, a person who taps Add server as soon as the app has put it on screen: the
    // first frame after server D's share shows is `window.tapAnswered` (ms from navigation
    // start), and when the button came, `window.tapReady`.
    if (tap) {
      const ready = new MutationObserver(() => {
        const button = document.querySelector('[data-testid="add-server"]');
        if (!button) return;
        ready.disconnect();
        window.tapReady = performance.now();
        const answered = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="share-D"]')) return;
          answered.disconnect();
          requestAnimationFrame(() => {
            window.tapAnswered = performance.now();
          });
        });
        answered.observe(document.body, { childList: true, subtree: true });
        button.click();
      });
      ready.observe(document, { childList: true, subtree: true });
      // The whole first screen working: the app's Add server and the header's views are on
      // screen, and none of the parts that arrive unasked just after it (copies per key, the
      // ring's size and hash, the cache impact) is still loading; `window.screenWhole`, the frame
      // after.
      const whole = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="add-server"]') || !document.querySelector('[data-testid="view-compare"]')) return;
        if (document.querySelector('[data-testid="part-loading"]')) return;
        whole.disconnect();
        requestAnimationFrame(() => {
          window.screenWhole = performance.now();
        });
      });
      whole.observe(document, { childList: true, subtree: true });
    }
    const watch = new MutationObserver(() => {
      // The app's share, or the one the build wrote into the page (its first screen).
      if (document.querySelector('[data-testid="share-A"], [data-first-share="A"]')) {
        watch.disconnect();
        requestAnimationFrame(() => {
          window.firstScreen = performance.now();
        });
      }
    });
    watch.observe(document, { childList: true, subtree: true });
  }, tap);
  return { context, page, fetched };
}

/** Waits for the first screen of a page made by `phonePage` that is loading the starting scenario. */
function firstScreen(page) {
  return page.waitForFunction(() => window.firstScreen !== undefined, null, { timeout: 120_000, polling: 50 });
}

/**
 * One cold visit to `url`: ms to the first frame after the starting ring's shares are on screen,
 * the bytes fetched by then (as sent), and the WebAssembly files among them; and `tap`, ms from
 * navigation start until a tap on Add server, made as soon as the app shows the button, has
 * added server D and the frame after shows its share (`tapReady`: when the button came); and
 * `whole`, ms until the whole first screen works (Add server and the header's views are on
 * screen, and none of the parts that arrive unasked just after it is still loading).
 */
export async function coldFirstScreen(browser, url) {
  const { context, page, fetched } = await phonePage(browser, { tap: true });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await firstScreen(page);
    const time = await page.evaluate(() => window.firstScreen);
    // The files the page had asked for by then: responses that started before the first screen.
    const asked = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((e) => e.startTime < window.firstScreen).map((e) => e.name),
    );
    const documentUrl = page.url();
    const before = [...fetched.values()].filter((f) => f.url === documentUrl || asked.includes(f.url));
    const bytes = before.reduce((sum, f) => sum + f.bytes, 0);
    const wasm = before.filter((f) => f.url.endsWith('.wasm')).map((f) => f.url.split('/').pop());
    // Counted before waiting for the tap: what is still arriving at the first screen is not
    // part of what it fetched.
    await page.waitForFunction(() => window.tapAnswered !== undefined && window.screenWhole !== undefined, null, { timeout: 120_000, polling: 50 });
    const { tap, tapReady, whole } = await page.evaluate(() => ({ tap: window.tapAnswered, tapReady: window.tapReady, whole: window.screenWhole }));
    return { time, bytes, wasm, tap, tapReady, whole };
  } finally {
    await context.close();
  }
}

/** How each view is opened for the first time, and what shows it is there and usable. */
export const VIEWS = [
  { name: 'Compare', click: ['[data-testid="view-compare"]'], shows: '[data-testid="compare-figures"]' },
  { name: 'Traffic', click: ['[data-testid="view-traffic"]'], shows: '[data-testid="traffic-panel"] button' },
  { name: 'Timeline and sweeps', click: ['[data-testid="view-timeline"]'], shows: '[data-testid="timeline-chart"]' },
  { name: 'Practice', click: ['[data-testid="view-practice"]'], shows: '[data-testid="practice-view"] button' },
  { name: 'a lesson', select: ['[data-testid="lesson-select"]', 'teaching-ring'], shows: '[data-testid="lesson-narration"]' },
  { name: 'the selected key', click: ['.key-list button.chip'], shows: '[data-testid="key-owner"]' },
  { name: 'Predict first', click: ['[data-testid="predict-toggle"]', '[data-testid="add-server"]'], shows: '[data-testid="predict-dialog"] [data-testid="q-prompt"]' },
  { name: 'Share, Embed…', click: ['[data-testid="share-open"]', '[data-testid="embed-open"]'], shows: '[data-testid="embed-snippet"]' },
];

/**
 * Opens `view` for the first time in a page whose first screen is up, under the mobile profile:
 * ms from the last click (or the choice) until the first frame after the view's own content is on
 * screen. The page's first screen is loaded as a first visit, so the view's files are fetched
 * over the slow connection: the worst first open, before the service worker has stored them.
 * With `stored`, the service worker is let in and the view is opened once it has stored every
 * file and answers for the page (it takes the page over when its store is complete).
 */
export async function firstOpen(browser, url, view, { stored = false } = {}) {
  const { context, page } = await phonePage(browser, { worker: stored });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await firstScreen(page);
    // With `stored`, the service worker has stored every file and answers for the page.
    if (stored) {
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 120_000, polling: 100 });
    }
    // What arrives just after the first screen, unasked, is not what is being measured.
    await page.waitForLoadState('networkidle');
    const clicks = view.click ?? [];
    for (const selector of clicks.slice(0, -1)) await page.click(selector);
    return await page.evaluate(
      ({ last, select, shows }) =>
        new Promise((done, fail) => {
          const start = performance.now();
          const check = () => {
            if (!document.querySelector(shows)) return false;
            requestAnimationFrame(() => done(performance.now() - start));
            return true;
          };
          const watch = new MutationObserver(() => check() && watch.disconnect());
          watch.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
          setTimeout(() => fail(new Error(`${shows} did not show within 60 s`)), 60_000);
          if (select) {
            const element = document.querySelector(select[0]);
            element.value = select[1];
            element.dispatchEvent(new Event('change', { bubbles: true }));
          } else {
            document.querySelector(last).click();
          }
        }),
      { last: clicks[clicks.length - 1], select: view.select, shows: view.shows },
    );
  } finally {
    await context.close();
  }
}
