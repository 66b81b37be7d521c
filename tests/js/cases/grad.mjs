// Error cases for tests/js/errors.test.mjs: gradients (web/lib/specs/grad.js).
const Q = [[1, 0], [0.5, -1]];             // 2 queries, d_k = 2
const K = [[1, 1], [0, 2], [-1, 0.5]];     // 3 keys
const V = [[1, 2], [3, 4], [5, 6]];        // d_v = 2
const dO = [[1, -1], [0.5, 2]];            // 2 x 2, the output's shape
const X = [[1, 0], [0, 1], [1, 1]];        // 3 tokens / nodes, 2 features
const W22 = [[0.5, -0.2], [0.1, 0.3]];
const A = [[0, 1, 1], [1, 0, 0], [1, 0, 0]];
const a = [0.1, -0.2, 0.3, 0.4];
const dO3 = [[1, 0], [0, 1], [1, -1]];     // 3 x 2
const zeros = (n) => Array.from({ length: n }, () => Array(n).fill(0));

export default {
  softmaxBackward: {
    valid: [[1, 2, 3], [0.5, -1, 2], { temperature: 0.5 }],
    bad: {
      'dp has 2 entries, z has 3': [[1, 2, 3], [1, 2]],
      'temperature 0': [[1, 2], [1, 1], { temperature: 0 }],
      'temperature -1': [[1, 2], [1, 1], { temperature: -1 }],
      'dz overflows (dp 1e308, T 1e-300)': [[1, 1], [1e308, -1e308], { temperature: 1e-300 }],
    },
  },
  softmaxCrossEntropy: {
    valid: [[[1, 2, 3], [0, 1, 0]], [2, 0]],
    bad: {
      'targets has 1 entry, logits has 2 rows': [[[1, 2, 3], [0, 1, 0]], [2]],
      'target 3 out of range (C = 3)': [[[1, 2, 3], [0, 1, 0]], [0, 3]],
      'target -1': [[[1, 2, 3], [0, 1, 0]], [-1, 0]],
      'target 0.5 not an integer': [[[1, 2, 3], [0, 1, 0]], [0.5, 0]],
    },
  },
  attentionBackward: {
    valid: [Q, K, V, dO, { mask: [[1, 0, 1], [1, 1, 0]], scale: -0.5 }],
    bad: {
      'dOutput is 2 x 3, the output 2 x 2': [Q, K, V, [[1, 2, 3], [4, 5, 6]]],
      'dOutput has 3 rows': [Q, K, V, dO3],
      'K has 3 columns, Q has 2': [Q, [[1, 1, 1], [0, 2, 0], [1, 0, 0]], V, dO],
      'V has 2 rows, K has 3': [Q, K, [[1, 2], [3, 4]], dO],
      'fully masked row': [Q, K, V, dO, { mask: [[1, 1, 1], [0, 0, 0]] }],
      'mask is 3 x 2': [Q, K, V, dO, { mask: [[1, 1], [1, 1], [1, 1]] }],
      'scale NaN': [Q, K, V, dO, { scale: NaN }],
      'dWeights overflows': [Q, K, V, [[1e308, 1e308], [1, 1]]],
    },
  },
  selfAttentionBackward: {
    valid: [X, W22, W22, W22, dO3, { causal: true }],
    bad: {
      'dOutput is 2 x 2, the output 3 x 2': [X, W22, W22, W22, dO],
      'Wq has 3 rows, X has 2 columns': [X, [[1, 1], [1, 1], [1, 1]], W22, W22, dO3],
      'Wk has 1 column, Wq has 2': [X, W22, [[1], [0]], W22, dO3],
      'fully masked row': [X, W22, W22, W22, dO3, { mask: [[1, 1, 1], [1, 1, 1], [0, 0, 0]] }],
    },
  },
  gatBackward: {
    valid: [X, A, W22, a, dO3, { negativeSlope: 0.1, selfLoops: true }],
    bad: {
      'dOutput is 2 x 2, the output 3 x 2': [X, A, W22, a, dO],
      'X has 2 rows, A has 3 nodes': [[[1, 0], [0, 1]], A, W22, a, dO3],
      'W has 3 rows, X has 2 columns': [X, A, [[1, 0], [0, 1], [1, 1]], a, dO3],
      'a has 3 entries': [X, A, W22, [1, 2, 3], dO3],
      'an isolated node without selfLoops': [X, [[0, 1, 0], [1, 0, 0], [0, 0, 0]], W22, a, dO3, { selfLoops: false }],
      'negativeSlope NaN': [X, A, W22, a, dO3, { negativeSlope: NaN }],
      'A has a negative weight': [X, [[0, -1, 1], [1, 0, 0], [1, 0, 0]], W22, a, dO3],
      'A has 513 nodes (over 512)': [X, zeros(513), W22, a, dO3],
    },
  },
};
