// The numbers a lesson shows are the API's numbers for the same inputs.
// Matrices are createMatrixView tables: .matrix-wrap[data-name=<name>]
// table.matrix td[data-i][data-j], formatted to 3-4 significant digits.
// Each shown cell is compared with the API value rounded the same way
// (relative tolerance 5e-4).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, lessonMeta, fileUrl, openWatched, allowFile, gotoReady, assertClean, readMatrixCells, compareCells,
} from './helpers.mjs';

const ready = (id) => { const m = lessonMeta(id); return !!(m && m.ready); };
const enc = (m) => m.map((r) => r.join(',')).join(';');

// Inputs of an attention-like lesson: what the page says it used
// (window.__attnlabLesson = {Q, K, V, options}), else the inputs the test put
// in the URL, else the catalog defaults; null when none is known.
async function lessonInputs(page, { fromUrl = null, lesson }) {
  const exposed = await page.evaluate(() => (window.__attnlabLesson ? JSON.parse(JSON.stringify(window.__attnlabLesson)) : null));
  if (exposed) return { ...exposed, source: 'window.__attnlabLesson' };
  if (fromUrl) return { ...fromUrl, source: 'the URL' };
  const p = lessonMeta(lesson).params || {};
  if (p.Q && p.Q.default && p.K && p.K.default && p.V && p.V.default)
    return { Q: p.Q.default, K: p.K.default, V: p.V.default, options: {}, source: 'lessons.json defaults' };
  return null;
}

async function checkAttention(page, { lesson, fromUrl = null, names = ['weights', 'output'], optional = ['scores', 'scaled'] }) {
  const inputs = await lessonInputs(page, { fromUrl, lesson });
  if (!inputs) return { skipped: `lesson=${lesson}: cannot know its inputs (no window.__attnlabLesson, no URL or catalog default Q/K/V)` };
  const api = await page.evaluate(async ({ Q, K, V, options }) => {
    const lab = await window.AttnLab.load();
    return lab.attention(Q, K, V, options || {});
  }, inputs);
  const bad = [];
  const checked = [];
  for (const name of [...names, ...optional]) {
    const shown = await readMatrixCells(page, name);
    if (!shown && optional.includes(name)) continue;
    const b = compareCells(name, shown, api[name]);
    bad.push(...b);
    if (shown) checked.push(`${name} (${shown.cells.length} cells${shown.wraps > 1 ? `, first of ${shown.wraps} views` : ''})`);
  }
  assert.deepEqual(bad, [], `lesson=${lesson}: shown numbers differ from lab.attention on the inputs from ${inputs.source} ` +
    `(Q=${JSON.stringify(inputs.Q)}, K=${JSON.stringify(inputs.K)}, V=${JSON.stringify(inputs.V)}, options=${JSON.stringify(inputs.options)}):\n${bad.join('\n')}`);
  return { inputs, checked };
}

describe('shown numbers equal the API', () => {
  let browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser?.close(); });

  test('attention lesson, default inputs: weights and output cells equal lab.attention', { skip: !ready('attention') && 'the attention lesson is not ready in dist/lessons.json yet' }, async (t) => {
    const url = fileUrl('index.html', 'lesson=attention&lang=en');
    const { context, page, issues } = await openWatched(browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const r = await checkAttention(page, { lesson: 'attention' });
      if (r.skipped) return t.skip(r.skipped);
      t.diagnostic(`inputs from ${r.inputs.source}; checked ${r.checked.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('attention lesson, Q K V and causal=1 from the URL: the page uses them and shows lab.attention\'s numbers', { skip: !ready('attention') && 'the attention lesson is not ready in dist/lessons.json yet' }, async (t) => {
    const Q = [[1, -0.5], [0.3, 2], [-1.2, 0.7]];
    const K = [[0.4, 1], [-2, 0.1], [1.5, -0.3]];
    const V = [[1, 2], [-3, 0.25], [0.5, -1]];
    const url = fileUrl('index.html', `lesson=attention&lang=en&n=3&dk=2&dv=2&Q=${enc(Q)}&K=${enc(K)}&V=${enc(V)}&causal=1`);
    const { context, page, issues } = await openWatched(browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const exposed = await page.evaluate(() => window.__attnlabLesson && JSON.parse(JSON.stringify(window.__attnlabLesson)));
      if (exposed) {
        assert.deepEqual({ Q: exposed.Q, K: exposed.K, V: exposed.V }, { Q, K, V }, 'the lesson should take Q, K, V from the URL');
        assert.equal(exposed.options && exposed.options.causal, true, 'causal=1 in the URL turns the causal mask on');
      }
      const r = await checkAttention(page, { lesson: 'attention', fromUrl: { Q, K, V, options: { causal: true } } });
      t.diagnostic(`inputs from ${r.inputs.source}; checked ${r.checked.join(', ')}`);
      // Causal: query 1 sees only key 1.
      const w = await readMatrixCells(page, 'weights');
      const upper = w.cells.filter((c) => c.j > c.i).map((c) => c.text.trim());
      assert.ok(upper.every((x) => x === '0'), `causal weights above the diagonal should show 0, got ${JSON.stringify(upper)}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('practice lesson: weights and output cells equal lab.attention on its inputs', { skip: !ready('practice') && 'the practice lesson is not ready in dist/lessons.json yet' }, async (t) => {
    const url = fileUrl('index.html', 'lesson=practice&lang=en');
    const { context, page, issues } = await openWatched(browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const r = await checkAttention(page, { lesson: 'practice' });
      if (r.skipped) return t.skip(r.skipped);
      t.diagnostic(`inputs from ${r.inputs.source}; checked ${r.checked.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('softmax lesson: the Jacobian shown equals lab.softmaxJacobian for z and T from the URL', { skip: !ready('softmax') && 'the softmax lesson is not ready in dist/lessons.json' }, async () => {
    const z = [3, -1.5, 0.25, 2, -4];
    const T = 0.7;
    const url = fileUrl('index.html', `lesson=softmax&lang=en&z=${z.join(',')}&T=${T}`);
    const { context, page, issues } = await openWatched(browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const expected = await page.evaluate(async ([zz, TT]) => (await window.AttnLab.load()).softmaxJacobian(zz, { temperature: TT }), [z, T]);
      const bad = compareCells('jacobian', await readMatrixCells(page, 'jacobian'), expected);
      assert.deepEqual(bad, [], `softmax Jacobian for z=${z}, T=${T}:\n${bad.join('\n')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });
});
