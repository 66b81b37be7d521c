// The vectors lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

export default {
  'cos-compute'(inst, lab) {
    const { u, v } = inst.data;
    close(inst.answer, lab.dot(u, v) / Math.sqrt(lab.dot(u, u) * lab.dot(v, v)), 'cos θ');
    assert.ok(Math.abs(inst.answer) < 1, 'neither parallel nor');
    assert.notEqual(lab.dot(u, v), 0, 'perpendicular');
  },
  'det-scale-predict'(inst, lab) {
    const { W } = inst.data;
    const d = lab.det(W), d2 = lab.det(lab.matmul([[2, 0], [0, 2]], W));
    assert.ok(Math.abs(d) >= 0.5);
    close(d2, 4 * d, 'det(2W) = 4 det W');
    assert.equal(inst.answer, 'four');
  },
  'det-make'(inst, lab) {
    const { target } = inst.data;
    assert.ok(inst.measure(inst.example, lab).ok, 'the example reaches the target');
    assert.ok(inst.example.W.flat().every((x) => Math.abs(x) <= 2), 'the example is inside the URL bounds');
    assert.ok(!inst.measure({ W: [[2, 0.5], [0.5, 1.5]] }, lab).ok, 'the default W does not already reach it');
    assert.ok(!inst.measure({ W: [[2, 0], [0, target / 2 + 0.05]] }, lab).ok, 'det off by 0.1 is not accepted');
  },
  'transpose-explain'(inst, lab) {
    assert.equal(inst.answer, 'shapes');
    const { m, k, n } = inst.vars;
    const A = Array.from({ length: m }, (_, i) => Array.from({ length: k }, (_, j) => i + 2 * j));
    const B = Array.from({ length: k }, (_, i) => Array.from({ length: n }, (_, j) => i - j));
    assert.deepEqual(lab.transpose(lab.matmul(A, B)), lab.matmul(lab.transpose(B), lab.transpose(A)));
  },
};
