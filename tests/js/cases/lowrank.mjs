// Error cases for tests/js/errors.test.mjs: SVD and low rank (web/lib/specs/lowrank.js).
const A = [[3, 1, 0], [1, 2, 1]];            // 2 x 3, min(m, n) = 2
const Q = [[1, 0], [0.5, -1]];               // 2 queries, d_k = 2
const K = [[1, 1], [0, 2], [-1, 0.5]];       // 3 keys
const V = [[1, 2], [3, 4], [5, 6]];          // 3 values, d_v = 2
const E = [[1, 0, 0.5], [0, 1, -0.5]];       // k = 2 projected keys, 2 x 3
const tall = Array.from({ length: 17 }, (_, i) => [i, 1]);  // 17 x 2: over svdSteps' 16

export default {
  svd: {
    valid: [A],
    bad: { 'over the work cap (4096 x 65)': [Array.from({ length: 4096 }, () => Array(65).fill(1))] },
  },
  svdSteps: { valid: [A], bad: { 'over 16 per side': [tall] } },
  lowRank: {
    valid: [A, 1],
    bad: { 'r 0': [A, 0], 'r -1': [A, -1], 'r above min(m, n)': [A, 3] },
  },
  lowRankAttention: {
    valid: [Q, K, V, { rank: 1 }],
    bad: {
      'rank missing': [Q, K, V],
      'rank missing (empty options)': [Q, K, V, {}],
      'rank 0': [Q, K, V, { rank: 0 }],
      'rank above min(n, m)': [Q, K, V, { rank: 3 }],
      'shape mismatch: K has 3 columns, Q has 2': [Q, [[1, 1, 1], [0, 2, 0], [1, 0, 0]], V, { rank: 1 }],
      'shape mismatch: V has 2 rows, K has 3': [Q, K, [[1, 2], [3, 4]], { rank: 1 }],
      'Q K^T overflows': [[[1e200, 1e200], [1, 1]], [[1e200, 1e200], [1, 1], [1, 1]], V, { rank: 1 }],
    },
  },
  linformerAttention: {
    valid: [Q, K, V, E, E],
    bad: {
      'E has 2 columns, K has 3 rows': [Q, K, V, [[1, 0], [0, 1]], E],
      'F is 1 x 3, E is 2 x 3': [Q, K, V, E, [[1, 1, 1]]],
      'F is 2 x 2': [Q, K, V, E, [[1, 0], [0, 1]]],
      'shape mismatch: K has 3 columns, Q has 2': [Q, [[1, 1, 1], [0, 2, 0], [1, 0, 0]], V, E, E],
      'E K overflows': [Q, [[1e200, 1e200], [1, 1], [1, 1]], V, [[1e200, 0, 0], [0, 1, 0]], E],
    },
  },
};
