// The svd lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { close, root } from '../helpers.mjs';

const load = (p) => import(pathToFileURL(path.join(root, p)).href);
const { seeded } = await load('web/lessons/shared/inputs.js');
const { gaussianProjection, poolingProjection } = await load('web/lessons/svd/projections.js');
const DEFAULTS = { M: [[1.5, 1], [-0.5, 1]], n: 4, dk: 3, dv: 2, seed: 7, r: 1, k: 2, proj: 'random' };

export default {
  'sigma2-compute'(inst, lab) {
    const { M, s1 } = inst.data;
    const { S } = lab.svd(M);
    close(s1, S[0], 'sigma_1 shown', 0, 5e-5);
    close(inst.answer, Math.abs(lab.det(M)) / s1, '|det M| / sigma_1 shown');
    close(inst.answer, S[1], 'sigma_2 of the core', 0, 1e-3);
    // The worked solution's det is the one of the M shown.
    const det = Math.abs(M[0][0] * M[1][1] - M[0][1] * M[1][0]);
    assert.ok(inst.solution[0].endsWith(`= ${Number(det.toPrecision(4))}`), `|det M| = ${det} in ${inst.solution[0]}`);
  },
  'ey-compute'(inst, lab) {
    const { A, r, S } = inst.data;
    lab.svd(A).S.forEach((x, i) => close(S[i], x, `sigma_${i + 1} shown`, 0, 5e-5));
    close(inst.answer, Math.sqrt(S.slice(r).reduce((a, s) => a + s * s, 0)), 'sqrt of the dropped sigma^2 shown');
    close(inst.answer, lab.lowRank(A, r).errorFro, 'Eckart-Young', 0, 1e-3);
  },
  'rank-make'(inst, lab) {
    const { target } = inst.data;
    assert.ok(inst.measure({ ...DEFAULTS, ...inst.example }, lab).ok, 'the example reaches the target');
    assert.ok(!inst.measure(DEFAULTS, lab).ok, 'the default rank does not');
    // Recompute the relative error of the example rank and of one rank less.
    const { Q, K, V } = seeded(7, 4, 3, 2);
    const A = lab.attention(Q, K, V).weights;
    const rel = (r) => lab.lowRank(A, r).errorFro / lab.norm(A.flat());
    const r = inst.example.r;
    assert.ok(rel(r) < target && (r === 1 || rel(r - 1) >= target), `r = ${r} is the smallest rank below ${target}`);
    assert.ok(!inst.measure({ ...DEFAULTS, r: 4 }, lab).ok || r === 4, 'a larger rank is not the smallest');
  },
  'cost-explain'(inst) {
    assert.equal(inst.answer, 'formsA');
  },
  'lin-predict'(inst, lab) {
    const { n, seed, kind } = inst.data;
    const { Q, K, V } = seeded(seed, n, 3, 2);
    const [E, F] = kind === 'pool' ? [poolingProjection(n, n), poolingProjection(n, n)] : [gaussianProjection(seed + 101, n, n), gaussianProjection(seed + 202, n, n)];
    const lin = lab.linformerAttention(Q, K, V, E, F).output.flat();
    const ex = lab.attention(Q, K, V).output.flat();
    const err = Math.max(...lin.map((x, i) => Math.abs(x - ex[i])));
    assert.equal(inst.answer, err < 1e-9 ? 'exact' : 'approx', `max error ${err}`);
  },
};
