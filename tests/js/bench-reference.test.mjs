// The benchmark's plain-JS reference (bench/js/reference.mjs) computes what
// the wasm API computes: same results on small random inputs, so that
// `npm run bench` compares equal work. Small sizes keep this well under 2 s.
// trainTransformer has no JS reference (its tfjs model is checked against
// the core's loss by the bench itself): its inputs are checked here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { close, loadLab } from './helpers.mjs';
import * as ref from '../../bench/js/reference.mjs';
import { CASES, TRANSFORMER, makeInputs, mulberry32, randomMatrix, transformerInputs, transformerSpec } from '../../bench/js/inputs.mjs';

const lab = await loadLab();
const rand = mulberry32(20240601);
const TOL = [1e-9, 1e-12];  // rtol, atol: same algorithm, rounding differences only
const FLAT = { layout: 'flat' };
// A flat matrix as [rows, cols, number[]] (both sides must have the same shape).
const flatData = (M) => [M.rows, M.cols, [...M.data]];

test('matmul', () => {
  for (const [m, k, n] of [[1, 1, 1], [5, 4, 6], [17, 13, 11]]) {
    const A = randomMatrix(rand, m, k), B = randomMatrix(rand, k, n);
    close(ref.matmul(A, B), lab.matmul(A, B), `matmul ${m}x${k}x${n}`, ...TOL);
    close(flatData(ref.matmul(A, B, FLAT)), flatData(lab.matmul(A, B, FLAT)), `matmul flat ${m}x${k}x${n}`, ...TOL);
  }
});

test('softmax', () => {
  for (const n of [1, 3, 50]) {
    const z = randomMatrix(rand, 1, n, 20)[0];
    close(ref.softmax(z), lab.softmax(z), `softmax n=${n}`, ...TOL);
  }
});

test('attention: all four steps', () => {
  for (const [n, m, d, dv] of [[1, 1, 1, 1], [7, 5, 4, 3], [16, 16, 8, 8]]) {
    const Q = randomMatrix(rand, n, d, 2), K = randomMatrix(rand, m, d, 2), V = randomMatrix(rand, m, dv);
    close(ref.attention(Q, K, V), lab.attention(Q, K, V), `attention ${n}x${m}x${d}x${dv}`, ...TOL);
    const [r, l] = [ref.attention(Q, K, V, FLAT), lab.attention(Q, K, V, FLAT)];
    for (const step of ['scores', 'scaled', 'weights', 'output']) close(flatData(r[step]), flatData(l[step]), `attention flat ${step}`, ...TOL);
  }
});

test('gat: every field', () => {
  const n = 12, f = 5, fp = 3;
  const X = randomMatrix(rand, n, f), W = randomMatrix(rand, f, fp), a = randomMatrix(rand, 1, 2 * fp)[0];
  const A = randomMatrix(rand, n, n).map((r) => r.map((x) => (x > 0.4 ? 1 : 0)));
  close(ref.gat(X, A, W, a), lab.gat(X, A, W, a), 'gat', ...TOL);
  // A node with no edge still attends to itself (self loops); negative slope honoured.
  A[3].fill(0);
  close(ref.gat(X, A, W, a, { negativeSlope: 0.1 }), lab.gat(X, A, W, a, { negativeSlope: 0.1 }), 'gat slope 0.1', ...TOL);
});

test('adam on rosenbrock: path, loss, grad, state', () => {
  const opts = { lr: 0.01, steps: 100 };
  const want = lab.optimize({ name: 'rosenbrock' }, [-1.5, 2], { method: 'adam', ...opts });
  const got = ref.adamRosenbrock([-1.5, 2], opts);
  close(got, want, 'optimize', ...TOL);
  assert.equal(got.state.length, want.state.length);
  assert.equal(got.diverged, want.diverged);
});

test('svd: the same U, S, Vt (signs and order included)', () => {
  const shapes = [[1, 1], [6, 4], [4, 6], [9, 9], [16, 16]];
  for (const [m, n] of shapes) {
    const A = randomMatrix(rand, m, n, 3);
    close(ref.svd(A), lab.svd(A), `svd ${m}x${n}`, 1e-8, 1e-10);
  }
  // Rank-deficient (duplicated row and column, a zero matrix): completion of U.
  const B = randomMatrix(rand, 5, 4);
  B[4] = B[1].slice();
  for (const row of B) row[3] = row[0];
  close(ref.svd(B), lab.svd(B), 'svd rank 3', 1e-8, 1e-10);
  const Z = [[0, 0, 0], [0, 0, 0]];
  close(ref.svd(Z), lab.svd(Z), 'svd zero', ...TOL);
  // Power-of-two scaling at extreme magnitudes.
  close(ref.svd([[3e300, 1e300], [2e300, -4e300]]), lab.svd([[3e300, 1e300], [2e300, -4e300]]), 'svd huge', ...TOL);
});

test('trainTransformer cases: inputs derived from TRANSFORMER alone, accepted by the API', () => {
  const shape = (M) => [M.length, M[0].length];
  // The bench's size, and a small one with odd n and unequal layers.
  for (const [T, steps] of [[TRANSFORMER, 1], [{ V: 5, n: 7, B: 3, d: 4, dh: 2, heads: [1, 3], lr: 0.05 }, 3]]) {
    const { data, params, options } = transformerInputs(mulberry32(9), T, steps);
    const { V, n, B, d, dh, heads } = T, half = Math.ceil(n / 2);
    assert.deepEqual(shape(data.tokens), [B, n]);
    for (const [b, t] of data.tokens.entries()) {
      t.forEach((x, i) => assert.ok(Number.isInteger(x) && x >= 0 && x < V && x === t[i % half], `tokens[${b}][${i}]`));
      assert.deepEqual(data.targets[b], [...t.slice(1), -1], `targets[${b}]: the next token, the last ignored`);
    }
    assert.deepEqual([shape(params.embed), shape(params.pos), shape(params.unembed)], [[V, d], [n, d], [d, V]]);
    assert.deepEqual(params.layers.map((l) => l.length), heads);
    for (const head of params.layers.flat())
      assert.deepEqual([head.Wq, head.Wk, head.Wv, head.Wo].map(shape), [[d, dh], [d, dh], [d, dh], [dh, d]]);
    assert.deepEqual(options, { method: 'adam', lr: T.lr, steps });
    assert.equal(transformerSpec(T), [V, n, B, d, dh, T.lr, ...heads].join(','));
    const r = lab.trainTransformer(data, params, options);
    assert.equal(r.loss.length, steps + 1);
    assert.ok(Math.abs(r.loss[0] - Math.log(V)) < 0.5, `loss[0] ${r.loss[0]} near log V at initialisation`);
  }
  // The bench's two cases: one update and ten, on the same inputs.
  const cases = ['train_transformer', 'train_transformer_10'].map((id) => CASES.find((c) => c.id === id));
  const [one, ten] = cases.map(makeInputs);
  assert.deepEqual([one.options.steps, ten.options.steps], [1, 10]);
  assert.deepEqual(one.params, ten.params);
  assert.deepEqual(one.data, transformerInputs(mulberry32(cases[0].seed), TRANSFORMER).data);
});
