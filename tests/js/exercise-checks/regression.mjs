// The regression lesson's exercises: each expected answer (or a
// prediction's truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

// The points (x_i, y_i) as the formula shows them.
const xy = (points) => ({ x: points.map((p) => p[0]), y: points.map((p) => p[1]) });

export default {
  'slope-compute'(inst, lab) {
    const { x, y } = xy(inst.data.points);
    const n = x.length;
    const sx = lab.dot(x, x.map(() => 1)), sy = lab.dot(y, y.map(() => 1));
    const w = (n * lab.dot(x, y) - sx * sy) / (n * lab.dot(x, x) - sx * sx);
    close(inst.answer, w, 'w*');
    close(inst.answer, lab.leastSquares(x.map((a) => [a]), y).w[0], 'lab.leastSquares');
  },
  'gradient-compute'(inst, lab) {
    const { w, b } = inst.data;
    const { x, y } = xy(inst.data.points);
    const r = y.map((yi, i) => yi - (w * x[i] + b));
    close(inst.answer, (-2 / x.length) * lab.dot(r, x), 'dL/dw');
  },
  'rank-explain'(inst, lab) {
    assert.equal(inst.answer, 'parallel');
    const { c } = inst.vars;
    assert.equal(lab.leastSquares([[c], [c], [c]], [1, 2, 4]).rank, 1);
  },
  'bandwidth-predict'(inst, lab) {
    const { x, y, xq, h2 } = inst.data;
    const top = (h) => Math.max(...lab.kernelRegression(x, y, [xq], { kernel: 'gaussian', bandwidth: h }).weights[0]);
    assert.equal(inst.answer, top(h2) > top(1) ? 'up' : 'down');
    assert.equal(inst.answer, h2 < 1 ? 'up' : 'down', 'a smaller bandwidth sharpens the weights');
  },
  'peak-make'(inst, lab) {
    const { target } = inst.data;
    const pts = [[1, 2], [2, 2.6], [3.5, 4.4], [5, 4.6], [6.5, 6.9], [8, 7.2], [9, 8.8]];
    const base = { pts, kernel: 'gaussian', xq: 4.3, bw: 1 };
    assert.ok(inst.measure({ ...base, ...inst.example }, lab).ok, 'the example reaches the target');
    assert.ok(!inst.measure(base, lab).ok, 'the default does not already reach it');
    assert.ok(!inst.measure({ ...base, ...inst.example, kernel: 'boxcar' }, lab).ok, 'only with the Gaussian kernel');
    assert.ok(!inst.measure({ ...base, ...inst.example, xq: target + 0.5 }, lab).ok, 'only at the asked query');
  },
};
