// Error cases for tests/js/errors.test.mjs: graphs (web/lib/specs/graph.js).
const A = [[0, 1, 1], [1, 0, 0], [1, 0, 0]];      // 3 nodes, undirected star
const X = [[1, 0], [0, 1], [1, 1]];               // 3 nodes, 2 features
const W = [[0.5, -0.2], [0.1, 0.3]];              // 2 -> 2 features
const a = [0.1, -0.2, 0.3, 0.4];                  // 2 f' = 4
const W3 = [[0.5, -0.2, 1], [0.1, 0.3, 0]];       // 2 -> 3 features
const head = { W, a };

const zeros = (n) => Array.from({ length: n }, () => Array(n).fill(0));
const over = zeros(513);                          // over the 512-node limit

// Adjacency checks shared by every graph function (A is the last argument
// before the options in all of them, so `call(A')` builds the argument list).
const adjacencyCases = (call) => ({
  'A not square (2 x 3)': call([[0, 1, 1], [1, 0, 0]]),
  'A has a negative weight': call([[0, -1, 1], [1, 0, 0], [1, 0, 0]]),
  'A has -1e308': call([[0, 1, 1], [1, 0, 0], [-1e308, 0, 0]]),
  'A has 513 nodes (over 512)': call(over),
});

export default {
  degreeMatrix: {
    valid: [A],
    bad: {
      ...adjacencyCases((B) => [B]),
      'a degree overflows (1e308 + 1e308)': [[[1e308, 1e308], [0, 0]]],
    },
  },
  laplacian: {
    valid: [A, { normalized: true }],
    bad: {
      ...adjacencyCases((B) => [B]),
      'a degree overflows (1e308 + 1e308)': [[[0, 1e308, 1e308], [1e308, 0, 0], [1e308, 0, 0]]],
      'a degree overflows (normalized)': [[[0, 1e308, 1e308], [1e308, 0, 0], [1e308, 0, 0]], { normalized: true }],
    },
  },
  laplacianEigenvalues: {
    valid: [A, { normalized: false }],
    bad: {
      "eigenvalue 2e308 overflows (overflow or alias: rejected)": [[[0,1e+308],[1e+308,0]]],
      ...adjacencyCases((B) => [B]),
      'A not symmetric (a directed edge)': [[[0, 1], [0, 0]]],
      'A not symmetric (weights 1 and 2)': [[[0, 1], [2, 0]], { normalized: true }],
      'a degree overflows (1e308 + 1e308)': [[[0, 1e308, 1e308], [1e308, 0, 0], [1e308, 0, 0]]],
    },
  },
  connectedComponents: {
    valid: [[[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]],
    bad: adjacencyCases((B) => [B]),
  },
  gat: {
    valid: [X, A, W, a, { negativeSlope: 0.2, selfLoops: true }],
    bad: {
      ...adjacencyCases((B) => [X, B, W, a]),
      'X has 2 rows, A has 3 nodes': [[[1, 0], [0, 1]], A, W, a],
      'W has 3 rows, X has 2 columns': [X, A, [[1, 0], [0, 1], [1, 1]], a],
      'a has 3 entries, 2 f\' = 4': [X, A, W, [1, 2, 3]],
      'a has 6 entries, 2 f\' = 4': [X, A, W, [1, 2, 3, 4, 5, 6]],
      'an isolated node without selfLoops': [X, [[0, 1, 0], [1, 0, 0], [0, 0, 0]], W, a, { selfLoops: false }],
      'no edges at all without selfLoops': [X, zeros(3), W, a, { selfLoops: false }],
      'negativeSlope NaN': [X, A, W, a, { negativeSlope: NaN }],
      'negativeSlope Infinity': [X, A, W, a, { negativeSlope: Infinity }],
      'negativeSlope -Infinity': [X, A, W, a, { negativeSlope: -Infinity }],
      'negativeSlope 1e308 overflows a negative score': [X, A, W, [-100, -100, -100, -100], { negativeSlope: 1e308 }],
      'X W overflows': [[[1e200, 1e200], [0, 1], [1, 1]], A, [[1e200, 0], [0, 1]], a],
      'a^T Wh overflows': [X, A, [[1, 0], [0, 1]], [1e308, 1e308, 0, 0]],
      'e = src + dst overflows': [[[1e307, 0], [1e307, 0], [1e307, 0]], A, [[1, 0], [0, 1]], [10, 0, 10, 0]],
    },
  },
  multiHeadGat: {
    valid: [X, A, [head, { W: W3, a: [1, 0, -1, 0.5, 0.5, 0] }], { concat: true, negativeSlope: 0.1 }],
    bad: {
      ...adjacencyCases((B) => [X, B, [head]]),
      'heads with different f\' and concat false': [X, A, [head, { W: W3, a: [1, 0, -1, 0.5, 0.5, 0] }], { concat: false }],
      'too many heads (17)': [X, A, Array(17).fill(head)],
      'heads[1].W has 3 rows, X has 2 columns': [X, A, [head, { W: [[1, 0], [0, 1], [1, 1]], a }]],
      'heads[1].a has 3 entries': [X, A, [head, { W, a: [1, 2, 3] }]],
      'heads[0].a has NaN': [X, A, [{ W, a: [NaN, 0, 0, 0] }]],
      'heads[0].W is empty': [X, A, [{ W: [], a }]],
      'heads[0] is not an object': [X, A, [1]],
      'heads[0] misses a': [X, A, [{ W }]],
      'X has 2 rows, A has 3 nodes': [[[1, 0], [0, 1]], A, [head]],
      'an isolated node without selfLoops': [X, [[0, 1, 0], [1, 0, 0], [0, 0, 0]], [head], { selfLoops: false }],
      'negativeSlope NaN': [X, A, [head], { negativeSlope: NaN }],
      'heads[0]: X W overflows': [[[1e200, 1e200], [0, 1], [1, 1]], A, [{ W: [[1e200, 0], [0, 1]], a }]],
    },
  },
};
