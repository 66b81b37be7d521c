// URL parameters of the attention lesson (see state/schema.js).
// src: where Q, K, V come from: 'sentence' (X W_Q, X W_K, X W_V of the
// sentence `text`, with the embeddings X and the projections editable) or
// 'numbers' (Q, K, V typed or drawn from the seed: n, dk, dv, seed). A
// link with Q, K or V opens in 'numbers' (links made before the sentence).
// sdk, unscaled: the √dₖ demonstration (random queries and keys of size sdk).
// rmT: the temperature of the real model's next-character predictions (real-model.js).
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
      src: { type: 'enum', values: ['sentence', 'numbers'], default: 'sentence' },
      text: { type: 'text', pattern: '[A-Za-z\\u4e00-\\u9fff ,.，。]*', maxLength: 120, default: null },
      X: { type: 'matrix', maxRows: 12, maxCols: 6, min: -10, max: 10, default: null },
      Wq: { type: 'matrix', maxRows: 6, maxCols: 2, min: -10, max: 10, default: null },
      Wk: { type: 'matrix', maxRows: 6, maxCols: 2, min: -10, max: 10, default: null },
      Wv: { type: 'matrix', maxRows: 6, maxCols: 2, min: -10, max: 10, default: null },
      sdk: { type: 'integer', min: 1, max: 64, default: 64 },
      unscaled: { type: 'boolean', default: false },
      rmT: { type: 'number', min: 0.1, max: 3, step: 0.05, default: 1 },
    },
};
