// The proofs lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { close, root } from '../helpers.mjs';

const { drawSequence } = await import(pathToFileURL(path.join(root, 'web/lessons/proofs/random.js')).href);

export default {
  'bound-compute'(inst, lab) {
    const { z, zp, T } = inst.data;
    const dz = Math.sqrt(z.reduce((a, x, i) => a + (x - zp[i]) ** 2, 0));
    close(inst.answer, dz / (2 * T), '||dz|| / (2T)');
    close(inst.answer, lab.lipschitzBound({ temperature: T }) * lab.norm(lab.sub(z, zp)), 'L ||dz||');
    assert.ok(lab.lipschitzRatio(z, zp, { temperature: T }) * dz <= inst.answer + 1e-12, 'the bound holds for this pair');
  },
  'variance-compute'(inst, lab) {
    const { p, x } = inst.data;
    // x^T J x with J the softmax Jacobian at z = ln p (softmax(ln p) = p).
    const J = lab.softmaxJacobian(p.map(Math.log));
    const quad = lab.dot(x, J.map((row) => lab.dot(row, x)));
    close(inst.answer, quad, 'x^T J x', 1e-9);
    close(inst.answer, lab.variance(x, p), 'Var_p(x)');
    assert.ok(inst.answer <= (Math.max(...x) - Math.min(...x)) ** 2 / 4 + 1e-12, 'Popoviciu');
  },
  'attention-explain'(inst, lab) {
    const { g } = inst.data;
    assert.ok(g[1] > 5 * g[0] && g[2] > 5 * g[1], `the scores' sensitivity grows with the input's size: ${g}`);
    assert.equal(inst.answer, 'quadratic');
  },
  'ratio-make'(inst, lab) {
    const { n, T, pct } = inst.data;
    const share = (v) => lab.lipschitzRatio(v.z, v.zp, { temperature: v.T }) / lab.lipschitzBound({ temperature: v.T });
    assert.ok(inst.measure(inst.example, lab).ok && share(inst.example) >= pct / 100, 'the teacher\'s example reaches the target');
    assert.ok(share(inst.example) < 1, 'and stays below the bound');
    assert.ok(!inst.measure({ z: [2, 1, -1], zp: [0.5, 1.5, 0], T: 1 }, lab).ok, 'the lesson\'s defaults do not');
    const z = Array.from({ length: n }, (_, i) => (i < 2 ? 3 : -3));
    const preset = { z, zp: z.map((v, i) => v + (i === 0 ? 0.05 : i === 1 ? -0.05 : 0)), T };
    assert.ok(!inst.measure(preset, lab).ok, 'nor the preset "nearly the worst case"');
    assert.ok(!inst.measure({ ...inst.example, T: 1 }, lab).ok, 'only at the given T');
  },
  'clt-predict'(inst, lab) {
    const { sigma, n, seed } = inst.data;
    const { g } = drawSequence(seed, 'coin');
    const w = lab.softmax(g.slice(0, n).map((x) => sigma * x));
    const share = Math.max(...w) ** 2 / w.reduce((a, x) => a + x * x, 0);
    assert.ok(share < 0.15 || share >= 0.4, `a clear case: share ${share}`);
    assert.equal(inst.answer, share < 0.15 ? 'normal' : 'values');
  },
};
