// Error cases for tests/js/errors.test.mjs: linear attention (web/lib/specs/linear.js).
const Q = [[1, 0], [0.5, -1], [0, 1]];   // 3 queries, d_k = 2
const K = [[1, 1], [0, 2], [-1, 0.5], [2, 0]];   // 4 keys
const V = [[1, 2], [3, 4], [5, 6], [7, 8]];

export default {
  linearAttention: {
    valid: [Q, K, V, { causal: true, order: 'left' }],
    bad: {
      'order unknown': [Q, K, V, { order: 'middle' }],
      'shape mismatch: K has 3 columns, Q has 2': [Q, [[1, 1, 1], [0, 2, 0]], [[1], [2]]],
      'shape mismatch: V has 2 rows, K has 4': [Q, K, [[1, 2], [3, 4]]],
      'NaN in K': [Q, [[1, NaN], [0, 2], [-1, 0.5], [2, 0]], V],
      'Infinity in V': [Q, K, [[1, 2], [3, Infinity], [5, 6], [7, 8]]],
      'features underflow (phi(-800) = 0)': [[[-800, -800]], K, V],
      'the state overflows': [Q, K, [[1e308, 1], [1e308, 1], [1e308, 1], [1e308, 1]]],
    },
  },
};
