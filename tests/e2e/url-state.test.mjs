// Bad URL values fall back to the defaults: the page loads, stays usable,
// reports each bad value as a console *warning* (never an error), shows the
// default inputs and writes a clean URL back. Hostile values render as
// nothing but text. A theme in the URL wins over the system's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeWithBrowser, allLessons, lessonsJson, fileUrl, openWatched, allowFile, gotoReady, assertClean, readMatrixCells, compareCells, luminance,
} from './helpers.mjs';

const READY = allLessons();

// A bad value for every kind of parameter of lessons.json's schemas.
const BAD = { number: 'abc', integer: '1.5', boolean: 'maybe', enum: 'nope', vector: '1,,zz', matrix: '1,2;3', set: 'nope' };
const XSS = ['"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '\\href{javascript:alert(1)}{x}', '<script>alert(1)</script>'];

async function open(browser, query) {
  const w = await openWatched(browser, { allowed: allowFile });
  const url = fileUrl('index.html', query);
  await gotoReady(w.page, url);
  return { ...w, url };
}

// The page is usable: its first step player starts at 1 and steps. (A
// lesson without a player fails in pages.test.mjs, not here.)
async function stepOnce(page) {
  if (!(await page.locator('.step-player').count())) return;
  const player = page.locator('.step-player').first();
  assert.equal(await player.getAttribute('data-step'), '1', 'the player starts at step 1 (a bad step= falls back to 1)');
  await player.locator('.step-controls .btn-primary').click();
  assert.equal(await player.getAttribute('data-step'), '2', 'Next still works');
}

describeWithBrowser('URL state: invalid values fall back to defaults', { concurrency: 2 }, (env) => {

  const softmax = READY.find((l) => l.id === 'softmax');
  test('?lesson=softmax&T=abc&z=1,2,zz&lang=xx&step=999: default z and T shown, lang en, warnings only', async () => {
    assert.ok(softmax, 'dist/lessons.json lists the softmax lesson');
    const { context, page, issues, url } = await open(env.browser, 'lesson=softmax&T=abc&z=1,2,zz&lang=xx&step=999');
    try {
      assert.equal(await page.getAttribute('html', 'lang'), 'en', '<html lang> falls back to en');
      const shown = await page.evaluate(() => ({
        z: (document.querySelector('input.vector-field') || {}).value,
        T: (document.querySelector('input[type="range"]') || {}).value,
        Tout: (document.querySelector('input[type="range"] + output, label output') || {}).textContent,
      }));
      const defaults = softmax.params;
      assert.deepEqual(shown.z.split(',').map((x) => Number(x.trim().replace('\u2212', '-'))), defaults.z.default, `z field shows the default ${defaults.z.default}, got "${shown.z}"`);
      assert.equal(Number(shown.T), defaults.T.default, `temperature slider shows the default ${defaults.T.default}, got ${shown.T}`);
      assert.equal(Number(shown.Tout), defaults.T.default, `temperature output shows ${defaults.T.default}, got ${shown.Tout}`);
      // The numbers are computed from the defaults: the Jacobian shown equals the API's.
      const expected = await page.evaluate(async ([z, T]) => (await window.AttnLab.load()).softmaxJacobian(z, { temperature: T }), [defaults.z.default, defaults.T.default]);
      const bad = compareCells('jacobian', await readMatrixCells(page, 'jacobian'), expected);
      assert.deepEqual(bad, [], `Jacobian shown vs lab.softmaxJacobian(default z, default T):\n${bad.join('\n')}`);
      await stepOnce(page);
      for (const key of ['T', 'z', 'lang', 'step'])
        assert.ok(issues.warnings.some((w) => w.includes(`"${key}"`)), `a console warning names the bad parameter "${key}"; warnings: ${JSON.stringify(issues.warnings)}`);
      // The URL is rewritten without the bad values (written debounced).
      const clean = await page.waitForFunction(() => !/abc|zz|xx|999/.test(window.location.search), null, { timeout: 3000 }).then(() => true, () => false);
      assert.ok(clean, `bad values should not stay in the URL: ${await page.evaluate(() => window.location.search)}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('?lesson=<unknown> falls back to the first lesson, keeping lang', async () => {
    const first = READY[0];
    const cases = ['lesson=no-such-lesson&lang=zh-Hans', 'lesson=NOT%20VALID!&lang=zh-Hans', 'lesson=shared&lang=zh-Hans'];
    for (const q of cases) {
      const { context, page, issues, url } = await open(env.browser, q);
      try {
        assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans', `${q}: <html lang>`);
        const current = await page.locator('nav.toc a[aria-current="page"]').getAttribute('href');
        assert.ok(current && current.includes(`lesson=${first.id}`), `${q}: should show ${first.id}, TOC current is ${current}`);
        assert.equal((await page.locator('#lesson-title').textContent()).trim(), first.title['zh-Hans'], `${q}: lesson title`);
        await stepOnce(page);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    }
  });

  test('hostile values are never rendered as HTML', async () => {
    const q = 'lesson=softmax&lang=en&z=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&T=%3Cscript%3Ealert(1)%3C%2Fscript%3E&theme=%22%3E%3Cb%3E';
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    let dialog = null;
    page.on('dialog', (d) => { dialog = d.message(); d.dismiss().catch(() => {}); });
    const url = fileUrl('index.html', q);
    try {
      await gotoReady(page, url);
      const injected = await page.evaluate(() => document.querySelectorAll('img[src="x"], #app script, b').length);
      assert.equal(injected, 0, 'no element from the URL values in the DOM');
      assert.equal(await page.getAttribute('html', 'data-theme'), 'auto', 'a bad theme falls back to auto');
      assert.equal(dialog, null, 'no alert ran');
      await stepOnce(page);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  for (const lesson of READY) {
    const params = Object.entries(lesson.params || {});
    test(`lesson=${lesson.id}: a bad value for each of its ${params.length} URL parameter(s) (plus lang, step, theme) still loads cleanly`, async () => {
      const parts = [`lesson=${lesson.id}`, 'lang=xx', 'step=0', 'theme=purple'];
      // Each value is invalid for its type and carries an XSS payload.
      params.forEach(([key, spec], i) => parts.push(`${key}=${encodeURIComponent((BAD[spec.type] ?? 'bad') + XSS[i % XSS.length])}`));
      parts.push(`hide=${encodeURIComponent(XSS[0])}`, 'lti=2');
      const w = await openWatched(env.browser, { allowed: allowFile });
      const dialogs = [];
      w.page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
      const url = fileUrl('index.html', parts.join('&'));
      await gotoReady(w.page, url);
      const { context, page, issues } = w;
      try {
        assert.equal(await page.evaluate(() => document.querySelectorAll('img[src="x"], script:not([src]), a[href^="javascript"]').length), 0, 'nothing from the payloads was rendered as HTML');
        assert.deepEqual(dialogs, [], 'no dialog opened');
        assert.equal(await page.getAttribute('html', 'lang'), 'en', '<html lang> falls back to en');
        const current = await page.locator('nav.toc a[aria-current="page"]').getAttribute('href');
        assert.ok(current && current.includes(`lesson=${lesson.id}`), `should still show lesson ${lesson.id}, which dist/lessons.json marks ready (TOC current: ${current}); console warnings: ${JSON.stringify(issues.warnings)}`);
        await stepOnce(page);
        for (const [key] of params)
          assert.ok(issues.warnings.some((w) => w.includes(`"${key}"`)), `a console warning names the bad parameter "${key}"; warnings: ${JSON.stringify(issues.warnings)}`);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }

  test('theme=dark in the URL wins over a light system, theme=light over a dark one', async () => {
    const lesson = allLessons()[0].id;
    for (const [theme, colorScheme, dark] of [['dark', 'light', true], ['light', 'dark', false]]) {
      const url = fileUrl('index.html', `lesson=${lesson}&theme=${theme}`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile, contextOptions: { colorScheme } });
      try {
        await gotoReady(page, url);
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const l = luminance(bg);
        assert.ok(dark ? l < 0.05 : l > 0.8, `theme=${theme} with a ${colorScheme} system: body background ${bg} (luminance ${l}) should be ${dark ? 'dark' : 'light'}`);
        assert.equal(await page.getAttribute('html', 'data-theme'), theme);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    }
  });
});
