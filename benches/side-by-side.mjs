// Two builds of the page measured side by side: both open in ONE headless Chromium (a page each,
// 1280x720), and every timed action alternates between them, so whatever the machine's speed
// does meanwhile (it drifts by up to half from hour to hour) falls on both builds alike. The
// order within a round alternates too (A then B, then B then A).
//
//   node benches/side-by-side.mjs DIST_A DIST_B [options]
//
//   DIST_A, DIST_B   two built dist folders (`trunk build --release --offline` in each checkout);
//                    A is "before", B is "after": ratios are B / A.
//   --labels a,b     names for the two builds; by default the folders' names (a folder called
//                    dist is named after the folder it is in).
//   --runs N         alternations of each change (add and remove a server), default 30.
//   --loads N        alternations of the first render, default 15.
//   --phone N        alternations of each cold first screen and each view's first open on a
//                    phone, default 5.
//   --warmup N       untimed alternations before each scenario's timed ones, default 3.
//   --frames N       alternations of each change traced and cut into its parts (engine,
//                    picture, canvas, panels, layout, paint, waiting; benches/frame-parts.mjs)
//                    after the timed ones, for 100k and 1m; default 5, 0 for none.
//   --only LIST      some of: bundle,start,phone,views,stored,100k,1m,first,gen,10m (default all of them).
//   --json FILE      also write every sample to FILE.
//
// Example, from the repository root:
//   node benches/side-by-side.mjs ../base/dist dist --labels before,after
//
// What is timed (the same way as benches/page.mjs, whose helpers live in benches/page-kit.mjs):
//   bundle  wasm + JS + CSS + HTML of each folder, raw and gzipped (level 9);
//   start   the starting scenario opened afresh: from navigation start to the first frame after
//           the shares are on screen, timed inside the page;
//   100k    100,000 generated keys on a 2^32 ring of 20 servers x 200 virtual nodes: adding a
//           server, then removing it, each from the click until the microtasks behind it have
//           run, the layout is done and the last change's headline names it;
//   1m      the same with 1,000,000 keys;
//   first   the first server added to a fresh page with 1,000,000 keys, two seconds after its
//           keys are in (a first change at a new number of servers, whose mod N comparison wants
//           counts no change has made yet), timed as in 100k; as many rounds as --phone;
//   phone   the starting scenario on a phone, a first visit: Lighthouse's mobile profile (Slow 4G,
//           a CPU 4x slower; benches/phone-kit.mjs), a fresh context each time (empty cache, no
//           service worker), at 375x812; from navigation start to the first frame after the
//           starting ring's shares are on screen, served gzipped and then with brotli (the
//           precompressed copies scripts/compress.mjs writes), and the bytes fetched by then;
//           and from navigation start until a tap on Add server, made as soon as the app shows
//           the button, has added server D and the frame after shows its share; and until the
//           whole first screen works (the app's controls and header, and the parts that arrive
//           unasked just after it: copies per key, the ring's size and hash, the cache impact);
//   views   each other view's first open on the same phone, in a page whose first screen is up:
//           from the click until the first frame after the view's content is on screen; the
//           view's files come over the slow connection (the service worker is kept out);
//   stored  the same once the service worker has stored every file after the first screen, as
//           on a second look at the page or a while after the first: what a learner usually
//           meets;
//   gen     1,000,000 keys generated (the "add 1,000,000 keys" button, on the big ring), until
//           the headline says so, and the memory the page then holds (WebAssembly + JS heap);
//   10m     10,000,000 keys on the big ring, on each build that holds them (one that refuses
//           them is named, and the other measured alone): the seconds from opening the link
//           with `gen=10000000` until every key is in, the memory, then a server added and
//           removed as many rounds as --phone, each timed as in 1m, and every frame of the page
//           over 50 ms from the click until two seconds after it (the Long Animation Frames
//           API), which takes in the idle work the change sets going.
// Each build is served from its own folder on its own port by tests/e2e/serve.mjs, in a
// process of its own. The run stops with a message naming the build and the step if a page
// does not show what it should.
import { cpSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import {
  addServer, bigRing, bundleSize, firstRender, launchChromium, quantile, removeServer,
  serveFolder, watchFirstRender,
} from './page-kit.mjs';
import { describe, medians, traced } from './frame-parts.mjs';
import { coldFirstScreen, CPU_SLOWDOWN, firstOpen, SLOW_4G, VIEWS } from './phone-kit.mjs';
import { compress, ENCODED } from '../scripts/compress.mjs';

const USAGE = 'usage: node benches/side-by-side.mjs DIST_A DIST_B [--labels a,b] [--runs N] [--loads N] [--phone N] [--warmup N] [--frames N] [--only bundle,start,phone,views,stored,100k,1m,first,gen,10m] [--json FILE]';
const PARTS = ['bundle', 'start', 'phone', 'views', 'stored', '100k', '1m', 'first', 'gen', '10m'];

function fail(message) {
  console.error(message);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { dists: [], labels: null, runs: 30, loads: 15, phone: 5, warmup: 3, frames: 5, only: PARTS, json: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${arg} needs a value\n${USAGE}`);
      return argv[++i];
    };
    const count = () => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) fail(`${arg} needs a whole number\n${USAGE}`);
      return n;
    };
    if (arg === '--labels') options.labels = value().split(',');
    else if (arg === '--runs') options.runs = count();
    else if (arg === '--loads') options.loads = count();
    else if (arg === '--phone') options.phone = count();
    else if (arg === '--warmup') options.warmup = count();
    else if (arg === '--frames') options.frames = count();
    else if (arg === '--only') options.only = value().split(',');
    else if (arg === '--json') options.json = value();
    else if (arg === '-h' || arg === '--help') fail(USAGE);
    else if (arg.startsWith('--')) fail(`unknown option ${arg}\n${USAGE}`);
    else options.dists.push(resolve(arg));
  }
  if (options.dists.length !== 2) fail(USAGE);
  for (const dist of options.dists) {
    if (!existsSync(join(dist, 'index.html'))) fail(`${dist} has no index.html: give the dist folder of a build (trunk build --release --offline)`);
  }
  if (options.labels && (options.labels.length !== 2 || options.labels.some((l) => !l))) fail(`--labels needs two names, such as before,after\n${USAGE}`);
  const unknown = options.only.filter((p) => !PARTS.includes(p));
  if (unknown.length) fail(`--only: unknown part ${unknown.join(', ')} (known: ${PARTS.join(', ')})`);
  if (options.runs < 1 || options.loads < 1 || options.phone < 1) fail('--runs, --loads and --phone need at least 1');
  return options;
}

/** A folder's name, or the name of the folder it is in when it is called dist. */
function nameOf(dir) {
  return basename(dir) === 'dist' ? basename(dirname(dir)) : basename(dir);
}

const options = parseArgs(process.argv.slice(2));
let labels = options.labels ?? options.dists.map(nameOf);
if (labels[0] === labels[1]) labels = labels.map((l, i) => `${l}-${'AB'[i]}`);
const wanted = (part) => options.only.includes(part);

const stats = (xs) => ({ q1: quantile(xs, 0.25), median: quantile(xs, 0.5), q3: quantile(xs, 0.75) });
const samples = {};
const rows = [];

/**
 * Records a scenario: per build its samples; the ratio of the medians (B / A); and, pairing
 * each round's two samples, the median of their ratios and the rounds B was quicker in.
 */
function record(name, a, b) {
  samples[name] = { [labels[0]]: a, [labels[1]]: b };
  const [sa, sb] = [stats(a), stats(b)];
  const paired = a.map((x, i) => b[i] / x);
  const quicker = paired.filter((r) => r < 1).length;
  rows.push({ name, a: sa, b: sb, ratio: sb.median / sa.median, paired: quantile(paired, 0.5), quicker, n: a.length });
  const show = (s) => `${s.median.toFixed(1)} ms [${s.q1.toFixed(1)}–${s.q3.toFixed(1)}]`;
  console.log(`${name}: ${labels[0]} ${show(sa)}, ${labels[1]} ${show(sb)}; ${labels[1]}/${labels[0]} ${(sb.median / sa.median).toFixed(2)} (${a.length} rounds)`);
}

/** Runs `step` with a message naming the build and what was being done if it fails. */
async function within(build, what, step) {
  try {
    return await step();
  } catch (error) {
    const message = String(error.message).split('\n')[0];
    throw new Error(`${build.label} (${build.dist}): ${what}: ${message}`);
  }
}

/**
 * Alternates `action(build)` between the builds `warmup` times untimed, then `rounds` times,
 * swapping which goes first every round; each build's results in order.
 */
async function alternate(builds, rounds, action) {
  const results = builds.map(() => []);
  for (let i = -options.warmup; i < rounds; i++) {
    const order = (i & 1) === 0 ? [0, 1] : [1, 0];
    for (const k of order) {
      await builds[k].page.bringToFront();
      const result = await action(builds[k]);
      if (i >= 0) results[k].push(result);
    }
  }
  return results;
}

/** Both builds on the big ring with `keys` keys; then add and remove a server, alternately. */
async function addRemove(builds, keys, title) {
  for (const build of builds) {
    await within(build, `opening the big ring with ${keys} keys`, async () => {
      await build.page.bringToFront();
      await bigRing(build.page, build.url, keys);
      await build.page.waitForSelector('[data-testid="share-s0"]', { timeout: 10_000 });
    });
  }
  const [a, b] = await alternate(builds, options.runs, (build) =>
    within(build, `${title}: adding and removing server extra`, async () => {
      const add = await addServer(build.page);
      const remove = await removeServer(build.page);
      return { add: add.work, remove: remove.work };
    }));
  record(`${title}: add a server`, a.map((r) => r.add), b.map((r) => r.add));
  record(`${title}: remove a server`, a.map((r) => r.remove), b.map((r) => r.remove));
  if (!options.frames) return;
  // The same changes again under a browser trace, cut into their parts up to the painted frame
  // (benches/frame-parts.mjs). Tracing slows the page a little, so these are apart from the
  // timings above.
  const [ta, tb] = await alternate(builds, options.frames, (build) =>
    within(build, `${title}: tracing a change`, async () => {
      const [add, remove] = [[], []];
      const parts = await traced(browser, build.page, async () => {
        add.push(await addServer(build.page));
        remove.push(await removeServer(build.page));
      });
      return { add: parts[0], remove: parts[1] };
    }));
  for (const what of ['add', 'remove']) {
    const [pa, pb] = [ta.map((r) => r[what]), tb.map((r) => r[what])];
    record(`${title}: ${what} a server, to the painted frame`, pa.map((p) => p.total), pb.map((p) => p.total));
    for (const [i, parts] of [pa, pb].entries()) {
      console.log(`  ${labels[i]}, medians of ${parts.length}: ${describe(medians(parts, (xs) => quantile(xs, 0.5)))}`);
    }
    frameParts.push({ title, what, [labels[0]]: medians(pa, (xs) => quantile(xs, 0.5)), [labels[1]]: medians(pb, (xs) => quantile(xs, 0.5)) });
  }
}

/** The first server added to a fresh big ring of a million keys, once the page has been idle. */
async function firstChange(builds) {
  const [a, b] = await alternate(builds, options.phone, (build) =>
    within(build, 'adding the first server to a fresh page of 1,000,000 keys', async () => {
      await bigRing(build.page, build.url, 1_000_000);
      await build.page.waitForTimeout(2000);
      return (await addServer(build.page)).work;
    }));
  record('1,000,000 keys: the first server added, on a fresh page', a, b);
}

/** `measure(build, url)` on each build in turn, `options.phone` times, alternating who goes first. */
async function onPhone(builds, urls, measure) {
  const results = builds.map(() => []);
  for (let i = 0; i < options.phone; i++) {
    for (const k of i % 2 ? [1, 0] : [0, 1]) results[k].push(await measure(builds[k], urls[k]));
  }
  return results;
}

/** The cold first screen on a phone, served with `encoding`; also says what it fetched. */
async function phone(builds, encoding) {
  const urls = [];
  for (const build of builds) {
    const server = await serveFolder(build.dist, 0, [encoding]);
    servers.push(server);
    urls.push(server.url);
  }
  const runs = await onPhone(builds, urls, (build, url) =>
    within(build, `the first screen on a phone, served with ${encoding}`, () => coldFirstScreen(browser, url)));
  const how = encoding === 'gzip' ? 'gzipped' : 'with brotli';
  record(`phone, first screen, cold, served ${how}`, runs[0].map((r) => r.time), runs[1].map((r) => r.time));
  record(`phone, a tap on Add server answered, cold, served ${how}`, runs[0].map((r) => r.tap), runs[1].map((r) => r.tap));
  record(`phone, the whole first screen working, cold, served ${how}`, runs[0].map((r) => r.whole), runs[1].map((r) => r.whole));
  const kb = (x) => `${(x / 1024).toFixed(0)} KB`;
  const fetched = runs.map((r) => quantile(r.map((x) => x.bytes), 0.5));
  console.log(`  fetched by then, as sent: ${labels[0]} ${kb(fetched[0])}, ${labels[1]} ${kb(fetched[1])}; ${labels[1]}'s WebAssembly: ${runs[1][0].wasm.join(', ')}`);
  firstScreenBytes[encoding] = fetched;
}

/** Generates a million keys on each build's big ring, alternately; then the memory each holds. */
async function generation(builds) {
  const names = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
  const [a, b] = await alternate(builds, options.phone, (build) =>
    within(build, 'generating 1,000,000 keys', async () => {
      await build.page.goto(`${build.url}?ring=2^32&vnodes=200&servers=${names}`);
      await build.page.waitForSelector('[data-testid="share-s0"]');
      return build.page.evaluate(() => new Promise((resolve) => {
        const target = document.querySelector('[data-testid="last-headline"]');
        const start = performance.now();
        const watch = new MutationObserver(() => {
          if (/1,?000,?000 keys added\./.test(target.textContent)) {
            watch.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - start));
          }
        });
        watch.observe(target, { childList: true, subtree: true, characterData: true });
        document.querySelector('[data-testid="add-keys-1000000"]').click();
      }));
    }));
  record('1,000,000 keys generated', a, b);
  const mb = (x) => `${(x / 1024 / 1024).toFixed(0)} MB`;
  for (const build of builds) {
    const memory = await build.page.evaluate(() => ({ wasm: window.wasmBindings.ringlab_memory(), heap: performance.memory ? performance.memory.usedJSHeapSize : 0 }));
    console.log(`  memory with 1,000,000 keys, ${build.label}: WebAssembly ${mb(memory.wasm)} + JS heap ${mb(memory.heap)} = ${mb(memory.wasm + memory.heap)}`);
  }
}

/**
 * Ten million keys on the big ring, on each build that holds them: how long they take to make
 * and the memory they take, then changes timed as in `addRemove`, each with the frames over
 * 50 ms from its click until two seconds after it.
 */
async function tenMillion(builds) {
  const count = 10_000_000;
  const names = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
  const mb = (x) => `${(x / 1024 / 1024).toFixed(0)} MB`;
  const holding = [];
  for (const build of builds) {
    const made = await within(build, `opening the big ring with ${count} keys`, async () => {
      await build.page.bringToFront();
      const start = Date.now();
      await build.page.goto(`${build.url}?ring=2^32&vnodes=200&servers=${names}&gen=${count}`);
      const held = await build.page.waitForFunction(() => {
        const s = window.wasmBindings && JSON.parse(window.wasmBindings.ringlab_snapshot());
        return s && s.keys > 0 && !document.querySelector('[data-testid="generation-progress"]') && s.keys;
      }, null, { timeout: 600_000, polling: 100 });
      const keys = await held.jsonValue();
      const memory = await build.page.evaluate(() => window.wasmBindings.ringlab_memory() + (performance.memory ? performance.memory.usedJSHeapSize : 0));
      return { keys, seconds: (Date.now() - start) / 1000, memory };
    });
    if (made.keys !== count) {
      console.log(`10,000,000 keys, ${build.label}: refused, the page holds ${made.keys.toLocaleString('en-US')}`);
      continue;
    }
    console.log(`10,000,000 keys, ${build.label}: all in ${made.seconds.toFixed(1)} s after opening the link; WebAssembly + JS heap ${mb(made.memory)}`);
    await build.page.evaluate(() => {
      window.benchSlowFrames = [];
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries()) window.benchSlowFrames.push(frame.duration);
      }).observe({ type: 'long-animation-frame' });
    });
    holding.push(build);
  }
  if (!holding.length) return;
  const change = async (build, act) => {
    await build.page.evaluate(() => { window.benchSlowFrames = []; });
    const { work } = await act(build.page);
    await build.page.waitForTimeout(2000);
    const slow = await build.page.evaluate(() => window.benchSlowFrames);
    return { work, slow };
  };
  const results = holding.map(() => ({ add: [], remove: [], slow: [] }));
  for (let i = -options.warmup; i < options.phone; i++) {
    for (const k of (i & 1) === 0 ? holding.keys() : [...holding.keys()].reverse()) {
      const build = holding[k];
      await build.page.bringToFront();
      const add = await within(build, '10,000,000 keys: adding server extra', () => change(build, addServer));
      const remove = await within(build, '10,000,000 keys: removing server extra', () => change(build, removeServer));
      if (i < 0) continue;
      results[k].add.push(add.work);
      results[k].remove.push(remove.work);
      results[k].slow.push(...add.slow, ...remove.slow);
    }
  }
  const show = (xs) => `${quantile(xs, 0.5).toFixed(1)} ms [${quantile(xs, 0.25).toFixed(1)}–${quantile(xs, 0.75).toFixed(1)}]`;
  for (const [k, build] of holding.entries()) {
    const { add, remove, slow } = results[k];
    const longest = slow.length ? `, the longest ${Math.max(...slow).toFixed(0)} ms` : '';
    console.log(`10,000,000 keys, ${build.label}: add a server ${show(add)}, remove it ${show(remove)} (${add.length} rounds); frames over 50 ms within 2 s of a change: ${slow.length}${longest}`);
  }
  if (holding.length === 2) {
    record('10,000,000 keys: add a server', results[0].add, results[1].add);
    record('10,000,000 keys: remove a server', results[0].remove, results[1].remove);
  }
}

const firstScreenBytes = {};
const frameParts = [];
const builds = options.dists.map((dist, i) => ({ dist, label: labels[i] }));
const sizes = builds.map((build) => bundleSize(build.dist));
// A build from before scripts/compress.mjs has no precompressed copies, and the server sends
// only those: it would go to the phone uncompressed. Such a build is served from a compressed
// copy of its folder, as a host that compresses would send it.
for (const build of builds) {
  if (readdirSync(build.dist).some((name) => ENCODED.test(name))) continue;
  const copy = mkdtempSync(join(tmpdir(), 'ringlab-bench-'));
  cpSync(build.dist, copy, { recursive: true });
  await compress(copy);
  console.log(`${build.label}: ${build.dist} has no precompressed copies; served from ${copy}, compressed by scripts/compress.mjs`);
  build.dist = copy;
}
const servers = [];
let browser;
try {
  for (const build of builds) {
    const server = await serveFolder(build.dist);
    servers.push(server);
    build.url = server.url;
  }
  console.log(`${labels[0]}: ${builds[0].dist} at ${builds[0].url}`);
  console.log(`${labels[1]}: ${builds[1].dist} at ${builds[1].url}`);

  if (wanted('bundle')) {
    const kb = (x) => `${(x / 1024).toFixed(0)} KB`;
    for (const [i, s] of sizes.entries()) console.log(`bundle, ${labels[i]}: ${kb(s.raw)} raw (${s.raw} bytes), ${kb(s.zipped)} gzipped (${s.zipped} bytes)`);
    console.log(`bundle, ${labels[1]}/${labels[0]}: raw ${(sizes[1].raw / sizes[0].raw).toFixed(3)}, gzipped ${(sizes[1].zipped / sizes[0].zipped).toFixed(3)}`);
  }

  browser = await launchChromium();
  for (const build of builds) {
    build.page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await build.page.addInitScript(watchFirstRender);
    build.page.on('pageerror', (error) => console.error(`${build.label}: page error: ${error.message}`));
  }
  // Both pages must count as shown, or one build's frames would be throttled.
  for (const build of builds) {
    await build.page.bringToFront();
    await build.page.goto('about:blank');
    const state = await build.page.evaluate(() => document.visibilityState);
    if (state !== 'visible') throw new Error(`${build.label}: the page is ${state}, not visible: its frames would be throttled`);
  }

  if (wanted('start')) {
    const [a, b] = await alternate(builds, options.loads, (build) =>
      within(build, 'the starting scenario (waiting for the share of server A)', () => firstRender(build.page, build.url)));
    record('first render of the starting scenario', a, b);
  }
  if (wanted('phone') || wanted('views')) {
    console.log(`phone: ${SLOW_4G.latency} ms round trip, ${(SLOW_4G.downloadThroughput * 8) / 1e6} Mbit/s down, CPU ${CPU_SLOWDOWN}x slower, 375x812`);
  }
  if (wanted('phone')) {
    await phone(builds, 'gzip');
    await phone(builds, 'br');
  }
  if (wanted('views')) {
    const urls = [];
    for (const build of builds) {
      const server = await serveFolder(build.dist, 0, ['gzip']);
      servers.push(server);
      urls.push(server.url);
    }
    for (const view of VIEWS) {
      const [a, b] = await onPhone(builds, urls, (build, url) =>
        within(build, `the first open of ${view.name} on a phone`, () => firstOpen(browser, url, view)));
      record(`phone, first open of ${view.name}`, a, b);
    }
  }
  if (wanted('stored')) {
    const urls = [];
    for (const build of builds) {
      const server = await serveFolder(build.dist, 0, ['gzip']);
      servers.push(server);
      urls.push(server.url);
    }
    for (const view of VIEWS) {
      const [a, b] = await onPhone(builds, urls, (build, url) =>
        within(build, `the first open of ${view.name} once stored`, () => firstOpen(browser, url, view, { stored: true })));
      record(`phone, first open of ${view.name}, once stored`, a, b);
    }
  }
  if (wanted('100k')) await addRemove(builds, 100_000, '100,000 keys');
  if (wanted('1m')) await addRemove(builds, 1_000_000, '1,000,000 keys');
  if (wanted('first')) await firstChange(builds);
  if (wanted('gen')) await generation(builds);
  if (wanted('10m')) await tenMillion(builds);
} catch (error) {
  console.error(`side-by-side: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (browser) await browser.close();
  for (const server of servers) server.close();
}

if (rows.length) {
  const cell = (s) => `${s.median.toFixed(1)} [${s.q1.toFixed(1)}–${s.q3.toFixed(1)}]`;
  const table = [
    ['', `${labels[0]}, ms: median [quartiles]`, `${labels[1]}, ms: median [quartiles]`, `${labels[1]}/${labels[0]}`, 'paired ratio', `${labels[1]} quicker`],
    ...rows.map((r) => [r.name, cell(r.a), cell(r.b), r.ratio.toFixed(2), r.paired.toFixed(2), `${r.quicker}/${r.n}`]),
  ];
  if (wanted('bundle')) {
    const kb = (s) => `${(s.raw / 1024).toFixed(0)} KB / ${(s.zipped / 1024).toFixed(0)} KB`;
    table.push(['bundle, raw / gzipped', kb(sizes[0]), kb(sizes[1]), `${(sizes[1].raw / sizes[0].raw).toFixed(3)} / ${(sizes[1].zipped / sizes[0].zipped).toFixed(3)}`, '', '']);
  }
  for (const [encoding, [a, b]] of Object.entries(firstScreenBytes)) {
    const kb = (x) => `${(x / 1024).toFixed(0)} KB`;
    table.push([`first screen fetched, ${encoding}`, kb(a), kb(b), (b / a).toFixed(3), '', '']);
  }
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  console.log('');
  for (const row of table) console.log(row.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  '));
  console.log(`\n(paired ratio: the median over rounds of ${labels[1]}'s time over ${labels[0]}'s in the same round)`);
}
if (options.json) {
  writeFileSync(options.json, JSON.stringify({ labels, dists: options.dists, sizes, firstScreenBytes, frameParts, samples }, null, 2));
}
