// Gathers the fuzz targets' seed corpora from the test suite and the docs' examples, one file
// per seed in fuzz/seeds/<target>/. Run from the repository's root after `cargo build --bin
// ringlab` (the exercise sets come from `ringlab quiz`):
//
//   node fuzz/seeds/gather.mjs
//
// The seeds are kept in git; the corpora that grow from them (fuzz/corpus/) are not.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const read = (path) => readFileSync(join(root, path), 'utf8');
const files = (dir, ext) =>
  readdirSync(join(root, dir), { recursive: true })
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f));

const seeds = {};
const add = (target, value) => {
  const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
  (seeds[target] ??= new Map()).set(createHash('sha1').update(bytes).digest('hex').slice(0, 16), bytes);
};

// Links: every lesson step, and every link written in the docs and the browser specs.
for (const [, link] of read('src/teach/lessons/mod.rs').matchAll(/link:\s*"([^"]+)"/g)) add('link', link);
const texts = [...files('docs', '.md'), 'README.md', ...files('tests/e2e/specs', '.mjs')].map(read);
for (const text of texts) {
  for (const [link] of text.matchAll(/\?ring=[^'"`\s)<>]+/g)) add('link', link.replace(/&amp;/g, '&'));
}

// Change text: the forms the tests read back, and every `then=` of the links above.
for (const [, change] of read('src/core/text.rs').matchAll(/^\s+"([a-z-]+(?::[^"]*)?)",$/gm)) add('change_text', change);
for (const link of seeds.link.values()) {
  for (const [, change] of link.toString().matchAll(/then=([^&]+)/g)) add('change_text', decodeURIComponent(change));
}
for (const [, change] of read('docs/embedding.md').matchAll(/change: '([^']+)'/g)) add('change_text', change);

// Decimals and whole numbers as people type them, and as the tests refuse them.
for (const text of ['0', '12', '0.25', '1.5', '.5', '5.', '-3.75', '+2', '1e6', '2.5E-3', '007.10', '99.99',
  '123456789012345', '1e400', '1e-400', '0e99999', 'NaN', 'inf', '1,5', '12%', '1_000', '4294967296',
  '4294967311', '99999999999', '2^32', '2^16', '1.25', '125%', ' 7 ']) add('decimals', text);

// Exercise sets, as `ringlab quiz` writes them, of every kind and level.
const ringlab = join(root, 'target/debug/ringlab');
for (const [seed, level] of [[1, 1], [2, 2], [3, 3], [4, 1]]) {
  const report = JSON.parse(execFileSync(ringlab, ['quiz', '--seed', String(seed), '--level', String(level), '--count', '6', '--json']));
  add('exercise_set', report.set);
  for (const part of report.set.split('.').slice(1)) add('exercise_set', `1.${part}`);
}

// Keys texts: the first byte picks the ring (even: 0-99, odd: 2^32) and the hash.
for (const [setting, text] of [
  [0, '@90\n@52\n@68\n@25\n@5\n'],
  [1, 'user:1\nuser:2\nuser:3\n'],
  [3, '\ufeffkey-0\r\nkey-1\r\n\r\nsession:abc\n'],
  [5, 'GET /index.html\nGET /about\n'],
  [1, 'a,b\n'],
  [0, '@100\n'],
]) add('keys_text', Buffer.concat([Buffer.from([setting]), Buffer.from(text, 'utf8')]));

// Host messages, as docs/embedding.md lists them, in JSON.
for (const message of [
  { type: 'ringlab:apply', change: 'add:D@60' },
  { type: 'ringlab:addServer' },
  { type: 'ringlab:addServer', name: 'E', weight: 2 },
  { type: 'ringlab:addServer', name: 'F', at: 33 },
  { type: 'ringlab:removeServer', name: 'B' },
  { type: 'ringlab:addKeys', count: 100 },
  { type: 'ringlab:addKeys', keys: ['@52', 'user:7'] },
  { type: 'ringlab:setVnodes', vnodes: 100 },
  { type: 'ringlab:selectKey', key: '@52' },
  { type: 'ringlab:selectKey', key: null },
  { type: 'ringlab:step', lesson: 'teaching-ring', step: 2 },
  { type: 'ringlab:reset' },
  { type: 'ringlab:undo' },
  { type: 'ringlab:redo' },
  { type: 'ringlab:apply', change: { nested: [1, 2, { deeper: true }] } },
]) add('host_message', JSON.stringify(message));

// Scenario::apply takes structured input: a few byte strings to start the fuzzer off.
for (let i = 0; i < 8; i++) add('scenario_apply', createHash('sha256').update(`seed ${i}`).digest());

for (const [target, found] of Object.entries(seeds)) {
  const dir = join(root, 'fuzz/seeds', target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of found) writeFileSync(join(dir, name), bytes);
  console.log(`${target}: ${found.size} seeds`);
}
