// Error cases for tests/js/errors.test.mjs: complexity (web/lib/specs/complexity.js).
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
      'tiled blockRows 0': [1024, 64, { kind: 'tiled', blockRows: 0 }],
      'tiled fastMemory 0': [1024, 64, { kind: 'tiled', fastMemory: 0 }],
      'pass both': [1024, 64, { pass: 'both' }],
      'pass backward for sparse': [1024, 64, { kind: 'sparse', window: 4, pass: 'backward' }],
      'linear order unknown': [1024, 64, { kind: 'linear', order: 'middle' }],
    },
  },
  timeAttention: {
    valid: [16, 8, { kind: 'sparse', window: 2, repeats: 1 }],
    // Its milliseconds vary from call to call: the shape of the answer must not.
    same: (r) => Object.keys(r).sort().join(','),
    bad: {
      'n 0': [0, 8],
      'n over the cost cap (2^24 + 1)': [2 ** 24 + 1, 8],
      'n 4097 (over 4096 for full)': [4097, 8],
      'n 65537 (over 65536 for sparse)': [65537, 8, { kind: 'sparse', window: 1 }],
      'd 0': [16, 0],
      'd 257 (over 256)': [16, 257],
      'n x d over 2^22 (65536 x 128, sparse)': [65536, 128, { kind: 'sparse', window: 1 }],
      'rank x n over 2^22 (lowRank, 65536 x 65)': [65536, 32, { kind: 'lowRank', rank: 65 }],
      'repeats 0': [16, 8, { repeats: 0 }],
      'repeats -1': [16, 8, { repeats: -1 }],
      'repeats 1001 (over 1000)': [16, 8, { repeats: 1001 }],
      'over the flop budget (4096 x 256, 1000 repeats)': [4096, 256, { repeats: 1000 }],
      'over the flop budget (4096 x 256 full, 5 repeats)': [4096, 256],
      'kind unknown': [16, 8, { kind: 'dense' }],
      'sparse without window': [16, 8, { kind: 'sparse' }],
      'window 0': [16, 8, { kind: 'sparse', window: 0 }],
      'lowRank without rank': [16, 8, { kind: 'lowRank' }],
      'rank 0': [16, 8, { kind: 'lowRank', rank: 0 }],
      'rank above n': [16, 8, { kind: 'lowRank', rank: 17 }],
      'tiled blockCols 0': [16, 8, { kind: 'tiled', blockCols: 0 }],
      'tiled n 65537 (over 65536)': [65537, 8, { kind: 'tiled' }],
      'pass backward (counted, not timed)': [16, 8, { kind: 'tiled', pass: 'backward' }],
      'tiled, one 8192 x 8192 tile (512 MB)': [8192, 1, { kind: 'tiled', blockRows: 8192, blockCols: 8192, repeats: 1 }],
      'linear order unknown': [16, 8, { kind: 'linear', order: 'up' }],
      'n 4097 (over 4096 for linear left)': [4097, 8, { kind: 'linear', order: 'left' }],
      'n 65537 (over 65536 for linear right)': [65537, 2, { kind: 'linear' }],
      'over the flop budget (linear left, 4096 x 32)': [4096, 32, { kind: 'linear', order: 'left', repeats: 1 }],
    },
  },
};
