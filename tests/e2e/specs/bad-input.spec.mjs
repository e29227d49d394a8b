import { test, expect } from '../fixtures.mjs';

/**
 * Does `act`, then checks that `message` shows in `error`, in the same control group as
 * `control`, and that the engine's figures and the visible table are as they were before.
 */
async function expectRefused(ring, { control, error, message, act }) {
  const before = await ring.state();
  await act();
  await expect(error).toHaveText(message);
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(ring.groupOf(control).getByTestId(await error.getAttribute('data-testid'))).toHaveCount(1);
  await expect(ring.announcement).toHaveText(message);
  expect(await ring.state(), 'a refused input changes nothing').toEqual(before);
}

/** Checks that `control` names `error` as its description, so the message is read with it. */
async function expectDescribedBy(control, error) {
  const id = await error.getAttribute('id');
  await expect(control).toHaveAttribute('aria-describedby', new RegExp(`(^|\\s)${id}(\\s|$)`));
}

test.describe('a refused server name shows its message next to the add-server form and changes nothing', () => {
  const cases = [
    ['a duplicate name', 'A', 'There is already a server called A.'],
    ['a name of 41 characters', 'x'.repeat(41), 'Names are at most 40 characters long.'],
    ['a name with a comma', 'a,b', "Names cannot contain ',': it has a meaning in links and commands."],
  ];
  for (const [what, name, message] of cases) {
    test(`${what} is refused with its reason`, async ({ ring }) => {
      await ring.open();
      await expectRefused(ring, {
        control: ring.serverName,
        error: ring.addServerError,
        message,
        act: () => ring.addServer(name),
      });
      await expectDescribedBy(ring.serverName, ring.addServerError);
      // The typed name stays, so it can be corrected.
      await expect(ring.serverName).toHaveValue(name);
    });
  }

  test('a name that looks like markup is refused and shown only as text', async ({ ring }) => {
    const markup = '<img src=x onerror=alert(1)>';
    ring.page.on('dialog', (dialog) => {
      throw new Error(`the page opened a dialog: ${dialog.message()}`);
    });
    await ring.open();
    await expectRefused(ring, {
      control: ring.serverName,
      error: ring.addServerError,
      message: "Names cannot contain '<': it has a meaning in links and commands.",
      act: () => ring.addServer(markup),
    });
    await expect(ring.page.locator('img')).toHaveCount(0);
    await expect(ring.serverName).toHaveValue(markup);
  });
});

test.describe('a refused server position shows its message next to the add-server form and changes nothing', () => {
  const cases = [
    ['position 100 on the 0–99 ring', '100', 'Position 100 is outside the ring: positions go from 0 to 99.'],
    ['position 40, where B sits', '40', 'Position 40 is taken by B; pick a free one.'],
    ['text where a position belongs', 'abc', '"abc" is not a whole number.'],
  ];
  for (const [what, at, message] of cases) {
    test(`${what} is refused with its reason`, async ({ ring }) => {
      await ring.open();
      await expectRefused(ring, {
        control: ring.serverPosition,
        error: ring.addServerError,
        message,
        act: () => ring.addServer('', at),
      });
      await expectDescribedBy(ring.serverPosition, ring.addServerError);
      await expect(ring.row('D')).toHaveCount(0);
    });
  }
});

test('vnode counts of 0 and 5000 typed in are refused next to the vnode controls and change nothing', async ({ ring }) => {
  await ring.open();
  for (const typed of ['0', '5000']) {
    await expectRefused(ring, {
      control: ring.vnodesInput,
      error: ring.vnodesError,
      message: 'Virtual nodes per server go from 1 to 1000.',
      act: () => ring.typeVnodes(typed),
    });
  }
  await expectDescribedBy(ring.vnodesInput, ring.vnodesError);
  expect((await ring.snapshot()).vnodes).toBe(1);
});

test('removing the last server is refused next to the server list and changes nothing', async ({ ring }) => {
  await ring.open();
  await ring.removeServer('A');
  await expect(ring.row('A')).toHaveCount(0);
  await ring.removeServer('B');
  await expect(ring.row('B')).toHaveCount(0);
  await expect(ring.share('C')).toHaveText('100%');
  await expectRefused(ring, {
    control: ring.removeButton('C'),
    error: ring.serverListError,
    message: 'The ring needs at least one server; add another before removing this one.',
    act: () => ring.removeServer('C'),
  });
  await expect(ring.serverRow('C')).toBeVisible();
});

test.describe('a refused key shows its message next to the key form and changes nothing', () => {
  const cases = [
    ['key @100 on the 0–99 ring', '@100', 'Position 100 is outside the ring: positions go from 0 to 99.'],
    ['an empty key', '', 'A key needs a name or a position.'],
    ['a key of only spaces', '   ', 'A key needs a name or a position.'],
    ['a key that is already there', '@52', 'The key @52 is already on the ring.'],
  ];
  for (const [what, label, message] of cases) {
    test(`${what} is refused with its reason`, async ({ ring }) => {
      await ring.open();
      await expectRefused(ring, {
        control: ring.keyName,
        error: ring.keysError,
        message,
        act: () => ring.addKey(label),
      });
      await expectDescribedBy(ring.keyName, ring.keysError);
      await expect(ring.keyCount).toHaveText('5 keys on the ring.');
    });
  }
});

test.describe('a refused ring size shows its message next to the ring controls and changes nothing', () => {
  const cases = [
    ['a size in words', 'ten', '"ten" is not a whole number.'],
    ['a ring of one position', '1', 'A ring has from 2 to 2^32 (4294967296) positions.'],
  ];
  for (const [what, size, message] of cases) {
    test(`${what} is refused with its reason`, async ({ ring }) => {
      await ring.open();
      await expectRefused(ring, {
        control: ring.ringSizeInput,
        error: ring.ringError,
        message,
        act: () => ring.setRingSize(size),
      });
      await expectDescribedBy(ring.ringSizeInput, ring.ringError);
      await expect(ring.ringTeachingButton).toHaveAttribute('aria-pressed', 'true');
    });
  }
});

test('keys past the page’s 10,000,000 are refused next to the key buttons and change nothing', async ({ ring }) => {
  test.setTimeout(180_000);
  // Ten million keys, the most the page holds, made by a link as a reader's would be.
  await ring.open('?ring=2^32&vnodes=20&servers=A,B,C&gen=10000000');
  await expect(ring.keyCount).toHaveText('10,000,000 keys, drawn as a density band (too many for one dot each).', {
    timeout: 150_000,
  });
  await expectRefused(ring, {
    control: ring.page.getByTestId('add-keys-10000'),
    error: ring.keysError,
    message: 'The page holds at most 10,000,000 keys; clear some first.',
    act: () => ring.addKeys(10000),
  });
  // A single named key is refused too, once the page is full.
  await expectRefused(ring, {
    control: ring.keyName,
    error: ring.keysError,
    message: 'The page holds at most 10,000,000 keys; clear some first.',
    act: () => ring.addKey('one-more'),
  });
  expect((await ring.snapshot()).keys).toBe(10000000);
  // A full page still changes: a server joins and takes its share of the ten million.
  await ring.addServer('D');
  await expect(ring.headline).toContainText('Server D added.');
  expect((await ring.snapshot()).keys).toBe(10000000);
});

test('placing a server by clicking the ring where B sits shows a message and changes nothing', async ({ ring }) => {
  await ring.open();
  await ring.placeServerMode.click();
  await expect(ring.modeBanner).toHaveText(/Click the ring to place server D there\./);
  const frame = await ring.frame();
  const before = await ring.state();
  // Position 40 is B's; a click just outside B's point, at 40/100 of a turn, asks for 40.
  await ring.canvas.click({ position: frame.at(0.4, frame.ringRadius() * 0.8) });
  const message = 'Position 40 is taken by B; pick a free one.';
  await expect(ring.announcement).toHaveText(message);
  expect(await ring.state()).toEqual(before);
  // It is announced; those who do not use a screen reader must see it too, on the page itself
  // (the announcement is a screen-reader-only line outside the page's main content).
  await expect(ring.page.locator('main').getByText(message)).toBeVisible();
});

test('markup typed as a key name is kept as text, never turned into HTML', async ({ ring }) => {
  const markup = '<img src=x onerror=alert(1)>';
  ring.page.on('dialog', (dialog) => {
    throw new Error(`the page opened a dialog: ${dialog.message()}`);
  });
  await ring.open();
  await ring.addKey(markup);
  await expect(ring.keyLabel).toHaveText(markup);
  await expect(ring.keyChip(markup)).toHaveText(markup);
  await expect(ring.page.locator('img')).toHaveCount(0);
});
