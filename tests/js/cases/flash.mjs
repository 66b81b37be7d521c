// Error cases for tests/js/errors.test.mjs: flash attention (web/lib/specs/flash.js).
const Q = [[1, 0], [0.5, -1], [0, 1], [1, 1]];   // 4 queries, d_k = 2
const K = [[1, 1], [0, 2], [-1, 0.5]];           // 3 keys
const V = [[1, 2], [3, 4], [5, 6]];              // d_v = 2
const dO = [[1, 0], [0, 1], [1, -1], [0.5, 0.5]];
const W = Array.from({ length: 4096 }, () => new Float64Array(512));  // 4096 x 512 zeros

export default {
  onlineSoftmax: {
    valid: [[1, 3, 2]],
    bad: {},
  },
  tiledAttention: {
    valid: [Q, K, V, { blockRows: 2, blockCols: 2, causal: true, traceBlock: 1, formats: { exp: 'float16' } }],
    bad: {
      'blockRows 0': [Q, K, V, { blockRows: 0 }],
      'blockCols -2': [Q, K, V, { blockCols: -2 }],
      'fastMemory 0': [Q, K, V, { fastMemory: 0 }],
      'fastMemory over 2^30': [Q, K, V, { fastMemory: 2 ** 30 + 1 }],
      'traceBlock 2 of 2 row blocks': [Q, K, V, { blockRows: 2, traceBlock: 2 }],
      'traceBlock -1': [Q, K, V, { traceBlock: -1 }],
      'scale Infinity': [Q, K, V, { scale: Infinity }],
      'formats.exp unknown': [Q, K, V, { formats: { exp: 'float8' } }],
      'formats.sum not a string': [Q, K, V, { formats: { sum: 16 } }],
      'formats with an unknown field': [Q, K, V, { formats: { output: 'float16' } }],
      'formats not an object': [Q, K, V, { formats: 'float16' }],
      'shape mismatch: K has 3 columns, Q has 2': [Q, [[1, 1, 1]], [[1, 2]]],
      'shape mismatch: V has 2 rows, K has 3': [Q, K, [[1, 2], [3, 4]]],
      'Q K^T overflows': [[[1e200, 1e200]], [[1e200, 1e200]], [[1, 2]]],
      'one 4096 x 4096 tile at d = 512: over the memory budget': [W, W, W, { blockRows: 4096, blockCols: 4096 }],
      'over 2^20 tiles (2048 x 1024 blocks of 1)': [Array(2048).fill([0]), Array(1024).fill([0]), Array(1024).fill([0]), { blockRows: 1, blockCols: 1 }],
    },
  },
  tiledAttentionBackward: {
    valid: [Q, K, V, dO, { blockRows: 3, blockCols: 2, causal: true }],
    bad: {
      'dOutput 4 x 1, output 4 x 2': [Q, K, V, [[1], [2], [3], [4]]],
      'blockRows 1.5': [Q, K, V, dO, { blockRows: 1.5 }],
      'fastMemory 0': [Q, K, V, dO, { fastMemory: 0 }],
      'scale NaN': [Q, K, V, dO, { scale: NaN }],
      'shape mismatch: V has 2 rows, K has 3': [Q, K, [[1, 2], [3, 4]], dO],
    },
  },
};
