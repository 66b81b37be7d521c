// The practice lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

const DEFAULTS = { Q: [[1, 0, 1], [0, 1, 0], [1, 1, 0]], K: [[1, 0, 0], [0, 1, 1], [1, 0, 1]], V: [[1, 2], [3, 4], [5, 6]], causal: false, scale: null };

export default {
  'focus-make'(inst, lab) {
    const { k, target } = inst.data;
    const v = { ...DEFAULTS, ...inst.example };
    assert.ok(inst.measure(v, lab).ok, 'the teacher\'s example reaches the target');
    assert.ok(lab.attention(v.Q, v.K, v.V).weights[0][k - 1] >= target);
    assert.ok(!inst.measure(DEFAULTS, lab).ok, 'the lesson\'s defaults do not');
    assert.ok(!inst.measure({ ...v, scale: 1e-3 }, lab).ok, 'a tiny scale flattens the row again');
  },
  'scale-predict'(inst, lab) {
    const { Q, K, c } = inst.data;
    const before = Math.max(...lab.attention(Q, K, K).weights[0]);
    const after = Math.max(...lab.attention(Q, K, K, { scale: c }).weights[0]);
    assert.equal(inst.answer, after > before ? 'sharper' : 'flatter');
    assert.equal(inst.answer, c > 1 / Math.sqrt(Q[0].length) ? 'sharper' : 'flatter', 'a larger scale sharpens');
  },
  'weight-compute'(inst, lab) {
    const { Q, K, i, j } = inst.data;
    const s = K.map((kj) => lab.dot(Q[i], kj) / Math.sqrt(Q[0].length));
    close(inst.answer, lab.softmax(s)[j], 'softmax of the scaled row');
    close(inst.answer, lab.attention(Q, K, K).weights[i][j], 'A[i][j]');
  },
  'axis-explain'(inst, lab) {
    const { S } = inst.data;
    const flat = lab.softmax(S.flat());
    const rowSum = flat.slice(0, S[0].length).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(rowSum - 1) > 1e-3, 'the chapter\'s version breaks the row sums');
    assert.equal(inst.answer, 'total');
  },
  'output-compute'(inst, lab) {
    const { A, V } = inst.data;
    const o = V[0].map((_, c) => A[0].reduce((a, w, j) => a + w * V[j][c], 0));
    close(inst.answer, o, 'o_1 = sum_j A_1j v_j');
    close(A[0].reduce((a, b) => a + b, 0), 1, 'the first row of weights sums to 1', 1e-9, 1e-9);
  },
};
