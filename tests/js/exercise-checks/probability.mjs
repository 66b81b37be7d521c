// The probability lesson's exercises: each expected answer (or a
// prediction's truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

export default {
  'variance-compute'(inst, lab) {
    const { xs, p } = inst.data;
    close(lab.dot(p, [1, 1, 1]), 1, 'p sums to 1');
    const mean = lab.dot(xs, p);
    const dev = lab.sub(xs, xs.map(() => mean));
    close(inst.answer, lab.dot(p, dev.map((d) => d * d)), 'Var(X)');
    close(inst.answer, lab.variance(xs, p), 'lab.variance');
  },
  'mean-make'(inst, lab) {
    const { target } = inst.data;
    assert.ok(inst.measure(inst.example, lab).ok, 'the example reaches the target');
    assert.ok(!inst.measure({ x: [1, 2, 3, 4], p: [0.1, 0.2, 0.3, 0.4], renorm: true }, lab).ok, 'the default does not already reach it');
    assert.ok(!inst.measure({ ...inst.example, x: [2, 3, 4, 5] }, lab).ok || lab.expectation([2, 3, 4, 5], inst.example.p) === target, 'only with x = 1, 2, 3, 4');
    // Unnormalized input is renormalized as on the page.
    assert.ok(inst.measure({ ...inst.example, p: inst.example.p.map((x) => 3 * x) }, lab).ok, 'renormalized like the lesson');
  },
  'attention-explain'(inst) {
    assert.equal(inst.answer, 'distribution');
  },
  'conditional-compute'(inst, lab) {
    const { P, i, j } = inst.data;
    close(P.flat().reduce((a, b) => a + b, 0), 1, 'the table sums to 1');
    const col = P.map((row) => row[j]);
    close(inst.answer, P[i][j] / lab.dot(col, col.map(() => 1)), 'P(X=i | Y=j)');
    close(inst.answer, lab.conditional(P).pXgivenY[i][j], 'lab.conditional');
  },
  'independence-predict'(inst, lab) {
    const { P } = inst.data;
    const pX = P.map((row) => lab.dot(row, row.map(() => 1)));
    const pY = lab.matmul([pX.map(() => 1)], P)[0];
    const indep = P.every((row, i) => row.every((x, j) => Math.abs(x - pX[i] * pY[j]) <= 1e-9));
    assert.equal(inst.answer, indep ? 'independent' : 'dependent');
  },
};
