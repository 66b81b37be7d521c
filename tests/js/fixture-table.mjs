// The one table of the js layer: for every function of the API (SPECS in
// web/lib/specs, lab.functions) how dist/attnlab.js is checked against the
// committed NumPy/PyTorch fixtures (tests/fixtures/*.json), the same fields
// that the native Catch2 tests (tests/native/**/test_*.cpp) check. Run by
// api-fixtures.test.mjs, which also checks that the TypeScript declarations
// and the README's API table name the same functions and options.
//
// TABLE[fn] = { checks: [check, ...] }, each check:
//   cases     'stem.key': tests/fixtures/<stem>.json, its list <key> (an
//             object there counts as a list of one); every case is run
//   filter    (c) => bool, optional: the cases this check applies to
//   call      (c) => the arguments of lab[fn]
//   want      (c, lab) => the whole expected result: every field, so that
//             a missing, extra or swapped field fails (objects are compared
//             key set and all)
//   throws    instead of want: the Error message the call must give
//   compare   (got, want, where, c, lab), optional, instead of same()
//   tol       {rtol, atol} or (c) => {rtol, atol}, optional, with `why`:
//             only where the native test is looser for a stated reason
//   fieldTol  {field: (c) => {rtol, atol}}, optional, with `why`
//   defaults  {option: default}, optional: a case whose options all equal
//             these is also called without the options object
//   covers    [option, ...], optional: options the cases must exercise
// or, for a function that no fixture can describe:
//   TABLE[fn] = { noFixture: 'why', check(lab) }  (properties, shapes)
// FACADE lists the members of the API object that are not in SPECS;
// NOT_IN_JS the fixture data that this layer leaves to the Catch2 builds.
import assert from 'node:assert/strict';
import { ATOL, RTOL, attentionOptions, close, headWeights, pick, throwsApiError } from './helpers.mjs';
import { textModelParams } from './text-models.mjs';

// Deep comparison like helpers.close(), but objects must have exactly the
// expected keys: a binding that drops, adds or swaps a field fails.
export function same(got, want, where, rtol = RTOL, atol = ATOL, fieldTol = {}) {
  if (want !== null && typeof want === 'object' && !Array.isArray(want)) {
    assert.ok(got !== null && typeof got === 'object' && !Array.isArray(got), `${where}: got ${JSON.stringify(got)?.slice(0, 80)}, want an object`);
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), `${where}: result fields`);
    for (const k of Object.keys(want)) {
      const t = fieldTol[k] || { rtol, atol };
      same(got[k], want[k], `${where}.${k}`, t.rtol, t.atol);
    }
    return;
  }
  if (Array.isArray(want)) {
    assert.ok(Array.isArray(got), `${where}: got ${typeof got}, want an array of ${want.length}`);
    assert.equal(got.length, want.length, `${where}: length ${got.length}, want ${want.length}`);
    want.forEach((w, i) => same(got[i], w, `${where}[${i}]`, rtol, atol));
    return;
  }
  close(got, want, where, rtol, atol);
}

const STEPS = ['scores', 'scaled', 'weights', 'output'];
const EXACT = 'rounding to a format is exact: each entry must be the same number (NaN as NaN, -0 as -0), as test_round.cpp';
const GAT_STEPS = ['Wh', 'src', 'dst', 'e', 'alpha', 'output'];
const fro = (A) => Math.sqrt(A.flat().reduce((s, x) => s + x * x, 0));
const nullIfNaN = (v) => v.map((x) => (Number.isNaN(x) ? null : x));

// optimize's state[k] (after step k + 1) from the fixture's per-step rows.
function optimState(c) {
  const K = c.path.length - 1;
  const { method } = c.options;
  return Array.from({ length: K }, (_, k) => (method === 'adam' ? { m: c.m[k], v: c.v[k], mHat: c.mHat[k], vHat: c.vHat[k] }
    : method === 'momentum' ? { v: c.v[k] } : {}));
}

// SVD as tests/native/lowrank/test_svd.cpp checks it: singular vectors are
// unique only up to sign (and not at all for zero or repeated singular
// values), so they are compared up to sign where they are unique, and the
// result must be a valid SVD of A (svd_check.hpp) with our sign convention.
function checkSvd(got, want, A, where) {
  const m = A.length, n = A[0].length, k = Math.min(m, n);
  assert.equal(got.U.length, m, `${where}: U rows`);
  assert.ok(got.U.every((r) => r.length === k), `${where}: U is ${m} x ${k}`);
  assert.equal(got.S.length, k, `${where}: S length`);
  assert.equal(got.Vt.length, k, `${where}: Vt rows`);
  assert.ok(got.Vt.every((r) => r.length === n), `${where}: Vt is ${k} x ${n}`);
  const smax = want.S[0];
  // 1e-12 relative to the largest singular value: LAPACK's own accuracy for
  // the small ones of an ill-conditioned matrix.
  want.S.forEach((s, j) => assert.ok(Math.abs(got.S[j] - s) <= 1e-12 * smax, `${where}.S[${j}]: got ${got.S[j]}, want ${s}`));
  if (want.U) {
    for (let j = 0; j < k; j++) {
      if (want.S[j] <= 1e-10 * smax) continue;
      const gap = Math.min(...want.S.filter((_, i) => i !== j).map((s) => Math.abs(s - want.S[j])), Infinity);
      if (gap <= 1e-8 * smax) continue;
      const tol = 1e-11 + (1e-13 * smax) / Math.min(gap, smax);
      upToSign(got.U.map((r) => r[j]), want.U.map((r) => r[j]), tol, `${where}: column ${j} of U`);
      upToSign(got.Vt[j], want.Vt[j], tol, `${where}: row ${j} of Vt`);
    }
  }
  // Valid: S descending >= 0, orthonormal U and Vt, U S Vt = A, the sign convention.
  got.S.forEach((s, j) => assert.ok(s >= 0 && (j === 0 || s <= got.S[j - 1]), `${where}: S descending and >= 0`));
  const Ucols = Array.from({ length: k }, (_, j) => got.U.map((r) => r[j]));
  const eu = orthError(Ucols), ev = orthError(got.Vt);
  assert.ok(eu <= 1e-12 && ev <= 1e-12, `${where}: |U^T U - I| = ${eu}, |Vt Vt^T - I| = ${ev}`);
  const amax = Math.max(...A.flat().map(Math.abs));
  const R = reconstruct(got);
  if (amax === 0) assert.ok(R.flat().every((x) => x === 0), `${where}: U S Vt of a zero A`);
  else {
    const rel = fro(R.map((r, i) => r.map((x, c) => (x - A[i][c]) / amax))) / fro(A.map((r) => r.map((x) => x / amax)));
    assert.ok(rel <= 1e-12, `${where}: |U S Vt - A|_F / |A|_F = ${rel}`);
  }
  got.Vt.forEach((row, j) => {
    const mx = Math.max(...row.map(Math.abs));
    const first = row.find((x) => Math.abs(x) >= mx * (1 - 1e-9));
    assert.ok(first > 0, `${where}: row ${j} of Vt: its first largest entry is positive`);
  });
}

// max |X X^T - I| over the rows of X. Plain loops: the 256 x 256 case.
function orthError(rows) {
  let e = 0;
  for (let a = 0; a < rows.length; a++) {
    const ra = rows[a];
    for (let b = a; b < rows.length; b++) {
      const rb = rows[b];
      let s = 0;
      for (let i = 0; i < ra.length; i++) s += ra[i] * rb[i];
      e = Math.max(e, Math.abs(s - (a === b ? 1 : 0)));
    }
  }
  return e;
}

// U diag(S) Vt.
function reconstruct({ U, S, Vt }) {
  const n = Vt[0].length;
  return U.map((u) => {
    const row = new Array(n).fill(0);
    for (let l = 0; l < S.length; l++) {
      const c = u[l] * S[l], v = Vt[l];
      for (let j = 0; j < n; j++) row[j] += c * v[j];
    }
    return row;
  });
}

function upToSign(got, want, tol, where) {
  const d = (s) => Math.max(...want.map((w, i) => Math.abs(got[i] - s * w)));
  assert.ok(Math.min(d(1), d(-1)) <= tol, `${where}: max diff ${d(1)} (same sign), ${d(-1)} (flipped), tol ${tol}`);
}

const vectorOp = (field, call) => ({ checks: [{ cases: 'linalg_ops.vectors', call, want: (c) => c[field] }] });

export const TABLE = {
  // --- linear algebra (test_vector_ops.cpp, test_matmul.cpp, test_det.cpp)
  add: vectorOp('add', (c) => [c.u, c.v]),
  sub: vectorOp('sub', (c) => [c.u, c.v]),
  scale: vectorOp('scale', (c) => [c.alpha, c.v]),
  dot: vectorOp('dot', (c) => [c.u, c.v]),
  norm: {
    checks: [
      { cases: 'linalg_ops.vectors', call: (c) => [c.v, { p: 1 }], want: (c) => c.norm1 },
      { cases: 'linalg_ops.vectors', call: (c) => [c.v, { p: 2 }], want: (c) => c.norm2, defaults: { p: 2 } },
      { cases: 'linalg_ops.vectors', call: (c) => [c.v, { p: Infinity }], want: (c) => c.normInf },
      { cases: 'linalg_ops.extreme_norms', call: (c) => [c.v], want: (c) => c.norm2 },
    ],
  },
  affine: { checks: [{ cases: 'linalg_ops.affine', call: (c) => ('b' in c ? [c.W, c.x, c.b] : [c.W, c.x]), want: (c) => c.h }] },
  trace: { checks: [{ cases: 'linalg_ops.det', call: (c) => [c.A], want: (c) => c.trace }] },
  det: { checks: [{ cases: 'linalg_ops.det', call: (c) => [c.A], want: (c) => c.det }] },
  matmul: { checks: [{ cases: 'matmul.cases', call: (c) => [c.A, c.B], want: (c) => c.AB }] },
  transpose: { checks: [{ cases: 'matmul.cases', call: (c) => [c.A], want: (c) => c.At }] },

  // --- softmax (test_softmax.cpp)
  ...Object.fromEntries([
    ['softmax', (c) => c.softmax],
    ['softmaxNaive', (c) => c.naive],
    ['logSoftmax', (c) => c.log_softmax],
    ['softmaxJacobian', (c) => c.jacobian],
    ['softmaxSteps', (c) => ({ max: c.max, shifted: c.shifted, exps: c.exps, sum: c.sum, probs: c.softmax })],
  ].map(([fn, want]) => [fn, { checks: [{ cases: 'softmax.cases', call: (c) => [c.z, { temperature: c.temperature }], want, defaults: { temperature: 1 } }] }])),

  // --- attention (test_attention.cpp)
  attention: {
    checks: [
      { cases: 'attention.cases', call: (c) => [c.Q, c.K, c.V, attentionOptions(c)], want: (c) => pick(c, STEPS), covers: ['causal', 'mask', 'scale'] },
      // A boolean mask means the same as a 0/1 mask.
      { cases: 'attention.cases', filter: (c) => c.mask, call: (c) => [c.Q, c.K, c.V, { ...attentionOptions(c), mask: c.mask.map((r) => r.map((x) => x !== 0)) }], want: (c) => pick(c, STEPS) },
      // Any finite scale (0: uniform, negative), as torch: the forward values kept with the gradients' cases.
      {
        cases: 'attention_backward.cases', call: (c) => [c.Q, c.K, c.V, attentionOptions(c)], want: (c) => c.forward,
        compare: (got, want, where) => same(pick(got, ['weights', 'output']), want, where),
        why: 'the gradients\' fixture keeps only weights and output of the forward pass',
      },
    ],
  },
  selfAttention: { checks: [{ cases: 'self_attention.cases', call: (c) => [c.X, c.Wq, c.Wk, c.Wv, attentionOptions(c)], want: (c) => pick(c, ['Q', 'K', 'V', ...STEPS]) }] },
  multiHeadAttention: {
    checks: [{
      cases: 'multi_head_attention.cases',
      call: (c) => [c.X, c.heads.map(headWeights), c.Wo, attentionOptions(c)],
      // The fixture keeps each head's weights and output; its Q, K, V, scores
      // and scaled are selfAttention's with that head's weights (itself
      // checked against torch above).
      want: (c, lab) => ({
        heads: c.heads.map((h) => ({
          ...pick(lab.selfAttention(c.X, h.Wq, h.Wk, h.Wv, attentionOptions(c)), ['Q', 'K', 'V', 'scores', 'scaled']),
          weights: h.weights, output: h.output,
        })),
        concat: c.concat, output: c.output,
      }),
      covers: ['causal'],
    }],
  },

  // --- optimization (test_optimize.cpp)
  optimize: {
    checks: ['optimize.cases', 'optimize_diverge.cases'].map((cases, i) => ({
      cases,
      call: (c) => [c.problem, c.x0, c.options],
      want: (c) => ({
        path: c.path, loss: c.loss, grad: c.grad, state: optimState(c),
        diverged: c.diverged, divergedAt: c.diverged ? c.divergedAt : null,  // the fixture writes -1 for "none"
      }),
      covers: i === 0 ? ['method', 'lr', 'steps', 'beta', 'beta1', 'beta2', 'eps'] : [],
    })),
  },
  objective: { checks: [{ cases: 'optim_objective.cases', call: (c) => [c.problem, c.points], want: (c) => pick(c, ['loss', 'grad']) }] },
  momentumMap: {
    checks: [{
      cases: 'momentum_map.cases', call: (c) => [c.A, c.b, c.x0, pick(c, ['lrs', 'betas', 'steps', 'tol'])], want: (c) => ({ steps: c.result }),
      tol: { rtol: 0, atol: 0 }, why: 'step counts are integers: exact, as in test_optimize.cpp',
    }],
  },

  // --- regression (test_regression.cpp)
  leastSquares: { checks: [{ cases: 'least_squares.cases', call: (c) => [c.X, c.y], want: (c) => pick(c, ['w', 'b', 'loss', 'rank']) }] },
  kernelRegression: {
    checks: [{
      cases: 'kernel_regression.cases', call: (c) => [c.xTrain, c.yTrain, c.xQuery, pick(c, ['kernel', 'bandwidth'])],
      want: (c) => ({ weights: c.weights, yHat: nullIfNaN(c.yHat) }),  // NaN in the fixture: no kernel mass, null in the API
      defaults: { kernel: 'gaussian', bandwidth: 1 },
    }],
  },

  // --- probability (test_expectation.cpp, test_conditional.cpp)
  expectation: { checks: [{ cases: 'prob.moments', call: (c) => [c.x, c.p], want: (c) => c.expectation }] },
  variance: { checks: [{ cases: 'prob.moments', call: (c) => [c.x, c.p], want: (c) => c.variance }] },
  moments: {
    checks: [{
      cases: 'prob.moments', call: (c) => [c.x, c.p],
      want: (c) => ({ mean: c.expectation, meanOfSquares: c.meanOfSquares, varianceCentral: c.variance, varianceShortcut: c.varianceShortcut }),
      fieldTol: { varianceShortcut: (c) => ({ rtol: c.shortcut_rtol, atol: ATOL }) },
      why: 'E[X^2] - E[X]^2 loses digits when |E[X]| >> sd: the fixture states the tolerance per case (shortcut_rtol)',
    }],
  },
  conditional: { checks: [{ cases: 'prob.conditionals', call: (c) => [c.joint], want: (c) => pick(c, ['pX', 'pY', 'pXgivenY', 'pYgivenX']) }] },

  // --- information (test_entropy.cpp, test_mutual_information.cpp)
  entropy: { checks: [{ cases: 'info.pairs', call: (c) => [c.p, { base: c.base }], want: (c) => c.entropy, defaults: { base: 2 } }] },
  crossEntropy: { checks: [{ cases: 'info.pairs', call: (c) => [c.p, c.q, { base: c.base }], want: (c) => c.crossEntropy, defaults: { base: 2 } }] },
  klDivergence: { checks: [{ cases: 'info.pairs', call: (c) => [c.p, c.q, { base: c.base }], want: (c) => c.klDivergence, defaults: { base: 2 } }] },
  mutualInformation: { checks: [{ cases: 'info.joints', call: (c) => [c.joint, { base: c.base }], want: (c) => c.mutualInformation, defaults: { base: 2 } }] },
  conditionalEntropy: {
    checks: [{ cases: 'info.joints', call: (c) => [c.joint, { base: c.base }], want: (c) => pick(c, ['HX', 'HY', 'HXgivenY', 'HYgivenX', 'HXY']), defaults: { base: 2 } }],
  },

  // --- analysis (test_lipschitz.cpp)
  lipschitzRatio: { checks: [{ cases: 'analysis.ratios', call: (c) => [c.z1, c.z2, { temperature: c.temperature }], want: (c) => c.ratio, defaults: { temperature: 1 } }] },
  lipschitzBound: { checks: [{ cases: 'analysis.ratios', call: (c) => [{ temperature: c.temperature }], want: (c) => c.bound, defaults: { temperature: 1 } }] },
  jacobianSpectralNorm: {
    checks: ['spectralNorm', 'maxEigenvalue'].map((field) => ({
      cases: 'analysis.jacobians', call: (c) => [c.z, { temperature: c.temperature }], want: (c) => c[field], defaults: { temperature: 1 },
    })),
  },
  lipschitzSearch: {
    noFixture: 'draws its pairs from the core\'s own seeded generator, which no NumPy reference reproduces: checked as test_lipschitz.cpp does (deterministic per seed, never above the bound, its best pair reproduces its best ratio)',
    check(lab) {
      const a = lab.lipschitzSearch(2, 500, 42, { temperature: 1, scale: 0.05 });
      assert.deepEqual(Object.keys(a).sort(), ['best', 'bestZ1', 'bestZ2', 'bound', 'ratios']);
      assert.deepEqual(lab.lipschitzSearch(2, 500, 42, { temperature: 1, scale: 0.05 }), a, 'deterministic for a seed');
      assert.equal(a.ratios.length, 200);
      assert.equal(a.bound, 0.5);
      assert.ok(a.best <= a.bound && a.best > 0.49, `best ${a.best}: with small logits and n = 2 close to the bound 0.5`);
      close(lab.lipschitzRatio(a.bestZ1, a.bestZ2, { temperature: 1 }), a.best, 'the best pair reproduces best', 1e-12, 0);
      assert.ok(a.ratios.every((r) => r >= 0 && r <= a.best), 'every ratio in [0, best]');
      assert.notDeepEqual(lab.lipschitzSearch(2, 500, 43, { temperature: 1, scale: 0.05 }).ratios, a.ratios, 'another seed, other pairs');
      const d = lab.lipschitzSearch(5, 7, 1, { temperature: 0.5, scale: 2 });
      assert.deepEqual([d.ratios.length, d.bound, d.bestZ1.length, d.bestZ2.length], [7, 1, 5, 5]);
      assert.equal(lab.lipschitzSearch(1, 10, 0).best, 0, 'n = 1: softmax is constant');
    },
  },

  // --- graphs (test_laplacian.cpp, test_gat.cpp)
  degreeMatrix: { checks: [{ cases: 'laplacian.cases', call: (c) => [c.A], want: (c) => c.degree }] },
  laplacian: {
    checks: [
      { cases: 'laplacian.cases', call: (c) => [c.A, { normalized: false }], want: (c) => c.laplacian, defaults: { normalized: false } },
      { cases: 'laplacian.cases', call: (c) => [c.A, { normalized: true }], want: (c) => c.normalized },
    ],
  },
  laplacianEigenvalues: {
    checks: [
      { cases: 'laplacian.cases', filter: (c) => !c.directed, call: (c) => [c.A, { normalized: false }], want: (c) => c.eigenvalues, defaults: { normalized: false } },
      { cases: 'laplacian.cases', filter: (c) => !c.directed, call: (c) => [c.A, { normalized: true }], want: (c) => c.eigenvaluesNormalized },
      { cases: 'laplacian.cases', filter: (c) => c.directed, call: (c) => [c.A], throws: /^laplacianEigenvalues: A must be symmetric/ },
    ],
  },
  connectedComponents: { checks: [{ cases: 'laplacian.cases', call: (c) => [c.A], want: (c) => pick(c, ['count', 'labels']) }] },
  gat: {
    checks: [{
      cases: 'gat.cases', call: (c) => [c.X, c.A, c.W, c.a, pick(c, ['negativeSlope', 'selfLoops'])], want: (c) => pick(c, GAT_STEPS),
      covers: ['negativeSlope', 'selfLoops'],
    }],
  },
  multiHeadGat: {
    checks: [{
      cases: 'multi_head_gat.cases',
      call: (c) => [c.X, c.A, c.heads.map((h) => pick(h, ['W', 'a'])), { ...pick(c, ['negativeSlope', 'selfLoops']), concat: c.concat }],
      want: (c) => ({ heads: c.heads.map((h) => pick(h, GAT_STEPS)), output: c.output }),
      covers: ['concat', 'negativeSlope', 'selfLoops'],
    }],
  },

  // --- gradients (tests/native/grad: test_softmax_backward.cpp, test_attention_backward.cpp, test_gat_backward.cpp)
  softmaxBackward: {
    checks: [{ cases: 'softmax_backward.cases', call: (c) => [c.z, c.dp, { temperature: c.temperature }], want: (c) => c.dz, defaults: { temperature: 1 } }],
  },
  softmaxCrossEntropy: {
    checks: [{ cases: 'softmax_cross_entropy.cases', call: (c) => [c.logits, c.targets], want: (c) => pick(c, ['loss', 'probs', 'dLogits']) }],
  },
  attentionBackward: {
    checks: [{
      cases: 'attention_backward.cases', call: (c) => [c.Q, c.K, c.V, c.dOutput, attentionOptions(c)],
      want: (c) => pick(c, ['dQ', 'dK', 'dV', 'dWeights', 'dScaled']), covers: ['causal', 'mask', 'scale'],
    }],
  },
  selfAttentionBackward: {
    checks: [{
      cases: 'self_attention_backward.cases', call: (c) => [c.X, c.Wq, c.Wk, c.Wv, c.dOutput, attentionOptions(c)],
      want: (c) => pick(c, ['dX', 'dWq', 'dWk', 'dWv']), covers: ['causal', 'scale'],
    }],
  },
  gatBackward: {
    checks: [{
      cases: 'gat_backward.cases', call: (c) => [c.X, c.A, c.W, c.a, c.dOutput, pick(c, ['negativeSlope', 'selfLoops'])],
      want: (c) => pick(c, ['dX', 'dW', 'da']), covers: ['negativeSlope', 'selfLoops'],
    }],
  },

  // --- training (tests/native/train: test_train_attention.cpp, test_train_gat.cpp)
  trainAttention: {
    checks: [{
      cases: 'train_attention.cases', call: (c) => [{ X: c.X, targets: c.targets }, c.params, c.options],
      want: (c) => ({
        loss: c.loss, accuracy: c.accuracy, params: c.finalParams, weights: c.weights,
        snapshots: c.snapshots ?? [], diverged: false, divergedAt: null, state: c.finalState,
      }),
      tol: { rtol: 1e-7, atol: 1e-10 }, why: 'after 50-60 updates against the PyTorch loop: the issue\'s rtol 1e-7, as test_train_attention.cpp',
      covers: ['method', 'lr', 'steps', 'beta', 'beta1', 'beta2', 'eps', 'causal', 'scale', 'record', 'state'],
    }],
  },
  trainGat: {
    checks: [{
      cases: 'train_gat.cases', call: (c) => [c.X, c.A, c.labels, c.params, c.options],
      want: (c) => ({
        loss: c.loss, trainAccuracy: c.trainAccuracy, accuracy: c.accuracy, params: c.finalParams,
        alpha: c.alpha, predictions: c.predictions, diverged: false, divergedAt: null, state: c.finalState,
      }),
      tol: { rtol: 1e-7, atol: 1e-10 }, why: 'after 50-100 updates against the PyTorch loop: the issue\'s rtol 1e-7, as test_train_gat.cpp',
      covers: ['method', 'lr', 'steps', 'beta', 'negativeSlope', 'selfLoops', 'trainMask', 'state'],
    }],
  },

  // --- transformers (tests/native/transformer: forward, loss, train, head scores)
  transformerForward: {
    checks: [{
      cases: 'transformer_forward.cases', call: (c) => [c.tokens, c.params, c.options],
      want: (c) => pick(c, ['logits', 'attention']), covers: ['scale', 'ablate'],
    }, {
      // The committed text models (web/lessons/attention/models/, dequantized by load.js).
      cases: 'text_models.models', call: (c) => [c.sequences.tokens, textModelParams(c.file)],
      want: (c) => pick(c.sequences, ['logits', 'attention']),
    }],
  },
  transformerLoss: {
    checks: [{
      cases: 'transformer_loss.cases', call: (c) => [{ tokens: c.tokens, targets: c.targets }, c.params, c.options],
      want: (c) => pick(c, ['loss', 'accuracy', 'grads']), covers: ['scale', 'ablate'],
    }],
  },
  trainTransformer: {
    checks: [{
      cases: 'train_transformer.cases', call: (c) => [{ tokens: c.tokens, targets: c.targets }, c.params, c.options],
      want: (c) => ({
        loss: c.loss, accuracy: c.accuracy, params: c.finalParams, state: c.finalState,
        diverged: false, divergedAt: null, snapshots: c.snapshots ?? [],
      }),
      tol: { rtol: 1e-7, atol: 1e-10 }, why: 'after 50-60 updates against the PyTorch loop: the issue\'s rtol 1e-7, as test_train_transformer.cpp',
      covers: ['method', 'lr', 'steps', 'beta', 'beta1', 'beta2', 'eps', 'scale', 'ablate', 'freeze', 'record', 'state'],
    }, {
      // Three Adam steps from the committed text models' weights: the losses (the fixture keeps no weights).
      cases: 'text_models.models',
      call: (c) => [{ tokens: c.continuation.tokens, targets: c.continuation.targets }, textModelParams(c.file),
        { method: 'adam', lr: c.continuation.lr, steps: c.continuation.steps }],
      want: (c) => c.continuation.loss,
      compare: (got, want, where) => close(got.loss, want, `${where}.loss`),
      why: 'the fixture keeps the losses of the three steps, not the 35-100 K weights after them (test_text_models.cpp also checks their sum and sum of squares)',
    }],
  },
  headScores: {
    checks: [{
      cases: 'head_scores.cases', call: (c) => [c.tokens, c.attention], want: (c) => pick(c, ['previousToken', 'prefixMatch', 'firstToken', 'sameToken']),
    }],
  },

  // --- SVD and low rank (test_svd.cpp, test_low_rank.cpp)
  svd: {
    checks: [
      {
        cases: 'svd.cases', call: (c) => [c.A], want: (c) => pick(c, ['U', 'S', 'Vt']),
        compare: (got, want, where, c) => {
          assert.deepEqual(Object.keys(got).sort(), ['S', 'U', 'Vt'], `${where}: result fields`);
          checkSvd(got, want, c.A, where);
        },
        why: 'up to sign, as test_svd.cpp: singular vectors are unique only up to sign',
      },
    ],
  },
  svdSteps: {
    checks: [{
      cases: 'svd.cases', filter: (c) => c.A.length <= 16 && c.A[0].length <= 16,
      call: (c) => [c.A], want: (c) => pick(c, ['U', 'S', 'Vt']),
      // The fixture has the SVD, not the sweeps: U, S, Vt as svd's (the
      // very same numbers), the sweeps as test_svd.cpp checks them.
      compare: (got, want, where, c, lab) => {
        assert.deepEqual(Object.keys(got).sort(), ['S', 'U', 'Vt', 'initialOffNorm', 'sweeps', 'transposed'], `${where}: result fields`);
        checkSvd(got, want, c.A, where);
        assert.deepEqual(pick(got, ['U', 'S', 'Vt']), lab.svd(c.A), `${where}: the same numbers as svd`);
        assert.equal(got.transposed, c.A.length < c.A[0].length, `${where}.transposed: a wide A runs on A^T`);
        assert.ok(got.initialOffNorm >= 0 && got.sweeps.length >= 1, where);
        assert.deepEqual(got.sweeps.at(-1).rotations, [], `${where}: the last sweep has no rotation (converged)`);
        for (const sw of got.sweeps) {
          assert.deepEqual(Object.keys(sw).sort(), ['offNorm', 'rotations'], where);
          for (const r of sw.rotations) {
            assert.deepEqual(Object.keys(r).sort(), ['angle', 'p', 'q'], where);
            assert.ok(Math.abs(r.angle) <= Math.PI / 4 + 1e-15, `${where}: angle ${r.angle} within pi/4`);
          }
        }
        if (c.name === '2x2 lesson') {  // A = [[3, 1], [1, 2]]: A^T A = [[10, 5], [5, 5]]
          close(got.initialOffNorm, 5 * Math.SQRT2, `${where}.initialOffNorm`, 1e-14, 0);
          assert.equal(got.sweeps.length, 2);
          assert.deepEqual(pick(got.sweeps[0].rotations[0], ['p', 'q']), { p: 0, q: 1 });
          close(got.sweeps[0].rotations[0].angle, 0.5 * Math.atan((2 * 5) / (5 - 10)), `${where} angle`, 1e-14, 0);
        }
      },
      why: 'up to sign, as svd',
    }],
  },
  lowRank: {
    checks: [{
      cases: 'low_rank.cases', call: (c) => [c.A, c.r],
      want: (c) => ({ Ar: c.Ar, errorFro: c.errorFro, error2: c.error2, eckartYoung: { fro: c.eyFro, spectral: c.eySpectral } }),
      tol: (c) => ({ rtol: RTOL, atol: 1e-12 * fro(c.A) }),
      why: 'absolute 1e-12 |A|_F, as test_low_rank.cpp: entries and errors that are 0 come out as rounding noise of the size of A',
    }],
  },
  lowRankAttention: {
    checks: [{
      cases: 'low_rank_attention.cases', call: (c) => [c.Q, c.K, c.V, { rank: c.rank }],
      want: (c) => pick(c, ['weights', 'output', 'exactWeights', 'exactOutput', 'error', 'S']),
    }],
  },
  linformerAttention: {
    checks: [{ cases: 'linformer_attention.cases', call: (c) => [c.Q, c.K, c.V, c.E, c.F], want: (c) => pick(c, ['weights', 'output', 'projectedK', 'projectedV']) }],
  },

  // --- complexity (test_sparse.cpp, test_cost.cpp)
  sparseAttention: { checks: [{ cases: 'sparse_attention.cases', call: (c) => [c.Q, c.K, c.V, { window: c.window }], want: (c) => pick(c, STEPS) }] },
  attentionCost: {
    checks: [{
      cases: 'attention_cost.cases', call: (c) => [c.n, c.d, pick(c, ['kind', 'window', 'rank'])], want: (c) => pick(c, ['flops', 'bytes', 'reads', 'writes']),
      covers: ['kind', 'window', 'rank'],
    }, {
      cases: 'linear_cost.cases', call: (c) => [c.n, c.d, pick(c, ['kind', 'order'])], want: (c) => pick(c, ['flops', 'bytes', 'reads', 'writes']),
      covers: ['kind', 'order'],
    }, {
      cases: 'flash_attention_cost.cases', call: (c) => [c.n, c.d, pick(c, ['kind', 'blockRows', 'blockCols', 'fastMemory', 'pass'].filter((k) => k in c))],
      want: (c) => pick(c, ['flops', 'bytes', 'reads', 'writes']), covers: ['blockRows', 'blockCols', 'fastMemory', 'pass'],
    }],
  },
  timeAttention: {
    noFixture: 'measures time: no reference value exists; checked as test_cost.cpp does (fields, repeats, min <= median, min <= mean)',
    check(lab) {
      for (const kind of ['full', 'sparse', 'lowRank', 'tiled']) {
        const t = lab.timeAttention(64, 8, { kind, window: 2, rank: 4, blockRows: 8, blockCols: 16, repeats: 3 });
        assert.deepEqual(Object.keys(t).sort(), ['ms', 'msMean', 'msMin', 'repeats'], kind);
        assert.equal(t.repeats, 3, kind);
        for (const k of ['ms', 'msMean', 'msMin']) assert.ok(Number.isFinite(t[k]) && t[k] >= 0, `${kind} ${k} = ${t[k]}`);
        assert.ok(t.msMin <= t.ms && t.msMin <= t.msMean, `${kind}: ${JSON.stringify(t)}`);
      }
      assert.equal(lab.timeAttention(16, 4).repeats, 5, 'default repeats (attnlab.d.ts)');
      for (const order of ['left', 'right']) {
        const t = lab.timeAttention(64, 8, { kind: 'linear', order, repeats: 3 });
        assert.equal(t.repeats, 3, order);
        assert.ok(t.msMin <= t.ms && t.msMin >= 0, `linear ${order}: ${JSON.stringify(t)}`);
      }
    },
  },

  // --- precision (test_round.cpp, test_in_format.cpp): rounding is exact, so the comparison is too
  roundToFormat: {
    checks: [
      ...['round_float16', 'round_bfloat16', 'round_float32', 'round_fp8'].flatMap((stem) => [
        { cases: `${stem}.cases`, call: (c) => [c.x, c.format], want: (c) => c.want, compare: exactly, why: EXACT },
        { cases: `${stem}.cases`, call: (c) => [c.x, c.format, { saturate: true }], want: (c) => c.saturate, compare: exactly, why: EXACT, covers: ['saturate'] },
      ]),
      { cases: 'round_shapes.cases', call: (c) => [c.x, c.format, { saturate: c.saturate }], want: (c) => c.want, compare: exactly, why: EXACT },
    ],
  },
  formatInfo: {
    checks: [{ cases: 'format_info.cases', call: (c) => [c.format], want: (c) => pick(c, ['bits', 'exponentBits', 'mantissaBits', 'max', 'minNormal', 'minSubnormal', 'epsilon', 'hasInfinity', 'expOverflow']) }],
  },
  softmaxInFormat: {
    checks: [{
      cases: 'softmax_in_format.cases',
      call: (c) => [c.z, { format: c.format, subtractMax: c.subtractMax, ...(c.sumFormat ? { sumFormat: c.sumFormat } : {}) }],
      want: (c) => pick(c, ['shifted', 'exps', 'sums', 'weights']),
      tol: (c) => (c.format === 'float64' ? { rtol: 1e-15, atol: 0 } : { rtol: 0, atol: 0 }),
      why: 'every step is rounded to the format: exact, but float64 (nothing to round to: exp may differ from NumPy in the last bit), as test_in_format.cpp',
      covers: ['format', 'sumFormat', 'subtractMax'],
      defaults: { subtractMax: true },
    }],
  },

  // --- linear attention (test_linear_attention.cpp)
  linearAttention: {
    checks: ['left', 'right'].map((order) => ({
      cases: 'linear_attention.cases', call: (c) => [c.Q, c.K, c.V, { causal: c.causal, order }],
      want: (c) => ({ ...pick(c, ['featuresQ', 'featuresK', 'weights', 'state', 'normalizer']), output: order === 'left' ? c.outputLeft : c.output }),
      covers: ['causal', 'order'],
    })).concat([{
      cases: 'linear_attention.cases', filter: (c) => !c.causal, call: (c) => [c.Q, c.K, c.V],
      want: (c) => pick(c, ['output', 'featuresQ', 'featuresK', 'weights', 'state', 'normalizer']),
    }]),
  },
};

// --- flash attention (tests/native/flash: test_online_softmax.cpp, test_tiled_attention.cpp,
// test_tiled_backward.cpp, test_io_counts.cpp)
const FLASH_COUNTS_WORK = 2 ** 27;  // n m (d_k + d_v): the count cases run here (N = 1024, d = 64 and smaller)
const zerosOf = (r, c) => Array.from({ length: r }, () => new Array(c).fill(0));
Object.assign(TABLE, {
  onlineSoftmax: { checks: [{ cases: 'flash_online_softmax.cases', call: (c) => [c.z], want: (c) => pick(c, ['weights', 'm', 'l']) }] },
  tiledAttention: {
    checks: [{
      cases: 'flash_tiled_attention.cases', call: (c) => [c.Q, c.K, c.V, c.options],
      want: (c) => pick(c, ['output', 'blockRows', 'blockCols', 'tiles', 'trace', 'counts', 'standard']),
      covers: ['blockRows', 'blockCols', 'fastMemory', 'causal', 'scale', 'traceBlock'],
    }, {
      cases: 'flash_tiled_formats.cases', call: (c) => [c.Q, c.K, c.V, c.options], want: (c) => pick(c, ['output', 'trace']),
      compare: (got, want, where) => same(pick(got, ['output', 'trace']), want, where),
      why: 'the NumPy emulation of the roundings gives the output and the trace; the tiles and counts are checked by the float64 cases',
      covers: ['formats'],
    }, {
      cases: 'flash_counts.cases', filter: (c) => c.n * c.m * (c.dk + c.dv) <= FLASH_COUNTS_WORK,
      call: (c) => [zerosOf(c.n, c.dk), zerosOf(c.m, c.dk), zerosOf(c.m, c.dv), c.options],
      want: (c) => ({ blockRows: c.blockRows, blockCols: c.blockCols, counts: c.forward, standard: c.standard }),
      compare: (got, want, where) => same(pick(got, ['blockRows', 'blockCols', 'counts', 'standard']), want, where, 0, 0),
      why: 'the counts depend on the shapes alone (zero inputs); exact integers',
    }],
  },
  tiledAttentionBackward: {
    checks: [{
      cases: 'flash_tiled_backward.cases', call: (c) => [c.Q, c.K, c.V, c.dOutput, c.options],
      want: (c) => pick(c, ['dQ', 'dK', 'dV', 'counts', 'standard']), covers: ['blockRows', 'blockCols', 'fastMemory', 'causal', 'scale'],
    }, {
      cases: 'flash_counts.cases', filter: (c) => c.n * c.m * (c.dk + c.dv) <= FLASH_COUNTS_WORK,
      call: (c) => [zerosOf(c.n, c.dk), zerosOf(c.m, c.dk), zerosOf(c.m, c.dv), zerosOf(c.n, c.dv), c.options],
      want: (c) => ({ counts: c.backward, standard: c.standardBackward }),
      compare: (got, want, where) => same(pick(got, ['counts', 'standard']), want, where, 0, 0),
      why: 'the counts depend on the shapes alone (zero inputs); exact integers',
    }],
  },
});

// Rounding results compared bit for bit: NaN with NaN, and the sign of zero.
function exactly(got, want, where) {
  if (Array.isArray(want)) {
    assert.ok(Array.isArray(got) && got.length === want.length, `${where}: got ${JSON.stringify(got)?.slice(0, 80)}`);
    want.forEach((w, i) => exactly(got[i], w, `${where}[${i}]`));
    return;
  }
  assert.ok(Object.is(got, want), `${where}: got ${got}, want ${want}`);
}

// Fixture data not run here, with the reason (the rest must all be used).
export const NOT_IN_JS = {
  'svd.big256': 'S of a 256 x 256 matrix: 0.2-0.6 s of SVD in this layer, for the binding that the 16 cases of svd.cases already check; test_svd.cpp checks it in the native and wasm builds',
};

// Members of the API object that are not in SPECS (web/lib/facade.js): no
// fixture describes them; each has its own check.
export const FACADE = {
  functions: {
    why: 'the list of function names',
    check: (lab, SPECS) => assert.deepEqual(lab.functions, Object.keys(SPECS)),
  },
  heapInUse: {
    why: 'a byte count of the wasm heap (heap.test.mjs checks that it counts)',
    check: (lab) => { const h = lab.heapInUse(); assert.ok(Number.isInteger(h) && h >= 0, `heapInUse() = ${h}`); },
  },
  onRestart: {
    why: 'a listener for module restarts (abort-recovery.test.mjs aborts the module for real)',
    check: (lab) => { const off = lab.onRestart(() => {}); assert.equal(typeof off, 'function'); off(); },
  },
  restarts: {
    why: 'a count of restarts (abort-recovery.test.mjs)',
    check: (lab) => assert.equal(lab.restarts(), 0),
  },
};

// Runs one check of TABLE[fn] over its cases; returns how many calls it made.
export function runCheck(lab, fn, check, nargs, cases) {
  let calls = 0;
  const usedOptions = new Set();
  for (const c of cases) {
    const where = `${fn} "${c.name ?? JSON.stringify(pick(c, ['n', 'd', 'kind', 'window', 'rank']))}"`;
    const args = check.call(c);
    const options = args[nargs];
    if (options) Object.keys(options).forEach((k) => usedOptions.add(k));
    if (check.throws) {
      assert.match(throwsApiError(() => lab[fn](...args), fn, where), check.throws, where);
      calls++;
      continue;
    }
    const want = check.want(c, lab);
    const t = typeof check.tol === 'function' ? check.tol(c) : check.tol || { rtol: RTOL, atol: ATOL };
    const fieldTol = Object.fromEntries(Object.entries(check.fieldTol || {}).map(([k, f]) => [k, f(c)]));
    const compare = check.compare || ((got, w, at) => same(got, w, at, t.rtol, t.atol, fieldTol));
    compare(lab[fn](...args), want, where, c, lab);
    calls++;
    // The documented defaults: the same result without the options object.
    if (check.defaults && options && Object.entries(options).every(([k, v]) => check.defaults[k] === v)) {
      compare(lab[fn](...args.slice(0, nargs)), want, `${where} without options`, c, lab);
      calls++;
    }
  }
  for (const k of check.covers || []) assert.ok(usedOptions.has(k), `${fn}: the fixture cases never use option ${k}`);
  return calls;
}
