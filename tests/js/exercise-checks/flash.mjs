// The lesson "Attention at scale": each expected answer (or a prediction's
// truth) recomputed from the instance's data, by hand or through other API
// functions than the exercise used.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

const f16 = (lab, x) => lab.roundToFormat(x, 'float16');

export default {
  'rescale-compute'(inst, lab) {
    const [a, b, c] = inst.data.z;
    // Three passes: the ordinary softmax's denominator relative to the maximum.
    const m = Math.max(a, b, c);
    close(inst.answer, Math.exp(a - m) + Math.exp(b - m) + Math.exp(c - m), 'l3 = Σ exp(z − max z)');
    assert.ok(c > Math.max(a, b), 'the third score is a new maximum');
    close(lab.onlineSoftmax([a, b, c]).weights[2], lab.softmax([a, b, c])[2], 'the online weights are softmax\'s');
  },
  'tiles-compute'(inst) {
    const T = inst.data.n / inst.data.B;
    assert.ok(Number.isInteger(T) && T >= 3, `T = ${T}`);
    assert.equal(inst.answer, (T * (T + 1)) / 2, 'T (T + 1) / 2 tiles on and below the diagonal');
  },
  'exact-explain'(inst) {
    assert.equal(inst.answer, 'rounding');
    const m = /= (.+)$/.exec(inst.tex);
    assert.ok(m, inst.tex);
    const diff = Number(m[1].replace(/ \\times 10\^\{(-?\d+)\}/, 'e$1'));
    assert.ok(diff < 1e-13, `the difference shown is at the level of rounding: ${m[1]}`);
  },
  'overflow-predict'(inst, lab) {
    const { z } = inst.data;
    // exp(z) in float16 overflows (to Infinity) exactly when z > ln 65504.
    const overflows = z.some((x) => f16(lab, Math.exp(f16(lab, x))) === Infinity);
    assert.equal(inst.answer, overflows ? 'nan' : 'fine');
    assert.equal(overflows, Math.max(...z) > Math.log(65504), 'the threshold is ln 65504');
  },
  'sum-explain'(inst, lab) {
    const { len, format } = inst.data;
    // Summing ones with rounding after each add, by hand.
    let l = 0;
    for (let i = 0; i < len; i++) l = lab.roundToFormat(l + 1, format);
    assert.equal(inst.vars.stall, l, 'the stall value');
    assert.equal(l, format === 'float16' ? 2048 : 256);
    assert.equal(inst.answer, 'spacing');
  },
  'order-predict'(inst, lab) {
    const { n, d } = inst.data;
    const left = lab.attentionCost(n, d, { kind: 'linear', order: 'left' }).flops;
    const right = lab.attentionCost(n, d, { kind: 'linear', order: 'right' }).flops;
    // The orders cost about 4n²d and 4nd²: the cheaper one is decided by n against d.
    assert.ok(Math.abs(Math.log(left / right / (n / d))) < Math.log(1.6), `left / right = ${left / right}, n/d = ${n / d}`);
    assert.equal(inst.answer, n > d ? 'right' : 'left');
  },
};
