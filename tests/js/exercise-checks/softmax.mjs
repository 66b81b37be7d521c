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
    assert.ok(inst.solution[0].startsWith(`m = \\max_j z_j = ${Math.max(...z)},`), `the shown maximum in ${inst.solution[0]}`);
  },
  'temperature-predict'(inst, lab) {
    const { z, T } = inst.data;
    const up = argmaxValue(lab.softmax(z, { temperature: T })) > argmaxValue(lab.softmax(z, { temperature: 1 }));
    assert.equal(inst.answer, up ? 'up' : 'down');
    assert.equal(inst.answer, T < 1 ? 'up' : 'down', 'a lower temperature sharpens');
  },
  'shift-explain'(inst) {
    assert.equal(inst.answer, 'overflow');
  },
  'jacobian-compute'(inst, lab) {
    const { z, i, j, p } = inst.data;
    close(inst.answer, -p[i] * p[j], 'dp_i/dz_j from the p shown');
    lab.softmax(z).forEach((x, k) => close(p[k], x, 'p shown', 0, 5e-5));
    close(inst.answer, lab.softmaxJacobian(z)[i][j], 'J[i][j] of the core', 0, 2e-4);
  },
};
