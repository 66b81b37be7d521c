// The softmax lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

const argmaxValue = (v) => Math.max(...v);

export default {
  'make-p1'(inst, lab) {
    const { target } = inst.data;
    assert.ok(inst.measure(inst.example, lab).ok, 'the teacher\'s example reaches the target');
    assert.ok(!inst.measure({ z: [2, 1, 0.1, -1], T: 1 }, lab).ok || lab.softmax([2, 1, 0.1, -1])[0] >= target, 'the default logits do not already reach it');
    assert.ok(!inst.measure({ ...inst.example, T: 0.5 }, lab).ok, 'only at T = 1');
  },
  'entry-compute'(inst, lab) {
    const { z, k } = inst.data;
    close(inst.answer, lab.softmax(z)[k], 'p_k');
  },
  'temperature-predict'(inst, lab) {
    const { z } = inst.data;
    const up = argmaxValue(lab.softmax(z, { temperature: 0.1 })) > argmaxValue(lab.softmax(z, { temperature: 1 }));
    assert.equal(inst.answer, up ? 'up' : 'down');
  },
  'shift-explain'(inst) {
    assert.equal(inst.answer, 'overflow');
  },
  'jacobian-compute'(inst, lab) {
    const { z, i, j } = inst.data;
    const p = lab.softmax(z);
    close(inst.answer, -p[i] * p[j], 'dp_i/dz_j');
    close(inst.answer, lab.softmaxJacobian(z)[i][j], 'J[i][j]');
  },
};
