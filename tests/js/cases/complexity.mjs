// Error cases for tests/js/errors.test.mjs: complexity (web/lib/specs/complexity.js).
// timeAttention has no entry: its result (milliseconds) differs from call to
// call, so the table's "same answer after an error" check does not apply.
const Q = [[1, 0], [0.5, -1], [0, 1], [1, 1]];   // 4 queries, d_k = 2
const K = [[1, 1], [0, 2], [-1, 0.5], [2, 0]];   // 4 keys
const V = [[1, 2], [3, 4], [5, 6], [7, 8]];

export default {
  sparseAttention: {
    valid: [Q, K, V, { window: 1 }],
    bad: {
      'window missing': [Q, K, V],
      'window 0': [Q, K, V, { window: 0 }],
      'window -3': [Q, K, V, { window: -3 }],
      'shape mismatch: K has 3 columns, Q has 2': [Q, [[1, 1, 1], [0, 2, 0], [1, 0, 0], [1, 1, 1]], V, { window: 1 }],
      'shape mismatch: V has 2 rows, K has 4': [Q, K, [[1, 2], [3, 4]], { window: 1 }],
      'a query with no key in its window': [Q, [[1, 1]], [[1, 2]], { window: 1 }],
      'Q K^T overflows': [[[1e200, 1e200]], [[1e200, 1e200]], [[1, 2]], { window: 1 }],
    },
  },
  attentionCost: {
    valid: [1024, 64, { kind: 'sparse', window: 16 }],
    bad: {
      'n 0': [0, 64],
      'n over the cap': [2 ** 25, 64],
      'd 0': [1024, 0],
      'kind unknown': [1024, 64, { kind: 'dense' }],
      'sparse without window': [1024, 64, { kind: 'sparse' }],
      'window 0': [1024, 64, { kind: 'sparse', window: 0 }],
      'lowRank without rank': [1024, 64, { kind: 'lowRank' }],
      'rank above n': [16, 64, { kind: 'lowRank', rank: 17 }],
    },
  },
};
