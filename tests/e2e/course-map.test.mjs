// The course map (index.html without a lesson), progress that survives,
// mastery and next/previous (web/course/map*.js, mastery.js, review.js,
// lesson-end.js, web/state/stored-progress.js): the map in both languages
// (every lesson, its time and prerequisites, start here), answers kept
// across a reload without the URL, export then import into a fresh
// browser, mastery rising with right answers up to a re-check with new
// numbers, next/previous at a lesson's end, 360 px without sideways scroll.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describeWithBrowser, allLessons, LANGS, fileUrl, openWatched, allowFile, gotoReady, assertClean, runAxe, formatViolations, ROOT } from './helpers.mjs';

const require = createRequire(import.meta.url);
const lab = await require(path.join(ROOT, 'dist', 'attnlab.js')).load();
const load = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
const { instanceOf } = await load('web/lessons/shared/exercises/seed.js');
const { directEdges } = await load('web/course/map-graph.js');
const { REGISTRY } = await load('web/lessons/registry.js');
const SEED = 20261203;
const LESSONS = allLessons();
const course = (id) => JSON.parse(fs.readFileSync(path.join(ROOT, 'web/lessons', id, 'course.json'), 'utf8'));
// The map's strings: the shell's few (the menu) and its own (web/course/map-strings.json).
const MAP_STRINGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/course/map-strings.json'), 'utf8'));
const shell = (lang) => {
  const s = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/i18n', `${lang}.json`), 'utf8'));
  return { ...s, map: { ...s.map, ...MAP_STRINGS[lang] } };
};
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
const typed = (x, digits) => [].concat(x).map((v) => v.toFixed(digits)).join(', ');
const title = (id, lang) => LESSONS.find((l) => l.id === id).title[lang];
const exTitle = (id, ex, lang) => JSON.parse(fs.readFileSync(path.join(ROOT, 'web/lessons', id, 'strings.json'), 'utf8'))[lang].ex[ex].title.replace(/\{\w+\}/g, '…');

// Answers exercise `def` of the open lesson right (or wrong) at `seed`.
async function answer(page, def, seed, right = true) {
  const inst = instanceOf(def, seed, lab);
  const card = page.locator(`[data-exercise="${def.id}"]`);
  await card.scrollIntoViewIfNeeded();
  if (def.kind === 'compute') {
    await card.locator('input.ex-input').fill(typed(right ? inst.answer : [].concat(inst.answer).map((v) => v + 1), inst.digits));
  } else {
    await card.locator(`input[type=radio][value="${right ? inst.answer : inst.choices.find((c) => c !== inst.answer)}"]`).check();
  }
  await card.locator('.ex-actions button').click();
  assert.equal(await card.getAttribute('data-status'), right ? 'correct' : 'wrong', `${def.id} at seed ${seed}`);
}
// The map and a lesson's end block are a script of their own (dist/lessons/map.js), drawn once it is here.
async function gotoMap(page, url) { await gotoReady(page, url); await page.waitForSelector('.map-list'); }
async function gotoLesson(page, url) { await gotoReady(page, url); await page.waitForSelector('.lesson-end'); }
const levelAtEnd = (page) => page.locator('.lesson-end').getAttribute('data-level');
const noSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describeWithBrowser('course map: the start page, progress kept in the browser, mastery, next/previous', { concurrency: 2 }, (env) => {
  test('the map in both languages: every lesson with its time, summary and prerequisites (graph and list), start here, the menu; 360 px', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      for (const lang of LANGS) {
        const M = shell(lang).map;
        await page.setViewportSize({ width: 1280, height: 900 });
        await gotoMap(page, fileUrl('index.html', `lang=${lang}`));
        assert.equal((await page.locator('h1#map-title').textContent()).trim(), M.title);
        assert.equal(await page.locator('.toc-map a[aria-current="page"]').textContent(), `◇${M.menu}`);
        const ids = await page.locator('.map-list .map-lesson').evaluateAll((els) => els.map((e) => e.dataset.lesson));
        assert.deepEqual(ids, LESSONS.map((l) => l.id), 'the list: every lesson, in order');
        assert.deepEqual(await page.locator('svg.map-graph .map-node').evaluateAll((els) => els.map((e) => e.dataset.lesson)), ids, 'the graph: every lesson');
        const graphEdges = await page.locator('svg.map-graph .map-edge').evaluateAll((els) => els.map((e) => `${e.dataset.from}>${e.dataset.to}`));
        const withCourse = LESSONS.map((l, k) => ({ ...l, summary: REGISTRY[k].summary, course: course(l.id) }));
        assert.deepEqual(graphEdges.sort(), directEdges(withCourse).map(([a, b]) => `${a}>${b}`).sort());
        // Every prerequisite is an arrow or reached through arrows; the list names each.
        const reach = (from, to) => graphEdges.some((e) => e === `${from}>${to}` || (e.startsWith(`${from}>`) && reach(e.split('>')[1], to)));
        for (const l of withCourse) {
          const card = page.locator(`.map-lesson[data-lesson="${l.id}"]`);
          const text = await card.textContent();
          assert.ok(text.includes(l.title[lang]) && text.includes(l.summary[lang]), `${l.id}: title and summary`);
          assert.ok(text.includes(fill(M.minutes, { n: l.course.minutes })), `${l.id}: minutes`);
          assert.deepEqual(await card.locator('.map-prereq').evaluateAll((els) => els.map((e) => e.dataset.prereq)), l.course.prereqs, `${l.id}: prerequisites listed`);
          for (const p of l.course.prereqs) assert.ok(reach(p, l.id), `${p} -> ${l.id} in the graph`);
          if (!l.course.prereqs.length) assert.ok(text.includes(M.noPrereqs));
          assert.equal(await card.locator('.map-level').getAttribute('data-level'), 'none');
        }
        assert.equal((await page.locator('.map-start').textContent()).trim(), fill(M.start, { title: title('vectors', lang) }));
        assert.equal(await page.locator('.map-continue').count(), 0, 'nothing to continue yet');
        assert.ok(await noSideways(page));
        const v = await runAxe(page);
        assert.equal(v.length, 0, `${lang}: axe on the map\n${formatViolations(v)}`);
        await page.setViewportSize({ width: 360, height: 800 });
        assert.ok(await noSideways(page), `${lang}: 360 px, no sideways scroll`);
        assert.ok(!(await page.locator('.map-graph-wrap').isVisible()) && await page.locator('.map-list').isVisible(), 'a phone: the list');
      }
      // Keyboard: a node of the graph is a link; Enter opens its lesson in place.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.locator('.map-node[data-lesson="softmax"]').focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('h1#lesson-title');
      assert.equal(new URL(page.url()).searchParams.get('lesson'), 'softmax');
      // Start here, from the menu's map entry.
      await page.locator('.toc-map a').click();
      await page.locator('.map-start').click();
      await page.waitForSelector('h1#lesson-title');
      assert.equal(new URL(page.url()).searchParams.get('lesson'), 'vectors');
      assertClean(issues, 'the course map');
    } finally {
      await context.close();
    }
  });

  test('mastery rises with right answers to mastered after a re-check with new numbers; kept across a reload without the URL; next/previous', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    const M = shell('en').map;
    const defs = (await load('web/lessons/circuits/exercises.js')).default;
    assert.equal(defs.length, 4, 'circuits: four exercises');
    try {
      await gotoLesson(page, fileUrl('index.html', `lesson=circuits&xseed=${SEED}`));
      assert.equal(await levelAtEnd(page), 'none');
      const want = ['attempted', 'familiar', 'familiar', 'proficient'];
      for (const [i, def] of defs.entries()) {
        await answer(page, def, SEED);
        assert.equal(await levelAtEnd(page), want[i], `after ${i + 1} right`);
      }
      // Next / previous, with what the next one builds on.
      const next = page.locator('.lesson-end-next');
      assert.equal((await next.locator('a').textContent()).trim(), fill(M.next, { title: title('svd', 'en') }));
      const builds = course('svd').prereqs.map((p) => title(p, 'en')).join(', ');
      assert.equal((await next.locator('.lesson-end-builds').textContent()).trim(), fill(M.nextBuildsOn, { titles: builds }));
      assert.equal((await page.locator('.lesson-end-prev a').textContent()).trim(), fill(M.previous, { title: title('training', 'en') }));
      const v = await runAxe(page, { include: [['.lesson-end']] });
      assert.equal(v.length, 0, `axe on the lesson's end\n${formatViolations(v)}`);
      await next.locator('a').click();
      await page.waitForFunction(() => new URLSearchParams(location.search).get('lesson') === 'svd');
      await page.waitForSelector('.lesson-end-prev a[data-lesson="circuits"]');

      // No query at all: the map shows what was done, and where to continue.
      await gotoMap(page, fileUrl('index.html'));
      const card = page.locator('.map-lesson[data-lesson="circuits"]');
      assert.equal(await card.locator('.map-level').getAttribute('data-level'), 'proficient');
      assert.ok((await card.textContent()).includes(fill(M.exercisesRight, { correct: 4, n: 4 })));
      // Steps seen of the lesson's steps (course.json "steps", in the catalogue).
      const seenRe = new RegExp(fill(M.stepsSeen.replace(/[.*+?^$()|[\]\\]/g, '\\$&'), { n: '(\\d+)', total: course('circuits').steps }));
      const seen = seenRe.exec(await card.locator('.map-progress-text').textContent());
      assert.ok(seen && +seen[1] >= 1 && +seen[1] <= course('circuits').steps, `steps seen of ${course('circuits').steps}: ${seen}`);
      assert.equal(await page.locator('.map-node[data-lesson="circuits"]').getAttribute('data-level'), 'proficient');
      assert.equal(await page.locator('.map-continue').getAttribute('data-lesson'), 'svd');
      // The lesson without progress in its link: the marks are there.
      await gotoLesson(page, fileUrl('index.html', 'lesson=circuits'));
      assert.deepEqual(await page.locator('.exercise').evaluateAll((els) => els.map((e) => e.dataset.status)), ['correct', 'correct', 'correct', 'correct']);
      assert.ok(new URLSearchParams(new URL(page.url()).search).get('progress').includes('circuits.'), 'written back to the URL');

      // Re-check with new numbers: a fresh seed, the first exercise; right again -> mastered.
      await page.locator('.lesson-end .map-recheck').click();
      await page.waitForFunction((s) => { const q = new URLSearchParams(location.search); return q.get('xseed') !== s && q.get('exercise') === 'prev-compute'; }, String(SEED));
      const fresh = Number(new URL(page.url()).searchParams.get('xseed'));
      await settledLesson(page);
      for (const [i, def] of defs.entries()) {
        await answer(page, def, fresh);
        assert.equal(await levelAtEnd(page), i === defs.length - 1 ? 'mastered' : 'proficient');
      }
      await page.locator('.lesson-end-map a').click();
      await page.waitForSelector('h1#map-title');
      assert.equal(await page.locator('.map-lesson[data-lesson="circuits"] .map-level').getAttribute('data-level'), 'mastered');
      assert.equal((await page.locator('.map-lesson[data-lesson="circuits"] .map-level').textContent()).trim(), M.level.mastered);
      assertClean(issues, 'mastery');
    } finally {
      await context.close();
    }
  });

  test('export, then import into a fresh browser (a bad file changes nothing); the review list opens exercises with new numbers', async () => {
    const a = await openWatched(env.browser, { allowed: allowFile });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-progress-'));
    const defs = (await load('web/lessons/circuits/exercises.js')).default;
    const Z = shell('zh-Hans').map;
    let exported;
    try {
      await gotoReady(a.page, fileUrl('index.html', `lesson=circuits&xseed=${SEED}`));
      await answer(a.page, defs[0], SEED, false);
      await answer(a.page, defs[1], SEED);
      await gotoMap(a.page, fileUrl('index.html', 'lang=zh-Hans'));
      const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.locator('.map-export').click()]);
      assert.match(download.suggestedFilename(), /^attention-lab-progress-\d{4}-\d{2}-\d{2}\.json$/);
      exported = path.join(dir, download.suggestedFilename());
      await download.saveAs(exported);
      assertClean(a.issues, 'export');
    } finally {
      await a.context.close();
    }
    const file = JSON.parse(fs.readFileSync(exported, 'utf8'));
    assert.equal(file.format, 'attention-lab-progress');
    assert.equal(file.lessons.circuits.marks, 'wc');
    assert.equal(file.answers[`circuits/${defs[1].id}`].seed, SEED);
    assert.equal(file.last, 'circuits');
    // One more answer, right but nine days ago: due for review.
    const old = Date.now() - 9 * 24 * 3600 * 1000;
    file.lessons.circuits.marks = 'wcc';
    file.answers[`circuits/${defs[2].id}`] = { at: old, seed: 5, ok: true, first: { at: old, seed: 5 } };
    const edited = path.join(dir, 'edited.json');
    fs.writeFileSync(edited, JSON.stringify(file));
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ ...file, lessons: { circuits: { seen: 0, marks: 'q' } } }));

    const b = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoMap(b.page, fileUrl('index.html', 'lang=zh-Hans'));
      await b.page.locator('#map-import').setInputFiles(bad);
      await b.page.waitForSelector('.map-transfer-message.error-box');
      assert.equal((await b.page.locator('.map-transfer-message').textContent()).trim(), fill(Z.file.bad, { file: 'bad.json', detail: 'circuits' }));
      assert.equal(await b.page.locator('.map-lesson[data-lesson="circuits"] .map-level').getAttribute('data-level'), 'none', 'a bad file changes nothing');
      await b.page.locator('#map-import').setInputFiles(edited);
      await b.page.waitForFunction(() => document.querySelector('.map-lesson[data-lesson="circuits"] .map-level').dataset.level === 'familiar');
      assert.equal((await b.page.locator('.map-transfer-message').textContent()).trim(), fill(Z.imported, { file: 'edited.json' }));
      assert.equal(await b.page.locator('.map-continue').getAttribute('data-lesson'), 'circuits');
      const review = await b.page.locator('.map-review-item').evaluateAll((els) => els.map((e) => `${e.dataset.exercise}:${e.dataset.why}`));
      assert.deepEqual(review, [`${defs[0].id}:wrong`, `${defs[2].id}:old`]);
      // Named by the exercises' titles (in the map's language; a title's numbers are the review's new ones: "…").
      await b.page.waitForFunction(() => [...document.querySelectorAll('.map-review-item a')].every((a) => 'titled' in a.dataset));
      assert.deepEqual(await b.page.locator('.map-review-item a').evaluateAll((els) => els.map((e) => e.textContent)),
        [exTitle('circuits', defs[0].id, 'zh-Hans'), exTitle('circuits', defs[2].id, 'zh-Hans')]);
      // Kept in this browser too: a reload without the URL still has it.
      await gotoMap(b.page, fileUrl('index.html', 'lang=zh-Hans'));
      assert.equal(await b.page.locator('.map-review-item').count(), 2);
      await b.page.locator('.map-review-item a').first().click();
      await b.page.waitForFunction((id) => new URLSearchParams(location.search).get('exercise') === id, defs[0].id);
      const q = new URL(b.page.url()).searchParams;
      assert.equal(q.get('lesson'), 'circuits');
      assert.notEqual(q.get('xseed'), String(SEED), 'new numbers');
      await b.page.waitForFunction((id) => document.activeElement && document.activeElement.dataset.exercise === id, defs[0].id);
      assert.ok(await noSideways(b.page));
      assertClean(b.issues, 'import');
    } finally {
      await b.context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The re-checked lesson has mounted (its exercise focused).
async function settledLesson(page) {
  await page.waitForSelector('.exercise[data-exercise="prev-compute"] .ex-actions button');
}
