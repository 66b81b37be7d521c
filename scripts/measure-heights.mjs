// Measures every lesson's height in embed.html (the iframe height a course
// page needs to show it without an inner scroll bar) at 1280 and 360 px,
// in both languages with every step of its player shown, and writes
// web/lessons/heights.json ({id: {desktop, phone}}, the larger language,
// with 50 px to spare, rounded up to 100 px), which dist/lessons.json and docs/embedding.md
// publish. Run after a lesson's layout changed:
//   node scripts/build-page.mjs && node scripts/measure-heights.mjs [lesson ...] && node scripts/build-page.mjs
// (tests/e2e/embed.test.mjs checks the published heights still fit).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, DIST, ROOT, lessonIds, LANGS } from '../tests/e2e/helpers.mjs';

export const WIDTHS = { desktop: 1280, phone: 360 };

// The lesson's height once every block has been laid out; with
// scrollThrough, {height, scrolled}: also the height after scrolling to the
// end (the two must agree: tests/e2e/heights.test.mjs).
export async function measure(browser, id, lang, width, { scrollThrough = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(pathToFileURL(path.join(DIST, 'embed.html')).href + `?lesson=${id}&lang=${lang}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  // Every block laid out once (web/layout/blocks.js): the height is then the real one.
  await page.waitForSelector('.lesson[data-laid-out]', { state: 'attached', timeout: 60000 });
  await page.waitForTimeout(300);
  const heightNow = () => page.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  const height = await heightNow();
  let scrolled = null;
  if (scrollThrough) {
    for (let y = 0; y < height + 800; y += 600) { await page.evaluate((v) => window.scrollTo(0, v), y); await page.waitForTimeout(30); }
    await page.waitForTimeout(200);
    scrolled = await heightNow();
  }
  await context.close();
  return scrollThrough ? { height, scrolled } : height;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Lessons named on the command line are measured again, the others kept.
  const only = process.argv.slice(2);
  const file = path.join(ROOT, 'web/lessons/heights.json');
  const old = only.length && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const browser = await launch();
  const out = {};
  for (const id of lessonIds()) {
    if (only.length && !only.includes(id)) { if (old[id]) out[id] = old[id]; continue; }
    out[id] = {};
    for (const [name, width] of Object.entries(WIDTHS)) {
      let max = 0;
      for (const lang of LANGS) max = Math.max(max, await measure(browser, id, lang, width));
      // At least 50 px to spare: a lesson whose text moves as it trains at
      // the start (training) measures some tens of px apart from run to run.
      out[id][name] = Math.ceil((max + 50) / 100) * 100;
    }
    console.log(id, JSON.stringify(out[id]));
  }
  await browser.close();
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
}
