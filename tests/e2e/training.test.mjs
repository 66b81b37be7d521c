// The training lesson trains, in both languages, from file:// and inside a
// sandboxed iframe on another origin; the page's numbers (the loss and
// accuracy after N updates, one weight's Adam state, the diverging run)
// equal the API's for the same seed, computed here in node through
// dist/attnlab.js from the lesson's inputs (web/lessons/training/tasks.js).
// The graphs lesson's karate GAT reaches the accuracy lab.trainGat reaches;
// the softmax lesson's chain-rule table equals lab.softmaxBackward.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  describeWithBrowser, startHostPage, fileUrl, openWatched, allowFile, allowOrigins,
  gotoReady, assertClean, drawAllBlocks, LANGS, ROOT, READY_TIMEOUT,
} from './helpers.mjs';

const lab = await createRequire(import.meta.url)(path.join(ROOT, 'dist', 'attnlab.js')).load();
const mod = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
const { taskData, initParams, sequences, HELD_OUT_SEED, HELD_OUT } = await mod('web/lessons/training/tasks.js');
const { karateInputs } = await mod('web/lessons/graphs/karate.js');

const rel = (a, b) => Math.abs(a - b) / Math.max(1, Math.abs(b));
const apiRun = (task, method, lr, steps, seed) => {
  const d = taskData(task);
  return lab.trainAttention({ X: d.X, targets: d.targets }, initParams(seed, d.classes), { method, lr, steps, causal: true });
};
const status = (frame) => frame.evaluate(() => ({ ...document.querySelector('[data-name="status"]').dataset }));

async function playToEnd(frame) {
  await frame.locator('[data-act="play"]').click();
  await frame.waitForFunction(() => { const s = document.querySelector('[data-name="status"]'); return s && s.dataset.step === s.dataset.last; }, null, { timeout: 30000 });
}

describeWithBrowser('training lesson', { concurrency: 1, server: true }, (env) => {
  for (const lang of LANGS) {
    test(`file:// ${lang}: play trains the model; loss and accuracy after N updates equal lab.trainAttention's for the same seed`, async () => {
      const url = fileUrl('index.html', `lesson=training&lang=${lang}&task=prev&seed=3&steps=60`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(page, url);
        const want = apiRun('prev', 'adam', 0.05, 60, 3);
        const s0 = await status(page);
        assert.equal(s0.step, '0');
        assert.equal(s0.trained, '0', 'nothing is trained before play: play trains live');
        assert.ok(rel(Number(s0.loss), want.loss[0]) < 1e-12, `loss at 0: ${s0.loss} vs ${want.loss[0]}`);
        await playToEnd(page);
        const s = await status(page);
        assert.equal(s.trained, '60');
        // Trained one update per call, continuing the run: the same numbers as one call.
        assert.equal(Number(s.loss), want.loss[60]);
        assert.ok(rel(Number(s.loss), want.loss[60]) < 1e-12, `loss after 60: page ${s.loss}, API ${want.loss[60]}`);
        assert.equal(Number(s.accuracy), want.accuracy[60]);
        assert.ok(want.loss[60] < want.loss[0] / 10, 'the model learned');
        // Held out: the trained weights on sequences never trained on, as the API says.
        const held = taskData('prev', sequences(HELD_OUT_SEED, HELD_OUT));
        const h = lab.trainAttention({ X: held.X, targets: held.targets }, want.params, { method: 'gd', lr: 1, steps: 0, causal: true });
        assert.equal(Number(await page.locator('[data-name="held-out"]').getAttribute('data-accuracy')), h.accuracy[0]);
        assert.match(await page.locator('[data-name="held-out"]').textContent(), new RegExp(`${HELD_OUT}\\D.*60\\D`));
        // Step one update back from the start.
        await page.locator('[data-act="reset"]').click();
        await page.locator('[data-act="step"]').click();
        const s1 = await status(page);
        assert.equal(s1.step, '1');
        assert.ok(rel(Number(s1.loss), want.loss[1]) < 1e-12);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }

  // A "make it happen" once reached keeps its mark, but its feedback follows the values:
  // gd-make read "reached 100 %" beside η = 60 (24 %).
  test('gd-make: reached keeps its mark; with a rate that fails the feedback says it is not reached now', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, fileUrl('index.html', 'lesson=training&lang=en&xseed=1&task=prev&method=gd&lr=4&steps=15'));
      const card = page.locator('[data-exercise="gd-make"]');
      assert.equal(await card.getAttribute('data-status'), 'correct');
      const lr = page.locator('[data-name="train"] input.rate-text');
      await lr.fill('60');
      await lr.press('Enter');
      await page.waitForFunction(() => /before/.test(document.querySelector('[data-exercise="gd-make"] .ex-feedback').textContent));
      assert.equal(await card.getAttribute('data-status'), 'correct', 'the mark stays');
      assertClean(issues, 'gd-make');
    } finally { await context.close(); }
  });

  test('the Adam state shown equals the chapter\'s recursion over the API\'s gradients, and the trainer\'s value', async () => {
    const url = fileUrl('index.html', 'lesson=training&task=prev&seed=1&wm=Wq&wi=7&wj=1&wt=3');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const a = await page.evaluate(() => ({ ...document.querySelector('[data-name="adam"]').dataset }));
      assert.equal(a.t, '3');
      // The trainer after 3 Adam updates.
      const d = taskData('prev');
      const three = lab.trainAttention({ X: d.X, targets: d.targets }, initParams(1, d.classes), { method: 'adam', lr: 0.05, steps: 3, causal: true });
      const core = three.params.Wq[6][0];
      assert.ok(rel(Number(a.next), core) < 1e-12, `θ₃ page ${a.next}, trainAttention ${core}`);
      // m₃, v₃ of the chapter's recursion are the trainer's own (result.state).
      assert.ok(rel(Number(a.m), three.state.m.Wq[6][0]) < 1e-12, `m₃ page ${a.m}, state ${three.state.m.Wq[6][0]}`);
      assert.ok(rel(Number(a.v), three.state.v.Wq[6][0]) < 1e-12, `v₃ page ${a.v}, state ${three.state.v.Wq[6][0]}`);
      assert.ok(rel(Number(a.core), core) < 1e-12);
      assert.ok(rel(Number(a.mHat), Number(a.m) / (1 - 0.9 ** 3)) < 1e-12, 'm̂ = m / (1 − β₁³)');
      assert.ok(rel(Number(a.vHat), Number(a.v) / (1 - 0.999 ** 3)) < 1e-12, 'v̂ = v / (1 − β₂³)');
      assert.match(await page.locator('[data-name="adam-check"]').getAttribute('class'), /good/);
      // The too-large rate: reported as diverged at the API's update.
      await page.waitForSelector('[data-name="compare"][data-ready="true"]', { timeout: 30000 });
      const big = apiRun('prev', 'gd', 60, 120, 1);
      assert.ok(big.diverged);
      assert.equal(await page.locator('[data-name="diverged"]').getAttribute('data-diverged-at'), String(big.divergedAt));
      await drawAllBlocks(page);
      assert.doesNotMatch(await page.locator('[data-name="compare"]').innerText(), /NaN/);
      await page.waitForSelector('[data-name="heads"] ~ * [data-name="prev-check"].good, [data-name="prev-check"].good', { timeout: 30000 });
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('inside <iframe sandbox="allow-scripts"> on another origin: the training lesson trains', async () => {
    const src = env.server.httpUrl('embed.html', 'lesson=training&lang=zh-Hans&task=first&steps=30');
    const host = await startHostPage(src, { height: 600 });
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(host.origin, env.server.origin) });
    try {
      await page.goto(host.url);
      const frame = await (await page.waitForSelector('iframe#lesson')).contentFrame();
      await frame.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT });
      assert.equal(await frame.evaluate(() => window.origin), 'null');
      await playToEnd(frame);
      const s = await status(frame);
      const want = apiRun('first', 'adam', 0.05, 30, 1);
      assert.ok(rel(Number(s.loss), want.loss[30]) < 1e-12, `sandboxed: ${s.loss} vs ${want.loss[30]}`);
      assertClean(issues, src);
    } finally {
      await context.close();
      await host.close();
    }
  });

  test('graphs: the karate GAT reaches the accuracy lab.trainGat reaches; softmax: the chain-rule table equals lab.softmaxBackward', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      let url = fileUrl('index.html', 'lesson=graphs&kseed=1&kstep=60');
      await gotoReady(page, url);
      const k = await page.evaluate(() => ({ ...document.querySelector('[data-name="karate-status"]').dataset }));
      const { X, A, labels, params, trainMask } = karateInputs(1);
      const r = lab.trainGat(X, A, labels, params, { method: 'adam', lr: 0.05, steps: 60, trainMask });
      assert.equal(Number(k.accuracy), r.accuracy[60]);
      assert.equal(k.predictions, r.predictions.join(''));
      assert.equal(Number(k.loss), r.loss[60], 'opened at 60 (trained from checkpoints at 20 and 40)');
      assert.ok(r.accuracy[60] > 0.8, `karate accuracy ${r.accuracy[60]}`);
      // A scrub back to 47 starts from the checkpoint at 40: one run's numbers still.
      await page.locator('.kt-scrub').evaluate((el) => { el.value = '47'; el.dispatchEvent(new Event('input', { bubbles: true })); });
      const scrubbed = await page.evaluate(() => ({ ...document.querySelector('[data-name="karate-status"]').dataset }));
      const r47 = lab.trainGat(X, A, labels, params, { method: 'adam', lr: 0.05, steps: 47, trainMask });
      assert.equal(scrubbed.step, '47');
      assert.equal(Number(scrubbed.loss), r47.loss[47]);
      assert.equal(scrubbed.predictions, r47.predictions.join(''));
      // Played from the start, one update per frame continuing the run (its
      // optimizer state given back): the same numbers as the one call.
      await page.locator('[data-act="karate-reset"]').click();
      await page.locator('[data-act="karate-play"]').click();
      await page.waitForFunction(() => document.querySelector('[data-name="karate-status"]').dataset.step === '60', null, { timeout: 30000 });
      const played = await page.evaluate(() => ({ ...document.querySelector('[data-name="karate-status"]').dataset }));
      assert.equal(Number(played.loss), r.loss[60]);
      assert.equal(played.predictions, r.predictions.join(''));
      assertClean(issues, url);

      url = fileUrl('index.html', 'lesson=softmax&z=2,1,0.1,-1&T=1&y=2');
      await gotoReady(page, url);
      const rows = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-name="chain"] tbody tr')]
        .map((tr) => [tr.dataset.row, [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value))])));
      const z = [2, 1, 0.1, -1];
      const p = lab.softmax(z);
      const dz = lab.softmaxBackward(z, p.map((pi, i) => (i === 1 ? -1 / pi : 0)));
      rows.backward.forEach((x, j) => assert.ok(rel(x, dz[j]) < 1e-12, `Jᵀ∂L/∂p[${j}]`));
      rows.ce.forEach((x, j) => assert.ok(Math.abs(x - dz[j]) < 1e-12, `p − y [${j}]`));
      rows.fd.forEach((x, j) => assert.ok(rel(x, dz[j]) < 1e-6, `finite difference [${j}]`));
      assert.match(await page.locator('[data-name="chain-check"]').getAttribute('class'), /good/);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });
});
