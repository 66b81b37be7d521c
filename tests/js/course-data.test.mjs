// The course data of every lesson (web/lessons/<id>/course.json, read by
// dist/lessons.json, the course map and the lesson page): prerequisites form
// a DAG in the chapter's order, every objective is checked by exercises that
// exist, both languages say the same number of things, and every reference
// key is in the bibliography (web/course/references.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const LESSONS = path.join(root, 'web', 'lessons');
const { REGISTRY } = await import(pathToFileURL(path.join(LESSONS, 'registry.js')).href);
const { REFERENCES } = await import(pathToFileURL(path.join(root, 'web', 'course', 'references.js')).href);
const LANGS = ['en', 'zh-Hans'];
const course = (id) => JSON.parse(fs.readFileSync(path.join(LESSONS, id, 'course.json'), 'utf8'));
const exerciseIds = async (id) => (await import(pathToFileURL(path.join(LESSONS, id, 'exercises.js')).href)).default.map((e) => e.id);

test('every lesson has course.json: minutes, steps, prerequisites earlier in the chapter, 2-4 objectives in both languages checked by its exercises, known references', async () => {
  const seen = [];
  for (const { id } of REGISTRY) {
    const file = path.join(LESSONS, id, 'course.json');
    assert.ok(fs.existsSync(file), `web/lessons/${id}/course.json is missing`);
    const c = course(id);
    assert.ok(Number.isInteger(c.minutes) && c.minutes >= 10 && c.minutes <= 90, `${id}: minutes ${c.minutes}`);
    // Its step player's count (checked against the lesson itself: tests/e2e/course-map.test.mjs).
    assert.ok(Number.isInteger(c.steps) && c.steps >= 1 && c.steps <= 30, `${id}: steps ${c.steps}`);
    // Earlier lessons only: the chapter's order is a topological order, so the graph has no cycle.
    for (const p of c.prereqs) assert.ok(seen.includes(p), `${id}: prerequisite ${p} is not an earlier lesson`);
    assert.equal(new Set(c.prereqs).size, c.prereqs.length, `${id}: a prerequisite twice`);
    const n = c.objectives.en.length;
    assert.ok(n >= 2 && n <= 4, `${id}: ${n} objectives`);
    for (const lang of LANGS) {
      assert.equal(c.objectives[lang].length, n, `${id}: objectives in ${lang}`);
      for (const o of c.objectives[lang]) assert.ok(typeof o === 'string' && o.trim().length > 5, `${id}: objective "${o}"`);
    }
    assert.equal(c.objectiveExercises.length, n, `${id}: objectiveExercises has one list per objective`);
    const ex = await exerciseIds(id);
    for (const list of c.objectiveExercises) {
      assert.ok(list.length >= 1, `${id}: an objective no exercise checks`);
      for (const e of list) assert.ok(ex.includes(e), `${id}: objective exercise ${e} does not exist (${ex.join(', ')})`);
    }
    assert.ok(c.references.length >= 1, `${id}: no references`);
    for (const r of c.references) assert.ok(REFERENCES[r], `${id}: reference ${r} is not in web/course/references.js`);
    seen.push(id);
  }
});

test('the bibliography: authors, title, venue and year for each entry, every entry cited by a lesson', () => {
  const cited = new Set(REGISTRY.flatMap(({ id }) => course(id).references));
  for (const [key, r] of Object.entries(REFERENCES)) {
    assert.ok(Array.isArray(r.authors) && r.authors.length > 0, `${key}: authors`);
    for (const f of ['title', 'venue']) assert.ok(typeof r[f] === 'string' && r[f].length > 0, `${key}: ${f}`);
    assert.ok(Number.isInteger(r.year) && r.year > 1900, `${key}: year`);
    assert.ok(r.url === null || /^https:\/\//.test(r.url), `${key}: url`);
    assert.ok(cited.has(key), `${key} is cited by no lesson`);
  }
});

test("every lesson's instructor kit: a 50-minute plan, misconceptions tied to its exercises, discussion questions, the same in both languages", async () => {
  for (const { id } of REGISTRY) {
    const k = course(id).teacher;
    assert.ok(k, `${id}: course.json has no "teacher"`);
    const ex = await exerciseIds(id);
    for (const lang of LANGS) {
      const plan = k.plan[lang];
      assert.equal(plan.reduce((s, [m]) => s + m, 0), 50, `${id}: the ${lang} plan does not add up to 50 minutes`);
      for (const [m, text] of plan) assert.ok(Number.isInteger(m) && m > 0 && typeof text === 'string' && text.length > 5, `${id}: plan row ${m} ${text}`);
      assert.deepEqual(plan.map(([m]) => m), k.plan.en.map(([m]) => m), `${id}: the plans' minutes differ between languages`);
      assert.deepEqual(k.misconceptions[lang].map((m) => m.exercise), k.misconceptions.en.map((m) => m.exercise), `${id}: misconceptions differ between languages`);
      for (const m of k.misconceptions[lang]) assert.ok(ex.includes(m.exercise) && m.text.length > 5, `${id}: misconception of ${m.exercise}`);
      assert.ok(k.questions[lang].length >= 2 && k.questions[lang].length === k.questions.en.length, `${id}: questions in ${lang}`);
    }
    // One word for one thing (tests/js/lesson-layout.test.mjs).
    assert.doesNotMatch(JSON.stringify(course(id)), /√d(?![ₖ_])|内核/, `${id}: course.json writes √d or 内核`);
  }
});

// Only the open lesson's objectives, in the page's language, travel with a
// page: its strings script has them, app.js (every page's catalogue) none.
test("a lesson's objectives are in its strings script in that language, and in no page's app.js", () => {
  assert.ok(fs.existsSync(path.join(root, 'dist', 'app.js')), 'dist/app.js is missing: build first (npm run build; the js layer runs after the wasm layer builds dist/)');
  const app = fs.readFileSync(path.join(root, 'dist', 'app.js'), 'utf8');
  for (const { id } of REGISTRY) {
    const c = course(id);
    for (const lang of LANGS) {
      const script = fs.readFileSync(path.join(root, 'dist', 'lessons', `${id}.${lang}.js`), 'utf8');
      const other = fs.readFileSync(path.join(root, 'dist', 'lessons', `${id}.${LANGS.find((l) => l !== lang)}.js`), 'utf8');
      for (const o of c.objectives[lang]) {
        const text = JSON.stringify(o).slice(1, -1);
        assert.ok(script.includes(text), `${id}: dist/lessons/${id}.${lang}.js lacks the objective "${o}"`);
        assert.ok(!other.includes(text) && !app.includes(text), `${id}: the objective "${o}" is in app.js or the other language's script`);
      }
    }
  }
});
