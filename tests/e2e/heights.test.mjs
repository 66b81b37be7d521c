// The iframe heights that dist/lessons.json publishes per lesson
// (web/lessons/heights.json, scripts/measure-heights.mjs) still show each
// lesson whole, and are not stale by far: measured in embed.html at 1280
// and 360 px (one language per lesson, alternating).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, allLessons, LANGS, fileUrl } from './helpers.mjs';
import { measure, WIDTHS } from '../../scripts/measure-heights.mjs';

describeWithBrowser('published iframe heights', {}, (env) => {
  for (const [k, l] of allLessons().entries()) {
    test(`lesson=${l.id}: the published height fits the lesson at 1280 and 360 px`, async () => {
      assert.ok(l.height && l.height.desktop > 0 && l.height.phone > 0, `${l.id} has a published height (node scripts/measure-heights.mjs)`);
      for (const [name, width] of Object.entries(WIDTHS)) {
        const h = await measure(env.browser, l.id, LANGS[k % 2], width);
        assert.ok(h <= l.height[name], `${l.id} at ${width} px is ${h} px, above the published ${l.height[name]} px: run node scripts/measure-heights.mjs`);
        assert.ok(h >= 0.75 * l.height[name], `${l.id} at ${width} px is ${h} px, far below the published ${l.height[name]} px: run node scripts/measure-heights.mjs`);
      }
    });
  }
});

// Blocks off the screen are laid out only near it (content-visibility,
// web/layout/blocks.js lays each out once after the start and again after a
// change it did not show): the page's height, once the lesson carries
// data-laid-out, is the one a learner finds after scrolling through it all.
describeWithBrowser('the laid-out height is the real one', {}, (env) => {
  test('every lesson at 1280 px: height at data-laid-out = height after scrolling to the end', async () => {
    const off = [];
    for (const [k, l] of allLessons().entries()) {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(fileUrl('embed.html', `lesson=${l.id}&lang=${LANGS[k % 2]}`));
      await page.waitForSelector('.lesson[data-laid-out]', { state: 'attached', timeout: 30000 });
      await page.waitForTimeout(300);
      const height = () => page.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      const laidOut = await height();
      for (let y = 0; y < laidOut + 800; y += 600) { await page.evaluate((v) => window.scrollTo(0, v), y); await page.waitForTimeout(30); }
      await page.waitForTimeout(200);
      const scrolled = await height();
      if (Math.abs(scrolled - laidOut) > 1) off.push(`${l.id}: ${laidOut} px laid out, ${scrolled} px after scrolling through`);
      await context.close();
    }
    assert.deepEqual(off, []);
  });
});
