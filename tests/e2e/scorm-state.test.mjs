// What the learner earned survives the LMS (tests/e2e/scorm-lms.mjs:
// scorm-again behind a test LMS page):
// - the course package in an LMS that keeps one record per package (Open
//   edX) and in one that keeps one record per SCO (Moodle): lessons 1 and 2
//   worked in, lesson 1 reopened with its answers, its score and the course's;
// - an LMS window closed right after an answer: the last commit holds it;
// - an LMS that refuses commits for a while: the learner is told, the
//   launcher tries again, the notice goes once the LMS takes the data;
// - the practice lesson's largest matrices: 2004 keeps them, 1.2 keeps
//   4,096 characters and tells the learner (in Chinese) which will not return.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, openWatched, lessonMeta, allLessons, answerExercises } from './helpers.mjs';
import { lab, load, instanceOf, SEED } from './lms-packages.mjs';
import { scormLms, lmsUrl, readCmi, lessonIn } from './scorm-lms.mjs';

const { encodeValue } = await load('web/state/schema.js');
const COURSE_SIZE = allLessons().length;
const lms = scormLms();

// A lesson's first launch: the exercises' seed fixed (so that the test knows
// the answers) and the "make" exercises' example values set.
async function lessonPlan(id) {
  const defs = (await load(`web/lessons/${id}/exercises.js`)).default;
  const insts = defs.map((d) => instanceOf(d, SEED, lab));
  const params = lessonMeta(id).params;
  const made = Object.assign({}, ...insts.filter((x, i) => defs[i].kind === 'make').map((x) => x.example));
  const start = `lesson=${id}&lang=en&xseed=${SEED}` + Object.entries(made).filter(([k]) => params[k]).map(([k, v]) => `&${k}=${encodeValue(v, params[k])}`).join('');
  return { defs, insts, start };
}

// Every step of the lesson's first player, then every exercise but "make" answered right.
async function work(page, { defs, insts }) {
  const lesson = lessonIn(page);
  await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
  await answerExercises(lesson, defs, insts, (def, status) => assert.equal(status, 'correct', def.id));
}

// What an LMS keeps of a learner's record between launches.
const kept = (v, cmi) => (v === '1.2'
  ? { core: { lesson_status: cmi.core.lesson_status, score: cmi.core.score, lesson_location: cmi.core.lesson_location }, suspend_data: cmi.suspend_data }
  : { completion_status: cmi.completion_status, success_status: cmi.success_status, score: cmi.score, location: cmi.location, suspend_data: cmi.suspend_data });
const finish = async (page) => { await page.frames()[1].evaluate(() => window.AttnLabScorm.finish()); };
// scorm-again's lists (objectives, interactions) as JSON: {"0": {...}, ...}.
const list = (x) => (Array.isArray(x) ? x : (x && x.childArray) || Object.values(x || {}));
const objectivesOf = (cmi) => Object.fromEntries(list(cmi.objectives).map((o) => [o.id, o]));

describeWithBrowser('SCORM: what the learner earned survives the LMS', { concurrency: 1 }, (env) => {
  // Both standards in one record per package (the shared record, objectives
  // for several lessons); one record per SCO in 1.2.
  for (const [v, model] of [['1.2', 'package'], ['2004', 'package'], ['1.2', 'sco']])
    test(`SCORM ${v}, course package, one record per ${model}: lessons 1 and 2 worked in, lesson 1 reopens with its answers and score`, async () => {
      const server = await lms.serve();
      const plans = { vectors: await lessonPlan('vectors'), probability: await lessonPlan('probability') };
      const records = { vectors: { suspend_data: plans.vectors.start }, probability: model === 'sco' ? { suspend_data: plans.probability.start } : null };
      const recordOf = (id) => (model === 'package' ? records.vectors : records[id]);
      const { context, page, issues } = await openWatched(env.browser);
      try {
        for (const id of ['vectors', 'probability']) {
          await page.goto(lmsUrl(server, { v, what: 'course', lesson: id, saved: recordOf(id) }));
          await work(page, plans[id]);
          await page.waitForTimeout(800);
          await finish(page);
          const cmi = await readCmi(page, v);
          if (model === 'package') records.vectors = kept(v, cmi); else records[id] = kept(v, cmi);
        }
        // Lesson 1 again, from the record the LMS keeps for it.
        await page.goto(lmsUrl(server, { v, what: 'course', lesson: 'vectors', saved: recordOf('vectors') }));
        const lesson = lessonIn(page);
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        // (The exercises take their marks a moment after the lesson is ready.)
        await lesson.locator('[data-exercise][data-status]').nth(plans.vectors.defs.length - 1).waitFor({ timeout: 10000 });
        for (const def of plans.vectors.defs) assert.equal(await lesson.locator(`[data-exercise="${def.id}"]`).getAttribute('data-status'), 'correct', `${def.id} after relaunch`);
        await lesson.locator('.step-player').first().locator('.btn-secondary, .btn').first().click();
        await page.waitForTimeout(800);
        const cmi = await readCmi(page, v);
        const status = v === '1.2' ? cmi.core.lesson_status : `${cmi.completion_status}/${cmi.success_status}`;
        const raw = String(v === '1.2' ? cmi.core.score.raw : cmi.score.raw);
        const location = v === '1.2' ? cmi.core.lesson_location : cmi.location;
        const obj = objectivesOf(cmi);
        if (model === 'package') {
          // The course: vectors 100, probability 80 (4 of 5; its "make" not reached), the rest 0.
          assert.equal(raw, String(Math.round((100 + 80) / COURSE_SIZE)));
          assert.equal(status, v === '1.2' ? 'incomplete' : 'incomplete/unknown');
          assert.deepEqual(Object.keys(obj).sort(), ['probability', 'vectors']);
          assert.equal(String(obj.probability.score.raw), '80');
        } else {
          assert.equal(raw, '100');
          assert.equal(status, v === '1.2' ? 'passed' : 'completed/passed');
          assert.deepEqual(Object.keys(obj), ['vectors']);
        }
        assert.equal(String(obj.vectors.score.raw), '100');
        assert.equal(v === '1.2' ? obj.vectors.status : obj.vectors.success_status, 'passed');
        if (v === '2004') assert.match(obj.vectors.description, /^\{lang=en\}/);
        assert.match(location, /^lesson=vectors&step=\d+$/);
        assert.equal(await page.frames()[1].locator('#scorm-status').isHidden(), true);
        console.log(`# SCORM ${v}, one record per ${model}: status ${status}, score ${raw}, location ${location}, objectives ${JSON.stringify(Object.values(obj).map((o) => [o.id, v === '1.2' ? o.status : o.success_status, o.score.raw]))}; suspend data ${cmi.suspend_data.length} characters`);
        assert.deepEqual(issues.pageErrors, []);
      } finally {
        await context.close();
      }
    });

  // Closed at once or 100 ms after an answer: what the LMS committed last
  // holds the answer and the score it earned.
  for (const [v, wait] of [['1.2', 0], ['2004', 100]])
    test(`SCORM ${v}: the LMS window closed ${wait ? `${wait} ms` : 'at once'} after an answer: the last commit holds the answer and the score`, async () => {
      const server = await lms.serve();
      const plan = await lessonPlan('softmax');
      const i = plan.defs.findIndex((d) => d.id === 'entry-compute');
      const { context, page, issues } = await openWatched(env.browser);
      try {
        await page.goto(lmsUrl(server, { v, what: 'softmax', saved: { suspend_data: plan.start }, store: 'closed' }));
        const lesson = lessonIn(page);
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        const card = lesson.locator('[data-exercise="entry-compute"]');
        await card.locator('input.ex-input').fill([].concat(plan.insts[i].answer).map((x) => x.toFixed(plan.insts[i].digits)).join(', '));
        await card.locator('.ex-actions button').click();
        if (wait) await page.waitForTimeout(wait);
        await page.close({ runBeforeUnload: true });
        const reader = await context.newPage();
        await reader.goto(`${server.url}blank.html`);
        const cmi = JSON.parse(await reader.evaluate(() => localStorage.getItem('lms-closed')));
        // The "make" exercise, reached by the example values, then the answer.
        const inter = list(cmi.interactions);
        assert.deepEqual(inter.map((x) => [x.id, x.result]), [['make-p1', 'correct'], ['entry-compute', 'correct']]);
        assert.equal(String(v === '1.2' ? cmi.core.score.raw : cmi.score.raw), String(Math.round(200 / plan.defs.length)));
        assert.match(new URLSearchParams(cmi.suspend_data).get('progress'), /^softmax\.[0-9a-z]+\.cc/);
        assert.equal(v === '1.2' ? cmi.core.exit : cmi.exit, 'suspend');
        assert.deepEqual(issues.pageErrors, []);
      } finally {
        await context.close();
      }
    });

  test('SCORM 2004: an LMS that refuses the first commits: the learner is told, the launcher tries again, the notice goes once the LMS takes it', async () => {
    const server = await lms.serve();
    const { context, page, issues } = await openWatched(env.browser);
    try {
      // Three refused commits: the launch's, and two tries 3 s apart.
      await page.goto(lmsUrl(server, { v: '2004', what: 'softmax', fault: 'commit-false-3' }));
      const note = page.frameLocator('iframe').locator('#scorm-status');
      await note.waitFor({ state: 'visible', timeout: 5000 });
      assert.match(await note.textContent(), /not being saved/);
      await note.waitFor({ state: 'hidden', timeout: 20000 });
      await lessonIn(page).locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      const cmi = await readCmi(page, '2004');
      assert.equal(cmi.completion_status, 'incomplete');
      assert.match(cmi.suspend_data, /^lesson=softmax/);
      assert.deepEqual(issues.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  // The practice lesson's three 16 x 16 matrices: 7,375 characters.
  for (const [v, lang] of [['1.2', 'zh-Hans'], ['2004', 'en']])
    test(`SCORM ${v} (${lang}): the practice lesson's largest matrices ${v === '1.2' ? 'fill 4,096 characters; the learner is told which will not be restored' : 'are kept whole'}`, async () => {
      const server = await lms.serve();
      const { context, page, issues } = await openWatched(env.browser);
      try {
        await page.goto(lmsUrl(server, { v, what: 'practice', lang }));
        const lesson = lessonIn(page);
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        const big = Array.from({ length: 16 }, (_, r) => Array.from({ length: 16 }, (_, c) => (-987.654 + r + c / 1000).toFixed(3)).join(', ')).join('\n');
        const fields = lesson.locator('textarea.matrix-text');
        for (let k = 0; k < 3; k++) { await fields.nth(k).fill(big); await fields.nth(k).blur(); }
        await page.waitForTimeout(1500);
        const cmi = await readCmi(page, v);
        const q = new URLSearchParams(cmi.suspend_data);
        const note = page.frames()[1].locator('#scorm-status');
        if (v === '1.2') {
          assert.ok(cmi.suspend_data.length <= 4096, String(cmi.suspend_data.length));
          assert.deepEqual(['Q', 'K', 'V'].map((k) => q.has(k)), [true, false, false]);
          assert.match(await note.textContent(), /4,096 个字符.*K、V将无法恢复/);
        } else {
          assert.deepEqual(['Q', 'K', 'V'].map((k) => q.get(k) && q.get(k).split(';').length), [16, 16, 16]);
          assert.equal(await note.isHidden(), true);
        }
        console.log(`# SCORM ${v} practice, three 16 x 16 matrices: suspend data ${cmi.suspend_data.length} characters`);
        assert.deepEqual(issues.pageErrors, []);
      } finally {
        await context.close();
      }
    });
});
