// The attention lesson's "A real model" part (real-model.js), in both
// languages, one context each: the model is requested only when the button is
// pressed, and the page with its model within check-budgets' guard (the issue's
// 350 KB gzip target is reported: the Chinese model's page is above it); the learner's
// own sentence (the Chinese one typed with an input method's full-width
// punctuation), an unknown character said and read as "other", an empty and an
// over-long text refused with the last drawing kept, the other model
// selectable, ablating a head changing the loss shown; no axe violation in
// the opened part, nothing sticking out at 360 px; the same in a sandboxed
// iframe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describeWithBrowser, openWatched, allowOrigins, gotoReady, assertClean, runAxe, formatViolations, startHostPage, overflowReport, DIST, ROOT, LANGS } from './helpers.mjs';
import { MODEL_KB } from '../../web/lessons/shared/text-model-sizes.js';

const STRINGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/lessons/attention/strings.json'), 'utf8'));
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const gzip = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
// scripts/check-budgets.mjs's 'model' line: the issue's target and the guard
// (the Chinese model is over the target: see there).
const MODEL_BUDGET = { target: 350 * 1000, limit: 370 * 1000 };

// What the learner types, and what the page must say of it.
const TYPED = {
  en: { text: 'The Lord is my light 7; the lord is my light.', shown: 'the lord is my light ; the lord is my light.', unknown: '7' },
  'zh-Hans': { text: '春花秋月何时了？往事知多少！春花秋月何时了：往事知多少；', unknown: '？！：；' },
};

describeWithBrowser('attention lesson: a real model', { server: true }, (env) => {
  for (const lang of LANGS) {
    test(`${lang}: loaded on demand, the learner's text, unknown characters, empty and over-long text, ablation`, async () => {
      const t = STRINGS[lang];
      // Over http, as scripts/check-budgets.mjs measures an embed (fonts as files, fetched when used).
      const url = env.server.httpUrl('embed.html', `lesson=attention&lang=${lang}`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(env.server.origin) });
      const files = new Set();
      page.on('request', (r) => { const u = new URL(r.url()); if (u.origin === env.server.origin) files.add(path.join(DIST, decodeURIComponent(u.pathname))); });
      const idle = () => page.locator('.real-model[data-state="idle"]').waitFor();
      try {
        await gotoReady(page, url);
        assert.ok(![...files].some((f) => /model-/.test(f)), 'no model before the button is pressed');
        const load = page.locator('.rm-load');
        assert.equal(await load.textContent(), fill(t.rmLoad, { kb: MODEL_KB[lang] }));
        await load.click();
        const heads = page.locator('.rm-grid .rm-head');
        await heads.nth(7).waitFor();
        assert.equal(await heads.count(), 8);
        assert.equal(await page.locator('select.rm-model').inputValue(), lang, "the page's language's model");

        // The page with its model, gzip: every file it requested.
        const bytes = [...files].filter((f) => f.startsWith(DIST) && fs.existsSync(f)).reduce((s, f) => s + gzip(f), 0);
        const modelBytes = gzip(path.join(DIST, 'lessons', `model-${lang}.js`));
        console.log(`# ${lang}: the embed page with model-${lang}.js: ${(bytes / 1000).toFixed(1)} KB gzip (the model ${(modelBytes / 1000).toFixed(1)} KB); `
          + `${bytes > MODEL_BUDGET.target ? 'above' : 'within'} the target ${MODEL_BUDGET.target / 1000} KB`);
        assert.ok([...files].some((f) => f.endsWith(`model-${lang}.js`)));
        assert.ok(bytes <= MODEL_BUDGET.limit, `${bytes} bytes gzip > the guard ${MODEL_BUDGET.limit}`);

        const violations = await runAxe(page, { include: [['section.real-model']] });
        assert.deepEqual(violations, [], `axe on the opened part:\n${formatViolations(violations)}`);

        // The learner's own sentence, typed; the axes carry its characters.
        const area = page.locator('textarea.rm-text');
        await area.fill('');
        await area.pressSequentially(TYPED[lang].text);
        await idle();
        const note = await page.locator('.rm-note').textContent();
        const P = 64;
        if (lang === 'zh-Hans') {
          assert.equal(note, fill(t.rmOtherNote, { count: 4, v: 500, chars: TYPED[lang].unknown }));
        } else {
          assert.equal(note, fill(t.rmDroppedNote, { v: 38, chars: TYPED[lang].unknown }));
        }
        const rows = await page.locator('.real-model svg.heatmap:not(.rm-map) .hm-row').allTextContents();
        const shown = (TYPED[lang].shown || TYPED[lang].text).replace(/ /g, '␣');
        assert.equal(rows.join(''), shown);
        assert.equal(await page.locator('.rm-count').textContent(), fill(t.rmCount, { n: Array.from(TYPED[lang].text).length, max: P }));

        // The ranking: every head with its role and its four scores (a dash where the text gives a score nothing to average).
        const ranking = await page.evaluate(() => [...document.querySelectorAll('table.rm-rank tbody tr')].map((tr) => ({ role: tr.dataset.role, cells: tr.querySelectorAll('td').length })));
        assert.equal(ranking.length, 8);
        for (const r of ranking) {
          assert.ok(['previousToken', 'prefixMatch', 'sameToken', 'firstToken', 'none'].includes(r.role), r.role);
          assert.equal(r.cells, 5, 'the role and four scores');
        }

        // The temperature, by keyboard, from 1 to its lowest, 0.1: p_i(T) is proportional to p_i(1)^(1/T), so
        // the log-ratio of the first two predictions grows tenfold (within the rounding of 3 shown digits).
        const percents = () => page.evaluate(() => [...document.querySelectorAll('table.rm-pred .rm-p')].map((e) => e.textContent));
        const warm = await percents();
        await page.locator('.real-model input[type=range]').focus();
        await page.keyboard.press('Home');
        await page.waitForFunction((w) => parseFloat(document.querySelector('table.rm-pred .rm-p').textContent) > w, parseFloat(warm[0]));
        const cold = await percents();
        const [w0, w1, c0, c1] = [warm[0], warm[1], cold[0], cold[1]].map(parseFloat);
        if (/^[\d.]+ %$/.test(cold[1])) {
          // Half a step of the last of 3 significant digits, relative to the value.
          const r = (x) => 0.5 * 10 ** (Math.floor(Math.log10(x)) - 2) / x;
          const gap = Math.log(c0 / c1) - 10 * Math.log(w0 / w1), tol = 10 * (r(w0) + r(w1)) + r(c0) + r(c1);
          assert.ok(Math.abs(gap) <= tol, `T = 1: ${warm.slice(0, 2)}, T = 0.1: ${cold.slice(0, 2)}: log-ratio off by ${gap} (rounding allows ${tol})`);
        } else {
          // The second is written with a power of ten (under 0.001 %): the first takes nearly all.
          assert.ok(c0 > 99, `T = 1: ${warm.slice(0, 2)}, T = 0.1: ${cold.slice(0, 2)}`);
        }

        // Ablation: the loss without a head differs from the loss with all, and changes with the head.
        const lossOf = async (sel) => page.locator(sel).textContent();
        const all = await lossOf('.rm-loss-all');
        const without10 = await lossOf('.rm-loss-without');
        assert.notEqual(all, without10);
        await heads.nth(2).click();  // L1 H3, by its map
        assert.equal(await page.locator('select.rm-ablate').inputValue(), '0.2');
        assert.equal(await heads.nth(2).getAttribute('aria-pressed'), 'true');
        const without02 = await lossOf('.rm-loss-without');
        assert.notEqual(without02, without10);
        await page.locator('select.rm-ablate').selectOption('1.3');
        assert.notEqual(await lossOf('.rm-loss-without'), without02);

        // Empty and over-long: a message, the last drawing stays.
        const msg = page.locator('.rm-msg');
        await area.fill('');
        await idle();
        assert.equal(await msg.textContent(), t.rmEmpty);
        assert.equal(await rowsCount(page), Array.from(shown).length);
        await area.fill('春'.repeat(P + 1));
        await idle();
        assert.equal(await msg.textContent(), fill(t.rmTooLong, { count: P + 1, max: P }));
        assert.equal(await rowsCount(page), Array.from(shown).length);
        await page.locator('.rm-text-foot button').click();
        assert.ok(await msg.isHidden());

        // The other model, selected.
        const other = lang === 'en' ? 'zh-Hans' : 'en';
        await page.locator('select.rm-model').selectOption(other);
        await page.waitForFunction((o) => document.querySelector('textarea.rm-text').lang === o, other);
        assert.ok([...files].some((f) => f.endsWith(`model-${other}.js`)));
        assert.equal(await heads.count(), 8);

        // At 360 px: the maps in two columns, nothing sticking out.
        await page.setViewportSize({ width: 360, height: 800 });
        await page.waitForFunction(() => getComputedStyle(document.querySelector('.rm-grid')).gridTemplateColumns.split(' ').length === 2);
        await page.waitForTimeout(300);  // the heatmap's box observer
        const over = await page.evaluate(overflowReport, 360);
        assert.deepEqual(over.culprits, [], `overflow at 360 px (scrollWidth ${over.scrollWidth})`);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }

  test('a model that cannot be loaded is said so, and the button stays', async () => {
    const url = env.server.httpUrl('embed.html', 'lesson=attention&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(env.server.origin) });
    try {
      await page.route('**/lessons/model-en.js', (route) => route.abort());
      await gotoReady(page, url);
      await page.locator('.rm-load').click();
      await page.waitForFunction(() => document.querySelector('.rm-status').textContent.includes('model-en.js'));
      assert.equal(await page.locator('.rm-status').textContent(), `${STRINGS.en.rmFailed} lessons/model-en.js`);
      assert.ok(await page.locator('.rm-load').isEnabled());
      assert.ok(await page.locator('.rm-body').isHidden());
      assertClean(issues, url, { consoleErrors: false, failedRequests: false });  // the refused request's own
    } finally {
      await context.close();
    }
  });

  test('in a sandboxed iframe (an opaque origin) the model loads and runs', async () => {
    const host = await startHostPage(env.server.httpUrl('embed.html', 'lesson=attention&lang=en'), { height: 900 });
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(host.origin, env.server.origin) });
    try {
      await page.goto(host.url);
      const frame = page.frameLocator('#lesson');
      await frame.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      await frame.locator('.rm-load').click();
      await frame.locator('.rm-grid .rm-head').nth(7).waitFor();
      await frame.locator('.real-model[data-state="idle"]').waitFor();
      assert.equal(await frame.locator('.rm-grid .rm-head').count(), 8);
      assert.match(await frame.locator('.rm-loss-all').textContent(), /bits\/char/);
      assertClean(issues, host.url);
    } finally {
      await context.close();
      await host.close();
    }
  });
});

const rowsCount = (page) => page.locator('.real-model svg.heatmap:not(.rm-map) .hm-row').count();
