// The iframe heights that dist/lessons.json publishes per lesson
// (web/lessons/heights.json, scripts/measure-heights.mjs) still show each
// lesson whole, and are not stale by far: measured in embed.html at 1280
// and 360 px (one language per lesson, alternating).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, allLessons, LANGS } from './helpers.mjs';
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
