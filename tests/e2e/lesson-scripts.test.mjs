// What a page loads (web/lessons/loader.js, scripts/build-page.mjs): a
// lesson's code (lessons/<id>.js), its strings and the shell's in the
// page's language only (lessons/<id>.<lang>.js, i18n/<lang>.js); the other language's strings when the
// learner switches (the lesson re-drawn in place, in the new language);
// from file://, over http and in a sandboxed iframe (the math font inlined
// there, no font file requested), with no console error, CSP violation or
// foreign request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  describeWithBrowser, fileUrl, openWatched, allowFile, allowOrigins, gotoReady, assertClean, startHostPage, READY_TIMEOUT, DIST,
} from './helpers.mjs';

// The dist/ files a page requested, as paths relative to dist/ ('lessons/softmax.js').
function recordRequests(context) {
  const seen = [];
  context.on('request', (r) => {
    const m = /\/dist\/(.*)$|^https?:\/\/[^/]+\/(.*)$/.exec(r.url().split('?')[0]);
    if (m) seen.push(decodeURIComponent(m[1] || m[2]));
  });
  return seen;
}
// The course map's and a lesson's end block's script (dist/lessons/map.js,
// one for every lesson and language) is not a lesson's: counted apart.
const lessonFiles = (seen) => seen.filter((f) => (f.startsWith('lessons/') || f.startsWith('i18n/')) && f !== 'lessons/map.js').sort();

describeWithBrowser('lesson scripts: one string file per language, loaded on demand', { server: true }, (env) => {
  test('file://: index.html loads the lesson\'s code and its English strings; 简体中文 loads the Chinese ones and re-draws the lesson in Chinese', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    const seen = recordRequests(context);
    try {
      await gotoReady(page, fileUrl('index.html', 'lesson=softmax&lang=en'));
      assert.deepEqual(lessonFiles(seen), ['i18n/en.js', 'lessons/softmax.en.js', 'lessons/softmax.js']);
      const titleEn = await page.locator('#lesson-title').textContent();
      const stepEn = await page.locator('.step-player').first().textContent();
      await page.locator('.lang-switch button[lang="zh-Hans"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans' && document.querySelector('#lesson-title'));
      assert.deepEqual(lessonFiles(seen), ['i18n/en.js', 'i18n/zh-Hans.js', 'lessons/softmax.en.js', 'lessons/softmax.js', 'lessons/softmax.zh-Hans.js']);
      const titleZh = await page.locator('#lesson-title').textContent();
      const stepZh = await page.locator('.step-player').first().textContent();
      assert.notEqual(titleZh, titleEn, 'the lesson title is in Chinese');
      assert.match(stepZh, /[\u4e00-\u9fff]/, 'the step player shows Chinese text');
      assert.notEqual(stepZh, stepEn);
      await page.waitForFunction(() => new URLSearchParams(window.location.search).get('lang') === 'zh-Hans', null, { timeout: 3000 });  // written debounced
      // Back to English: already loaded, nothing requested, English text again.
      await page.locator('.lang-switch button[lang="en"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      assert.equal(await page.locator('#lesson-title').textContent(), titleEn);
      assert.equal(lessonFiles(seen).length, 5, 'no string or lesson file requested twice');
      // Another lesson from the menu: its code and the current language's strings only.
      await page.locator('.toc a[href*="lesson=graphs"]').click();
      await page.waitForFunction(() => document.querySelector('.toc a[aria-current="page"]')?.href.includes('lesson=graphs') && document.querySelector('article.lesson .step-player'), null, { timeout: READY_TIMEOUT });
      assert.deepEqual(lessonFiles(seen).filter((f) => f.startsWith('lessons/graphs')), ['lessons/graphs.en.js', 'lessons/graphs.js']);
      assert.equal(seen.filter((f) => f === 'lessons/map.js').length, 1, 'the lesson end block\'s script, once');
      await page.waitForTimeout(50);
      assertClean(issues, 'file:// softmax, language switches, graphs');
    } finally {
      await context.close();
    }
  });

  test('http: embed.html in Chinese loads the Chinese strings only', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(env.server.origin) });
    const seen = recordRequests(context);
    try {
      await gotoReady(page, env.server.httpUrl('embed.html', 'lesson=regression&lang=zh-Hans'));
      assert.deepEqual(lessonFiles(seen), ['i18n/zh-Hans.js', 'lessons/regression.js', 'lessons/regression.zh-Hans.js']);
      assert.match(await page.locator('#lesson-title').textContent(), /[\u4e00-\u9fff]/);
      assertClean(issues, 'http embed regression zh-Hans');
    } finally {
      await context.close();
    }
  });

  test('<iframe sandbox="allow-scripts">: the lesson\'s scripts load, the math font comes inlined (no font file requested)', async () => {
    const host = await startHostPage(env.server.httpUrl('embed.html', 'lesson=probability&lang=zh-Hans'), { height: 800 });
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(env.server.origin, host.origin) });
    const seen = recordRequests(context);
    try {
      await page.goto(host.url);
      const frame = page.frameLocator('#lesson');
      await frame.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: READY_TIMEOUT });
      await page.waitForTimeout(300);
      assert.deepEqual(lessonFiles(seen), ['i18n/zh-Hans.js', 'lessons/probability.js', 'lessons/probability.zh-Hans.js']);
      assert.ok(seen.includes('math/math-inline.css'), 'math-inline.css loaded');
      assert.ok(!seen.includes('math/math.css'), 'not the stylesheet with the font as a file');
      assert.deepEqual(seen.filter((f) => f.endsWith('.woff2')), [], 'no font file requested');
      // The formulas are drawn in the math font (and laid out with its MATH table).
      const math = await frame.locator('body').evaluate(async () => {
        await document.fonts.ready;
        const loaded = [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, ''));
        return { loaded, count: document.querySelectorAll('.lesson math').length, family: getComputedStyle(document.querySelector('.lesson math')).fontFamily };
      });
      assert.ok(math.loaded.includes('AttnLab Math'), `the math font is not loaded: ${math.loaded.join(', ')}`);
      assert.ok(math.count > 5 && /AttnLab Math/.test(math.family), JSON.stringify(math));
      assertClean(issues, 'sandboxed probability zh-Hans');
    } finally {
      await context.close();
      await host.close();
    }
  });

  test('a string script that cannot load: the page says so, in its language, and names the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-strings-'));
    try {
      for (const f of ['index.html', 'app.js', 'attnlab.js', 'style.css', 'i18n', 'lessons', 'math'])
        fs.cpSync(path.join(DIST, f), path.join(dir, f), { recursive: true });
      fs.rmSync(path.join(dir, 'lessons/softmax.zh-Hans.js'));
      const { context, page } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await page.goto(`${pathToFileURL(path.join(dir, 'index.html')).href}?lesson=softmax&lang=zh-Hans`);
        const alert = page.locator('[role="alert"]');
        await alert.waitFor({ timeout: READY_TIMEOUT });
        await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(document.querySelector('[role="alert"]').textContent), null, { timeout: 5000 });
        assert.match(await alert.textContent(), /lessons\/softmax\.zh-Hans\.js/);
        await page.waitForTimeout(300);  // nothing draws over the message
        assert.match(await page.locator('#app').textContent(), /softmax\.zh-Hans\.js/);
      } finally {
        await context.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

});
