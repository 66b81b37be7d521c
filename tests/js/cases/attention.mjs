// Error cases for tests/js/errors.test.mjs: attention (web/lib/specs/attention.js).
const Q = [[1, 0], [0.5, -1]];             // 2 queries, d_k = 2
const K = [[1, 1], [0, 2], [-1, 0.5]];     // 3 keys
const V = [[1, 2], [3, 4], [5, 6]];        // 3 values, d_v = 2
const X = [[1, 0], [0, 1], [1, 1]];        // 3 tokens, d = 2
const W22 = [[0.5, -0.2], [0.1, 0.3]];
const W21 = [[0.7], [-0.4]];
const head = { Wq: W22, Wk: W22, Wv: W21 };

const maskOk = [[1, 0, 1], [1, 1, 0]];
const rowless = [[1, 1, 1], [0, 0, 0]];   // query 1 may attend to nothing

export default {
  attention: {
    valid: [Q, K, V, { mask: maskOk }],
    bad: {
      'shape mismatch: K has 3 columns, Q has 2': [Q, [[1, 1, 1], [0, 2, 0], [1, 0, 0]], V],
      'shape mismatch: V has 2 rows, K has 3': [Q, K, [[1, 2], [3, 4]]],
      'shape mismatch: mask is 3 x 2': [Q, K, V, { mask: [[1, 1], [1, 1], [1, 1]] }],
      'fully masked row': [Q, K, V, { mask: rowless }],
      'fully masked row (boolean mask)': [Q, K, V, { mask: rowless.map((r) => r.map(Boolean)) }],
      'fully masked row (mask + causal)': [Q, K, V, { mask: [[0, 1, 1], [1, 1, 1]], causal: true }],
      'ragged mask': [Q, K, V, { mask: [[1, 1, 1], [1, 1]] }],
      'mask with a string entry': [Q, K, V, { mask: [[1, 1, 'yes'], [1, 1, 1]] }],
      // Any finite scale is valid (0: uniform, negative: reversed; as torch): only non-finite ones fail.
      'scale NaN': [Q, K, V, { scale: NaN }],
      'scale Infinity': [Q, K, V, { scale: Infinity }],
      'scale -Infinity': [Q, K, V, { scale: -Infinity }],
      'scale 1e308 overflows Q K^T * scale': [Q, K, V, { scale: 1e308 }],
      'Q K^T overflows': [[[1e200, 1e200], [1, 1]], [[1e200, 1e200], [1, 1], [1, 1]], V],
      'precision float16': [Q, K, V, { precision: 'float16' }],
      'float32: Q K^T overflows float': [[[1e20, 1e20], [1, 1]], [[1e20, 1e20], [1, 1], [1, 1]], V, { precision: 'float32' }],
      'float32: V beyond float range': [Q, K, [[1, 2], [3, 1e39], [5, 6]], { precision: 'float32' }],
    },
  },
  selfAttention: {
    valid: [X, W22, W22, W21, { causal: true }],
    bad: {
      'shape mismatch: Wq has 3 rows, X has 2 columns': [X, [[1, 1], [1, 1], [1, 1]], W22, W21],
      'shape mismatch: Wk has 1 column, Wq has 2': [X, W22, W21, W21],
      'shape mismatch: mask is 2 x 3': [X, W22, W22, W21, { mask: maskOk }],
      'fully masked row': [X, W22, W22, W21, { mask: [[1, 1, 1], [1, 1, 1], [0, 0, 0]] }],
    },
  },
  multiHeadAttention: {
    valid: [X, [head, head], [[1, 0], [0, 1]], { causal: true }],
    bad: {
      'shape mismatch: Wo has 3 rows, heads give 2 columns': [X, [head, head], [[1, 0], [0, 1], [1, 1]]],
      'shape mismatch: heads[1].Wq has 3 rows': [X, [head, { ...head, Wq: [[1, 1], [1, 1], [1, 1]] }], [[1, 0], [0, 1]]],
      'too many heads (17)': [X, Array(17).fill(head), Array(17).fill([1])],
      'fully masked row': [X, [head], [[1]], { mask: [[0, 0, 0], [1, 1, 1], [1, 1, 1]] }],
      'heads[0] is not an object': [X, [1], [[1]]],
      'heads[0] misses Wv': [X, [{ Wq: W22, Wk: W22 }], [[1]]],
      'heads[0].Wk has NaN': [X, [{ ...head, Wk: [[NaN, 0], [0, 1]] }], [[1]]],
    },
  },
};
