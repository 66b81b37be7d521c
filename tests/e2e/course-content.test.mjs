// The course's content layer as a learner and an instructor meet it: the
// glossary page in both languages (search, links to lessons, a term's
// address), the first-use term links of every lesson (each to an entry of
// the glossary; in an embedded lesson, in a new tab), a lesson's intro block
// (time, prerequisites, objectives) and references, and the instructor kit
// (teacher=1): its plan, a class link whose xseed reproduces its answer key,
// and the printed handout with the answers but not the interactive lesson.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describeWithBrowser, allLessons, LANGS, fileUrl, openWatched, allowFile, gotoReady, assertClean, runAxe, formatViolations, ROOT } from './helpers.mjs';

const require = createRequire(import.meta.url);
const load = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
const json = (p) => JSON.parse(fs.readFileSync(path.join(ROOT, p), 'utf8'));
const GLOSSARY = json('web/course/glossary.json');
const course = (id) => json(`web/lessons/${id}/course.json`);
const SEED = 424242;

describeWithBrowser('course content: glossary, term links, intro, references, instructor kit', { concurrency: 2 }, (env) => {
  test('the glossary page in both languages: every term side by side, search in either language, links to lessons and to a term', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      const total = Object.keys(GLOSSARY).length;
      for (const lang of LANGS) {
        await gotoReady(page, `${fileUrl('index.html', `page=glossary&lang=${lang}`)}#term-entropy`);
        await page.waitForSelector('.glossary .gl-term');
        assert.equal(await page.locator('.gl-term').count(), total, `${lang}: every term is listed`);
        const v = await runAxe(page, { include: [['.glossary']] });
        assert.deepEqual(v, [], formatViolations(v));
        // Both languages side by side, whatever the page's language.
        const entropy = page.locator('#term-entropy');
        assert.match(await entropy.locator('[lang="en"] .gl-word').innerText(), /^entropy$/);
        assert.match(await entropy.locator('[lang="zh-Hans"] .gl-word').innerText(), /^熵$/);
        assert.ok(await entropy.evaluate((el) => el.classList.contains('gl-target') && document.activeElement === el), `${lang}: #term-entropy is shown and focused`);
        // Search filters as one types, in English or Chinese.
        for (const [q, term] of [['softmax', 'softmax'], ['KL 散度', 'kl-divergence'], ['梯度下降', 'gradient-descent']]) {
          await page.fill('#gl-search', q);
          const shown = await page.locator('.gl-term:visible').evaluateAll((els) => els.map((e) => e.id));
          assert.ok(shown.includes(`term-${term}`), `${lang}: "${q}" shows ${term} (${shown.join(', ')})`);
          assert.ok(shown.length < total / 4, `${lang}: "${q}" filters (${shown.length} shown)`);
          assert.match(await page.locator('.gl-count').innerText(), new RegExp(String(shown.length)));
        }
        await page.fill('#gl-search', 'zzzz-no-such-term');
        assert.equal(await page.locator('.gl-term:visible').count(), 0);
        assert.ok(await page.locator('.gl-none').isVisible(), `${lang}: says nothing matches`);
        await page.fill('#gl-search', '');
        assert.equal(await page.locator('.gl-term:visible').count(), total);
        // Printable: the list without the search box.
        await page.emulateMedia({ media: 'print' });
        assert.ok(!(await page.locator('.gl-tools').isVisible()) && await page.locator('#term-softmax').isVisible(), `${lang}: prints the list`);
        await page.emulateMedia({ media: 'screen' });
      }
      // A term links to its lesson, which opens.
      await page.locator('#term-jacobian .gl-lesson-link').click();
      await page.waitForSelector('body[data-ready="true"] #lesson-title');
      assert.equal(await page.locator('#lesson-title').innerText(), 'Softmax 函数');
      assertClean(issues, 'glossary page');
    } finally {
      await context.close();
    }
  });

  test("every lesson's term links lead to an entry of the glossary that the lesson defines, only in prose; an embedded lesson opens them in a new tab", async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      const none = [];
      for (const [k, l] of allLessons().entries()) {
        const lang = LANGS[k % 2];
        await gotoReady(page, fileUrl('index.html', `lesson=${l.id}&lang=${lang}`));
        const links = await page.locator('a.term-link').evaluateAll((els) => els.map((a) => ({
          term: a.dataset.term, href: a.getAttribute('href'), text: a.textContent,
          where: a.parentElement.closest('p, li') ? a.parentElement.closest('p, li').tagName : null,
          bad: !!a.closest('.exercise, .tex-math, figure, button, label, .lesson-intro'),
        })));
        if (!links.length) none.push(l.id);
        const seen = new Set();
        for (const x of links) {
          const g = GLOSSARY[x.term];
          assert.ok(g, `${l.id}: a link to an unknown term ${x.term}`);
          assert.equal(g.lesson, l.id, `${l.id}: ${x.term} is defined in ${g.lesson}`);
          assert.equal(x.href, `?page=glossary&lang=${lang}#term-${x.term}`);
          assert.ok(x.where && !x.bad, `${l.id}: ${x.term} linked outside prose`);
          assert.ok(!seen.has(x.term), `${l.id}: ${x.term} linked twice (only its first use is)`);
          seen.add(x.term);
          // The word as the glossary writes it (in English, maybe a plural).
          const word = g[lang].toLowerCase(), got = x.text.toLowerCase();
          assert.ok(got === word || (lang === 'en' && (got === `${word}s` || got === `${word}es`)), `${l.id}: "${x.text}" for ${x.term}`);
        }
      }
      assert.ok(none.length <= 2, `lessons without any term link: ${none.join(', ')}`);
      // A link leads to its entry.
      await gotoReady(page, fileUrl('index.html', 'lesson=softmax&lang=en'));
      const first = page.locator('a.term-link').first();
      const term = await first.getAttribute('data-term');
      await first.click();
      await page.waitForSelector(`#term-${term}.gl-target`);
      // Embedded: the glossary opens in a new tab, next to embed.html.
      await gotoReady(page, fileUrl('embed.html', 'lesson=information&lang=zh-Hans'));
      const a = page.locator('a.term-link').first();
      assert.deepEqual(await a.evaluate((el) => [el.target, el.rel, el.getAttribute('href').split('#')[0]]), ['_blank', 'noopener', 'index.html?page=glossary&lang=zh-Hans']);
      assertClean(issues, 'term links');
    } finally {
      await context.close();
    }
  });

  test('a lesson shows its time, prerequisites (links) and objectives at its top and its references at its end, in both languages', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      const c = course('attention');
      const REFS = (await load('web/course/references.js')).REFERENCES;
      for (const lang of LANGS) {
        await gotoReady(page, fileUrl('index.html', `lesson=attention&lang=${lang}`));
        const intro = page.locator('.lesson-intro');
        const text = await intro.innerText();
        assert.match(text, new RegExp(`${c.minutes}`), `${lang}: the time`);
        for (const o of c.objectives[lang]) assert.ok(text.includes(o), `${lang}: objective "${o}"`);
        assert.deepEqual(await intro.locator('a').evaluateAll((els) => els.map((a) => new URLSearchParams(a.getAttribute('href').split('?')[1]).get('lesson'))), c.prereqs);
        // Before the lesson's body; the references after it.
        assert.ok(await page.evaluate(() => {
          const [i, b, r] = ['.lesson-intro', '.lesson-body', '.lesson-references'].map((s) => document.querySelector(s));
          return !!(i.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) && !!(b.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING);
        }));
        const refs = await page.locator('.lesson-references li').allInnerTexts();
        assert.equal(refs.length, c.references.length);
        c.references.forEach((key, i) => {
          assert.ok(refs[i].includes(String(REFS[key].year)) && refs[i].includes(REFS[key].title) && refs[i].includes(REFS[key].authors[0]), `${lang}: ${key} as "${refs[i]}"`);
        });
        assert.equal(await page.locator('#lesson-references-title').innerText(), lang === 'en' ? 'References' : '参考文献');
      }
      assert.ok((await page.locator('.lesson-references').innerText()).includes('Vaswani'));
      // A prerequisite opens in place (the page keeps its state).
      await page.locator('.lesson-intro a').first().click();
      await page.waitForFunction(() => new URLSearchParams(location.search).get('lesson') === 'vectors');
      await page.waitForSelector('.lesson-intro');
      assert.match(await page.locator('.lesson-intro').innerText(), /无：从这里开始/);
      assertClean(issues, 'intro and references');
    } finally {
      await context.close();
    }
  });

  test('the instructor kit: plan, misconceptions, a class link whose xseed reproduces the answer key, and a printed handout with the answers', async () => {
    const lab = await require(path.join(ROOT, 'dist', 'attnlab.js')).load();
    const { instanceOf } = await load('web/lessons/shared/exercises/seed.js');
    const defs = (await load('web/lessons/softmax/exercises.js')).default;
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      const c = course('softmax');
      await gotoReady(page, fileUrl('index.html', `lesson=softmax&lang=en&teacher=1&xseed=${SEED}`));
      const kit = page.locator('.teacher-kit');
      await kit.locator('.kit-answers').waitFor();
      assert.equal(await kit.locator('h2').innerText(), 'Instructor kit');
      // Before the exercises.
      assert.ok(await page.evaluate(() => !!(document.querySelector('.teacher-kit').compareDocumentPosition(document.querySelector('.exercise')) & Node.DOCUMENT_POSITION_FOLLOWING)));
      assert.equal(await kit.locator('.kit-plan tbody tr').count(), c.teacher.plan.en.length);
      assert.match(await kit.locator('.kit-plan tfoot').innerText(), /50 minutes/);
      assert.equal(await kit.locator('.kit-misconceptions li').count(), c.teacher.misconceptions.en.length);
      assert.equal(await kit.locator('.kit-questions li').count(), c.teacher.questions.en.length);
      assert.equal(await kit.locator('.kit-objectives li').count(), c.objectives.en.length);
      assert.match(await kit.locator('.kit-url').inputValue(), new RegExp(`lesson=softmax&lang=en&xseed=${SEED}$`));
      assert.equal(await kit.locator('.kit-packages a').count(), 3);
      const v = await runAxe(page, { include: [['.teacher-kit'], ['.lesson-intro'], ['.lesson-references']] });
      assert.deepEqual(v, [], formatViolations(v));
      // A fresh class link: a new seed, the lesson and its key redrawn with it.
      await kit.locator('.kit-new-link').click();
      await page.waitForFunction((s) => { const f = document.querySelector('.kit-url'); return f && !f.value.endsWith(`xseed=${s}`); }, SEED);
      await page.locator('.teacher-kit .kit-answers').waitFor();
      const link = await page.locator('.kit-url').inputValue();
      const seed = Number(new URL(link).searchParams.get('xseed'));
      assert.ok(seed >= 1 && seed !== SEED);
      const key = await page.locator('.kit-answer').evaluateAll((els) => els.map((li) => [li.dataset.answerFor, li.querySelector('.kit-answer-value').textContent]));
      assert.equal(key.length, defs.length);
      // The key is the core's answers at that seed (computed here, not read from the page)...
      for (const [id, text] of key) {
        const inst = instanceOf(defs.find((d) => d.id === id), seed, lab);
        if (inst.answerText && !inst.choices) assert.ok(text.replace(/−/g, '-').includes(inst.answerText), `${id}: key "${text}" for ${inst.answerText}`);
      }
      // ...and the class link, opened by the class (the teacher view to read its answers), shows the same.
      const other = await context.newPage();
      await gotoReady(other, `${link}&teacher=1`);
      for (const [id, text] of key) {
        const card = other.locator(`.exercise[data-exercise="${id}"]`);
        await card.scrollIntoViewIfNeeded();
        await card.locator('.ex-answer').waitFor();
        const shown = await card.locator('.ex-answer').textContent();
        assert.equal(shown.replace(/\s+/g, ' ').trim(), text.replace(/\s+/g, ' ').trim(), `${id}: the class link's answer`);
      }
      await other.close();
      // The handout: the kit and the key, not the interactive lesson.
      await page.evaluate(() => { window.print = () => { window.__printed = document.documentElement.classList.contains('print-handout'); }; });
      await page.locator('.kit-print').click();
      assert.equal(await page.evaluate(() => window.__printed), true);
      await page.emulateMedia({ media: 'print' });
      assert.ok(await page.locator('.kit-answers').isVisible() && await page.locator('.kit-plan').isVisible());
      assert.ok(!(await page.locator('.lesson-body').isVisible()) && !(await page.locator('.lesson-intro').isVisible()), 'the lesson itself is not printed');
      assert.ok(await page.locator('.kit-url-print').isVisible(), 'the class link is printed');
      const printed = await page.locator('.teacher-kit').innerText();
      for (const [, text] of key) assert.ok(printed.includes(text.trim()), `the printed key has ${text}`);
      const pdf = await page.pdf({ format: 'A4' });
      assert.ok(pdf.subarray(0, 4).toString() === '%PDF' && pdf.length > 10000, 'a PDF of the handout');
      await page.emulateMedia({ media: 'screen' });
      // The Chinese kit.
      await gotoReady(page, fileUrl('index.html', `lesson=softmax&lang=zh-Hans&teacher=1&xseed=${SEED}`));
      await page.locator('.teacher-kit .kit-answers').waitFor();
      assert.equal(await page.locator('.teacher-kit h2').innerText(), '教师资料包');
      assert.match(await page.locator('.kit-plan tfoot').innerText(), /50 分钟/);
      assert.ok((await page.locator('.kit-misconceptions').innerText()).includes(c.teacher.misconceptions['zh-Hans'][0].text));
      assertClean(issues, 'instructor kit');
    } finally {
      await context.close();
    }
  });
});
