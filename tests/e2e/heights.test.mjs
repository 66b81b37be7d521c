// The iframe heights that dist/lessons.json publishes per lesson
// (web/lessons/heights.json, scripts/measure-heights.mjs) still show each
// lesson whole, and are not stale by far: measured in embed.html at 1280
// and 360 px (one language per lesson, alternating); at 1280 px the height
// at data-laid-out is also the height after scrolling through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, allLessons, LANGS } from './helpers.mjs';
import { measure, WIDTHS } from '../../scripts/measure-heights.mjs';

describeWithBrowser('published iframe heights', { concurrency: 2 }, (env) => {
  for (const [k, l] of allLessons().entries()) {
    test(`lesson=${l.id}: the published height fits the lesson at 1280 and 360 px`, async () => {
      assert.ok(l.height && l.height.desktop > 0 && l.height.phone > 0, `${l.id} has a published height (node scripts/measure-heights.mjs)`);
      for (const [name, width] of Object.entries(WIDTHS)) {
        // At 1280 px also: the height at data-laid-out is the one a learner
        // finds after scrolling through it all (blocks far from the screen
        // are laid out only near it: content-visibility; web/layout/blocks.js
        // lays each out once after the start and again after a change it did not show).
        const r = await measure(env.browser, l.id, LANGS[k % 2], width, { scrollThrough: name === 'desktop' });
        const h = typeof r === 'number' ? r : r.height;
        if (typeof r !== 'number') assert.ok(Math.abs(r.scrolled - r.height) <= 1, `${l.id} at ${width} px: ${r.height} px laid out, ${r.scrolled} px after scrolling through`);
        assert.ok(h <= l.height[name], `${l.id} at ${width} px is ${h} px, above the published ${l.height[name]} px: run node scripts/measure-heights.mjs`);
        assert.ok(h >= 0.75 * l.height[name], `${l.id} at ${width} px is ${h} px, far below the published ${l.height[name]} px: run node scripts/measure-heights.mjs`);
      }
    });
  }
});
