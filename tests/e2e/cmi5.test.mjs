// cmi5 packages (dist/cmi5/, scripts/build-cmi5.mjs) launched as an LMS
// launches them: every zip unzipped and its cmi5.xml checked (well formed,
// the course structure's namespace, unique ids, titles and descriptions in
// both languages, every AU's launch page in the zip). Then the softmax AU,
// opened by a test LMS page with the launch parameters of the LRS stub
// (tests/e2e/lrs-stub.mjs, its own origin), which checks every statement
// against the cmi5 rules: a learner answers every exercise right, exits
// and is back at the LMS's returnURL; a relaunch restores the lesson from
// the AU's state document; Browse mode sends no completed/passed; an LRS
// that answers 500 gets a notice in Chinese; a score below the LMS's mastery
// score fails on Exit; the course package's second AU
// launches, in the learner's preferred language.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describeWithBrowser, startTinyServer, openWatched, allLessons } from './helpers.mjs';
import { lab, load, instanceOf, SEED, LESSON, unpack } from './lms-packages.mjs';
import { startLrs, CATEGORY, MOVEON, SESSIONID, MASTERYSCORE } from './lrs-stub.mjs';

const IRI = 'https://attention-lab.example/cmi5/';
const lessons = allLessons();
const { work, packages, files: filesOf } = unpack('cmi5');
// The LMS: a page that frames the AU's launch URL (launchMethod AnyWindow),
// and the page its returnURL names.
const lmsPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test LMS</title><link rel="icon" href="data:,"></head><body>
<script>
  const frame = document.createElement('iframe');
  frame.src = new URLSearchParams(location.search).get('au');
  frame.style.cssText = 'width:100%;height:2000px;border:0';
  document.body.appendChild(frame);
</script></body></html>`;
const back = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back at the LMS</title></head><body><h1 id="back">Back at the LMS</h1></body></html>';

const defs = (await load(`web/lessons/${LESSON}/exercises.js`)).default;
const insts = defs.map((d) => instanceOf(d, SEED, lab));
const make = insts[defs.findIndex((d) => d.kind === 'make')];
// The AU's state at the first launch fixes the exercises' seed (so that the test knows the answers).
const START = { 'attnlab.suspend': { query: `lesson=${LESSON}&lang=en&xseed=${SEED}${make ? `&z=${make.example.z.join(',')}` : ''}` } };

describeWithBrowser('cmi5 packages launched by an LMS (an LRS stub that checks the cmi5 rules)', { concurrency: 1 }, (env) => {
  let server = null, lrs = null;
  after(async () => { await server?.close(); await lrs?.close(); });
  const serve = async (options = {}) => {
    server = server || await startTinyServer({ root: work, routes: { '/lms.html': { body: lmsPage }, '/back.html': { body: back } } });
    await lrs?.close();
    lrs = await startLrs(options);
  };
  const open = async (launch) => {
    const w = await openWatched(env.browser);
    await w.page.goto(`${server.url}lms.html?au=${encodeURIComponent(launch.url)}`);
    return { ...w, au: () => w.page.frames()[1], lesson: w.page.frameLocator('iframe').frameLocator('iframe.scorm-lesson') };
  };
  const verbs = (session) => lrs.statements.filter((s) => s.session === session).map((s) => s.statement.verb.id.replace(/^.*\//, ''));
  const until = async (what, ok) => { for (let t = Date.now(); !ok(); await new Promise((r) => setTimeout(r, 50))) if (Date.now() - t > 5000) assert.fail(`waited 5 s for ${what}`); };
  // Every step, then every exercise right but those of `wrong` (a make is reached by the z in the query).
  async function answerAll(lesson, wrong = []) {
    const next = lesson.locator('.step-player').first().locator('.btn-primary');
    while (!(await next.isDisabled())) await next.click();
    for (const [i, def] of defs.entries()) {
      if (def.kind === 'make') continue;
      const card = lesson.locator(`[data-exercise="${def.id}"]`);
      const off = wrong.includes(def.id) ? 1 : 0;
      if (def.kind === 'compute') await card.locator('input.ex-input').fill([].concat(insts[i].answer).map((x) => (x + off).toFixed(insts[i].digits)).join(', '));
      else await card.locator(`input[value="${off ? insts[i].choices.find((c) => c !== insts[i].answer) : insts[i].answer}"]`).check();
      await card.locator('.ex-actions button').click();
      assert.equal(await card.getAttribute('data-status'), off ? 'wrong' : 'correct', def.id);
    }
  }

  test(`dist/cmi5/ has a package of every lesson and of the course in both languages; every cmi5.xml is a valid course structure whose AUs launch files of its zip (${packages.length})`, async () => {
    const want = ['', '.zh-Hans'].flatMap((lang) => [...lessons.map((l) => l.id), 'course'].map((what) => `attention-lab-${what}${lang}.cmi5.zip`));
    assert.deepEqual(packages, want.sort());
    const { context, page } = await openWatched(env.browser);
    try {
      for (const p of packages) {
        const r = await page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
          const kids = (el, name) => [...el.children].filter((c) => c.localName === name);
          const strings = (el, name) => kids(kids(el, name)[0], 'langstring').map((s) => [s.getAttribute('lang'), s.textContent.trim()]);
          const root = doc.documentElement, course = kids(root, 'course')[0];
          return {
            root: root.localName, ns: root.namespaceURI, course: course.getAttribute('id'), title: strings(course, 'title'), description: strings(course, 'description'),
            aus: kids(root, 'au').map((a) => ({ id: a.getAttribute('id'), moveOn: a.getAttribute('moveOn'), masteryScore: a.getAttribute('masteryScore'), launchMethod: a.getAttribute('launchMethod'),
              url: kids(a, 'url')[0].textContent.trim(), title: strings(a, 'title'), description: strings(a, 'description'), ns: a.namespaceURI })),
          };
        }, fs.readFileSync(path.join(work, p.replace(/\.zip$/, ''), 'cmi5.xml'), 'utf8'));
        assert.ok(!r.error, `${p}: ${r.error}`);
        const zh = p.includes('.zh-Hans.'), first = zh ? 'zh-Hans' : 'en';
        const course = p.includes('-course.');
        const mine = course ? lessons : lessons.filter((l) => p.startsWith(`attention-lab-${l.id}.`));
        assert.equal(r.root, 'courseStructure');
        assert.equal(r.ns, 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd');
        assert.equal(r.course, course ? `${IRI}course` : `${IRI}course/${mine[0].id}`);
        assert.deepEqual(r.aus.map((a) => a.id), mine.map((l) => `${IRI}au/${l.id}`), `${p}: one AU per lesson, in order`);
        assert.equal(new Set([r.course, ...r.aus.map((a) => a.id)]).size, r.aus.length + 1, `${p}: unique ids`);
        for (const [what, ls] of [['course title', r.title], ['course description', r.description], ...r.aus.flatMap((a) => [[`${a.id} title`, a.title], [`${a.id} description`, a.description]])]) {
          assert.deepEqual(ls.map(([l]) => l), [first, zh ? 'en' : 'zh-Hans'], `${p}: ${what} in both languages, the package's first`);
          assert.ok(ls.every(([, t]) => t), `${p}: ${what} is not empty`);
        }
        for (const [k, a] of r.aus.entries()) {
          assert.deepEqual([a.moveOn, a.masteryScore, a.launchMethod, a.ns], ['CompletedAndPassed', '0.8', 'AnyWindow', r.ns]);
          assert.equal(a.title[0][1], mine[k].title[first]);
          assert.ok(filesOf[p].includes(a.url), `${p}: ${a.url} is in the zip`);
          const html = fs.readFileSync(path.join(work, p.replace(/\.zip$/, ''), a.url), 'utf8');
          assert.match(html, /connect-src http: https:;/, `${p}: ${a.url} may reach the LRS`);
          for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) assert.ok(filesOf[p].includes(src[1]), `${p}: ${a.url} loads ${src[1]}, in the zip`);
        }
        for (const f of ['embed.html', 'app.js', 'attnlab.js', 'cmi5/launch.js', ...mine.map((l) => `lessons/${l.id}.js`)]) assert.ok(filesOf[p].includes(f), `${p}: ${f}`);
      }
    } finally {
      await context.close();
    }
  });

  test('softmax in Normal mode: initialized, answered (each try), completed, passed, terminated on Exit, then the returnURL; a relaunch restores the lesson and reports nothing twice', async () => {
    await serve();
    const pkg = `attention-lab-${LESSON}.cmi5`;
    const au = `${server.url}${pkg}/launch-${LESSON}.html`, activityId = `${IRI}au/${LESSON}`;
    const first = lrs.launch({ au, activityId, returnURL: `${server.url}back.html`, state: START });
    const s1 = await open(first);
    try {
      await s1.lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      // The token is for one launch: a second POST to the fetch URL is refused.
      assert.deepEqual(await (await fetch(first.fetch, { method: 'POST' })).json(), { 'error-code': '1', 'error-text': 'The authorization token has already been returned.' });
      // A wrong try first: its own answered statement.
      const ci = defs.findIndex((d) => d.kind === 'compute');
      const card = s1.lesson.locator(`[data-exercise="${defs[ci].id}"]`);
      await card.locator('input.ex-input').fill([].concat(insts[ci].answer).map((x) => (x + 0.5).toFixed(insts[ci].digits)).join(', '));
      await card.locator('.ex-actions button').click();
      await answerAll(s1.lesson);
      await until('passed', () => verbs(first.sessionId).includes('passed'));
      assert.equal(await s1.au().locator('#cmi5-status').isHidden(), true, 'nothing refused');
      await s1.au().locator('#cmi5-exit').click();
      await s1.page.frameLocator('iframe').locator('#back').waitFor({ timeout: 5000 });
      const got = verbs(first.sessionId);
      const tries = defs.length + 1;  // each exercise (a make when reached), and the wrong try
      assert.equal(got[0], 'initialized');
      assert.equal(got.at(-1), 'terminated');
      assert.equal(got.filter((v) => v === 'answered').length, tries, got.join(' '));
      assert.deepEqual(got.filter((v) => v !== 'answered'), ['initialized', 'completed', 'passed', 'terminated']);
      const st = (v) => lrs.statements.find((s) => s.session === first.sessionId && s.statement.verb.id.endsWith(`/${v}`)).statement;
      assert.deepEqual(st('passed').result.score, { scaled: 1, raw: 100, min: 0, max: 100 });
      assert.equal(st('passed').context.extensions[MASTERYSCORE], 0.8);
      assert.ok(st('completed').context.contextActivities.category.some((c) => c.id === MOVEON));
      assert.ok(st('terminated').context.contextActivities.category.some((c) => c.id === CATEGORY));
      const wrong = lrs.statements.find((x) => x.statement.object.id.endsWith(`/${defs[ci].id}`)).statement;
      assert.equal(wrong.object.definition.interactionType, [].concat(insts[ci].answer).length > 1 ? 'fill-in' : 'numeric');
      assert.equal(wrong.result.success, false);
      assert.equal(wrong.context.extensions[SESSIONID], first.sessionId);
      assert.ok(!wrong.context.contextActivities.category, 'answered is "cmi5 allowed": no cmi5 category');
      assert.deepEqual(lrs.violations, []);
      const saved = lrs.stateOf(activityId, first.registration, 'attnlab.suspend');
      assert.equal(new URLSearchParams(saved.query).get('xseed'), String(SEED));
      assert.deepEqual([saved.completed, saved.passed], [true, true]);
      console.log(`# cmi5 statements of one launch: ${lrs.statements.filter((s) => s.session === first.sessionId).map(({ statement: s }) =>
        `${s.verb.id.replace(/^.*\//, '')}${s.result ? ` ${JSON.stringify(s.result)}` : ''}`).join('; ')}`);
      assertNoErrors(s1.issues);
    } finally {
      await s1.context.close();
    }
    // The same registration again: the answers are back, and nothing is reported twice.
    const second = lrs.launch({ au, activityId, registration: first.registration });
    const s2 = await open(second);
    try {
      await s2.lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      for (const d of defs) if (d.kind !== 'make') await s2.lesson.locator(`[data-exercise="${d.id}"][data-status="correct"]`).waitFor({ timeout: 5000 });
      assert.equal(await s2.lesson.locator('.step-player').first().locator('.btn-primary').isDisabled(), true, 'back at the last step');
      await s2.page.waitForTimeout(800);
      await s2.page.goto('about:blank');  // leaving without Exit: terminated on pagehide (keepalive)
      await until('terminated', () => verbs(second.sessionId).includes('terminated'));
      assert.deepEqual(verbs(second.sessionId), ['initialized', 'terminated']);
      assert.deepEqual(lrs.violations, []);
    } finally {
      await s2.context.close();
    }
  });

  test('Browse mode: the lesson completed and right sends initialized, answered, terminated, and no completed or passed', async () => {
    await serve();
    const launch = lrs.launch({ au: `${server.url}attention-lab-${LESSON}.cmi5/launch-${LESSON}.html`, activityId: `${IRI}au/${LESSON}`, launchMode: 'Browse', state: START });
    const s = await open(launch);
    try {
      await s.lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      await answerAll(s.lesson);
      await s.page.waitForTimeout(1200);  // the lesson's debounced progress
      await s.page.goto('about:blank');
      await until('terminated', () => verbs(launch.sessionId).includes('terminated'));
      const got = verbs(launch.sessionId);
      assert.deepEqual(got.filter((v) => v !== 'answered'), ['initialized', 'terminated']);
      assert.equal(got.filter((v) => v === 'answered').length, defs.length);
      assert.deepEqual(lrs.violations, []);
    } finally {
      await s.context.close();
    }
  });

  test(`the LMS's mastery score decides: a lesson completed at ${defs.length - 1} of ${defs.length} against 0.9 sends completed, then failed (not passed) with the score on Exit`, async () => {
    await serve();
    const launch = lrs.launch({ au: `${server.url}attention-lab-${LESSON}.cmi5/launch-${LESSON}.html`, activityId: `${IRI}au/${LESSON}`, masteryScore: 0.9, state: START });
    const s = await open(launch);
    try {
      await s.lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      await answerAll(s.lesson, [defs.find((d) => d.kind === 'compute').id]);
      await until('completed', () => verbs(launch.sessionId).includes('completed'));
      await s.page.waitForTimeout(600);
      await s.au().locator('#cmi5-exit').click();
      await s.au().locator('#cmi5-status:visible').waitFor({ timeout: 5000 });  // no returnURL: "you can close this window"
      assert.match(await s.au().locator('#cmi5-status').textContent(), /session has ended/);
      assert.equal(await s.au().locator('iframe.scorm-lesson').count(), 0);
      assert.deepEqual(verbs(launch.sessionId).filter((v) => v !== 'answered'), ['initialized', 'completed', 'failed', 'terminated']);
      const failed = lrs.statements.find((x) => x.session === launch.sessionId && x.statement.verb.id.endsWith('/failed')).statement;
      assert.equal(failed.result.success, false);
      assert.equal(failed.result.score.scaled, Math.round(10000 * (defs.length - 1) / defs.length) / 10000);
      assert.equal(failed.context.extensions[MASTERYSCORE], 0.9);
      assert.deepEqual(lrs.violations, []);
    } finally {
      await s.context.close();
    }
  });

  test('zh-Hans: an LRS that answers 500 to statements: a notice in Chinese that progress is not being saved; the lesson works', async () => {
    await serve({ fail: 'statements' });
    const launch = lrs.launch({ au: `${server.url}attention-lab-${LESSON}.zh-Hans.cmi5/launch-${LESSON}.html`, activityId: `${IRI}au/${LESSON}`, state: {} });
    const s = await open(launch);
    try {
      const note = s.au().locator('#cmi5-status[role="status"]');
      await note.waitFor({ state: 'visible', timeout: 5000 });
      assert.match(await note.textContent(), /没有被保存/);
      await s.lesson.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      assert.equal(await s.lesson.locator('html').getAttribute('lang'), 'zh-Hans');
      assert.equal(await s.lesson.locator('.step-player').count() > 0, true);
      assert.deepEqual(s.issues.pageErrors, []);
    } finally {
      await s.context.close();
    }
  });

  test('the course package launches its second AU (in the language the learner prefers); without launch parameters it says so', async () => {
    await serve();
    const second = lessons[1];
    const launch = lrs.launch({ au: `${server.url}attention-lab-course.cmi5/launch-${second.id}.html`, activityId: `${IRI}au/${second.id}`, languagePreference: 'zh-CN,en-US', state: {} });
    const s = await open(launch);
    try {
      await s.lesson.locator(`body[data-ready="true"]`).waitFor({ timeout: 60000 });
      await until('initialized', () => verbs(launch.sessionId).includes('initialized'));
      assert.equal(lrs.statements.find((x) => x.session === launch.sessionId).statement.object.id, `${IRI}au/${second.id}`);
      assert.match(await s.au().locator('iframe.scorm-lesson').getAttribute('src'), new RegExp(`^embed\\.html\\?lesson=${second.id}&lang=zh-Hans`));
      assert.equal(await s.au().locator('#cmi5-exit').textContent(), '退出');
      await s.page.goto(`${server.url}attention-lab-course.cmi5/launch-${second.id}.html`);
      await s.page.locator('#cmi5-status').waitFor({ state: 'visible', timeout: 5000 });
      assert.match(await s.page.locator('#cmi5-status').textContent(), /not recorded/);
      assert.equal(await s.page.locator('#cmi5-exit').isHidden(), true);
      await until('terminated', () => verbs(launch.sessionId).includes('terminated'));
      assert.deepEqual(lrs.violations, []);
    } finally {
      await s.context.close();
    }
  });
});

// Chromium logs a 404 as an error; the LRS answers 404 for a document not
// there (here: the learner preferences), as xAPI says.
function assertNoErrors(issues) {
  assert.deepEqual(issues.pageErrors, []);
  assert.deepEqual(issues.consoleErrors.filter((e) => !/status of 404 .* @ http:\/\/127\.0\.0\.1:\d+\/xapi\/(agents\/profile|activities\/state)\?/.test(e)), []);
  assert.deepEqual(issues.csp, []);
}
