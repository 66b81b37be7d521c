// Error cases for tests/js/errors.test.mjs: regression (web/lib/specs/regression.js).
const X = [[1, 2], [2, 0], [3, 1], [4, 3]];       // 4 points, 2 features
const y = [1, 2, 3, 5];
const xTrain = [0, 1, 2, 3];
const yTrain = [1, 3, 2, 4];
const xQuery = [0.5, 2.5];

const column = (n, v = 1) => Array.from({ length: n }, (_, i) => [v + i]);

export default {
  leastSquares: {
    valid: [X, y],
    bad: {
      "loss overflows (overflow or alias: rejected)": [[[1],[2],[3]],[1e+308,-1e+308,1e+308]],
      'length mismatch: y has 3 entries, X has 4 rows': [X, [1, 2, 3]],
      'length mismatch: y has 5 entries, X has 4 rows': [X, [1, 2, 3, 4, 5]],
      'X has 4097 rows (over 4096)': [column(4097), Array(4097).fill(1)],
      'X has 64 columns (over 63 features)': [[Array(64).fill(1)], [1]],
      'X has 4097 columns': [[Array(4097).fill(1)], [1]],
      'y has an entry 1e308 and X NaN': [[[NaN, 1], [2, 0], [3, 1], [4, 3]], [1e308, 2, 3, 4]],
    },
  },
  kernelRegression: {
    valid: [xTrain, yTrain, xQuery, { kernel: 'epanechnikov', bandwidth: 1.5 }],
    bad: {
      'length mismatch: yTrain has 3 entries, xTrain has 4': [xTrain, [1, 2, 3], xQuery],
      'length mismatch: yTrain has 5 entries, xTrain has 4': [xTrain, [1, 2, 3, 4, 5], xQuery],
      'kernel unknown': [xTrain, yTrain, xQuery, { kernel: 'triangle' }],
      'kernel empty': [xTrain, yTrain, xQuery, { kernel: '' }],
      'kernel in other case': [xTrain, yTrain, xQuery, { kernel: 'Gaussian' }],
      'bandwidth 0': [xTrain, yTrain, xQuery, { bandwidth: 0 }],
      'bandwidth -1': [xTrain, yTrain, xQuery, { bandwidth: -1 }],
      'bandwidth NaN': [xTrain, yTrain, xQuery, { bandwidth: NaN }],
      'bandwidth Infinity': [xTrain, yTrain, xQuery, { bandwidth: Infinity }],
      'xTrain has 4097 points (over 4096)': [Array(4097).fill(0), Array(4097).fill(1), xQuery],
      'xQuery has 4097 queries (over 4096)': [xTrain, yTrain, Array(4097).fill(0)],
      'the weight matrix is 1025 x 4096 (over 2^22 entries)': [Array(4096).fill(0), Array(4096).fill(1), Array(1025).fill(0)],
    },
  },
};
