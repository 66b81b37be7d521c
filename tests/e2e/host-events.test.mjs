// Events from an embedded lesson to its host (web/embed/host-events.js,
// docs/embedding.md "Events"): a course page on another origin embeds
// <attn-lesson> (dist/attnlab-embed.js) and listens for 'attnlab-ready',
// 'attnlab-progress' and 'attnlab-state'. The learner steps through the
// lesson and answers every exercise right: the host hears ready first,
// then progress until completed with score 1, and a state query that
// restores the view. A forged message from another window is not relayed;
// {type: 'attnlab:get'} is answered with the current progress and state.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describeWithBrowser, startTinyServer, openWatched, allowOrigins, ROOT, DIST, READY_TIMEOUT, answerExercises } from './helpers.mjs';

const require = createRequire(import.meta.url);
const lab = await require(path.join(DIST, 'attnlab.js')).load();
const { instanceOf } = await import(pathToFileURL(path.join(ROOT, 'web/lessons/shared/exercises/seed.js')).href);
const SEED = 4242;
const LESSON = 'softmax';

const hostPage = (distOrigin, params) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course host</title><link rel="icon" href="data:,">
<script src="${distOrigin}/attnlab-embed.js"></script></head><body><h1>Course page</h1>
<attn-lesson lesson="${LESSON}" lang="en" params="${params}"></attn-lesson>
<script>
  window.heard = [];
  const el = document.querySelector('attn-lesson');
  for (const name of ['attnlab-ready', 'attnlab-progress', 'attnlab-state', 'attnlab-answer'])
    el.addEventListener(name, (e) => window.heard.push({ name, detail: e.detail }));
</script></body></html>`;

describeWithBrowser('host events from <attn-lesson>', { server: true }, (env) => {
  let host = null;
  after(() => host && host.close());

  test('ready, then progress to completed with score 1, state that restores the view; forged messages ignored; get answered', async () => {
    const defs = (await import(pathToFileURL(path.join(ROOT, `web/lessons/${LESSON}/exercises.js`)).href)).default;
    const insts = defs.map((d) => instanceOf(d, SEED, lab));
    const make = insts[defs.findIndex((d) => d.kind === 'make')];
    const params = `xseed=${SEED}&amp;z=${make.example.z.join(',')}&amp;T=${make.example.T}`;
    host = await startTinyServer({ routes: { '/host.html': { body: hostPage(env.server.origin, params) } } });
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(env.server.origin, host.origin) });
    try {
      await page.goto(`${host.url}host.html`);
      const lesson = page.frameLocator('attn-lesson iframe');
      await lesson.locator('body[data-ready="true"]').waitFor({ timeout: READY_TIMEOUT });
      await page.waitForFunction(() => window.heard.some((h) => h.name === 'attnlab-ready'));
      // A forged progress message from the host's own window is not relayed.
      await page.evaluate(() => window.postMessage({ type: 'attnlab:progress', v: 1, lesson: 'softmax', completed: true, score: 1 }, '*'));
      await answerExercises(lesson, defs, insts);
      await page.waitForFunction(() => window.heard.some((h) => h.name === 'attnlab-progress' && h.detail.completed), null, { timeout: 5000 });
      const heard = await page.evaluate(() => window.heard);
      assert.equal(heard[0].name, 'attnlab-ready', 'ready comes first');
      const ready = heard[0].detail;
      assert.equal(ready.v, 1);
      assert.equal(ready.lesson, LESSON);
      assert.deepEqual(ready.exercises, defs.map((d) => d.id));
      assert.ok(ready.steps >= 2 && typeof ready.version === 'string' && ready.version.length > 0);
      const progress = heard.filter((h) => h.name === 'attnlab-progress').map((h) => h.detail);
      assert.ok(progress.every((p) => p.lesson === LESSON && p.steps === ready.steps), 'every progress names the lesson and its steps');
      assert.ok(!progress.slice(0, -1).some((p) => p.completed), 'completed only at the end (the forged message was not relayed)');
      const last = progress[progress.length - 1];
      assert.deepEqual(last.exercises, Object.fromEntries(defs.map((d) => [d.id, 'correct'])));
      assert.equal(last.score, 1);
      assert.equal(last.stepsSeen, ready.steps);
      assert.equal(last.step, ready.steps);
      for (let k = 1; k < progress.length; k++) assert.ok(progress[k].stepsSeen >= progress[k - 1].stepsSeen, 'steps seen never go back');
      // Each try, as it happens: here one per exercise, each right.
      const answers = heard.filter((h) => h.name === 'attnlab-answer').map((h) => h.detail);
      assert.deepEqual(answers.map((a) => [a.exercise, a.kind, a.result]).sort(), defs.map((d) => [d.id, d.kind, 'correct']).sort());
      for (const a of answers) {
        assert.equal(a.lesson, LESSON);
        assert.ok(Number.isFinite(a.latencyMs) && a.latencyMs >= 0 && typeof a.description === 'string' && a.description.length > 0, JSON.stringify(a));
        if (a.kind === 'compute') assert.ok(Array.isArray(a.response) && a.response.every(Number.isFinite), JSON.stringify(a));
        if (a.kind === 'predict' || a.kind === 'explain') assert.deepEqual(a.response, [insts[defs.findIndex((d) => d.id === a.exercise)].answer]);
        if (a.kind === 'make') assert.equal(a.response.z, make.example.z.join(','));
      }
      const states = heard.filter((h) => h.name === 'attnlab-state').map((h) => h.detail.query);
      const state = new URLSearchParams(states[states.length - 1]);
      assert.equal(state.get('lesson'), LESSON);
      assert.equal(state.get('xseed'), String(SEED));
      assert.match(state.get('progress'), new RegExp(`^${LESSON}\\.[0-9a-z]+\\.c{${defs.length}}$`));
      console.log(`# events heard: ${heard.map((h) => h.name.replace('attnlab-', '') + (h.name === 'attnlab-progress' ? `(${h.detail.stepsSeen}/${h.detail.steps} steps, score ${h.detail.score.toFixed(2)}${h.detail.completed ? ', completed' : ''})` : '')).join(' → ')}`);
      // get: answered with progress and state even though nothing changed.
      const before = heard.length;
      await page.evaluate(() => document.querySelector('attn-lesson').shadowRoot.querySelector('iframe').contentWindow.postMessage({ type: 'attnlab:get' }, '*'));
      await page.waitForFunction((n) => window.heard.length >= n + 2, before, { timeout: 3000 });
      const answer = (await page.evaluate(() => window.heard)).slice(before).map((h) => h.name).sort();
      assert.deepEqual(answer, ['attnlab-progress', 'attnlab-state']);
      assert.deepEqual(issues.pageErrors, []);
      assert.deepEqual(issues.consoleErrors, []);
    } finally {
      await context.close();
    }
  });
});
