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
for (const file of files('src/teach/lessons/builtin', '.lesson')) {
  for (const [, link] of read(file).matchAll(/^link: (.+)$/gm)) add('link', link);
}
const texts = [...files('docs', '.md'), 'README.md', ...files('tests/e2e/specs', '.mjs')].map(read);
for (const text of texts) {
  for (const [link] of text.matchAll(/\?ring=[^'"`\s)<>]+/g)) add('link', link.replace(/&amp;/g, '&'));
}

// Change text: the forms the tests read back, and every `then=` of the links above.
for (const [, change] of read('src/core/text/mod.rs').matchAll(/^\s+"([a-z-]+(?::[^"]*)?)",$/gm)) add('change_text', change);
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

// Data files: five bytes of options (format, key column, count column, ring and hash, the
// page's slice; fuzz_targets/data_file.rs says how each byte is read), then the file, as the
// tests in tests/data.rs read it.
const dataFile = (options, text) => Buffer.concat([Buffer.from(options), Buffer.from(text, 'utf8')]);
const accessLog = [
  '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.0" 200 2326',
  '127.0.0.2 - - [10/Oct/2000:13:55:37 -0700] "GET /b HTTP/1.0" 200 10 "-" "curl/8"',
  'garbage',
  '127.0.0.1 - - [10/Oct/2000:13:55:38 -0700] "GET /a HTTP/1.0" 304 0',
].join('\n') + '\n';
for (const [options, text] of [
  // One key per line, a byte-order mark, CRLF, a blank line and a repeat.
  [[0, 0, 0, 0, 0], '\ufeffuser:1\r\n\nuser:2\n  user:3  \nuser:1\n'],
  // CSV, key and count columns named by the header's second and third fields.
  [[1, 13, 21, 1, 3], 'id,name,requests\n1,alice,30\n2,bob,x\n3,carol\n4,"d,e",2\n5,alice,12\n6,erin,-3\n7,frank,5\n'],
  // TSV, columns by number.
  [[2, 10, 18, 2, 1], 'a\tb\nx\t1\ny\t2\n'],
  // uniq -c.
  [[3, 0, 0, 4, 0], '   120 /index.html\n    40 /about\n     3 /index.html\n  oops\n'],
  // An access log by path, then by host, then guessed from the name access.log.
  [[4, 0, 0, 0, 2], accessLog],
  [[4, 67, 0, 1, 0], accessLog],
  [[29, 0, 0, 0, 0], accessLog],
  // Skipped lines beyond the five listed.
  [[0, 0, 0, 1, 0], Array.from({ length: 20 }, (_, i) => `${i},x\nok${i}\n`).join('')],
]) add('data_file', dataFile(options, text));

// Scenario files: the first byte says whether the file is read as it is (0), with its check
// worked out again (1), or whether the rest builds a scenario to save and open (2).
const scenarioFile = (fields) => {
  const md5 = createHash('md5');
  for (const part of [fields.kind, String(fields.version), fields.settings, fields.hot, fields.popularity]) {
    md5.update(part, 'utf8');
    md5.update(Buffer.from([0]));
  }
  for (const count of fields.counts ?? []) {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt(count));
    md5.update(bytes);
  }
  md5.update(Buffer.from([0]));
  if (fields.source) {
    md5.update(fields.source.name, 'utf8');
    md5.update(Buffer.from([0]));
    const lines = Buffer.alloc(8);
    lines.writeBigUInt64LE(BigInt(fields.source.lines));
    md5.update(lines);
  }
  md5.update(Buffer.from([0]));
  md5.update(fields.keys, 'utf8');
  return JSON.stringify({ ...fields, check: md5.digest('hex') });
};
for (const fields of [
  { settings: 'ring=100&servers=A@10,B@40,C@75', keys: '@90\n@52\n@68\n@25\n@5\n', hot: '', popularity: 'uniform', counts: null, source: null },
  { settings: 'ring=2^32&vnodes=100&servers=A,B,C&traffic=zipf:1.1', keys: 'user:1\nuser:2\nuser:3\n', hot: 'user:2*50', popularity: 'zipf:1.1', counts: null, source: null },
  { settings: 'ring=2^32&vnodes=100&servers=A,B,C', keys: 'user:1\nuser:2\nuser:3\n', hot: '', popularity: 'data', counts: [30, 12, 5], source: { name: 'users.csv', lines: 4 } },
  { settings: 'ring=2^32&placement=maglev&servers=A,B*2,C&r=3', keys: 'key-0\nkey-1\nключ\n', hot: '', popularity: 'uniform', counts: null, source: null },
  { settings: 'ring=2^32&placement=redis-cluster&servers=A,B,C,D', keys: 'foo\n{user1000}.following\n', hot: '', popularity: 'uniform', counts: null, source: null },
]) {
  const file = scenarioFile({ kind: 'ringlab-scenario', version: 1, ...fields });
  add('scenario_file', Buffer.concat([Buffer.from([0]), Buffer.from(file, 'utf8')]));
  // The same file with its check emptied: read with its check worked out again.
  const unchecked = JSON.stringify({ ...JSON.parse(file), check: '' });
  add('scenario_file', Buffer.concat([Buffer.from([1]), Buffer.from(unchecked, 'utf8')]));
}
for (let i = 0; i < 4; i++) {
  add('scenario_file', Buffer.concat([Buffer.from([2]), createHash('sha256').update(`scenario ${i}`).digest()]));
}

// Pasted clusters, from tests/systems/pasted.rs: each in its own format (the first byte's low
// three bits, in the order of pasted::Format::ALL) and guessed (5), on each base scenario (the
// higher bits).
const rustString = (literal) =>
  literal.startsWith('r#')
    ? literal.slice(3, -2)
    : literal
        .slice(1, -1)
        .replace(/\\\n\s*/g, '')
        .replace(/\\(["\\nrt])/g, (_, c) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
const pastedTests = read('tests/systems/pasted.rs');
const pasted = {};
for (const [, name, literal] of pastedTests.matchAll(/(?:const|let) (\w+)(?:: &str)? = (r#"[\s\S]*?"#|"(?:[^"\\]|\\[\s\S])*");/g)) {
  pasted[name] = rustString(literal);
}
const formats = { NODES: 0, SLOTS: 1, RING: 2, UPSTREAM: 3, list: 4, yaml: 4 };
for (const [name, format] of Object.entries(formats)) {
  if (pasted[name] === undefined) throw new Error(`tests/systems/pasted.rs has no ${name}`);
  add('pasted', Buffer.concat([Buffer.from([format]), Buffer.from(pasted[name], 'utf8')]));
  add('pasted', Buffer.concat([Buffer.from([5 | (format % 3) << 3]), Buffer.from(pasted[name], 'utf8')]));
}

// Lessons: the first byte says a text file (0) or a link's lesson= value (1). A few built-in
// lessons as their files, and as links written the way lesson_link writes them.
const lessonDir = 'src/teach/lessons/builtin';
for (const name of ['teaching-ring', 'virtual-nodes', 'hot-key', 'replicas', 'real-systems']) {
  const text = read(join(lessonDir, `${name}.lesson`));
  add('lesson_text', Buffer.concat([Buffer.from([0]), Buffer.from(text, 'utf8')]));
  if (!['teaching-ring', 'hot-key', 'real-systems'].includes(name)) continue;
  const title = text.match(/^title: (.*)$/m)[1];
  const steps = text.split(/^(?=step:)/m).slice(1);
  const pieces = [`title: ${title}\nsteps: ${steps.length}\n`, ...steps.map((s) => `${s.trimEnd()}\nend\n`)];
  const link = 'L1.' + pieces.map((p) => Buffer.from(p, 'utf8').toString('base64url')).join('.');
  add('lesson_text', Buffer.concat([Buffer.from([1]), Buffer.from(link, 'utf8')]));
}

for (const [target, found] of Object.entries(seeds)) {
  const dir = join(root, 'fuzz/seeds', target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of found) writeFileSync(join(dir, name), bytes);
  console.log(`${target}: ${found.size} seeds`);
}
