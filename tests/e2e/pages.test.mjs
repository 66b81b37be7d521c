// Every lesson of dist/index.html, over http in both languages at 1280 px
// (English light, Chinese dark: prefers-color-scheme) and from file:// in
// English at 360 px: it becomes ready, in dark mode it is dark, its step player
// steps to the end by the Next button (and in Chinese over http by ArrowRight too), at
// 360 px the page never scrolls sideways on any step (wide formulas and
// matrices scroll inside their own boxes) and every step changes or
// highlights something in the figures beside its player, and the page logs no console error (a missing
// translation is one), violates no CSP directive and requests nothing
// outside its own origin; the first player has the steps course.json counts. Over http (from file:// the stylesheets are opaque
// to axe, which then tries to XHR them), axe-core finds no accessibility
// violation in the whole document on the first step, nor in the step
// players again at their last step (formula, highlights and live regions
// change as one steps): a violation fails with its id, impact, help and the
// first target selectors. Load times are printed, not asserted.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  describeWithBrowser, lessonIds, LANGS, fileUrl, openWatched, allowFile, allowOrigins,
  gotoReady, stepThroughPlayers, assertClean, printTable, ROOT, runAxe, formatViolations, overflowReport, luminance, figureHash, settled,
} from './helpers.mjs';

const LESSONS = lessonIds();
const NARROW = 360;  // a small phone
const timings = [];

// axe violations accepted for now, each with a reason.
// Entry: {id: 'color-contrast', within: 'math', reason: '...'}.
const ALLOW = [];
const allowed = (violation) => violation.nodes.every((n) => ALLOW.some((a) => a.id === violation.id && n.target.some((sel) => String(sel).includes(a.within))));
const key = (v, n) => `${v.id} ${JSON.stringify(n.target)}`;

describeWithBrowser('index.html: every lesson, file:// at 360 px, http in both languages, light and dark (axe over http)', { concurrency: 2, server: true }, (env) => {
  after(() => {
    const order = (r) => [r.scheme, r.lang, String(LESSONS.indexOf(r.lesson)).padStart(3, '0')].join(' ');
    timings.sort((a, b) => order(a).localeCompare(order(b)));
    printTable('time from navigation to body[data-ready] (reported, not asserted; 2 tests run at a time)', timings);
  });

  test('dist/lessons.json lists the registry\'s lessons, in its order, each with a folder', async () => {
    const { REGISTRY } = await import(pathToFileURL(path.join(ROOT, 'web/lessons/registry.js')).href);
    assert.deepEqual(LESSONS, REGISTRY.map((l) => l.id));
    for (const id of LESSONS)
      for (const f of ['index.js', 'params.js', 'strings.json'])
        assert.ok(fs.existsSync(path.join(ROOT, 'web/lessons', id, f)), `web/lessons/${id}/${f} is missing`);
  });

  for (const scheme of ['file', 'http']) {
    for (const lang of LANGS) {
      for (const id of LESSONS) {
        // From file:// in English at 360 px (its long words are what
        // overflows; Chinese breaks anywhere): how a page loads its files
        // does not depend on its language.
        if (scheme === 'file' && lang !== 'en') continue;
        const axe = scheme === 'http', keyboard = axe && lang !== 'en';
        test(`${scheme}: lesson=${id} lang=${lang} steps through by Next${keyboard ? ' and ArrowRight' : ''} with no error, CSP violation or foreign request${axe ? ', and no axe violation on the first and the last step' : ''}`, async () => {
          const query = `lesson=${id}&lang=${lang}`;
          const url = scheme === 'file' ? fileUrl('index.html', query) : env.server.httpUrl('index.html', query);
          const narrow = scheme === 'file', dark = scheme === 'http' && lang !== 'en';
          const contextOptions = narrow ? { viewport: { width: NARROW, height: 740 } } : dark ? { colorScheme: 'dark' } : {};
          const { context, page, issues } = await openWatched(env.browser, { allowed: scheme === 'file' ? allowFile : allowOrigins(env.server.origin), contextOptions });
          try {
            const t = await gotoReady(page, url);
            timings.push({ scheme, lang, lesson: id, 'nav->ready ms': t.navToReadyMs, 'perf mark ms': t.markMs ?? '-', 'data-startup-ms': t.startupMs ?? '-' });
            assert.equal(await page.getAttribute('html', 'lang'), lang, `<html lang> after load of ${url}`);
            assert.ok(await page.locator('article.lesson h1#lesson-title').count(), 'no lesson title (article.lesson h1#lesson-title)');
            const current = await page.locator('nav.toc a[aria-current="page"]').getAttribute('href');
            assert.ok(current && current.includes(`lesson=${id}`), `dist/lessons.json lists ${id}, but the page shows another lesson ` +
              `(TOC current: ${current}); console warnings: ${JSON.stringify(issues.warnings)}`);

            if (dark) {
              const c = await page.evaluate(() => ({ bg: getComputedStyle(document.body).backgroundColor, ink: getComputedStyle(document.body).color }));
              assert.ok(luminance(c.bg) !== null && luminance(c.bg) < 0.05, `dark mode: the body's background should be dark, got ${c.bg}`);
              assert.ok(luminance(c.ink) > 0.5, `dark mode: the body's text should be light, got ${c.ink}`);
            }
            const report = [];
            const first = axe ? (await runAxe(page)).filter((v) => !allowed(v)) : [];
            if (first.length) report.push(`on step 1:\n${formatViolations(first)}`);
            // The keyboard's stepping depends neither on how the page was loaded nor on its language: checked once.
            // At 360 px: no sideways scroll, and every step changes or
            // highlights something in the figures beside its player.
            const overflow = [], unchanged = [];
            let prev = null;
            const check = async (where) => {
              if (!narrow) return;
              const r = await page.evaluate(overflowReport, NARROW);
              if (r.scrollWidth > NARROW + 1) overflow.push(`${where}: document scrollWidth ${r.scrollWidth} > ${NARROW}\n    ${r.culprits.join('\n    ') || '(no single culprit found)'}`);
            };
            const onStep = async (k, i) => {
              await check(`player ${k + 1} step ${i}`);
              if (!narrow) return;
              await settled(page);
              const cur = await page.evaluate(figureHash, k);
              if (i === 1 && !cur.count) unchanged.push(`player ${k + 1}: no figure next to it`);
              if (i > 1 && cur.hash === prev) unchanged.push(`player ${k + 1}: step ${i - 1} -> ${i} leaves the figures as they were`);
              prev = cur.hash;
            };
            await check('after load');
            const players = await stepThroughPlayers(page, { label: `${scheme} ${id} ${lang}`, keyboard, onStep });
            assert.deepEqual(overflow, [], `horizontal page scroll at ${NARROW} px in ${url}:\n${overflow.join('\n')}`);
            assert.deepEqual(unchanged, [], `steps that change no figure in ${url}`);
            if (axe) {
              // Just the players: a second whole-page run would double the cost.
              const seen = new Set(first.flatMap((v) => v.nodes.map((n) => key(v, n))));
              const last = (await runAxe(page, { include: ['.step-player'] }))
                .filter((v) => !allowed(v))
                .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !seen.has(key(v, n))) }))
                .filter((v) => v.nodes.length);
              if (last.length) report.push(`on the last step (new ones only):\n${formatViolations(last)}`);
            }
            if (report.length) assert.fail(`axe violations in ${url}\n${report.join('\n')}`);
            // The step is state of the URL (DESIGN: a copied link reproduces
            // the view): step= is the first player's (a lesson's further
            // players use their own parameters). The shell writes the URL
            // debounced, so wait for it.
            const last = players[0].steps;
            // The course map's "step k of total" counts the first player's steps (web/lessons/<id>/course.json).
            const { steps } = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/lessons', id, 'course.json'), 'utf8'));
            assert.equal(steps, last, `web/lessons/${id}/course.json says ${steps} steps, its first player has ${last}`);
            const reached = await page.waitForFunction((n) => new URLSearchParams(window.location.search).get('step') === String(n), last, { timeout: 3000 })
              .then(() => true, () => false);
            if (!reached) assert.fail(`URL should carry step=${last} after stepping to the end, location.search="${await page.evaluate(() => window.location.search)}"`);
            assert.equal(await page.getAttribute('html', 'lang'), lang, '<html lang> after stepping');
            await page.waitForTimeout(50);  // let late console messages arrive
            assertClean(issues, `${url}`);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});
