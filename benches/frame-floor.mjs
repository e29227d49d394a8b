// The least a frame after a click costs on the big ring's page, against what a change costs.
//
//   node benches/frame-floor.mjs DIST [--keys 1000000,100000] [--rounds 11]
//
// On the page of the big ring (20 servers of 200 points on 2^32, with the keys asked for), each
// round traces, as benches/frame-parts.mjs does, from the click until the frame after it is
// painted and committed:
//   text    a click whose handler changes one word of the last change's headline and nothing
//           else: no engine, no panels, no canvas. What any change's frame costs at least here:
//           the browser's style, layout and painting of this page for one changed text;
//   add     adding server `extra`, the change the targets are set for, and removing it again.
// Medians of the rounds, each with its parts. Run it on an otherwise idle machine; the figures
// go in docs/performance.md ("The least a frame costs").
import { addServer, bigRing, launchChromium, quantile, removeServer, serveFolder } from './page-kit.mjs';
import { describe, medians, traced } from './frame-parts.mjs';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--'));
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
if (!dist) {
  console.error('usage: node benches/frame-floor.mjs DIST [--keys 1000000,100000] [--rounds 11]');
  process.exit(2);
}
const keysList = option('keys', '1000000,100000').split(',').map(Number);
const rounds = Number(option('rounds', '11'));

/** Clicks a button the bench puts on the page, whose handler changes one word of the headline;
 * marked as frame-parts reads. */
function clickText(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const headline = document.querySelector('[data-testid="last-headline"]');
    let button = document.getElementById('bench-floor');
    if (!button) {
      button = document.createElement('button');
      button.id = 'bench-floor';
      button.style.cssText = 'position:fixed;left:0;bottom:0;width:1px;height:1px;opacity:0';
      document.body.append(button);
    }
    button.onclick = () => {
      const text = [...headline.childNodes].find((n) => n.nodeType === Node.TEXT_NODE) ?? headline.firstChild;
      text.data = text.data.endsWith('.') ? `${text.data.slice(0, -1)}!` : `${text.data.slice(0, -1)}.`;
    };
    performance.mark('bench click');
    button.click();
    requestAnimationFrame(() => {
      performance.mark('bench frame');
      resolve();
    });
  }));
}

const server = await serveFolder(dist);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
for (const keys of keysList) {
  await bigRing(page, server.url, keys);
  await page.waitForSelector('[data-testid="share-s0"]');
  // The first change at a new number of servers counts mod N's remainders; let the page do it.
  await addServer(page);
  await removeServer(page);
  await page.waitForTimeout(2_000);
  const found = { text: [], add: [], remove: [] };
  for (let i = 0; i < rounds; i++) {
    const [parts] = await traced(browser, page, () => clickText(page));
    found.text.push(parts);
    const [add, remove] = await traced(browser, page, async () => {
      await addServer(page);
      await removeServer(page);
    });
    found.add.push(add);
    found.remove.push(remove);
  }
  for (const [what, list] of Object.entries(found)) {
    console.log(`${keys} keys, ${what}, medians of ${list.length}: ${describe(medians(list, (xs) => quantile(xs, 0.5)))}`);
  }
}
await browser.close();
server.close();
