// The numbers a lesson shows are the API's numbers for the same inputs.
// Matrices are createMatrixView tables: .matrix-wrap[data-name=<name>]
// table.matrix td[data-i][data-j], formatted to 3-4 significant digits.
// Each shown cell is compared with the API value rounded the same way
// (relative tolerance 5e-4). Numbers written in text or formulas
// (read from the MathML's TeX annotation) are compared at the digits the
// lesson writes them with. One page load per lesson, default inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  describeWithBrowser, lessonMeta, fileUrl, openWatched, allowFile, gotoReady, assertClean, readMatrixCells, compareCells, parseShown, matchesShown, settled, clickStill, ROOT,
} from './helpers.mjs';
const { rng, randomMatrix } = await import(pathToFileURL(path.join(ROOT, 'web/util/random.js')).href);

const enc = (m) => m.map((r) => r.join(',')).join(';');
// The flash lesson's example: the first n rows of seeded 32 x 4 matrices (web/lessons/flash/demo.js).
const demo = (n) => { const next = rng(2022); const [Q, K, V] = [0, 1, 2].map(() => randomMatrix(next, 32, 4).slice(0, n)); return { Q, K, V }; };
const dflt = (lesson) => Object.fromEntries(Object.entries(lessonMeta(lesson).params || {}).map(([k, p]) => [k, p.default]));

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

// Every named view against its expected matrix (number[][]), one assertion
// for all of them; returns what was checked.
async function checkViews(page, expected, what) {
  const bad = [];
  const checked = [];
  for (const [name, m] of Object.entries(expected)) {
    const shown = await readMatrixCells(page, name);
    bad.push(...compareCells(name, shown, m));
    if (shown && shown.cells.length) checked.push(`${name} (${shown.cells.length} cells)`);
  }
  assert.deepEqual(bad, [], `${what}:\n${bad.join('\n')}`);
  return checked;
}

// A shown matrix as numbers (for inputs the page shows exactly, e.g. the
// seeded matrices with one decimal).
const cellsToMatrix = (shown) => {
  const m = [];
  for (const c of shown.cells) (m[c.i] = m[c.i] || [])[c.j] = parseShown(c.text);
  return m;
};

// A number as the page writes it in TeX (format.js tex()): 0.1234, -5,
// 1.2 \times 10^{-5}, \infty.
function texNumber(s) {
  const x = s.trim();
  if (x === '\\infty') return Infinity;
  if (x === '-\\infty') return -Infinity;
  const m = /^(-?\d*\.?\d+)(?:\s*\\times\s*10\^\{(-?\d+)\})?$/.exec(x);
  return m ? Number(m[2] ? `${m[1]}e${m[2]}` : m[1]) : undefined;
}
const NUM = String.raw`(-?\d*\.?\d+(?:\s*\\times\s*10\^\{-?\d+\})?|-?\\infty)`;
// The number after the last '=' of a formula (a trailing \ \text{unit} dropped).
const lastNumber = (tex) => (tex ? texNumber(tex.slice(tex.lastIndexOf('=') + 1).replace(/\\ \\text\{[^}]*\}\s*$/, '')) : undefined);

// The TeX sources of the formulas under `selector` (math/mathml.js keeps
// them in <annotation encoding="application/x-tex">).
const texSources = async (page, selector) =>
  (await settled(page), page.evaluate((sel) => [...document.querySelectorAll(`${sel} annotation`)].map((a) => a.textContent), selector));

// rows: [label, shown number, API value, significant digits the lesson
// writes it with] -> mismatch descriptions. The digits being known, the
// shown number must be the API value rounded to them (tighter than the
// 5e-4 of the tables, whose digits are 3 or 4).
function compareNumbers(rows) {
  const bad = [];
  for (const [label, shown, v, digits] of rows) {
    if (typeof shown !== 'number') bad.push(`${label}: no number found on the page (API gives ${v})`);
    else if (!matchesShown(shown, v, { digitsChoices: [digits], rel: 1e-9 }))
      bad.push(`${label}: page shows ${shown}, API gives ${v}${Number.isFinite(v) ? ` (${v.toPrecision(digits)})` : ''}`);
  }
  return bad;
}

// The attention lesson's multi-head part draws X, every head's Wq, Wk, Wv
// and Wo from its seed (mulberry32 of web/util/random.js, seeded with
// seed * 7919 + 13, in attention-multihead.js's order). The test keeps its
// imports the same generator and checks it against the X the page shows.
function multiHeadInputs({ n, seed, heads }) {
  const D_MODEL = 4, D_HEAD = 2;
  const next = rng(seed * 7919 + 13);
  const X = randomMatrix(next, n, D_MODEL);
  const hs = Array.from({ length: heads }, () => {
    const Wq = randomMatrix(next, D_MODEL, D_HEAD);
    const Wk = randomMatrix(next, D_MODEL, D_HEAD);
    const Wv = randomMatrix(next, D_MODEL, D_HEAD);
    return { Wq, Wk, Wv };
  });
  return { X, hs, Wo: randomMatrix(next, heads * D_HEAD, D_MODEL, 1) };
}

async function checkMultiHead(page, { n, seed, heads, causal }) {
  // The lesson's multi-head part works on the sentence's embeddings with its
  // hand-set heads, and says which (window.__attnlabMultiHead); the seeded
  // inputs are for a page that does not.
  const exposed = await page.evaluate(() => (window.__attnlabMultiHead ? JSON.parse(JSON.stringify(window.__attnlabMultiHead)) : null));
  const inp = exposed ? { X: exposed.X, hs: exposed.heads, Wo: exposed.Wo } : multiHeadInputs({ n, seed, heads });
  if (exposed) assert.equal(exposed.heads.length, heads, `the multi-head part should run heads=${heads} heads`);
  const xBad = compareCells('X', await readMatrixCells(page, 'X'), inp.X);
  assert.deepEqual(xBad, [], `attention lesson, multi-head part: the X shown is not the one the test derives from seed=${seed}, n=${n} ` +
    `(has attention-multihead.js changed how it draws its inputs?):\n${xBad.join('\n')}`);
  const api = await page.evaluate(async ({ X, hs, Wo, causal: c }) => (await window.AttnLab.load()).multiHeadAttention(X, hs, Wo, { causal: c }), { ...inp, causal });
  return checkViews(page, { concat: api.concat, 'mh-output': api.output },
    `attention lesson, multi-head part (seed=${seed}, n=${n}, heads=${heads}, causal=${causal}): shown numbers differ from lab.multiHeadAttention`);
}

describeWithBrowser('shown numbers equal the API', {}, (env) => {

  test('attention lesson, default inputs: weights and output cells equal lab.attention, the multi-head views lab.multiHeadAttention', async (t) => {
    const url = fileUrl('index.html', 'lesson=attention&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const r = await checkAttention(page, { lesson: 'attention' });
      if (r.skipped) assert.fail(r.skipped);  // the page must expose its inputs
      t.diagnostic(`inputs from ${r.inputs.source}; checked ${r.checked.join(', ')}`);
      const { n, seed, heads, causal } = dflt('attention');
      const mh = await checkMultiHead(page, { n, seed, heads, causal });
      t.diagnostic(`multi-head (seed ${seed}, ${heads} heads): X and ${mh.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('attention lesson, Q K V and causal=1 from the URL: the page uses them and shows lab.attention\'s numbers', async (t) => {
    const Q = [[1, -0.5], [0.3, 2], [-1.2, 0.7]];
    const K = [[0.4, 1], [-2, 0.1], [1.5, -0.3]];
    const V = [[1, 2], [-3, 0.25], [0.5, -1]];
    const url = fileUrl('index.html', `lesson=attention&lang=en&n=3&dk=2&dv=2&Q=${enc(Q)}&K=${enc(K)}&V=${enc(V)}&causal=1`);
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
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
      // The multi-head part: the same n and causal, the default seed and heads.
      const mh = await checkMultiHead(page, { n: 3, seed: dflt('attention').seed, heads: dflt('attention').heads, causal: true });
      t.diagnostic(`multi-head (causal): X and ${mh.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('practice lesson: weights and output cells equal lab.attention on its inputs', async (t) => {
    const url = fileUrl('index.html', 'lesson=practice&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const r = await checkAttention(page, { lesson: 'practice' });
      if (r.skipped) assert.fail(r.skipped);  // the page must expose its inputs
      t.diagnostic(`inputs from ${r.inputs.source}; checked ${r.checked.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('softmax lesson: the Jacobian shown equals lab.softmaxJacobian for z and T from the URL', async () => {
    const z = [3, -1.5, 0.25, 2, -4];
    const T = 0.7;
    const url = fileUrl('index.html', `lesson=softmax&lang=en&z=${z.join(',')}&T=${T}`);
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
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

  test('probability lesson, default joint table: joint, marginals, conditionals and product equal lab.conditional / lab.matmul', async (t) => {
    const { J, jrenorm } = dflt('probability');
    const url = fileUrl('index.html', 'lesson=probability&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const api = await page.evaluate(async ({ J: M, renorm }) => {
        const lab = await window.AttnLab.load();
        // As the lesson does: the table divided by its total when that is not 1.
        const flat = M.flat();
        const sum = lab.dot(flat, flat.map(() => 1));
        const P = renorm && Math.abs(sum - 1) > 1e-12 ? M.map((row) => lab.scale(1 / sum, row)) : M;
        const c = lab.conditional(P);
        const col = c.pX.map((x) => [x]);
        return { joint: P, pX: col, pY: [c.pY], pXgivenY: c.pXgivenY, pYgivenX: c.pYgivenX, product: lab.matmul(col, [c.pY]) };
      }, { J, renorm: jrenorm });
      const checked = await checkViews(page, api, `probability lesson, J=${JSON.stringify(J)}: shown numbers differ from lab.conditional / lab.matmul`);
      t.diagnostic(`checked ${checked.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('graphs lesson, default graph: D, L, row sums, eigenvalues, neighbourhood table, GAT output and multi-head output equal the API', async (t) => {
    const { normalized } = dflt('graphs');
    const url = fileUrl('index.html', 'lesson=graphs&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const g = await page.evaluate(() => (window.__attnlabGraphs ? JSON.parse(JSON.stringify(window.__attnlabGraphs)) : null));
      if (!g) assert.fail('no window.__attnlabGraphs: the inputs of the graphs lesson are unknown');
      // The chosen node i and the rows of the neighbourhood table (labelled "j = k").
      const sel = Number(await page.locator('select[data-field="gat-node"]').inputValue());
      const N = await page.evaluate(() => [...document.querySelectorAll('.matrix-wrap[data-name="nbhd"] th[scope="row"]')]
        .map((th) => Number(th.textContent.replace(/^\s*j\s*=\s*/, '')) - 1));
      assert.ok(N.length && N.every((k) => Number.isInteger(k) && k >= 0), `graphs lesson: cannot read the neighbourhood table's row labels: ${JSON.stringify(N)}`);
      const api = await page.evaluate(async ({ g: G, normalized: nz, sel: i, N: nb }) => {
        const lab = await window.AttnLab.load();
        const L = lab.laplacian(G.A, { normalized: nz });
        const one = lab.gat(G.X, G.A, G.heads[0].W, G.heads[0].a, G.options);
        return {
          views: {
            A: G.A, D: lab.degreeMatrix(G.A), L, Lsum: L.map((row) => [row.reduce((s, x) => s + x, 0)]),
            eigenvalues: [lab.laplacianEigenvalues(G.A, { normalized: nz })],
            X: G.X, W: lab.transpose(G.heads[0].W), a: [G.heads[0].a],
            nbhd: nb.map((k) => [one.Wh[k][0], one.Wh[k][1], one.src[i] + one.dst[k], one.e[i][k], one.alpha[i][k]]),
          },
          gatOutput: one.output,
          gatMulti: lab.multiHeadGat(G.X, G.A, G.heads, { ...G.options, concat: G.concat }).output,
        };
      }, { g, normalized, sel, N });
      const what = `graphs lesson (n=${g.A.length}, node ${sel + 1}, options ${JSON.stringify(g.options)}, normalized=${normalized})`;
      const checked = await checkViews(page, api.views, `${what}: shown numbers differ from lab.degreeMatrix / laplacian / laplacianEigenvalues / gat`);
      // Steps 8 (all nodes) and 9 (several heads) of the player draw the outputs.
      const player = page.locator('.step-player').first();
      const next = player.locator('.step-controls .btn-primary');
      const stepTo = async (k) => {
        for (let n = 0; Number(await player.getAttribute('data-step')) < k; n++) {
          assert.ok(n < 20 && !(await next.isDisabled()), `graphs lesson: cannot reach step ${k} of the GAT player`);
          await clickStill(page, next);
        }
      };
      await stepTo(8);
      checked.push(...await checkViews(page, { gatOutput: api.gatOutput }, `${what}, step 8: the output shown differs from lab.gat`));
      await stepTo(9);
      checked.push(...await checkViews(page, { gatMulti: api.gatMulti }, `${what}, step 9: the output shown differs from lab.multiHeadGat (${g.heads.length} heads, concat=${g.concat})`));
      t.diagnostic(`checked ${checked.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('regression lesson, default points: the Nadaraya-Watson table and prediction equal lab.kernelRegression', async (t) => {
    const { pts, xq, bw, kernel } = dflt('regression');
    const url = fileUrl('index.html', 'lesson=regression&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const api = await page.evaluate(async ({ pts: P, xq: q, bw: h, kernel: k }) => {
        const lab = await window.AttnLab.load();
        const x = P.map((p) => p[0]), y = P.map((p) => p[1]);
        const diff = lab.sub(x.map(() => q), x);                                  // x - x_i
        const scores = lab.scale(-1 / (2 * h * h), diff.map((d) => d * d));       // -(x - x_i)^2 / (2h^2)
        const gauss = lab.kernelRegression(x, y, [q], { kernel: 'gaussian', bandwidth: h });
        const kr = lab.kernelRegression(x, y, [q], { kernel: k, bandwidth: h });
        // Rows: x - x_i, the scores, softmax(scores), the Gaussian NW weights;
        // both weight rows are checked against lab.kernelRegression.
        return { table: [diff, scores, gauss.weights[0], gauss.weights[0]], yHat: kr.yHat[0] };
      }, { pts, xq, bw, kernel });
      const what = `regression lesson (x=${xq}, h=${bw}, kernel=${kernel})`;
      const checked = await checkViews(page, { 'nw-compare': api.table }, `${what}: nw-compare differs from x - x_i, the scores and lab.kernelRegression's weights`);
      const pred = (await texSources(page, '.rg-predict'))[0];
      const bad = compareNumbers([['ŷ(x) in .rg-predict', lastNumber(pred), api.yHat, 4]]);
      assert.deepEqual(bad, [], `${what}: ${pred}\n${bad.join('\n')}`);
      t.diagnostic(`checked ${checked.join(', ')}, ŷ`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('vectors lesson, defaults: the readout, det(W), tr(W) and the matrix-rule tables equal the API', async (t) => {
    const { u, v, alpha, W, prop } = dflt('vectors');
    const url = fileUrl('index.html', 'lesson=vectors&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const shown = await page.evaluate(() => ({
        readout: Object.fromEntries([...document.querySelectorAll('.vec-readout > div')].map((d) => [d.querySelector('dt').textContent.trim(), d.querySelector('dd').textContent.trim()])),
        big: [...document.querySelectorAll('.vt-big')].map((e) => e.textContent.trim()),
      }));
      // The rule's inputs are seeded with one decimal: the page shows them exactly.
      assert.equal(prop, 'assoc', 'this test knows the two sides of the default rule A(BC) = (AB)C only');
      const ins = {};
      for (const name of ['A', 'B', 'C']) {
        const m = await readMatrixCells(page, `prop-${name}`);
        assert.ok(m && m.cells.length, `vectors lesson: no prop-${name} table`);
        ins[name] = cellsToMatrix(m);
        assert.ok(ins[name].flat().every((x) => typeof x === 'number' && Math.round(x * 10) / 10 === x), `vectors lesson: prop-${name} is not shown with one decimal: ${JSON.stringify(m.cells.map((c) => c.text))}`);
      }
      const api = await page.evaluate(async ({ u: U, v: V, alpha: a, W: M, ins: { A, B, C } }) => {
        const lab = await window.AttnLab.load();
        const lhs = lab.matmul(A, lab.matmul(B, C)), rhs = lab.matmul(lab.matmul(A, B), C);
        return {
          sum: lab.add(U, V), av: lab.scale(a, V), dot: lab.dot(U, V), n2: lab.norm(V), n1: lab.norm(V, { p: 1 }), ninf: lab.norm(V, { p: Infinity }),
          det: lab.det(M), trace: lab.trace(M),
          views: { 'prop-lhs': lhs, 'prop-rhs': rhs, 'prop-diff': lhs.map((row, i) => lab.sub(row, rhs[i])) },
        };
      }, { u, v, alpha, W, ins });
      const pair = (s) => (s ? s.replace(/^\(|\)$/g, '').split(',').map(parseShown) : []);
      const r = shown.readout;
      const sayNum = (re) => { const m = shown.big.map((s) => re.exec(s)).find(Boolean); return m ? parseShown(m[1]) : undefined; };
      const bad = compareNumbers([
        ['u + v (1st)', pair(r['u + v'])[0], api.sum[0]], ['u + v (2nd)', pair(r['u + v'])[1], api.sum[1]],
        ['αv (1st)', pair(r['αv'])[0], api.av[0]], ['αv (2nd)', pair(r['αv'])[1], api.av[1]],
        ['u · v', r['u · v'] && parseShown(r['u · v']), api.dot],
        ['‖v‖₂', r['‖v‖₂'] && parseShown(r['‖v‖₂']), api.n2], ['‖v‖₁', r['‖v‖₁'] && parseShown(r['‖v‖₁']), api.n1], ['‖v‖∞', r['‖v‖∞'] && parseShown(r['‖v‖∞']), api.ninf],
        ['det(W)', sayNum(/^det\(W\) = (.+)$/), api.det], ['tr(W)', sayNum(/^tr\(W\) = (.+)$/), api.trace],
      ].map((row) => [...row, 4]));  // all written with 4 significant digits
      assert.deepEqual(bad, [], `vectors lesson (u=${u}, v=${v}, α=${alpha}, W=${JSON.stringify(W)}); shown ${JSON.stringify(shown)}:\n${bad.join('\n')}`);
      const checked = await checkViews(page, api.views, `vectors lesson, rule ${prop} on the A, B, C shown (${JSON.stringify(ins)}): shown numbers differ from lab.matmul / lab.sub`);
      t.diagnostic(`checked u + v, αv, u · v, three norms, det(W), tr(W), ${checked.join(', ')}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('information lesson, defaults: H(P), KL both ways, H(P, Q) and I(X;Y) in the formulas equal the API', async (t) => {
    const { P, Q, unit, joint } = dflt('information');
    const url = fileUrl('index.html', 'lesson=information&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const api = await page.evaluate(async ({ P: p, Q: q, unit: un, joint: J }) => {
        const lab = await window.AttnLab.load();
        const base = un === 'nats' ? Math.E : 2;
        const total = J.flat().reduce((s, x) => s + x, 0);
        return {
          HP: lab.entropy(p, { base }), pq: lab.klDivergence(p, q, { base }), qp: lab.klDivergence(q, p, { base }),
          ce: lab.crossEntropy(p, q, { base }), I: lab.mutualInformation(J.map((row) => row.map((x) => x / total)), { base }),
        };
      }, { P, Q, unit, joint });
      const tex = {};
      for (const part of ['bounds', 'kl', 'ce', 'mi']) tex[part] = await texSources(page, `[data-part="${part}"] .info-formula`);
      const kl = tex.kl.filter((s) => s.startsWith('\\mathrm{KL}'));
      const bad = compareNumbers([
        ['H(P) (bounds panel, 1st formula)', lastNumber(tex.bounds[0]), api.HP, 5],
        ['KL(P‖Q)', lastNumber(kl[0]), api.pq, 5],
        ['KL(Q‖P)', lastNumber(kl[1]), api.qp, 5],
        ['H(P, Q) (cross-entropy panel, 1st formula)', lastNumber(tex.ce[0]), api.ce, 6],
        ['I(X;Y) = KL(P_XY ‖ P_X P_Y) (mi panel, 3rd formula)', lastNumber(tex.mi[2]), api.I, 5],
      ]);
      assert.deepEqual(bad, [], `information lesson (P=${P}, Q=${Q}, ${unit}, joint=${JSON.stringify(joint)}); formulas ${JSON.stringify(tex)}:\n${bad.join('\n')}`);
      t.diagnostic(`checked H(P)=${lastNumber(tex.bounds[0])}, KL(P‖Q), KL(Q‖P), H(P, Q), I(X;Y)`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('proofs lesson, defaults: the Lipschitz ratio, its parts and the bound 1/(2T) equal the API', async (t) => {
    const { z, zp, T } = dflt('proofs');
    const url = fileUrl('index.html', 'lesson=proofs&lang=en');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      const api = await page.evaluate(async ({ z: a, zp: b, T: temperature }) => {
        const lab = await window.AttnLab.load();
        return {
          dp: lab.norm(lab.sub(lab.softmax(a, { temperature }), lab.softmax(b, { temperature }))), dz: lab.norm(lab.sub(a, b)),
          ratio: lab.lipschitzRatio(a, b, { temperature }), bound: lab.lipschitzBound({ temperature }),
        };
      }, { z, zp, T });
      const [first, second] = await texSources(page, '[data-part="lipschitz"] .info-formula');
      const m = first && new RegExp(String.raw`\\frac\{${NUM}\}\{${NUM}\} = ${NUM}$`).exec(first);
      const bad = compareNumbers([
        ['‖softmax(z/T) − softmax(z′/T)‖₂', m ? texNumber(m[1]) : undefined, api.dp, 5],
        ['‖z − z′‖₂', m ? texNumber(m[2]) : undefined, api.dz, 5],
        ['the ratio', m ? texNumber(m[3]) : undefined, api.ratio, 5],
        ['1/(2T)', lastNumber(second), api.bound, 5],
      ]);
      assert.deepEqual(bad, [], `proofs lesson (z=${z}, z′=${zp}, T=${T}); formulas ${JSON.stringify([first, second])}:\n${bad.join('\n')}`);
      t.diagnostic(`checked ratio ${m && m[3]} = ${m && m[1]} / ${m && m[2]} and 1/(2T)`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });
  test('flash lesson, defaults: online m and l, the traced tile state, the traffic counts and the low-precision softmax equal the API', async (t) => {
    const p = dflt('flash');
    const url = fileUrl('index.html', 'lesson=flash&lang=en&step=5');
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, url);
      await settled(page);
      // Every table.matrix of the lesson by its caption: row header -> the numbers of its cells.
      const tables = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.lesson table.matrix')].map((tb) => [
        tb.querySelector('caption').textContent,
        Object.fromEntries([...tb.querySelectorAll('tbody tr')].map((tr) => [tr.querySelector('th').textContent, [...tr.querySelectorAll('td')].map((td) => td.textContent)]))])));
      const find = (start) => { const k = Object.keys(tables).find((c) => c.startsWith(start)); assert.ok(k, `a table captioned “${start}…” (tables: ${Object.keys(tables).join(' | ')})`); return tables[k]; };
      const api = await page.evaluate(async (v) => {
        const lab = await window.AttnLab.load();
        return {
          online: lab.onlineSoftmax(v.z),
          full: lab.attentionCost(v.N, v.hd, { kind: 'full', pass: 'forward' }),
          tiledCost: lab.attentionCost(v.N, v.hd, { kind: 'tiled', fastMemory: v.M, pass: 'forward' }),
          naive: lab.softmaxInFormat(v.pz, { format: v.format, subtractMax: false }),
          safe: lab.softmaxInFormat(v.pz, { format: v.format }),
          tiled: lab.tiledAttention(v.Q, v.K, v.V, { blockRows: v.br, blockCols: v.bc, causal: v.causal, traceBlock: v.block - 1 }),
          soft: lab.attention(v.Q, v.K, v.V, { causal: v.causal }).weights,
          lin: lab.linearAttention(v.Q, v.K, v.V, { causal: v.causal }).weights,
          info: lab.formatInfo(v.format),
        };
      }, { ...p, ...demo(p.n) });
      const bad = [];
      const cmp = (what, shown, want) => want.forEach((w, i) => {
        const got = parseShown(shown[i].replace(/,/g, ''));
        const ok = Number.isNaN(w) ? Number.isNaN(got) : !Number.isFinite(w) ? got === w : Math.abs(got - w) <= 5e-4 * Math.abs(w) + 1e-12;
        if (!ok) bad.push(`${what}[${i}]: shown ${shown[i]}, API ${w}`);
      });
      const run = find('Running maximum and sum');
      cmp('m', run.m, api.online.m);
      cmp('l', run.l, api.online.l);
      cmp('p', run.p, api.online.weights);
      const counts = find('One head, forward pass');
      for (const [row, key] of [['read from slow memory', 'reads'], ['written to slow memory', 'writes'], ['operations (FLOPs)', 'flops']])
        cmp(row, counts[row].slice(0, 2), [api.full[key], api.tiledCost[key]]);
      // The default tile (6 of 9) is the last of the traced block's three.
      const state = find('The traced block after key block 3');
      const last = api.tiled.trace[2];
      last.m.forEach((_, i) => cmp(`query ${4 * (p.block - 1) + i + 1}`, state[`query ${4 * (p.block - 1) + i + 1}`], [last.m[i], last.l[i], ...last.O[i]]));
      const prec = find('Softmax with every step rounded');
      cmp('naive exp', prec['naive: exp(zᵢ)'], api.naive.exps);
      cmp('naive p', prec['naive: pᵢ'], api.naive.weights);
      cmp('safe p', prec['safe: pᵢ'], api.safe.weights);
      // The two weight maps' data tables (softmax's, then linear attention's), the mean distance under them, the format's line.
      const shown = await page.evaluate(() => ({
        maps: [...document.querySelectorAll('[data-ex=linear] details.fig-data table')].map((tb) => [...tb.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))),
        tv: document.querySelector('[data-ex=linear] .fl-exact').textContent,
        info: document.querySelector('[data-ex=precision] .note').textContent,
      }));
      assert.equal(shown.maps.length, 2, 'two weight maps with data tables');
      api.soft.forEach((row, i) => cmp(`softmax weights row ${i + 1}`, shown.maps[0][i], row));
      api.lin.forEach((row, i) => cmp(`linear weights row ${i + 1}`, shown.maps[1][i], row));
      const tv = api.lin.reduce((a, row, i) => a + row.reduce((r, x, j) => r + Math.abs(x - api.soft[i][j]), 0) / 2, 0) / api.lin.length;
      cmp('mean total variation', [/([\d.]+)\s*$/.exec(shown.tv)[1]], [tv]);
      // “float16: largest value 65504, gap after 1 = 0.000977; exp overflows above 11.09.”
      const [, max, , gap, over] = shown.info.match(/\d+(?:\.\d+)?/g);
      cmp('format line (max, gap after 1, ln max)', [max, gap, over], [api.info.max, api.info.epsilon, api.info.expOverflow]);
      assert.deepEqual(bad, [], `flash lesson:\n${bad.join('\n')}`);
      t.diagnostic(`checked ${api.online.m.length * 3} online cells, 6 counts, ${api.naive.exps.length * 3} rounded-softmax cells, ${2 * api.lin.length ** 2} weight-map cells, the mean distance and the format line`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });
});
