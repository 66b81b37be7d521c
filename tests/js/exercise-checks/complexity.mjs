// The complexity lesson's exercises: each expected answer (or a
// prediction's truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import { close } from '../helpers.mjs';

const flops = (lab, n, d, opts) => lab.attentionCost(n, d, opts).flops;
const pctOf = (lab, n, d, opts) => (100 * flops(lab, n, d, opts)) / flops(lab, n, d, { kind: 'full' });

export default {
  'double-predict'(inst, lab) {
    const { n, d } = inst.data;
    const ratio = flops(lab, 2 * n, d, { kind: 'full' }) / flops(lab, n, d, { kind: 'full' });
    close(ratio, 4, 'full attention: (2n)^2 / n^2');
    assert.equal(inst.answer, 'four');
  },
  'share-compute'(inst, lab) {
    const { n, w, d } = inst.data;
    close(inst.answer, pctOf(lab, n, d, { kind: 'sparse', window: w }), 'sparse / full in %');
    // d cancels: the same share at another width.
    close(inst.answer, pctOf(lab, n, 2 * d, { kind: 'sparse', window: w }), 'independent of d');
    assert.ok(Math.abs(inst.answer - (100 * (2 * w + 1)) / n) < 0.05, 'the (2w + 1)/n approximation is good to the stated tolerance');
  },
  'budget-make'(inst, lab) {
    const { n, pct } = inst.data;
    const ok = (v) => pctOf(lab, n, v.d, { kind: 'sparse', window: v.w }) < pct && pctOf(lab, n, v.d, { kind: 'lowRank', rank: v.r }) < pct;
    assert.ok(ok(inst.example) && inst.measure(inst.example, lab).ok, 'the teacher\'s example meets the budget');
    const defaults = { d: 64, w: 16, r: 32 };
    assert.ok(!ok(defaults) && !inst.measure(defaults, lab).ok, 'the lesson\'s defaults do not');
    assert.ok(!inst.measure({ ...inst.example, w: 256 }, lab).ok, 'a wide window breaks the budget');
  },
  'memory-compute'(inst, lab) {
    const { n, d } = inst.data;
    close(inst.answer, lab.attentionCost(n, d, { kind: 'full' }).bytes / 2 ** 20, 'bytes / 2^20');
    close(inst.answer, (8 * (n * n + 3 * n * d)) / 2 ** 20, '8 (n^2 + 3nd) bytes');
  },
  'chapter-explain'(inst, lab) {
    const { n, d, w } = inst.data;
    const f = (nn, ww) => flops(lab, nn, d, { kind: 'sparse', window: ww });
    assert.ok(f(n, 4 * w) / f(n, w) > 3.5, 'a four times wider window costs about four times as much');
    assert.ok(Math.abs(f(2 * n, w) / f(n, w) - 2) < 0.05, 'and twice the tokens about twice');
    assert.equal(inst.answer, 'fixedW');
  },
};
