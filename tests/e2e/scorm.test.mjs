// SCORM packages (dist/scorm/, scripts/build-scorm.mjs) in a SCORM runtime:
// every package unzipped, its imsmanifest.xml checked against the elements
// SCORM 1.2 and 2004 4th edition require (identifiers resolve, every file it
// names is in the zip and every file of the zip is named). Then the softmax
// packages of both versions, run by a test LMS page that provides the API
// from scorm-again (a real SCORM runtime): the learner steps through the
// lesson and answers every exercise right; the values the runtime recorded
// (status, score, location, suspend_data, session time) are checked; a
// relaunch with the recorded data puts the learner back where they left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { describeWithBrowser, openWatched, allLessons, ROOT } from './helpers.mjs';
import { lab, load, instanceOf, SEED, LESSON } from './lms-packages.mjs';
import { scormLms, lmsUrl as lmsAddress, readCmi, lessonIn } from './scorm-lms.mjs';

const lessons = allLessons();
const lms = scormLms();
const { work, packages } = lms;

const kindOf = (p) => (p.includes('.scorm2004.') ? '2004' : '1.2');

describeWithBrowser('SCORM packages in a SCORM runtime (scorm-again)', { concurrency: 1 }, (env) => {
  let server = null;

  test(`dist/scorm/ has the 1.2 and 2004 packages of every lesson and of the course, in both languages (${packages.length})`, () => {
    const want = [];
    for (const lang of ['', '.zh-Hans'])
      for (const kind of ['scorm12', 'scorm2004'])
        for (const what of [...lessons.map((l) => l.id), 'course']) want.push(`attention-lab-${what}${lang}.${kind}.zip`);
    assert.deepEqual(packages, want.sort());
  });

  test('every imsmanifest.xml has the required elements, resolving identifiers, and lists exactly the files of its zip', async () => {
    const { context, page } = await openWatched(env.browser);
    try {
      for (const p of packages) {
        const dir = path.join(work, p.replace(/\.zip$/, ''));
        const xml = fs.readFileSync(path.join(dir, 'imsmanifest.xml'), 'utf8');
        const files = [];
        const walk = (d, rel = '') => { for (const e of fs.readdirSync(d, { withFileTypes: true })) e.isDirectory() ? walk(path.join(d, e.name), `${rel}${e.name}/`) : files.push(rel + e.name); };
        walk(dir);
        const r = await page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
          const m = doc.documentElement;
          const all = (sel) => [...m.getElementsByTagName(sel)];
          const orgs = m.getElementsByTagName('organizations')[0];
          return {
            root: m.localName, ns: m.namespaceURI, identifier: m.getAttribute('identifier'),
            schema: (all('schema')[0] || {}).textContent, schemaversion: (all('schemaversion')[0] || {}).textContent,
            defaultOrg: orgs && orgs.getAttribute('default'), orgIds: all('organization').map((o) => o.getAttribute('identifier')),
            orgTitle: (all('organization')[0].getElementsByTagName('title')[0] || {}).textContent,
            items: all('item').map((i) => ({ id: i.getAttribute('identifier'), ref: i.getAttribute('identifierref'), title: (i.getElementsByTagName('title')[0] || {}).textContent })),
            resources: all('resource').map((res) => ({
              id: res.getAttribute('identifier'), type: res.getAttribute('type'), href: res.getAttribute('href'),
              scormType: res.getAttribute('adlcp:scormtype') || res.getAttribute('adlcp:scormType'),
              files: [...res.getElementsByTagName('file')].map((f) => f.getAttribute('href')),
              deps: [...res.getElementsByTagName('dependency')].map((d) => d.getAttribute('identifierref')),
            })),
          };
        }, xml);
        assert.ok(!r.error, `${p}: ${r.error}`);
        const v12 = kindOf(p) === '1.2';
        assert.equal(r.root, 'manifest');
        assert.equal(r.ns, v12 ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1', `${p}: namespace`);
        assert.ok(r.identifier, `${p}: manifest identifier`);
        assert.equal(r.schema, 'ADL SCORM');
        assert.equal(r.schemaversion, v12 ? '1.2' : '2004 4th Edition');
        assert.ok(r.orgIds.includes(r.defaultOrg), `${p}: the default organization exists`);
        assert.ok(r.orgTitle, `${p}: organization title`);
        const resIds = new Set(r.resources.map((x) => x.id));
        const course = p.includes('-course');
        assert.equal(r.items.length, course ? lessons.length : 1, `${p}: one item per lesson`);
        const zh = p.includes('.zh-Hans.');
        for (const [k, it] of r.items.entries()) {
          assert.ok(resIds.has(it.ref), `${p}: item ${it.id} refers to a resource`);
          const l = course ? lessons[k] : lessons.find((x) => p.startsWith(`attention-lab-${x.id}.`));
          assert.equal(it.title, l.title[zh ? 'zh-Hans' : 'en'], `${p}: item title in the package's language`);
        }
        for (const res of r.resources) {
          assert.equal(res.type, 'webcontent');
          assert.ok(res.scormType === 'sco' || res.scormType === 'asset', `${p}: ${res.id} scorm type`);
          if (res.scormType === 'sco') assert.ok(res.href && res.files.includes(res.href), `${p}: ${res.id} launches a file it lists`);
          for (const d of res.deps) assert.ok(resIds.has(d), `${p}: dependency ${d}`);
        }
        const listed = new Set(r.resources.flatMap((x) => x.files));
        assert.deepEqual(files.filter((f) => f !== 'imsmanifest.xml').sort(), [...listed].sort(), `${p}: zip files = manifest files`);
      }
    } finally {
      await context.close();
    }
  });

  const serve = async () => (server = await lms.serve());

  // Item analysis: each try of an exercise is an interaction, in each
  // standard's own vocabulary and formats, committed when it is made.
  for (const [v, lang] of [['1.2', 'en'], ['2004', 'en'], ['2004', 'zh-Hans']]) {
    test(`SCORM ${v} (${lang}): each answer is a cmi.interactions record (id, type, response, result, latency, time${v === '2004' ? ', description' : ''}), committed at once`, async () => {
      await serve();
      const zh = lang === 'zh-Hans' ? '.zh-Hans' : '';
      const pkg = `attention-lab-${LESSON}${zh}.${v === '1.2' ? 'scorm12' : 'scorm2004'}`;
      const defs = (await load(`web/lessons/${LESSON}/exercises.js`)).default;
      const strings = JSON.parse(fs.readFileSync(path.join(ROOT, `web/lessons/${LESSON}/strings.json`), 'utf8'))[lang];
      const ci = defs.findIndex((d) => d.id === 'entry-compute'), xi = defs.findIndex((d) => d.id === 'shift-explain');
      const comp = instanceOf(defs[ci], SEED, lab), expl = instanceOf(defs[xi], SEED, lab);
      const saved = { suspend_data: `lesson=${LESSON}&lang=${lang}&xseed=${SEED}` };
      const { context, page, issues } = await openWatched(env.browser);
      try {
        await page.goto(`${server.url}lms.html?v=${v}&pkg=${pkg}&launch=launch-${LESSON}.html&saved=${encodeURIComponent(JSON.stringify(saved))}`);
        await page.evaluate(() => { window.commitsAt = []; const api = window.API_1484_11 || window.API; const c = api.LMSCommit ? 'LMSCommit' : 'Commit'; const f = api[c]; api[c] = (...a) => { window.commitsAt.push(JSON.parse(JSON.stringify(api.cmi.interactions))); return f(...a); }; });
        const lesson = page.frameLocator('iframe').frameLocator('iframe.scorm-lesson');
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        const card = lesson.locator('[data-exercise="entry-compute"]');
        const right = [].concat(comp.answer).map((x) => x.toFixed(comp.digits));
        const wrong = [].concat(comp.answer).map((x) => (x + 0.5).toFixed(comp.digits));
        await card.locator('input.ex-input').fill(wrong.join(', '));
        await card.locator('.ex-actions button').click();
        // Committed with the answer, not on the lesson's debounced progress.
        await page.waitForFunction(() => window.commitsAt.some((x) => JSON.stringify(x).includes('entry-compute')), null, { timeout: 300 });
        await page.waitForTimeout(300);
        await card.locator('input.ex-input').fill(right.join(', '));
        await card.locator('.ex-actions button').click();
        const wrongKey = expl.choices.find((c) => c !== expl.answer);
        const xcard = lesson.locator('[data-exercise="shift-explain"]');
        await xcard.locator(`input[value="${wrongKey}"]`).check();
        await xcard.locator('.ex-actions button').click();
        await page.waitForTimeout(600);
        const recs = await page.evaluate((ver) => {
          const api = ver === '2004' ? window.API_1484_11 : window.API;
          const n = +api[ver === '2004' ? 'GetValue' : 'LMSGetValue']('cmi.interactions._count');
          return Array.from({ length: n }, (_, i) => JSON.parse(JSON.stringify(api.cmi.interactions.childArray[i])));
        }, v);
        assert.equal(recs.length, 3, JSON.stringify(recs));
        const vec = right.length > 1;
        const fmt = (xs) => xs.map((x) => String(Number(x))).join(v === '2004' ? '[,]' : ',');
        const resp = (r) => (v === '2004' ? r.learner_response : r.student_response);
        for (const [r, want, given] of [[recs[0], 'wrong', wrong], [recs[1], 'correct', right]]) {
          assert.equal(r.id, 'entry-compute');
          assert.equal(r.type, vec ? 'fill-in' : 'numeric');
          assert.equal(resp(r), fmt(given));
          assert.equal(r.result, v === '2004' && want === 'wrong' ? 'incorrect' : want);
        }
        assert.equal(recs[2].id, 'shift-explain');
        assert.equal(recs[2].type, 'choice');
        assert.equal(resp(recs[2]), v === '2004' ? wrongKey : 'abcdefghijklmnopqrstuvwxyz'[expl.definedChoices.indexOf(wrongKey)]);
        assert.equal(recs[2].result, v === '2004' ? 'incorrect' : 'wrong');
        for (const r of recs) {
          if (v === '1.2') {
            assert.match(r.time, /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
            assert.match(r.latency, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
            assert.equal(r.description, undefined);
          } else {
            assert.match(r.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{2}([+-]\d{2}:\d{2})$/);
            assert.match(r.latency, /^PT\d+H\d+M\d+(\.\d{1,2})?S$/);
            assert.equal(r.description, `{lang=${lang}}${strings.ex[r.id].title}`);
          }
        }
        // The second try's latency counts from the first (at least the 300 ms waited).
        const secs = (x) => (v === '2004' ? Number(/M([\d.]+)S$/.exec(x)[1]) : Number(x.split(':')[2]));
        assert.ok(secs(recs[1].latency) >= 0.3, recs[1].latency);
        assert.equal(await page.frames()[1].locator('#scorm-status').isHidden(), true, 'no write was refused');
        console.log(`# SCORM ${v} ${lang} interactions: ${JSON.stringify(recs)}`);
        assert.deepEqual(issues.pageErrors, []);
        assert.deepEqual(issues.consoleErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  // A "make" reached with the lesson's controls: a performance record with the values that reached it.
  for (const v of ['1.2', '2004']) {
    test(`SCORM ${v}: a "make" exercise reached is a performance interaction with the lesson's values`, async () => {
      await serve();
      const defs = (await load(`web/lessons/${LESSON}/exercises.js`)).default;
      const def = defs.find((d) => d.kind === 'make');
      const make = instanceOf(def, SEED, lab);
      const saved = { suspend_data: `lesson=${LESSON}&lang=en&xseed=${SEED}&z=${make.example.z.join(',')}` };
      const { context, page, issues } = await openWatched(env.browser);
      try {
        await page.goto(lmsUrl(v, saved));
        const lesson = lessonIn(page);
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        await lesson.locator(`[data-exercise="${def.id}"][data-status="correct"]`).waitFor({ timeout: 10000 });
        await page.waitForTimeout(300);
        const recs = await page.evaluate((ver) => {
          const api = ver === '2004' ? window.API_1484_11 : window.API;
          return api.cmi.interactions.childArray.map((r) => JSON.parse(JSON.stringify(r)));
        }, v);
        const r = recs.find((x) => x.id === def.id);
        assert.ok(r, JSON.stringify(recs));
        assert.equal(r.type, 'performance');
        assert.equal(r.result, 'correct');
        const z = make.example.z.join(',');
        if (v === '1.2') assert.match(r.student_response, new RegExp(`(^|;)z=${z.replace(/\./g, '\\.')}(;|$)`));
        else {
          assert.match(r.learner_response, new RegExp(`(^|\\[,\\])z\\[\\.\\]${z.replace(/\./g, '\\.')}(\\[,\\]|$)`));
          assert.match(r.learner_response, /(^|\[,\])T\[\.\]1(\[,\]|$)/);
        }
        assert.equal(await page.frames()[1].locator('#scorm-status').isHidden(), true, 'no write was refused');
        console.log(`# SCORM ${v} make interaction: ${JSON.stringify(r)}`);
        assert.deepEqual(issues.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  const lmsUrl = (v, saved, { lang = 'en', fault = '', mastery = null } = {}) => lmsAddress(server, { v, what: LESSON, lang, saved, fault, mastery });

  // Nothing earned is lost by opening the lesson again: the LMS holds
  // passed / 100 and a fresh view (no suspend data, or data it cannot use)
  // reports no less.
  for (const v of ['1.2', '2004']) {
    test(`SCORM ${v}: a learner who passed and reopens keeps the status and score the LMS holds (suspend data lost, garbage or another lesson's)`, async () => {
      await serve();
      for (const suspend of [null, '%%garbage{"x":1}', 'lesson=vectors&lang=en&progress=vectors.1.c']) {
        const held = v === '1.2' ? { core: { lesson_status: 'passed', score: { raw: '100', min: '0', max: '100' } } }
          : { completion_status: 'completed', success_status: 'passed', score: { scaled: '1', raw: '100', min: '0', max: '100' } };
        const saved = suspend === null ? held : { ...held, suspend_data: suspend };
        const { context, page, issues } = await openWatched(env.browser);
        try {
          await page.goto(lmsUrl(v, saved));
          await lessonIn(page).locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
          // A step forward: the lesson's progress (0 answered) reaches the LMS.
          await lessonIn(page).locator('.step-player').first().locator('.btn-primary').click();
          await page.waitForTimeout(1200);
          const cmi = await readCmi(page, v);
          if (v === '1.2') {
            assert.equal(cmi.core.lesson_status, 'passed');
            assert.equal(String(cmi.core.score.raw), '100');
          } else {
            assert.equal(cmi.completion_status, 'completed');
            assert.equal(cmi.success_status, 'passed');
            assert.equal(String(cmi.score.scaled), '1');
            assert.equal(String(cmi.score.raw), '100');
          }
          // Data it cannot use is ignored, and the learner told so.
          const note = page.frames()[1].locator('#scorm-status');
          if (suspend === null) assert.equal(await note.isHidden(), true);
          else assert.match(await note.textContent(), /could not be read, so it starts afresh/);
          assert.deepEqual(issues.pageErrors, []);
        } finally {
          await context.close();
        }
      }
    });
  }

  // A mastery score outside 0-100 is no pass mark: a lesson completed with
  // one exercise right of five fails against the default 80 %.
  for (const [v, mastery] of [['1.2', '-50'], ['1.2', 'abc'], ['2004', '-0.5']]) {
    test(`SCORM ${v}: a mastery score of "${mastery}" is ignored (a low score does not pass)`, async () => {
      await serve();
      const defs = (await load(`web/lessons/${LESSON}/exercises.js`)).default;
      const make = instanceOf(defs.find((d) => d.kind === 'make'), SEED, lab);
      const start = `lesson=${LESSON}&lang=en&xseed=${SEED}&z=${make.example.z.join(',')}`;
      const saved = v === '1.2' ? { suspend_data: start } : { suspend_data: start, scaled_passing_score: mastery };
      const { context, page } = await openWatched(env.browser);
      try {
        await page.goto(lmsUrl(v, saved, { mastery: v === '1.2' ? mastery : null }));
        const lesson = lessonIn(page);
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        const held = await page.evaluate((ver) => (ver === '2004' ? window.API_1484_11.cmi.scaled_passing_score : window.API.cmi.student_data.mastery_score), v);
        assert.equal(String(held), mastery, 'the LMS holds the mastery score');
        const next = lesson.locator('.step-player').first().locator('.btn-primary');
        while (!(await next.isDisabled())) await next.click();
        const insts = defs.map((d) => instanceOf(d, SEED, lab));
        for (const [i, def] of defs.entries()) {
          const card = lesson.locator(`[data-exercise="${def.id}"]`);
          if (def.kind === 'make') continue;
          if (def.kind === 'compute') await card.locator('input.ex-input').fill([].concat(insts[i].answer).map((x) => (x + 1).toFixed(insts[i].digits)).join(', '));
          else await card.locator(`input[value="${insts[i].choices.find((c) => c !== insts[i].answer)}"]`).check();
          await card.locator('.ex-actions button').click();
        }
        await page.waitForTimeout(1200);
        const cmi = await readCmi(page, v);
        if (v === '1.2') {
          assert.equal(cmi.core.lesson_status, 'failed');
          assert.equal(String(cmi.core.score.raw), String(Math.round(100 / defs.length)));
        } else {
          assert.equal(cmi.completion_status, 'completed');
          assert.equal(cmi.success_status, 'failed');
        }
      } finally {
        await context.close();
      }
    });
  }

  // An LMS that refuses writes: the learner is told, in their language,
  // that progress is not being saved, and the lesson goes on.
  for (const [v, lang, fault, words] of [['1.2', 'en', 'set-false', /not being saved/], ['2004', 'en', 'commit-false', /not being saved/], ['2004', 'zh-Hans', 'set-throw', /没有被保存/], ['1.2', 'zh-Hans', 'commit-throw', /没有被保存/]]) {
    const what = { 'set-false': 'SetValue returns "false"', 'commit-false': 'Commit returns "false"', 'set-throw': 'SetValue throws', 'commit-throw': 'Commit throws' }[fault];
    test(`SCORM ${v} (${lang}): an LMS whose ${what}: a visible notice says progress is not being saved; the lesson works`, async () => {
      await serve();
      const defs = (await load(`web/lessons/${LESSON}/exercises.js`)).default;
      const xi = defs.findIndex((d) => d.id === 'shift-explain');
      const expl = instanceOf(defs[xi], SEED, lab);
      const { context, page, issues } = await openWatched(env.browser);
      try {
        await page.goto(lmsUrl(v, { suspend_data: `lesson=${LESSON}&lang=${lang}&xseed=${SEED}` }, { lang, fault }));
        const lesson = lessonIn(page);
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        const card = lesson.locator('[data-exercise="shift-explain"]');
        await card.locator(`input[value="${expl.answer}"]`).check();
        await card.locator('.ex-actions button').click();
        assert.equal(await card.getAttribute('data-status'), 'correct');
        const note = page.frames()[1].locator('#scorm-status[role="status"]');
        await note.waitFor({ state: 'visible', timeout: 3000 });
        assert.match(await note.textContent(), words);
        assert.deepEqual(issues.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  for (const v of ['1.2', '2004']) {
    test(`SCORM ${v}: the runtime records status, score, location, suspend data and session time; a relaunch restores the lesson`, async () => {
      await serve();
      const pkg = `attention-lab-${LESSON}.${v === '1.2' ? 'scorm12' : 'scorm2004'}`;
      const defs = (await load(`web/lessons/${LESSON}/exercises.js`)).default;
      const insts = defs.map((d) => instanceOf(d, SEED, lab));
      const make = insts[defs.findIndex((d) => d.kind === 'make')];
      // The learner's first session starts from an LMS record whose suspend
      // data fixes the exercises' seed (so that this test knows the answers).
      const start = `lesson=${LESSON}&lang=en&xseed=${SEED}` + (make ? `&z=${make.example.z.join(',')}` : '');
      const url = (saved) => `${server.url}lms.html?v=${v}&pkg=${pkg}&launch=launch-${LESSON}.html&saved=${encodeURIComponent(JSON.stringify(saved))}`;
      const { context, page, issues } = await openWatched(env.browser);
      const getCmi = () => page.evaluate((ver) => JSON.parse(JSON.stringify((ver === '2004' ? window.API_1484_11 : window.API).cmi)), v);
      try {
        await page.goto(url({ suspend_data: start }));
        const lesson = page.frameLocator('iframe').frameLocator('iframe.scorm-lesson');
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        // Every step, then every exercise right.
        const next = lesson.locator('.step-player').first().locator('.btn-primary');
        while (!(await next.isDisabled())) await next.click();
        for (const [i, def] of defs.entries()) {
          const card = lesson.locator(`[data-exercise="${def.id}"]`);
          if (def.kind === 'make') continue;
          if (def.kind === 'compute') {
            await card.locator('input.ex-input').fill([].concat(insts[i].answer).map((x) => x.toFixed(insts[i].digits)).join(', '));
          } else await card.locator(`input[value="${insts[i].answer}"]`).check();
          await card.locator('.ex-actions button').click();
          assert.equal(await card.getAttribute('data-status'), 'correct', def.id);
        }
        await page.waitForTimeout(1200);  // the lesson's debounced events, the launcher's commit
        const cmi = await getCmi();
        const steps = await lesson.locator('.step-player').first().locator('.step-counter').textContent();
        const n = Number(/(\d+)\D*$/.exec(steps)[1]);
        if (v === '1.2') {
          assert.equal(cmi.core.lesson_status, 'passed');
          assert.equal(String(cmi.core.score.raw), '100');
          assert.equal(cmi.core.lesson_location, String(n));
        } else {
          assert.equal(cmi.completion_status, 'completed');
          assert.equal(cmi.success_status, 'passed');
          assert.equal(String(cmi.score.scaled), '1');
          assert.equal(cmi.location, String(n));
        }
        assert.equal(await page.frames()[1].locator('#scorm-status').isHidden(), true, 'no write was refused');
        const suspend = cmi.suspend_data;
        assert.match(suspend, new RegExp(`^lesson=${LESSON}&`));
        const sp = new URLSearchParams(suspend);
        assert.equal(sp.get('xseed'), String(SEED));
        assert.equal(sp.get('step'), String(n));
        assert.match(sp.get('progress'), new RegExp(`^${LESSON}\\.[0-9a-z]+\\.c{${defs.length}}$`));
        // Leaving: session time, exit, commit, finish.
        await page.frames()[1].evaluate(() => window.AttnLabScorm.finish());
        const done = await getCmi();
        const calls = await page.evaluate(() => window.lmsCalls);
        if (v === '1.2') {
          assert.match(done.core.session_time, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
          assert.deepEqual([calls[0], calls[calls.length - 1]], ['LMSInitialize', 'LMSFinish']);
        } else {
          assert.match(done.session_time, /^PT\d+H\d+M[\d.]+S$/);
          assert.deepEqual([calls[0], calls[calls.length - 1]], ['Initialize', 'Terminate']);
        }
        console.log(`# SCORM ${v} recorded: ${JSON.stringify(v === '1.2'
          ? { lesson_status: done.core.lesson_status, score: done.core.score, lesson_location: done.core.lesson_location, session_time: done.core.session_time, exit: done.core.exit, suspend_data: done.suspend_data }
          : { completion_status: done.completion_status, success_status: done.success_status, score: done.score, location: done.location, session_time: done.session_time, exit: done.exit, suspend_data: done.suspend_data })}`);
        // Relaunch with what the runtime recorded.
        await page.goto(url(v === '1.2' ? { suspend_data: suspend, core: { lesson_location: String(n) } } : { suspend_data: suspend, location: String(n) }));
        await lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        // (The exercises take their marks a moment after the lesson is ready.)
        await lesson.locator('[data-exercise][data-status]').nth(defs.length - 1).waitFor({ timeout: 10000 });
        for (const def of defs) if (def.kind !== 'make') assert.equal(await lesson.locator(`[data-exercise="${def.id}"]`).getAttribute('data-status'), 'correct', `${def.id} after relaunch`);
        assert.ok((await lesson.locator('.step-player').first().locator('.step-counter').textContent()).includes(String(n)), 'back at the last step');
        assert.deepEqual(issues.pageErrors, []);
        assert.deepEqual(issues.consoleErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  // A package has no course page: an embedded lesson's prerequisite and
  // glossary links (to index.html) are not made there (web/shell/main.js
  // coursePage); references stay links to their https pages.
  test("every link in a packaged lesson resolves to a file of its package or is external https (every lesson of the course package; a lesson's own, zh-Hans)", async () => {
    const { context, page, issues } = await openWatched(env.browser);
    try {
      const runs = [...lessons.map((l) => ['attention-lab-course.scorm12', l.id]), ['attention-lab-attention.zh-Hans.scorm2004', 'attention']];
      for (const [pkg, id] of runs) {
        const dir = path.join(work, pkg);
        await page.goto(pathToFileURL(path.join(dir, `launch-${id}.html`)).href);
        const frame = page.frameLocator('iframe.scorm-lesson');
        await frame.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
        assert.equal(await frame.locator('body').getAttribute('data-package'), 'lms', `${pkg}: its embed.html says it is packaged`);
        const hrefs = await frame.locator('a[href]').evaluateAll((els) => els.map((a) => a.href));
        for (const href of hrefs) {
          const u = new URL(href);
          if (u.protocol === 'https:') continue;
          assert.equal(u.protocol, 'file:', `${pkg} ${id}: ${href}`);
          const file = fileURLToPath(`file://${u.pathname}`);
          assert.ok(file.startsWith(dir + path.sep) && fs.existsSync(file), `${pkg} ${id}: a link to ${href}, not in the package`);
        }
        assert.equal(await frame.locator('.term-link').count(), 0, `${pkg} ${id}: glossary links`);
      }
      assert.deepEqual(issues.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('opened from disk with no LMS, the launcher says so once and runs the lesson', async () => {
    const { context, page, issues } = await openWatched(env.browser);
    try {
      await page.goto(pathToFileURL(path.join(work, `attention-lab-${LESSON}.zh-Hans.scorm12`, `launch-${LESSON}.html`)).href);
      await page.frameLocator('iframe.scorm-lesson').locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      assert.equal(await page.locator('#scorm-status:visible').count(), 1);
      assert.match(await page.locator('#scorm-status').textContent(), /学习管理系统/);
      assert.deepEqual(issues.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
