// The information lesson's exercises: each expected answer (or a
// prediction's truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { close, root } from '../helpers.mjs';

const { seeded } = await import(pathToFileURL(path.join(root, 'web/lessons/shared/inputs.js')).href);
const DEFAULTS = { P: [0.5, 0.25, 0.125, 0.125], Q: [0.1, 0.2, 0.3, 0.4], unit: 'bits', joint: [[0.25, 0.05, 0.1], [0.05, 0.35, 0.2]], T: 1, seed: 7, tokens: 4 };

export default {
  'entropy-bits'(inst, lab) {
    const { p } = inst.data;
    close(inst.answer, lab.entropy(p, { base: Math.E }) / Math.LN2, 'H in nats / ln 2');
    close(inst.answer, -p.reduce((a, x) => a + x * Math.log2(x), 0), 'H in bits by hand');
  },
  'entropy-make'(inst, lab) {
    const { target, tol } = inst.data;
    assert.ok(inst.measure({ ...DEFAULTS, ...inst.example }, lab).ok, 'the example reaches the target');
    assert.ok(!inst.measure(DEFAULTS, lab).ok, 'the default P does not');
    const P = inst.example.P, total = P.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(lab.entropy(P.map((x) => x / total), { base: 2 }) - target) <= tol);
  },
  'kl-compute'(inst, lab) {
    const { P, Q } = inst.data;
    close(inst.answer, lab.crossEntropy(P, Q, { base: 2 }) - lab.entropy(P, { base: 2 }), 'H(P, Q) - H(P)');
  },
  'ce-explain'(inst, lab) {
    const { P, Q } = inst.data;
    assert.equal(inst.answer, 'constant');
    close(lab.crossEntropy(P, Q), lab.entropy(P) + lab.klDivergence(P, Q), 'H(P, Q) = H(P) + KL(P || Q)');
  },
  'temperature-predict'(inst, lab) {
    const { seed, n, i, T0, q, K } = inst.data;
    const drawn = seeded(seed, n, 3, 2);
    close([q, K], [drawn.Q[i], drawn.K], 'the lesson\'s inputs for that seed');
    const H = (T) => lab.entropy(lab.softmax(K.map((k) => lab.dot(q, k) / (T * Math.sqrt(3)))), { base: 2 });
    assert.equal(inst.answer, H(T0) < H(1) ? 'down' : 'up');
  },
};
