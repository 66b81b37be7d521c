// URL parameters of the information lesson (see state/schema.js).
// P, Q: two distributions over the same n outcomes (non-negative; divided
// by their total when read); unit: bits (log base 2) or nats (ln);
// joint: the table P(X = i, Y = j) (also divided by its total);
// T, seed, tokens: the attention part (weights = softmax(QKᵀ / (T √d_k))
// on the attention lesson's seeded inputs, d_k = 3).
export default {
  params: {
      P: { type: 'vector', minLength: 2, maxLength: 8, min: 0, max: 1e6, default: [0.5, 0.25, 0.125, 0.125] },
      Q: { type: 'vector', minLength: 2, maxLength: 8, min: 0, max: 1e6, default: [0.1, 0.2, 0.3, 0.4] },
      unit: { type: 'enum', values: ['bits', 'nats'], default: 'bits' },
      joint: { type: 'matrix', maxRows: 4, maxCols: 4, min: 0, max: 1e6, default: [[0.25, 0.05, 0.1], [0.05, 0.35, 0.2]] },
      T: { type: 'number', min: 0.05, max: 20, step: 0.01, scale: 'log', default: 1 },  // step: of log10 T
      seed: { type: 'integer', min: 0, max: 999999, default: 7 },
      tokens: { type: 'integer', min: 2, max: 8, default: 4 },
    },
};
