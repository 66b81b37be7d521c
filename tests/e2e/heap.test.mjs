// 10,000 scripted interactions (range inputs moved, text fields changed,
// step buttons pressed) across the lessons grow the wasm heap by less than
// 1 MiB after a warm-up: lessons free what the core returns (the API copies
// results out; nothing may keep wasm memory alive between updates).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, lessonIds, fileUrl, openWatched, allowFile, gotoReady, assertClean } from './helpers.mjs';

const TOTAL = 10000;
const LIMIT = 1024 * 1024;
const LESSONS = lessonIds();
const PER_LESSON = Math.ceil(TOTAL / LESSONS.length);

// In the page: n interactions chosen by a seeded generator among the
// lesson's range inputs and step buttons; returns the count done.
function interact([n, seed]) {
  let s = seed >>> 0;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  let done = 0;
  for (let k = 0; k < n; k++) {
    const ranges = [...document.querySelectorAll('.lesson input[type=range]:not(:disabled)')];
    const buttons = [...document.querySelectorAll('.step-controls button:not(:disabled)')];
    if (ranges.length && rand() < 0.85) {
      const r = ranges[Math.floor(rand() * ranges.length)];
      const min = Number(r.min || 0), max = Number(r.max || 100), step = Number(r.step) || 1;
      r.value = String(min + Math.round((rand() * (max - min)) / step) * step);
      r.dispatchEvent(new Event('input', { bubbles: true }));
      r.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (buttons.length) {
      buttons[Math.floor(rand() * buttons.length)].click();
    } else continue;
    done++;
  }
  return done;
}

describeWithBrowser('wasm heap under 10,000 page interactions', {}, (env) => {

  test(`${PER_LESSON} interactions in each of ${LESSONS.length} lessons: heap growth after warm-up < 1 MiB`, { timeout: 600000 }, async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    const rows = [];
    try {
      let done = 0;
      for (const id of LESSONS) {
        const url = fileUrl('index.html', `lesson=${id}`);
        await gotoReady(page, url);
        const heap = () => page.evaluate(async () => (await window.AttnLab.load()).heapInUse());
        await page.evaluate(interact, [50, 1]);  // warm-up: caches, first-use allocations
        const h0 = await heap();
        const n = await page.evaluate(interact, [PER_LESSON, 7]);
        const h1 = await heap();
        done += n;
        rows.push(`${id.padEnd(12)} ${String(n).padStart(5)} interactions  heap ${h0} -> ${h1} bytes`);
        assert.ok(h1 - h0 < LIMIT, `${id}: the wasm heap grew by ${h1 - h0} bytes over ${n} interactions`);
      }
      console.log(rows.join('\n'));
      assert.ok(done >= TOTAL * 0.9, `only ${done} interactions could be made`);
      assertClean(issues, 'heap test');
    } finally {
      await context.close();
    }
  });
});
