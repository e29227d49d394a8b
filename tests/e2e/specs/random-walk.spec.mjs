import { test, expect, grouped } from '../fixtures.mjs';

const SEED = 20251129;
/** A bounded walk for the suite; scripts/random-walk.mjs walks 10,000 actions over every view. */
const STEPS = 400;
/** Keep the key count moderate: past this many keys, the walk clears them. */
const KEY_CAP = 1200;
/** Past this many servers, the walk removes servers rather than adding more. */
const SERVER_CAP = 24;
/** Every this many steps, the table is checked against the engine mid-walk. */
const CHECK_EVERY = 50;

/** A small seeded generator (mulberry32): the same seed gives the same walk every run. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The walk's generator, seeded afresh at the start of the test. */
let random = mulberry32(SEED);
const int = (n) => Math.floor(random() * n);
const pick = (items) => items[int(items.length)];
const chance = (p) => random() < p;

/** Picks an action by weight: `table` is [[weight, action], ...]. */
function weighted(table) {
  const total = table.reduce((sum, [w]) => sum + w, 0);
  let r = random() * total;
  for (const [w, action] of table) {
    r -= w;
    if (r < 0) return action;
  }
  return table[table.length - 1][1];
}

const NAMES = ['tokyo', 'osaka', 'kyoto', 'nagoya', 'sapporo', 'kobe', 'D', 'E', 'F', 'G', 'web1', 'web2', 'cache', 'db'];
const BAD_NAMES = ['a,b', 'x'.repeat(41), 'a b', '<b>bold</b>', 'a#1', 'q?x', '   ', 'A@1'];

/** A position for the ring, sometimes outside it or not a number at all. */
function position(size) {
  return weighted([
    [6, () => String(int(Math.min(size, 2 ** 32)))],
    [1, () => String(size)],
    [1, () => String(size + int(1000))],
    [1, () => pick(['-1', 'abc', '1e3', '4.5', ' 7 ', '99999999999'])],
  ])();
}

// The walk starts with reduced motion (the moved-key pulse repaints the canvas every frame for
// almost a second after each change, which slows a walk of quick changes) and flips the person's
// motion and colour preferences now and then, so both paths run.
test.use({ reducedMotion: 'reduce' });

test('a seeded random walk of 400 actions ends with no page error and the panels equal to the engine', async ({ ring }) => {
  test.setTimeout(240_000);
  random = mulberry32(SEED);
  const { page } = ring;
  const quick = { timeout: 3_000 };
  const click = { timeout: 3_000, force: true };
  const log = [];
  await ring.open();

  /** The canvas's CSS side, measured once: the viewport stays the same. */
  let side;

  /** What a click on the ring does now: the walk keeps track as it presses the mode buttons. */
  let mode = 'select';

  /** What the walk needs to know to choose its next action. */
  async function look() {
    return { snapshot: await ring.snapshot(), mode };
  }

  async function checkPanels() {
    const snapshot = await ring.expectPanelsMatchEngine();
    const n = snapshot.keys;
    await expect(ring.keyCount).toHaveText(
      n > 1500
        ? `${grouped(n)} keys, drawn as a density band (too many for one dot each).`
        : `${grouped(n)} ${n === 1 ? 'key' : 'keys'} on the ring.`,
      quick,
    );
    const names = snapshot.servers.map((s) => s.name);
    if (await ring.keyPanel.isVisible()) {
      expect(names).toContain(await ring.keyOwner.textContent());
      expect(names).toContain(await ring.keyModnOwner.textContent());
    }
    if (snapshot.last) {
      await expect(ring.headline).toHaveText(snapshot.last.headline, quick);
      if (await ring.ringMoved.isVisible()) {
        await expect(ring.ringMoved).toHaveText(
          `${grouped(snapshot.last.ring_moved)} of ${grouped(snapshot.last.keys)}`,
          quick,
        );
        await expect(ring.modnMoved).toHaveText(
          `${grouped(snapshot.last.mod_n_moved)} of ${grouped(snapshot.last.keys)}`,
          quick,
        );
      }
    }
  }

  const actions = {
    async addServer({ snapshot }) {
      const names = snapshot.servers.map((s) => s.name);
      const name = weighted([
        [5, () => pick(NAMES) + (chance(0.5) ? String(int(50)) : '')],
        [2, () => ''],
        [1, () => pick(names)],
        [1, () => pick(BAD_NAMES)],
      ])();
      const at = chance(0.5) ? '' : position(snapshot.ring_size);
      log.push(`add server ${JSON.stringify(name)} at ${JSON.stringify(at)}`);
      await ring.serverName.fill(name, quick);
      await ring.serverPosition.fill(at, quick);
      await ring.addServerButton.click(click);
    },
    async removeServer({ snapshot }) {
      const name = pick(snapshot.servers).name;
      log.push(`remove server ${name}`);
      await ring.removeButton(name).click(click);
    },
    async quickVnodes() {
      const v = pick([1, 3, 10, 100, 200]);
      log.push(`vnodes button ${v}`);
      await page.getByTestId(`vnodes-${v}`).click(click);
    },
    async typeVnodes() {
      const typed = chance(0.6) ? String(1 + int(300)) : pick(['0', '1001', '5000', '-5', '2.5', '']);
      log.push(`type vnodes ${JSON.stringify(typed)}`);
      await ring.vnodesInput.fill(typed, quick);
      await ring.vnodesInput.dispatchEvent('change', undefined, quick);
    },
    async setWeight({ snapshot }) {
      const hashed = await page.locator('[data-testid^="weight-"]').all();
      if (hashed.length === 0) return actions.quickVnodes({ snapshot });
      const index = int(hashed.length);
      const box = hashed[index];
      const typed = chance(0.7) ? String(1 + int(10)) : pick(['0', '11', '-1', '']);
      log.push(`weight box #${index} ${JSON.stringify(typed)}`);
      await box.fill(typed, quick);
      await box.dispatchEvent('change', undefined, quick);
    },
    async bulkKeys() {
      const n = chance(0.8) ? 10 : 100;
      log.push(`+${n} keys`);
      await page.getByTestId(`add-keys-${n}`).click(click);
    },
    async namedKey({ snapshot }) {
      const label = weighted([
        [4, () => `user:${int(500)}`],
        [3, () => `@${position(snapshot.ring_size)}`],
        [1, () => ''],
        [1, () => `key-${int(200)}`],
        [1, () => pick(['a,b', 'x'.repeat(45), '@', '@-3'])],
      ])();
      log.push(`add key ${JSON.stringify(label)}`);
      await ring.keyName.fill(label, quick);
      await ring.addKeyButton.click(click);
    },
    async selectKey({ snapshot }) {
      if (snapshot.keys === 0) return actions.bulkKeys();
      // Up to 40 keys are listed as chips; past that the page offers a search box.
      if (snapshot.keys <= 40) {
        const index = int(snapshot.keys);
        log.push(`select key chip #${index}`);
        await ring.keyChips.nth(index).click(click);
      } else {
        const label = chance(0.8) ? `key-${int(snapshot.keys + 20)}` : pick(['nobody', '@7', '']);
        log.push(`find key ${JSON.stringify(label)}`);
        await ring.findKeyInput.fill(label, quick);
        await ring.findKeyInput.press('Enter', quick);
      }
    },
    async dropKey(state) {
      if (!(await ring.keyPanel.isVisible())) return actions.selectKey(state);
      log.push('drop the selected key');
      await ring.dropSelectedKeyButton.click(click);
    },
    async clearKeys() {
      log.push('clear keys');
      await ring.clearKeysButton.click(click);
    },
    async ringSize() {
      const choice = weighted([
        [4, () => 'teaching'],
        [4, () => 'full'],
        [2, () => pick(['1000', '2^16', '360', '7', 'ten', '1', '2^33', '0', ''])],
      ])();
      log.push(`ring size ${choice}`);
      if (choice === 'teaching') await ring.ringTeachingButton.click(click);
      else if (choice === 'full') await ring.ringFullButton.click(click);
      else {
        await ring.ringSizeInput.fill(choice, quick);
        await ring.ringSizeApply.click(click);
      }
    },
    async hash() {
      const id = pick(['md5-first32', 'md5-low32', 'java-hashcode']);
      log.push(`hash ${id}`);
      await ring.hashSelect.selectOption(id, quick);
    },
    async mode() {
      const next = pick(['select', 'drop', 'place']);
      log.push(`mode ${mode} → ${next}`);
      if (next === mode) return;
      if (next === 'select') {
        await (chance(0.5) ? ring.modeDoneButton : mode === 'place' ? ring.placeServerMode : ring.dropKeyMode).click(click);
      } else if (next === 'drop') {
        await ring.dropKeyMode.click(click);
      } else {
        await ring.placeServerMode.click(click);
      }
      mode = next;
    },
    async canvas() {
      side ??= (await ring.frame()).side;
      const point = { x: random() * (side - 1), y: random() * (side - 1) };
      log.push(`canvas click (${mode}) at ${point.x.toFixed(1)},${point.y.toFixed(1)}`);
      await ring.canvas.click({ position: point, ...click });
    },
    async preferences() {
      const reducedMotion = chance(0.5) ? 'reduce' : 'no-preference';
      const colorScheme = pick(['light', 'dark']);
      log.push(`prefers ${reducedMotion} motion, ${colorScheme} colours`);
      await page.emulateMedia({ reducedMotion, colorScheme });
    },
    async history() {
      const which = chance(0.6) ? 'undo' : 'redo';
      const button = page.getByTestId(which);
      if (await button.isDisabled()) {
        log.push(`${which} (nothing to ${which})`);
        return;
      }
      log.push(which);
      await button.click(click);
    },
    async reset() {
      log.push('reset');
      await ring.page.getByTestId('more-open').click(click);
      await ring.resetButton.click(click);
    },
  };

  // How many actions changed the scenario and how many left it as it was (refused inputs,
  // selections, mode switches).
  let changed = 0;
  let unchanged = 0;
  let previous = null;

  try {
    for (let step = 1; step <= STEPS; step++) {
      const state = await look();
      const now = JSON.stringify(state.snapshot);
      if (previous !== null) now === previous ? unchanged++ : changed++;
      previous = now;
      const servers = state.snapshot.servers.length;
      const keys = state.snapshot.keys;
      let action;
      if (keys > KEY_CAP) action = actions.clearKeys;
      else {
        action = weighted([
          [servers > SERVER_CAP ? 1 : 10, actions.addServer],
          [servers > SERVER_CAP ? 20 : 7, actions.removeServer],
          [4, actions.quickVnodes],
          [3, actions.typeVnodes],
          [2, actions.setWeight],
          [8, actions.bulkKeys],
          [6, actions.namedKey],
          [7, actions.selectKey],
          [4, actions.dropKey],
          [1, actions.clearKeys],
          [2, actions.ringSize],
          [2, actions.hash],
          [3, actions.mode],
          [state.mode === 'place' && servers > SERVER_CAP ? 1 : 10, actions.canvas],
          [0.5, actions.reset],
          [0.5, actions.preferences],
          [2, actions.history],
        ]);
      }
      log.push(`#${step}`);
      await action(state);
      if (step % CHECK_EVERY === 0) await checkPanels();
    }

    // The final state: every figure in the table is the engine's.
    await checkPanels();
    const snapshot = await ring.snapshot();
    expect(snapshot.servers.length).toBeGreaterThan(0);
    expect(await ring.panelFigures()).toHaveLength(snapshot.servers.length);
    // The walk really mixed accepted and refused actions.
    expect(changed, 'actions that changed the scenario').toBeGreaterThan(100);
    expect(unchanged, 'actions that changed nothing').toBeGreaterThan(60);
    log.push(`${changed} actions changed the scenario, ${unchanged} did not`);
  } finally {
    await test.info().attach('walk', { body: log.join('\n'), contentType: 'text/plain' });
  }
});
