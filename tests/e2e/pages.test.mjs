// Every lesson of dist/index.html, from file:// in both languages and
// over http in one: it becomes ready, its step player steps to the end by
// the Next button and by ArrowRight, and the page logs no console error
// (a missing translation is one), violates no CSP directive and requests
// nothing outside its own origin. Load times are printed, not asserted.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  describeWithBrowser, lessonIds, LANGS, fileUrl, openWatched, allowFile, allowOrigins,
  gotoReady, stepThroughPlayers, assertClean, printTable, ROOT,
} from './helpers.mjs';

const LESSONS = lessonIds();
const timings = [];

describeWithBrowser('index.html: every lesson, both languages, file:// and http', { concurrency: 2, server: true }, (env) => {
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

  // file:// in both languages; http (the same files, so only scheme issues
  // such as CSP or MIME types differ) in one language per lesson, alternating.
  for (const scheme of ['file', 'http']) {
    for (const lang of LANGS) {
      for (const id of LESSONS) {
        if (scheme === 'http' && LANGS[LESSONS.indexOf(id) % LANGS.length] !== lang) continue;
        test(`${scheme}: lesson=${id} lang=${lang} steps through by Next and ArrowRight with no error, CSP violation or foreign request`, async () => {
          const query = `lesson=${id}&lang=${lang}`;
          const url = scheme === 'file' ? fileUrl('index.html', query) : env.server.httpUrl('index.html', query);
          const { context, page, issues } = await openWatched(env.browser, { allowed: scheme === 'file' ? allowFile : allowOrigins(env.server.origin) });
          try {
            const t = await gotoReady(page, url);
            timings.push({ scheme, lang, lesson: id, 'nav->ready ms': t.navToReadyMs, 'perf mark ms': t.markMs ?? '-', 'data-startup-ms': t.startupMs ?? '-' });
            assert.equal(await page.getAttribute('html', 'lang'), lang, `<html lang> after load of ${url}`);
            assert.ok(await page.locator('article.lesson h1#lesson-title').count(), 'no lesson title (article.lesson h1#lesson-title)');
            const current = await page.locator('nav.toc a[aria-current="page"]').getAttribute('href');
            assert.ok(current && current.includes(`lesson=${id}`), `dist/lessons.json lists ${id}, but the page shows another lesson ` +
              `(TOC current: ${current}); console warnings: ${JSON.stringify(issues.warnings)}`);

            const players = await stepThroughPlayers(page, { label: `${scheme} ${id} ${lang}` });
            // The step is state of the URL (DESIGN: a copied link reproduces
            // the view): step= is the first player's (a lesson's further
            // players use their own parameters). The shell writes the URL
            // debounced, so wait for it.
            const last = players[0].steps;
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
