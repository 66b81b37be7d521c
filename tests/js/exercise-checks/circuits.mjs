// The circuits lesson's exercises: each expected answer recomputed from the
// instance's data, by hand and through the API.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

export default {
  'prev-compute'(inst, lab) {
    const { A } = inst.data;
    A.forEach((row, i) => close(row.reduce((a, b) => a + b, 0), 1, `row ${i + 1} sums to 1`));
    A.forEach((row, i) => row.forEach((x, j) => assert.ok(j <= i || x === 0, 'causal')));
    close(inst.answer, (A[1][0] + A[2][1] + A[3][2]) / 3, 'mean of the sub-diagonal');
    close(inst.answer, lab.headScores([[0, 1, 2, 3]], [[[A]]]).previousToken[0][0], 'headScores');
  },
  'prefix-compute'(inst) {
    const { row } = inst.data;
    close(row.reduce((a, b) => a + b, 0), 1, 'the row sums to 1');
    assert.ok(row.includes(inst.answer), 'the answer is one of the weights shown');
  },
  'layer-explain'(inst) { assert.equal(inst.answer, 'first'); },
  'one-layer-explain'(inst) { assert.equal(inst.answer, 'keys'); },
};
