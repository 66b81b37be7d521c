// URL parameters of the practice lesson (see state/schema.js).
export default {
  params: {
      Q: { type: 'matrix', maxRows: 16, maxCols: 16, min: -1000, max: 1000, default: [[1, 0, 1], [0, 1, 0], [1, 1, 0]] },
      K: { type: 'matrix', maxRows: 16, maxCols: 16, min: -1000, max: 1000, default: [[1, 0, 0], [0, 1, 1], [1, 0, 1]] },
      causal: { type: 'boolean', default: false },
      scale: { type: 'number', min: 1e-6, max: 1000, default: null },
      V: { type: 'matrix', maxRows: 16, maxCols: 16, min: -1000, max: 1000, default: [[1, 2], [3, 4], [5, 6]] },
    },
};
