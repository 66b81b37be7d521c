// The graphs lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

const adjacencyOf = (n, edges) => {
  const A = Array.from({ length: n }, () => new Array(n).fill(0));
  for (const [i, j] of edges) A[i][j] = A[j][i] = 1;
  return A;
};
const zeros = (lab, A) => lab.laplacianEigenvalues(A).filter((x) => Math.abs(x) < 1e-9).length;
const DEFAULTS = { preset: 'demo', n: 7, edges: null, pos: null, node: 4, nb: 0, normalized: false, seed: 4, selfLoops: true, slope: 0.2, heads: 3, concat: true, compare: false, gatOn: 'graph', mask: false };

export default {
  'laplacian-row'(inst, lab) {
    const { numbered, i, n } = inst.data;
    const A = adjacencyOf(n, numbered.map(([a, b]) => [a - 1, b - 1]));
    close(inst.answer, lab.sub(lab.degreeMatrix(A)[i], A[i]), 'row i of D - A');
    assert.equal(inst.answer.reduce((a, b) => a + b, 0), 0, 'the row sums to 0');
  },
  'pathstar-predict'(inst, lab) {
    const { n } = inst.data;
    const path = adjacencyOf(n, Array.from({ length: n - 1 }, (_, k) => [k, k + 1]));
    const star = adjacencyOf(n, Array.from({ length: n - 1 }, (_, k) => [0, k + 1]));
    const l2 = (A) => lab.laplacianEigenvalues(A)[1];
    assert.equal(inst.answer, l2(path) > l2(star) ? 'path' : 'star');
  },
  'components-make'(inst, lab) {
    const { target } = inst.data;
    assert.ok(inst.measure({ ...DEFAULTS, ...inst.example }, lab).ok, 'the example reaches the target');
    assert.ok(!inst.measure(DEFAULTS, lab).ok, 'the default graph does not');
    const A = adjacencyOf(inst.example.n, inst.example.edges.map(([a, b]) => [a - 1, b - 1]));
    assert.equal(lab.connectedComponents(A).count, target, 'components of the example');
    assert.equal(zeros(lab, A), target, 'zero eigenvalues of the example');
  },
  'gat-weight'(inst, lab) {
    const { X, A, W, a, i, j, slope, s } = inst.data;
    const r = lab.gat(X, A, W, a, { negativeSlope: slope });
    const N = [i, ...A[i].map((x, k) => (x ? k : -1)).filter((k) => k >= 0)];
    N.forEach((k, q) => close(s[q], r.src[i] + r.dst[k], `s_${i + 1}${k + 1} shown`, 0, 5e-5));
    const leaky = (x) => (x > 0 ? x : slope * x);
    const p = lab.softmax(s.map(leaky));
    close(inst.answer, p[N.indexOf(j)], 'softmax of LeakyReLU of the s shown');
    close(inst.answer, r.alpha[i][j], 'the core\'s alpha', 0, 1e-3);
  },
  'complete-explain'(inst) {
    assert.equal(inst.answer, 'complete');
    assert.equal(inst.data.nnz, inst.data.n ** 2);
  },
};
