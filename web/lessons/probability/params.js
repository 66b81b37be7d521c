// URL parameters of the probability lesson (see state/schema.js). The shell's
// `step` drives the expectation / variance player; `jstep` the joint-table
// player. p and J hold what the learner entered (renormalized on the page
// when renorm / jrenorm is on).
export default {
  params: {
    x: { type: 'vector', minLength: 1, maxLength: 8, min: -1e9, max: 1e9, default: [1, 2, 3, 4] },
    p: { type: 'vector', minLength: 1, maxLength: 8, min: 0, max: 1e6, default: [0.1, 0.2, 0.3, 0.4] },
    renorm: { type: 'boolean', default: true },
    J: { type: 'matrix', maxRows: 4, maxCols: 4, min: 0, max: 1e6, default: [[0.1, 0.2, 0.1], [0.25, 0.05, 0.3]] },
    jrenorm: { type: 'boolean', default: true },
    ci: { type: 'integer', min: 1, max: 4, default: 1 },
    cj: { type: 'integer', min: 1, max: 4, default: 1 },
    jstep: { type: 'integer', min: 1, max: 6, default: 1 },
  },
};
