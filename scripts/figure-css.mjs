// The figures' stylesheet, made from the app's own at build time (scripts/split-build.mjs).
//
// A figure lives in a shadow root inside someone else's page, and two things of the app's
// stylesheets do not hold there:
//   - `rem` is the host page's root font size (an mdBook's is 10px), not the app's 15px. Every
//     `rem` in a declaration becomes `calc(N * var(--ringlab-rem))`, and the figure's root sets
//     `--ringlab-rem` to its own font size (which the host changes only through
//     `--ringlab-font-size`).
//   - Light and dark follow the figure, not the reader's system alone: the figure's code decides
//     (the host's `--ringlab-color-scheme`, else the reader's setting) and marks its root `dark`.
//     Every rule under `@media (prefers-color-scheme: dark)` is kept under `.figure.dark`
//     instead (`:root` and `:host` become the figure's root itself).
// Everything else is kept as it is, in order.

/**
 * Splits CSS text into top-level items: `{ kind: 'comment' | 'rule' | 'at', prelude, body,
 * text }`, `body` being what is between the item's outer braces. Strings and comments are
 * respected when matching braces.
 */
export function items(css) {
  const out = [];
  let i = 0;
  while (i < css.length) {
    if (/\s/.test(css[i])) {
      i += 1;
      continue;
    }
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      const stop = end < 0 ? css.length : end + 2;
      out.push({ kind: 'comment', text: css.slice(i, stop) });
      i = stop;
      continue;
    }
    const open = findOutside(css, i, '{;');
    if (open < 0) throw new Error(`figure-css: unfinished CSS at ${i}: ${css.slice(i, i + 60)}`);
    if (css[open] === ';') {
      // A statement such as @import or @charset.
      out.push({ kind: 'at', prelude: css.slice(i, open).trim(), body: null, text: css.slice(i, open + 1) });
      i = open + 1;
      continue;
    }
    const close = matching(css, open);
    const prelude = css.slice(i, open).trim();
    out.push({
      kind: prelude.startsWith('@') ? 'at' : 'rule',
      prelude,
      body: css.slice(open + 1, close),
      text: css.slice(i, close + 1),
    });
    i = close + 1;
  }
  return out;
}

/** The index of the first of `chars` at or after `from`, outside strings and comments. */
function findOutside(css, from, chars) {
  let quote = null;
  for (let i = from; i < css.length; i += 1) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (chars.includes(c)) return i;
  }
  return -1;
}

/** The index of the brace closing the one at `open`. */
function matching(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i = findOutside(css, i + 1, '{}')) {
    if (i < 0) break;
    if (css[i] === '{') depth += 1;
    else {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error(`figure-css: the brace at ${open} is never closed`);
}

/** `rem` lengths in declarations, as multiples of the figure's own font size. */
export function remsToFigure(declarations) {
  return declarations.replace(/(^|[\s:(,+*/-])(\d*\.?\d+)rem\b/g, (_, before, n) => `${before}calc(${n} * var(--ringlab-rem))`);
}

/** A selector of the dark rules, moved under the figure's root when it is marked dark. */
function darkSelector(selector) {
  const s = selector.trim();
  if (s === ':root' || s === ':host') return '.figure.dark';
  if (s === '.figure' || s.startsWith('.figure ') || s.startsWith('.figure.') || s.startsWith('.figure:')) {
    return `.figure.dark${s.slice('.figure'.length)}`;
  }
  return `.figure.dark ${s}`;
}

/** The declarations and nested rules of a block, with their `rem`s made the figure's. */
function block(body) {
  // A plain declaration list has no braces; a block of rules (an @media's) has.
  if (!body.includes('{')) return remsToFigure(body);
  return items(body).map((item) => transform(item)).join('\n');
}

/** One top-level item of the app's stylesheet, as the figures need it. */
function transform(item, dark = false) {
  if (item.kind === 'comment') return item.text;
  if (item.kind === 'at') {
    if (item.body === null) return item.text;
    if (/^@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)$/.test(item.prelude)) {
      return items(item.body).map((inner) => transform(inner, true)).join('\n');
    }
    if (/^@(keyframes|font-face)/.test(item.prelude)) return `${item.prelude} {${remsToFigure(item.body)}}`;
    return `${item.prelude} {\n${block(item.body)}\n}`;
  }
  const prelude = dark ? [...new Set(item.prelude.split(',').map(darkSelector))].join(', ') : item.prelude;
  return `${prelude} {${block(item.body)}}`;
}

/** The figures' stylesheet made from the app's stylesheets, in order. */
export function figureCss(sheets) {
  return sheets
    .map((css) => items(css).map((item) => transform(item)).join('\n'))
    .join('\n');
}
