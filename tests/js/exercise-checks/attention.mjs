// The attention lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { close, root } from '../helpers.mjs';

const { seeded } = await import(pathToFileURL(path.join(root, 'web/lessons/shared/inputs.js')).href);

const softmaxRow = (lab, q, K, scale) => lab.softmax(K.map((k) => scale * lab.dot(q, k)));

export default {
  'mask-explain'(inst) {
    assert.equal(inst.answer, 'exact');
  },
  'weight-compute'(inst, lab) {
    const { Q, K, i, j } = inst.data;
    close(inst.answer, softmaxRow(lab, Q[i], K, 1 / Math.sqrt(2))[j], 'alpha_ij');
    // The worked solution's scores are q_i K^T of the matrices shown.
    const scores = K.map((k) => Math.round(lab.dot(Q[i], k) * 100) / 100);
    assert.ok(inst.solution[0].includes(`\\begin{bmatrix}${scores.join(' & ')}\\end{bmatrix}`), `solution scores ${scores} in ${inst.solution[0]}`);
    const noScale = inst.mistakes.find((m) => m.key === 'noScale');
    if (noScale) close(noScale.value, softmaxRow(lab, Q[i], K, 1)[j], 'no scaling');
  },
  'output-compute'(inst, lab) {
    const { Q, K, V, i, alpha } = inst.data;
    const exact = lab.attention(Q, K, V).weights;
    alpha.forEach((row, a) => row.forEach((x, b) => assert.ok(Math.abs(x - exact[a][b]) <= 5e-5, 'alpha as shown is the core\'s, rounded')));
    const want = V[0].map((_, d) => alpha[i].reduce((s, w, j) => s + w * V[j][d], 0));
    close(inst.answer, want, 'out_i from the shown weights');
    const fromCore = lab.attention(Q, K, V).output[i];
    inst.answer.forEach((x, d) => assert.ok(Math.abs(x - fromCore[d]) < 1e-3, 'close to the core\'s output'));
  },
  'focus-make'(inst, lab) {
    const { i, k, target } = inst.data;
    const base = { n: 4, dk: 3, dv: 2, seed: 7, Q: null, K: null, V: null, causal: false, heads: 2 };
    assert.ok(inst.measure({ ...base, ...inst.example }, lab).ok, 'the example reaches the target');
    assert.ok(!inst.measure(base, lab).ok, 'the default inputs do not');
    const { K } = seeded(7, 4, 3, 2);
    assert.ok(softmaxRow(lab, inst.example.Q[i], K, 1 / Math.sqrt(3))[k] >= target, 'alpha_ik of the example, recomputed');
  },
  'scale-predict'(inst, lab) {
    const { q, K, c, dk } = inst.data;
    const scaled = Math.max(...softmaxRow(lab, q, K, 1 / Math.sqrt(dk)));
    const slip = Math.max(...softmaxRow(lab, q, K, c));
    assert.equal(inst.answer, slip > scaled + 1e-12 ? 'sharper' : slip < scaled - 1e-12 ? 'flatter' : 'same');
  },
};
