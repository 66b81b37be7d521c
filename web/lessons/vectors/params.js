// URL parameters of the vectors lesson (see state/schema.js). The shell's
// `step` drives the u, v player; `tstep` the player of the matrix map.
export default {
  params: {
    u: { type: 'vector', minLength: 2, maxLength: 2, min: -5, max: 5, default: [3, 1] },
    v: { type: 'vector', minLength: 2, maxLength: 2, min: -5, max: 5, default: [1, 3] },
    alpha: { type: 'number', min: -3, max: 3, step: 0.1, default: 1.5 },
    W: { type: 'matrix', maxRows: 2, maxCols: 2, min: -2, max: 2, default: [[2, 0.5], [0.5, 1.5]] },
    b: { type: 'vector', minLength: 2, maxLength: 2, min: -2, max: 2, default: [0, 0] },
    x: { type: 'vector', minLength: 2, maxLength: 2, min: -3, max: 3, default: [0.5, 1.5] },
    tstep: { type: 'integer', min: 1, max: 5, default: 1 },
    m: { type: 'integer', min: 1, max: 5, default: 2 },
    k: { type: 'integer', min: 1, max: 5, default: 3 },
    n: { type: 'integer', min: 1, max: 5, default: 2 },
    q: { type: 'integer', min: 1, max: 5, default: 3 },
    seed: { type: 'integer', min: 0, max: 999999, default: 1 },
    c: { type: 'number', min: -5, max: 5, step: 0.5, default: 2.5 },
    prop: { type: 'enum', values: ['assoc', 'distL', 'distR', 'transProd', 'transSum', 'transScale', 'commute'], default: 'assoc' },
  },
};
