// The size budget (tests/e2e/budget.mjs): what the built folder's first screen and each module
// that arrives on first use weigh with brotli, against the budget written there. It reads the
// release build in dist/ and needs no browser.
import { test, expect } from '@playwright/test';
import { BUDGET, firstScreenFiles, laterModules, weigh } from '../budget.mjs';
import { DIST } from '../serve.mjs';

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

test('the first screen downloads no more than its budget, file by file and in all', () => {
  const files = firstScreenFiles(DIST);
  expect(files.main, 'index.html preloads the main WebAssembly module').toHaveLength(1);
  expect(files.styles.length, 'stylesheets').toBeGreaterThan(0);
  const lines = [];
  let total = 0;
  let gzip = 0;
  for (const [group, names] of Object.entries(files)) {
    expect(BUDGET[group], `a budget for the first screen's ${group}`).toBeDefined();
    const weights = names.map((name) => weigh(DIST, name));
    const brotli = weights.reduce((sum, w) => sum + w.brotli, 0);
    total += brotli;
    gzip += weights.reduce((sum, w) => sum + w.gzip, 0);
    for (const w of weights) lines.push(`  ${group.padEnd(8)} ${w.name.padEnd(44)} ${kb(w.raw).padStart(10)} raw ${kb(w.gzip).padStart(9)} gzip ${kb(w.brotli).padStart(9)} brotli`);
    expect(brotli, `${group} (${names.join(', ')}), brotli, against its budget`).toBeLessThanOrEqual(BUDGET[group]);
  }
  console.log(`first screen: ${kb(total)} brotli (${kb(gzip)} gzip) of a ${kb(BUDGET.firstScreen)} budget\n${lines.join('\n')}`);
  expect(total, 'the first screen, brotli, against its budget').toBeLessThanOrEqual(BUDGET.firstScreen);
  expect(gzip, 'the first screen, gzip, against its budget').toBeLessThanOrEqual(BUDGET.firstScreenGzip);
});

test('each module that arrives on first use stays within its budget', () => {
  const { parts, chunks } = laterModules(DIST);
  const lines = [];
  for (const [part, name] of Object.entries(parts).sort()) {
    const { brotli } = weigh(DIST, name);
    lines.push(`  ${part.padEnd(12)} ${kb(brotli).padStart(9)} of ${kb(BUDGET.parts[part] ?? 0)}`);
    expect(BUDGET.parts[part], `a budget for split_${part} in tests/e2e/budget.mjs`).toBeDefined();
    expect(brotli, `split_${part}, brotli, against its budget`).toBeLessThanOrEqual(BUDGET.parts[part]);
  }
  const shared = chunks.reduce((sum, name) => sum + weigh(DIST, name).brotli, 0);
  console.log(`modules on first use:\n${lines.join('\n')}\n  chunks (${chunks.length}) ${kb(shared)} of ${kb(BUDGET.chunks)}`);
  expect(shared, 'the chunks the parts share, brotli, against their budget').toBeLessThanOrEqual(BUDGET.chunks);
  // A part that no longer exists leaves a budget behind: take it out.
  for (const part of Object.keys(BUDGET.parts)) expect(parts[part], `split_${part} in the build`).toBeDefined();
});
