// The attention lesson on a real sentence: token labels on the
// matrices and heatmap axes in both languages, the projection step's
// Q = X·W_Q equal to lab.matmul, the √dₖ demonstration's entropies and
// largest weights equal to lab.entropy / lab.attention for both the scaled
// and the unscaled weights, the "it → cat" pattern of the "who?" head, the
// scores step highlighting the query row and key column it multiplies, and
// a typed sentence and a link reproducing the view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeWithBrowser, fileUrl, openWatched, allowFile, gotoReady, assertClean, readMatrixCells, compareCells, LANGS,
} from './helpers.mjs';

const PRONOUN = { en: 'it', 'zh-Hans': '它' };
const CAT = { en: 'cat', 'zh-Hans': '小猫' };

async function withPage(env, query, fn) {
  const url = fileUrl('index.html', query);
  const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
  try {
    await gotoReady(page, url);
    await fn(page);
    assertClean(issues, url);
  } finally {
    await context.close();
  }
}

// Row headers of a matrix view (th[scope=row]) and its column headers.
const headers = (page, name) => page.evaluate((nm) => {
  const w = document.querySelector(`.matrix-wrap[data-name="${nm}"]`);
  if (!w) return null;
  return { rows: [...w.querySelectorAll('tbody th[scope=row]')].map((x) => x.textContent), cols: [...w.querySelectorAll('thead th[scope=col]')].map((x) => x.textContent) };
}, name);

describeWithBrowser('attention lesson on a sentence', {}, (env) => {
  for (const lang of LANGS) {
    test(`${lang}: token labels on the matrices and the heatmap axes; the "who?" head sends "${PRONOUN[lang]}" to "${CAT[lang]}"`, async () => {
      await withPage(env, `lesson=attention&lang=${lang}`, async (page) => {
        const inputs = await page.evaluate(() => JSON.parse(JSON.stringify(window.__attnlabLesson)));
        const tokens = inputs.tokens;
        assert.ok(tokens.includes(PRONOUN[lang]) && tokens.includes(CAT[lang]), `default sentence tokens: ${tokens.join(' ')}`);
        for (const name of ['scores', 'weights', 'output', 'proj-Q', 'qk-Q', 'X', 'mh-output']) {
          const hd = await headers(page, name);
          assert.deepEqual(hd && hd.rows, tokens, `${name}: rows labelled by the sentence's words`);
        }
        assert.deepEqual((await headers(page, 'weights')).cols, tokens, 'weights: columns labelled by the words');
        assert.deepEqual((await headers(page, 'qk-Kt')).cols, tokens, 'Kᵀ: columns labelled by the words');
        // The first heatmap (the lesson's α) and every head's map carry the words on both axes.
        const maps = await page.evaluate(() => [...document.querySelectorAll('.lesson svg.heatmap')].filter((s) => s.getBoundingClientRect().width > 0)
          .map((s) => ({ rows: [...s.querySelectorAll('.hm-row')].map((x) => x.textContent), cols: [...s.querySelectorAll('.hm-col')].map((x) => x.textContent) })));
        assert.ok(maps.length >= 3, `heatmaps shown: ${maps.length}`);
        for (const m of maps) { assert.deepEqual(m.rows, tokens); assert.deepEqual(m.cols, tokens); }
        // The main head is the "who?" head: the row of the pronoun peaks on the cat.
        const api = await page.evaluate(async (x) => (await window.AttnLab.load()).attention(x.Q, x.K, x.V, x.options), inputs);
        const i = tokens.indexOf(PRONOUN[lang]);
        const row = api.weights[i];
        assert.equal(tokens[row.indexOf(Math.max(...row))], CAT[lang], `argmax of the row of ${PRONOUN[lang]}: ${row}`);
        // The same in the multi-head part's head 1, from lab.multiHeadAttention on the inputs it shows.
        const mh = await page.evaluate(() => JSON.parse(JSON.stringify(window.__attnlabMultiHead)));
        assert.deepEqual(compareCells('X', await readMatrixCells(page, 'X'), mh.X), [], 'the X shown is the one used');
        const r = await page.evaluate(async (m) => (await window.AttnLab.load()).multiHeadAttention(m.X, m.heads, m.Wo, m.options), mh);
        const w1 = r.heads[0].weights[i];
        assert.equal(tokens[w1.indexOf(Math.max(...w1))], CAT[lang], 'head 1 of the multi-head part: it → cat');
        assert.ok(w1[tokens.indexOf(CAT[lang])] > 0.9, `head 1 puts most of the pronoun's attention on the cat: ${w1}`);
        // Every head shows its own W_Q, W_K, W_V; W_O is shown.
        for (let k = 1; k <= mh.heads.length; k++)
          for (const W of ['Wq', 'Wk', 'Wv'])
            assert.deepEqual(compareCells(`mh-${W}-${k}`, await readMatrixCells(page, `mh-${W}-${k}`), mh.heads[k - 1][W]), [], `head ${k}: ${W}`);
        assert.deepEqual(compareCells('Wo', await readMatrixCells(page, 'Wo'), mh.Wo), [], 'W_O');
      });
    });
  }

  test('the projection step: Q = X·W_Q, K = X·W_K, V = X·W_V as lab.matmul computes them', async () => {
    await withPage(env, 'lesson=attention&lang=en', async (page) => {
      const got = await page.evaluate(async () => {
        const lab = await window.AttnLab.load();
        const inputs = (name) => [...document.querySelectorAll(`.lesson .matrix-editor`)].find((e) => (e.querySelector('caption') || {}).textContent?.startsWith(name));
        const read = (ed) => [...ed.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('input')].map((x) => Number(x.value)));
        const X = read(inputs('Embeddings X'));
        // Captions typeset W_Q as W<sub>Q</sub>: their text reads WQ.
        const W = { Q: read(inputs('WQ')), K: read(inputs('WK')), V: read(inputs('WV')) };
        return { X, want: { Q: lab.matmul(X, W.Q), K: lab.matmul(X, W.K), V: lab.matmul(X, W.V) }, step: document.querySelector('.step-title').textContent };
      });
      assert.match(got.step, /Q = XWQ/, 'step 1 is the projection');
      for (const M of ['Q', 'K', 'V'])
        assert.deepEqual(compareCells(`proj-${M}`, await readMatrixCells(page, `proj-${M}`), got.want[M]), [], `${M} = X·W_${M}`);
    });
  });

  test('the scores step highlights the query row of Q and the key column of Kᵀ being multiplied', async () => {
    await withPage(env, 'lesson=attention&lang=en&step=2', async (page) => {
      const hl = await page.evaluate(() => {
        const on = (nm) => [...document.querySelectorAll(`.matrix-wrap[data-name="${nm}"] td.hl`)].map((td) => [Number(td.dataset.i), Number(td.dataset.j)]);
        return { Q: on('qk-Q'), Kt: on('qk-Kt'), S: on('scores'), tokens: window.__attnlabLesson.tokens };
      });
      assert.equal(hl.S.length, 1, `one score cell highlighted: ${JSON.stringify(hl.S)}`);
      const [i, j] = hl.S[0];
      assert.equal(hl.tokens[i], 'it');
      assert.equal(hl.tokens[j], 'cat');
      assert.ok(hl.Q.length > 0 && hl.Q.every(([a]) => a === i), `Q: row ${i} highlighted, got ${JSON.stringify(hl.Q)}`);
      assert.ok(hl.Kt.length > 0 && hl.Kt.every(([, b]) => b === j), `Kᵀ: column ${j} highlighted, got ${JSON.stringify(hl.Kt)}`);
    });
  });

  for (const [query, unscaled] of [['lesson=attention&lang=en&sdk=64', false], ['lesson=attention&lang=zh-Hans&sdk=64&unscaled=1', true]]) {
    test(`the √dₖ demonstration (${query}): entropies and largest weights, scaled and unscaled, are lab's`, async () => {
      await withPage(env, query, async (page) => {
        const s = await page.evaluate(() => JSON.parse(JSON.stringify(window.__attnlabScale)));
        assert.equal(s.dk, 64);
        assert.equal(s.unscaled, unscaled);
        const want = await page.evaluate(async ({ Q, K }) => {
          const lab = await window.AttnLab.load();
          const a = lab.attention(Q, K, K), b = lab.attention(Q, K, K, { scale: 1 });
          return a.weights.map((w, i) => [lab.entropy(w), Math.max(...w), lab.entropy(b.weights[i]), Math.max(...b.weights[i])]);
        }, s);
        assert.deepEqual(compareCells('scale-stats', await readMatrixCells(page, 'scale-stats'), want), []);
        // At dₖ = 64 the unscaled rows are far sharper: the √dₖ argument, seen.
        const mean = (k) => want.reduce((x, r) => x + r[k], 0) / want.length;
        assert.ok(mean(2) < mean(0) - 1, `mean entropy unscaled ${mean(2)} vs scaled ${mean(0)}`);
        assert.ok(mean(3) > mean(1), 'largest weight grows without the scaling');
        // The map shown is the one the toggle asks for.
        const shown = await page.evaluate(() => [...document.querySelectorAll('.scaling svg.heatmap')].filter((x) => x.getBoundingClientRect().width > 0).length);
        assert.equal(shown, 1);
        const checked = await page.locator('.scaling input[type=checkbox]').isChecked();
        assert.equal(checked, !unscaled);
      });
    });
  }

  test('a typed sentence: its words label the rows, unknown words are named in the page language, and the link reproduces it', async () => {
    const url = fileUrl('index.html', 'lesson=attention&lang=zh-Hans');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const field = page.locator('.lesson input.sentence-input');
      await field.fill('小狗睡在沙发上因为它饿了');
      await field.press('Enter');
      const want = ['小狗', '睡', '在', '沙发', '上', '因为', '它', '饿', '了'];
      assert.deepEqual((await headers(page, 'weights')).rows, want);
      await field.fill('小狗 abc 睡');
      await field.press('Enter');
      const msg = await page.locator('#att-sentence-msg').textContent();
      assert.match(msg, /abc/);
      assert.match(msg, /[\u4e00-\u9fff]/);
      // A vocabulary button appends its word.
      await page.locator('.lesson .vocab-word', { hasText: '开心' }).first().click();
      assert.deepEqual((await headers(page, 'weights')).rows, ['小狗', '睡', '开心']);
      await page.waitForFunction(() => decodeURIComponent(location.search).includes('开心'), null, { timeout: 10000 });
      const search = await page.evaluate(() => location.search);
      const p2 = await context.newPage();
      await gotoReady(p2, fileUrl('index.html', search.slice(1)));
      assert.deepEqual((await headers(p2, 'weights')).rows, ['小狗', '睡', '开心'], 'the copied link shows the same sentence');
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });
});
