// The circuits lesson trains live, in both languages: a link to an update
// trains there, and the page's numbers (held-out losses, head scores, the
// ablation table, the composed matrix's diagonal) equal the same run
// computed here in node through dist/attnlab.js with the lesson's own run
// (web/lessons/circuits/run.js); by update 300 the induction head has formed;
// the real model's pair (real-pair.js) is the one node finds in the built model.
// Play trains and Pause stops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describeWithBrowser, fileUrl, openWatched, allowFile, gotoReady, assertClean, drawAllBlocks, settled, LANGS, ROOT } from './helpers.mjs';

const lab = await createRequire(import.meta.url)(path.join(ROOT, 'dist', 'attnlab.js')).load();
const mod = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
const { createRun } = await mod('web/lessons/circuits/run.js');
const { composed } = await mod('web/lessons/circuits/compose.js');
const { SETTING } = await mod('web/lessons/circuits/setting.js');
const { passage, realPair } = await mod('web/lessons/circuits/real-pair.js');
const { modelParams, encodeText } = await mod('web/lessons/shared/text-model.js');

// A built model script (dist/lessons/model-<lang>.js) as the page runs it.
function builtModel(lang) {
  let model = null;
  vm.runInNewContext(fs.readFileSync(path.join(ROOT, 'dist', 'lessons', `model-${lang}.js`), 'utf8'), { window: { __attnlab: { defineData: (_, m) => { model = JSON.parse(JSON.stringify(m)); } } } });
  return model;
}

// English trains to the phase change and past it; Chinese to an early checkpoint (the same code, a shorter wait).
const AT = { en: 300, 'zh-Hans': 50 };
const run = createRun(lab, SETTING, 9);  // the lesson's default seed (params.js)
while (run.updates < AT.en) run.advance();
const at = (k) => run.checkpoints.find((c) => c.step === k);
const rel = (a, b) => Math.abs(a - b) / Math.max(1e-12, Math.abs(b));
const status = (page) => page.evaluate(() => ({ ...document.querySelector('.ci-status').dataset }));

describeWithBrowser('circuits lesson', { concurrency: 1 }, (env) => {
  for (const lang of LANGS) {
    test(`${lang}: a link to update ${AT[lang]} trains there; losses, scores, ablation and composition equal the node run`, async () => {
      const want = at(AT[lang]);
      const q = bestQ(want);
      const url = fileUrl('index.html', `lesson=circuits&lang=${lang}&at=${AT[lang]}&off=2.${q + 1}`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(page, url);
        await page.waitForFunction((k) => document.querySelector('.ci-status').dataset.step === String(k), AT[lang], { timeout: 120000 });
        const s = await status(page);
        assert.equal(s.trained, String(AT[lang]));
        assert.ok(rel(Number(s.repeat), want.two.repeat) < 1e-12, `repeat loss: page ${s.repeat}, node ${want.two.repeat}`);
        assert.ok(rel(Number(s.induction), want.induction) < 1e-12, `prefix-match: page ${s.induction}, node ${want.induction}`);
        if (lang === 'en') assert.ok(want.induction > 0.4 && want.two.repeat < want.two.first / 2 && want.controlMatch < 0.3, 'formed in the two-layer model only');
        await drawAllBlocks(page);
        await settled(page);
        // Ablation: the table's cells are transformerLoss with the head left out.
        const cells = await page.locator('table.ci-ablate tbody td').evaluateAll((tds) => tds.map((td) => Number(td.dataset.value)));
        const loss = (targets, ablate) => lab.transformerLoss({ tokens: run.test.tokens, targets }, want.two.params, { ablate }).loss;
        const expected = [loss(run.split.repeat, []), loss(run.split.first, []), loss(run.split.repeat, [[1, q]]), loss(run.split.first, [[1, q]])];
        cells.forEach((x, k) => assert.ok(rel(x, expected[k]) < 1e-12, `ablation cell ${k}: ${x} vs ${expected[k]}`));
        if (lang === 'en') assert.ok(expected[2] > expected[0] + 1, 'leaving the induction head out brings the repeat loss back');
        const diag = Number(await page.locator('[data-ex="compose"] .check').getAttribute('data-diagonal'));
        assert.ok(rel(diag, composed(lab, want).diagonal) < 1e-12, `composed diagonal ${diag}`);
        if (lang === 'en') assert.ok(diag > 0.5, `the composed rule is the induction rule (diagonal ${diag})`);

        // The same pair looked for in the real model of the page's language, loaded when asked.
        await page.locator('.ci-real-load').click();
        await page.locator('.ci-real-body:not([hidden])').waitFor();
        const model = builtModel(lang);
        const text = passage(model), tokens = encodeText(model, text);
        const pair = realPair(lab.headScores([tokens], lab.transformerForward([tokens], modelParams(model)).attention));
        const shown = await page.evaluate(() => ({
          found: document.querySelector('.ci-real').dataset.found,
          heads: [...document.querySelectorAll('.ci-real-body figure[data-head]')].map((f) => f.dataset.head),
          maps: document.querySelectorAll('.ci-real-body svg.heatmap').length,
          verdict: document.querySelector('.ci-real-verdict').textContent,
        }));
        assert.deepEqual([shown.found, shown.heads, shown.maps], [String(pair.found), [`${pair.prev.l}.${pair.prev.k}`, `${pair.ind.l}.${pair.ind.k}`], 4]);
        assert.ok(shown.verdict.includes(`${pair.ind.l + 1}.${pair.ind.k + 1}`), shown.verdict);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }

  test('Play trains both models and Pause stops them; the checkpoint follows the training', async () => {
    const url = fileUrl('index.html', 'lesson=circuits&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      assert.equal((await status(page)).trained, '0', 'nothing trains before Play');
      await page.locator('[data-act="play"]').click();
      await page.waitForFunction(() => Number(document.querySelector('.ci-status').dataset.step) >= 50, null, { timeout: 60000 });
      await page.locator('[data-act="play"]').click();
      const a = Number((await status(page)).trained);
      await page.waitForTimeout(300);
      const b = Number((await status(page)).trained);
      assert.equal(b, a, 'paused');
      assert.equal(await page.locator('[data-act="play"]').getAttribute('aria-pressed'), 'false');
      const c = at(50);
      await page.locator('.ci-at').evaluate((el) => { el.value = '50'; el.dispatchEvent(new Event('input', { bubbles: true })); });
      await page.waitForFunction(() => document.querySelector('.ci-status').dataset.step === '50');
      assert.ok(rel(Number((await status(page)).repeat), c.two.repeat) < 1e-12, 'the checkpoint at 50 is the node run\'s');
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });
});

function bestQ(c) { return c.two.prefixMatch[1].indexOf(Math.max(...c.two.prefixMatch[1])); }
