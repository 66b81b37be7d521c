// URL state round-trips for every lesson: open it with a non-default value
// for every parameter of its schema, read the state the page writes back to
// the URL (q1) and what it shows, reload q1: the page writes the same q1 and
// shows the same inputs and numbers. Each parameter set is kept as given
// (the values are chosen valid for its bounds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { describeWithBrowser, allLessons, fileUrl, openWatched, allowFile, gotoReady, assertClean, settled } from './helpers.mjs';

const round = (x) => Number(x.toPrecision(3));
// A valid value for spec that is not its default.
function otherValue(spec) {
  if (spec.default === null || spec.default === undefined) return undefined;  // e.g. matrices drawn from a seed
  const inRange = (x) => (spec.min === undefined || x >= spec.min) && (spec.max === undefined || x <= spec.max);
  const near = (d, step) => [d + step, d - step, d * 0.5].map(spec.type === 'integer' ? Math.round : round).find((x) => x !== d && inRange(x));
  switch (spec.type) {
    case 'number': return near(spec.default, Math.max(0.1, Math.abs(spec.default) * 0.2));
    case 'integer': return near(spec.default, 1);
    case 'boolean': return !spec.default;
    case 'enum': return spec.values.find((v) => v !== spec.default);
    case 'set': return spec.values.slice(0, 1);
    case 'vector': return spec.default.map((x, i) => (i === 0 ? near(x, 0.5) ?? x : x));
    case 'matrix': return spec.default.map((row, i) => row.map((x, j) => (i === 0 && j === 0 ? near(x, 0.5) ?? x : x)));
    default: return undefined;
  }
}
const encode = (v, spec) => (spec.type === 'boolean' ? (v ? '1' : '0') : spec.type === 'matrix' ? v.map((r) => r.join(',')).join(';') : Array.isArray(v) ? v.join(',') : String(v));

// What the page shows: every input's value and every matrix cell.
const snapshot = (page) => page.evaluate(() => ({
  inputs: [...document.querySelectorAll('.lesson input, .lesson select, .lesson textarea')].map((e) => (e.type === 'checkbox' ? String(e.checked) : e.value)),
  cells: [...document.querySelectorAll('.lesson table.matrix td')].map((td) => td.textContent),
}));
// The URL once written (debounced: the page's settled promise waits for it).
async function settledQuery(page) {
  await settled(page);
  return page.evaluate(() => window.location.search);
}

describeWithBrowser('URL state round-trips (state -> URL -> reload -> same state)', { concurrency: 2 }, (env) => {

  for (const lesson of allLessons()) {
    test(`lesson=${lesson.id}: every parameter set to a non-default value survives, and a reload reproduces the view`, async () => {
      const q = new URLSearchParams({ lesson: lesson.id, lang: 'zh-Hans', theme: 'dark' });
      const set = {};
      for (const [key, spec] of Object.entries(lesson.params)) {
        const v = otherValue(spec);
        if (v === undefined) continue;
        set[key] = encode(v, spec);
        q.set(key, set[key]);
      }
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(page, fileUrl('index.html', q.toString()));
        const q1 = await settledQuery(page);
        const written = new URLSearchParams(q1);
        const lost = Object.entries(set).filter(([k, v]) => written.get(k) !== v).map(([k, v]) => `${k}: set ${v}, written ${written.get(k)}`);
        assert.deepEqual(lost, [], `parameters not kept as given (${lesson.id})`);
        const s1 = await snapshot(page);
        await gotoReady(page, fileUrl('index.html', q1.slice(1)));
        assert.equal(await settledQuery(page), q1, 'the reloaded page writes the same URL');
        assert.deepEqual(await snapshot(page), s1, 'the reloaded page shows the same inputs and numbers');
        assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
        assertClean(issues, lesson.id);
      } finally {
        await context.close();
      }
    });
  }
});

// Lessons that keep a sweep between slider moves (a result the moved slider
// does not affect): after every slider has moved, the figures and formulas
// must be what a fresh load of the written URL shows, never a stale sweep.
const KEEPS_SWEEPS = ['information', 'proofs', 'graphs'];
const figures = async (page) => (await settled(page), page.evaluate(() => ({
  tex: [...document.querySelectorAll('.lesson annotation')].map((a) => a.textContent),
  paths: [...document.querySelectorAll('.lesson svg path')].map((p) => p.getAttribute('d')),
})));

describeWithBrowser('kept sweeps are never stale (slider moves -> URL -> fresh load -> same figures)', { concurrency: 2 }, (env) => {
  for (const id of KEEPS_SWEEPS.filter((l) => allLessons().some((r) => r.id === l))) {
    test(`lesson=${id}: every slider moved twice shows what a fresh load of its URL shows`, async () => {
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(page, fileUrl('index.html', `lesson=${id}&lang=en`));
        const n = await page.evaluate(() => document.querySelectorAll('.lesson input[type=range]').length);
        assert.ok(n > 0, `no slider in ${id}`);
        for (const f of [0.3, 0.8]) {
          for (let i = 0; i < n; i++) {
            await page.evaluate(([i, f]) => {
              const r = document.querySelectorAll('.lesson input[type=range]')[i];
              if (!r || r.disabled) return;
              const min = Number(r.min || 0), max = Number(r.max || 100), step = Number(r.step) || 1;
              r.value = String(min + Math.round((f * (max - min)) / step) * step);
              r.dispatchEvent(new Event('input', { bubbles: true }));
            }, [i, f]);
          }
        }
        // The URL is written debounced after each update; on a loaded
        // machine the last of 2n slow updates lands late: wait until it
        // stops changing.
        let q1 = await settledQuery(page);
        for (let k = 0, same = 0; k < 40 && same < 3; k++) {
          const q = await settledQuery(page);
          same = q === q1 ? same + 1 : 0;
          q1 = q;
        }
        const other = await context.newPage();
        await gotoReady(other, fileUrl('index.html', q1.slice(1)));
        // Some parts finish in timed slices (the proofs lesson's sampling):
        // both pages get time to settle before they must agree.
        let moved = await figures(page), fresh = await figures(other);
        for (let k = 0; k < 40 && !isDeepStrictEqual(fresh, moved); k++) {
          await page.waitForTimeout(250);
          [moved, fresh] = [await figures(page), await figures(other)];
        }
        assert.deepEqual(fresh, moved, `${id}: figures after slider moves differ from a fresh load of ${q1}`);
        assertClean(issues, id);
      } finally {
        await context.close();
      }
    });
  }
});
