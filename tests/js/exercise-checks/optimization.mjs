// The optimization lesson's exercises: each expected answer (or a
// prediction's truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

const bowl = (kappa) => ({ name: 'quadratic', A: [[1, 0], [0, kappa]], b: [0, 0] });

export default {
  'gd-step-compute'(inst, lab) {
    const { kappa, x0, lr } = inst.data;
    const g = lab.matmul(bowl(kappa).A, x0.map((x) => [x])).map((r) => r[0]);
    const want = lab.sub(x0, lab.scale(lr, g));
    want.forEach((x, i) => close(inst.answer[i], x, `x1[${i}]`));
  },
  'adam-compute'(inst, lab) {
    const { kappa, x0, lr, beta1, beta2 } = inst.data;
    // With bias correction the first step is lr * sign(g) per coordinate (up to eps).
    const g = lab.matmul(bowl(kappa).A, x0.map((x) => [x])).map((r) => r[0]);
    const want = x0.map((x, i) => x - lr * Math.sign(g[i]));
    want.forEach((x, i) => assert.ok(Math.abs(inst.answer[i] - x) < 1e-6, `theta1[${i}]`));
    const run = lab.optimize(bowl(kappa), x0, { method: 'adam', lr, steps: 1, beta1, beta2 });
    run.path[1].forEach((x, i) => close(inst.answer[i], x, `optimize theta1[${i}]`));
  },
  'rate-predict'(inst, lab) {
    const { kappa, lr, x0 } = inst.data;
    const run = lab.optimize(bowl(kappa), x0, { method: 'gd', lr, steps: 100 });
    const K = run.path.length - 1;
    const blew = run.diverged || run.loss[K] > run.loss[0];
    const factor = 1 - lr * kappa;  // what one step does to y
    assert.equal(inst.answer, blew ? 'diverges' : run.path[1][1] / run.path[0][1] < 0 ? 'zigzag' : 'smooth');
    assert.equal(inst.answer, factor < -1 ? 'diverges' : factor < 0 ? 'zigzag' : 'smooth', 'agrees with 1 - alpha kappa');
  },
  'diverge-make'(inst, lab) {
    const { kappa } = inst.data;
    assert.ok(inst.measure(inst.example, lab).ok, 'the example reaches the target');
    assert.ok(!inst.measure({ ...inst.example, lr: 0.9 * 2 / kappa }, lab).ok, 'a stable rate is not accepted');
    assert.ok(!inst.measure({ ...inst.example, lr: 0.5 }, lab).ok, 'a rate above 0.1 is not accepted');
    assert.ok(!inst.measure({ ...inst.example, kappa: 10, lr: 0.1 }, lab).ok, 'only on the bowl with the asked kappa');
  },
  'bias-explain'(inst) {
    assert.equal(inst.answer, 'zeroStart');
  },
};
