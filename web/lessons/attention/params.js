// URL parameters of the attention lesson (see core/schema.js).
export default {
  params: {
      n: { type: 'integer', min: 1, max: 8, default: 4 },
      dk: { type: 'integer', min: 1, max: 8, default: 3 },
      dv: { type: 'integer', min: 1, max: 8, default: 2 },
      seed: { type: 'integer', min: 0, max: 999999, default: 7 },
      Q: { type: 'matrix', maxRows: 8, maxCols: 8, min: -100, max: 100, default: null },
      K: { type: 'matrix', maxRows: 8, maxCols: 8, min: -100, max: 100, default: null },
      V: { type: 'matrix', maxRows: 8, maxCols: 8, min: -100, max: 100, default: null },
      causal: { type: 'boolean', default: false },
      heads: { type: 'integer', min: 2, max: 4, default: 2 },
    },
};
