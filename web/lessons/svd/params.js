// URL parameters of the svd lesson (see state/schema.js). The shell's `step`
// drives the rotate -> stretch -> rotate player of the 2 x 2 matrix M.
// n, dk, dv, seed make the attention inputs (as in the attention lesson);
// r is the rank of A_r, k the number of Linformer projected keys.
export default {
  params: {
    M: { type: 'matrix', maxRows: 2, maxCols: 2, min: -3, max: 3, default: [[1.5, 1], [-0.5, 1]] },
    n: { type: 'integer', min: 2, max: 8, default: 4 },
    dk: { type: 'integer', min: 1, max: 8, default: 3 },
    dv: { type: 'integer', min: 1, max: 8, default: 2 },
    seed: { type: 'integer', min: 0, max: 999999, default: 7 },
    r: { type: 'integer', min: 1, max: 8, default: 1 },
    k: { type: 'integer', min: 1, max: 8, default: 2 },
    proj: { type: 'enum', values: ['random', 'pool', 'fit'], default: 'random' },
  },
};
