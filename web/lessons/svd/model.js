// What the svd lesson computes with the core, from its parameters: the
// stages of the 2 x 2 matrix M on the unit circle, the thin SVD of a
// non-square matrix, and for the inputs Q, K, V drawn from the seed: the
// low-rank attention at rank r, exact attention, Linformer at k and the
// table of errors for every k. Each is computed again only when what it
// is derived from changes (a move of r leaves Linformer alone).
import { seeded } from '../shared/inputs.js';
import { circleMatrix, circleStages } from './circle-stages.js';
import { shapeSvd } from './shapes.js';
import { linformerRun } from './projections.js';

export const deriveSvd = (lab) => ({
  mat: { from: ['M'], compute: ({ M }) => circleMatrix(M) },
  circle: { from: ['mat'], compute: ({ mat }) => circleStages(lab, mat) },
  shapeSv: { from: ['shape'], compute: ({ shape }) => shapeSvd(lab, shape) },
  qkv: { from: ['seed', 'n', 'dk', 'dv'], compute: ({ seed, n, dk, dv }) => ({ ...seeded(seed, n, dk, dv), seed }) },
  // r and k as shown: at most n (the URL keeps what the learner chose).
  rank: { from: ['r', 'n'], compute: ({ r, n }) => Math.min(r, n) },
  kk: { from: ['k', 'n'], compute: ({ k, n }) => Math.min(k, n) },
  low: { from: ['qkv', 'rank'], compute: ({ qkv: { Q, K, V }, rank }) => {
    const att = lab.lowRankAttention(Q, K, V, { rank });
    const lr = lab.lowRank(att.exactWeights, rank);
    const diff = lab.sub(att.output.flat(), att.exactOutput.flat());
    return { att, lr, rel: att.error / lab.norm(att.exactOutput.flat()), maxDiff: lab.norm(diff, { p: Infinity }) };
  } },
  exact: { from: ['qkv'], compute: ({ qkv: { Q, K, V } }) => lab.attention(Q, K, V) },
  lin: { from: ['qkv', 'exact', 'kk', 'proj'], compute: ({ qkv, exact, kk, proj }) => linformerRun(lab, qkv, proj, kk, exact) },
  // For every k: the best rank-k approximation of the exact weights (SVD), then each kind of projection.
  kTable: { from: ['qkv', 'exact'], compute: ({ qkv, exact }) => Array.from({ length: qkv.Q.length }, (_, i) => {
    const lr = lab.lowRankAttention(qkv.Q, qkv.K, qkv.V, { rank: i + 1 });
    const best = lab.norm(lab.sub(lr.output.flat(), exact.output.flat())) / lab.norm(exact.output.flat());
    return [best, ...['random', 'pool', 'fit'].map((kind) => linformerRun(lab, qkv, kind, i + 1, exact).rel)];
  }) },
});
