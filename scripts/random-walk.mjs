#!/usr/bin/env node
// A long random walk over every view of a release build (dist/), as a person might take it and
// worse: every control on screen clicked, filled with hostile values or chosen from, the ring
// clicked and pointed at, the keyboard's shortcuts pressed, links opened, views switched,
// reloads, phone and desktop widths, both colour schemes. The walker is tests/e2e/walk.mjs.
//
//   node scripts/random-walk.mjs                       10,000 actions: 5 seeds of 2,000
//   node scripts/random-walk.mjs --seeds 1,2 --actions 500 --port 4300
//   node scripts/random-walk.mjs --article             2,100 actions over an article of five
//                                                      figures (examples/figures.html): 3
//                                                      seeds of 700 (tests/e2e/walk-article.mjs)
//
// On the first console error or page error of a seed, or an action the page has not answered
// within 150 s, it records the error, the page's link and the last 40 actions in
// walk-findings/seed-N.txt, and goes on with the next seed. It ends with one line per seed and
// a total, and fails when any seed met an error. Build first: trunk build --release --offline
// (or ./scripts/test.sh).
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { serve } from '../tests/e2e/serve.mjs';
import { walk } from '../tests/e2e/walk.mjs';
import { walkArticle } from '../tests/e2e/walk-article.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const article = args.includes('--article');
const seeds = option('seeds', article ? '1,2,3' : '1,2,3,4,5').split(',').map(Number);
const actions = Number(option('actions', String(article ? 700 : Math.ceil(10_000 / seeds.length))));
const port = Number(option('port', '4301'));
const out = new URL('../walk-findings/', import.meta.url).pathname;

const server = await serve({ port });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const summary = [];
let failed = false;
try {
  for (const seed of seeds) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const lines = [];
    let problem = null;
    const record = (what) => {
      if (problem) return;
      problem = { what, url: page.url(), last: lines.filter((l) => l.startsWith('#')).slice(-40) };
    };
    page.on('console', (m) => {
      if (m.type() === 'error') record(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => record(`page error: ${e.message}`));
    page.on('dialog', (d) => d.dismiss().catch(() => {}));
    const base = server.url.replace(/\/$/, '/');
    const url = article ? `${base}examples/figures.html` : base;
    await page.goto(url);
    const started = Date.now();
    // A page that stops answering (an action not done within 150 s) ends the seed as an error.
    const options = { seed, actions, base, url, log: (line) => lines.push(line), shouldStop: () => problem !== null };
    const stats = await (article ? walkArticle(page, options) : walk(page, options)).catch((error) => {
      record(error.message);
      return { byView: {} };
    });
    // Anything the last action set off gets a moment to show.
    await page.waitForTimeout(500);
    const done = lines.filter((l) => l.startsWith('#')).length;
    const seconds = Math.round((Date.now() - started) / 1000);
    const views = Object.entries(stats.byView ?? stats.byKind ?? {})
      .map(([v, n]) => `${v} ${n}`)
      .join(', ');
    if (problem) {
      failed = true;
      mkdirSync(out, { recursive: true });
      const file = `${out}seed-${seed}.txt`;
      writeFileSync(
        file,
        [`seed ${seed}, after ${done} actions`, problem.what, `URL: ${problem.url}`, 'The last actions, oldest first:', ...problem.last].join('\n') + '\n',
      );
      summary.push(`seed ${seed}: ERROR after ${done} actions (${seconds} s), see ${file}`);
    } else {
      summary.push(`seed ${seed}: ${done} actions, no console error (${seconds} s; actions by ${article ? 'kind' : 'view'}: ${views})`);
    }
    console.log(summary.at(-1));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const total = summary.reduce((n, line) => n + Number(line.match(/(\d+) actions/)?.[1] ?? 0), 0);
console.log(`\n${total} actions over ${seeds.length} seeds: ${failed ? 'errors found (walk-findings/)' : 'no console error'}`);
process.exit(failed ? 1 : 0);
