// The page's Content Security Policy: what it allows, that the app needs nothing more, and that
// it refuses what the app never does. Every other spec runs with the same policy in force, and
// the fixture fails a test on any console error, which is how browsers report a violation.
import { createHash } from 'node:crypto';
import { test, expect, openEveryPart } from '../fixtures.mjs';
import { Teach, watch } from '../teach.mjs';

/** Records every policy violation the page reports, from the first script on. */
function violations(page) {
  return page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}

/** The policy index.html ships, as a map from directive to its sources. */
function directives(policy) {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

test('index.html carries a policy that allows only the app\'s own files and its inline loader, by digest', async ({ request, baseURL }) => {
  const html = await (await request.get(baseURL)).text();
  const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/g)];
  expect(metas).toHaveLength(1);
  // Before any script or stylesheet, so it covers them all.
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.search(/<script|<link rel="stylesheet"/));
  const policy = directives(metas[0][1]);

  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  );
  expect(inline).toHaveLength(1);
  expect(Object.fromEntries(policy)).toEqual({
    'default-src': ["'none'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...inline],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ['data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  });
  // frame-ancestors cannot be set by a meta tag: hosts send it as a header (see hosting/).
  expect(policy.has('frame-ancestors')).toBe(false);
});

test('using the app under its policy raises no violation: editing, lessons, embed dialog, presenting, exports', async ({ ring }) => {
  const teach = new Teach(ring);
  const { page } = ring;
  await violations(page);
  await ring.open();
  await ring.addServer('D', 60);
  await expect(ring.share('D')).toHaveText('20%');
  await ring.selectKey('@52');
  await expect(ring.keyOwner).toBeVisible();
  await ring.addKeys(100);
  await ring.setVnodes(100);
  await expect(ring.vnodesInput).toHaveValue('100');
  await teach.embedOpen.click();
  await expect(teach.embedSnippet).toHaveValue(/embed=1/);
  await page.keyboard.press('Escape');
  await page.getByTestId('present-toggle').click();
  await expect(page.locator('body')).toHaveClass(/\bpresent\b/);
  for (const item of [teach.savePng, teach.saveCsv]) {
    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    expect(await download.failure()).toBeNull();
  }
  // Presentation mode folds the controls away until asked for.
  await page.getByTestId('controls-toggle').click();
  await ring.removeServer('B');
  await expect(ring.row('B')).toHaveCount(0);
  await teach.pickLesson('virtual-nodes');
  await teach.lessonNext.click();
  await teach.expectStep(2, 4);
  expect(await page.evaluate(() => window.violations)).toEqual([]);
});

test('every part that arrives on first use loads and runs under the policy without a violation, embedded ones too', async ({ ring }) => {
  const { page } = ring;
  await violations(page);
  await ring.open();
  await expect(ring.share('A')).toHaveText('35%');
  await openEveryPart(ring);
  await page.goto('?embed=1&panels=last,compare,traffic,timeline,sweeps,key,cache,replicas');
  for (const shows of ['compare-figures', 'traffic-panel', 'timeline-chart', 'sweeps']) {
    await expect(page.getByTestId(shows)).toBeVisible();
  }
  expect(await page.evaluate(() => window.violations)).toEqual([]);
});

test('the policy refuses what the app never does: injected scripts, eval, remote files', async ({ page, baseURL }) => {
  const seen = watch(page);
  await violations(page);
  await page.goto(baseURL);
  await expect(page.getByTestId('share-A')).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
    // Run from a timer: code that the test itself evaluates is exempt from the policy.
    const evaluated = await new Promise((resolve) =>
      setTimeout(() => {
        try {
          resolve(eval('1 + 1'));
        } catch (error) {
          resolve(error.name);
        }
      }),
    );
    let fetched;
    try {
      await fetch('https://example.com/data.json');
      fetched = 'fetched';
    } catch (error) {
      fetched = error.name;
    }
    await new Promise((resolve) => {
      const image = new Image();
      image.onerror = image.onload = resolve;
      image.src = 'https://example.com/pixel.png';
    });
    return { injected: window.injected ?? false, evaluated, fetched };
  });
  expect(outcome).toEqual({ injected: false, evaluated: 'EvalError', fetched: 'TypeError' });
  await expect
    .poll(() => page.evaluate(() => window.violations.map((v) => v.split(' ')[0]).sort()))
    .toEqual(['connect-src', 'img-src', 'script-src', 'script-src-elem']);
  // Each refusal is reported as an error, which every other test would fail on.
  expect(seen.problems.length).toBeGreaterThanOrEqual(3);
});
