// Where a change's frame goes: a browser trace of the change, cut into its parts. From the click
// until the frame after it is painted and handed to the compositor, the page's main thread:
//   engine   the engine working the change out (the app's User Timing measure `ringlab engine`);
//   picture  the ring's picture made from the new scenario (`ringlab picture`);
//   canvas   the picture painted on the canvas (`ringlab canvas`);
//   panels   every other script: the panels' and the list's updates, the click's own handling;
//   layout   style and layout (also when a script forces them);
//   paint    the browser's painting of the frame (pre-paint, paint, layerize, commit);
//   waiting  the rest: the main thread idle until the display's next frame.
// The app names its three parts with src/ui/kit/browser.rs's `timed`; the rest is the browser's
// own trace events. benches/side-by-side.mjs uses this (--frames); the figures go in
// docs/performance.md ("Where the frame goes").

/** The trace categories the parts are read from. */
export const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

const SCRIPT = new Set(['EventDispatch', 'FunctionCall', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'FireIdleCallback', 'EvaluateScript', 'V8.Execute']);
const LAYOUT = new Set(['UpdateLayoutTree', 'Layout']);
const PAINT = new Set(['PrePaint', 'Paint', 'PaintImage', 'Layerize', 'Commit', 'UpdateLayer']);
const APP = { engine: 'ringlab engine', picture: 'ringlab picture', canvas: 'ringlab canvas' };
export const PART_NAMES = ['total', 'engine', 'picture', 'canvas', 'panels', 'layout', 'paint', 'waiting'];

/** Sorted, joined intervals [start, end). */
function union(intervals) {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Length of `a` (joined intervals) that lies outside `b` (joined intervals). */
function outside(a, b) {
  let total = 0;
  for (const [s, e] of a) {
    let left = e - s;
    for (const [bs, be] of b) left -= Math.max(0, Math.min(e, be) - Math.max(s, bs));
    total += left;
  }
  return total;
}

const length = (intervals) => intervals.reduce((sum, [s, e]) => sum + (e - s), 0);
const clip = (intervals, from, to) =>
  intervals.map(([s, e]) => [Math.max(s, from), Math.min(e, to)]).filter(([s, e]) => e > s);

/**
 * The parts (ms) of each change in `events` (a Chromium trace's events): a change starts at a
 * User Timing mark `bench click` and its frame is the first one committed after the mark
 * `bench frame` that follows it (set in the first animation frame after the click).
 */
export function partsOf(events) {
  const clicks = events.filter((e) => e.name === 'bench click' && e.cat.includes('blink.user_timing'));
  if (!clicks.length) throw new Error('the trace has no "bench click" mark');
  const thread = (e) => `${e.pid}:${e.tid}`;
  const main = thread(clicks[0]);
  const mine = events.filter((e) => thread(e) === main);
  const frames = mine.filter((e) => e.name === 'bench frame').map((e) => e.ts).sort((a, b) => a - b);
  const complete = (names) => mine.filter((e) => e.ph === 'X' && names.has(e.name)).map((e) => [e.ts, e.ts + e.dur]);
  const commits = mine.filter((e) => e.ph === 'X' && e.name === 'Commit').map((e) => e.ts + e.dur).sort((a, b) => a - b);
  // The app's measures: async begin/end pairs (or complete events), by name.
  const measures = {};
  for (const [part, name] of Object.entries(APP)) {
    const begins = new Map();
    measures[part] = [];
    for (const e of mine.filter((x) => x.name === name)) {
      if (e.ph === 'X') measures[part].push([e.ts, e.ts + e.dur]);
      else if (e.ph === 'b') begins.set(e.id ?? e.id2?.local, e.ts);
      else if (e.ph === 'e') {
        const key = e.id ?? e.id2?.local;
        if (begins.has(key)) measures[part].push([begins.get(key), e.ts]);
      }
    }
  }
  const script = union(complete(SCRIPT));
  const layout = union(complete(LAYOUT));
  const paint = union(complete(PAINT));
  return clicks.map((click) => {
    const from = click.ts;
    const frame = frames.find((t) => t > from);
    const to = frame === undefined ? undefined : commits.find((t) => t > frame);
    if (to === undefined) throw new Error('a change in the trace has no committed frame after it');
    const part = (intervals) => length(clip(intervals, from, to)) / 1000;
    const app = Object.fromEntries(Object.entries(measures).map(([k, v]) => [k, part(union(v))]));
    // Script not spent in layout a script forced, nor in the app's named parts.
    const scriptOnly = clip(script, from, to);
    const layoutIn = clip(layout, from, to);
    const panels = outside(scriptOnly, layoutIn) / 1000 - app.engine - app.picture - app.canvas;
    const total = (to - from) / 1000;
    const busy = length(union([...scriptOnly, ...layoutIn, ...clip(paint, from, to)])) / 1000;
    return {
      total,
      ...app,
      panels: Math.max(0, panels),
      layout: part(layout),
      paint: outside(clip(paint, from, to), union([...scriptOnly, ...layoutIn])) / 1000,
      waiting: Math.max(0, total - busy),
    };
  });
}

/**
 * Runs `act` (which makes changes, each timed by page-kit's timeAction, which sets the marks)
 * with `browser` tracing `page`; the parts of each change it made.
 */
export async function traced(browser, page, act) {
  await browser.startTracing(page, { categories: CATEGORIES });
  let buffer;
  try {
    await act();
    // The last change's frame is painted and committed before the trace stops.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  } finally {
    buffer = await browser.stopTracing();
  }
  const trace = JSON.parse(buffer.toString('utf8'));
  return partsOf(trace.traceEvents ?? trace);
}

/** Each part's median over `changes` (a list of parts). */
export function medians(changes, median) {
  return Object.fromEntries(PART_NAMES.map((name) => [name, median(changes.map((c) => c[name]))]));
}

/** "total 14.2 ms = engine 0.8 + picture 0.3 + …" for a line of output. */
export function describe(parts) {
  const rest = PART_NAMES.slice(1).map((name) => `${name} ${parts[name].toFixed(1)}`).join(' + ');
  return `to the painted frame ${parts.total.toFixed(1)} ms = ${rest}`;
}
