// Error cases for tests/js/errors.test.mjs: probability (web/lib/specs/prob.js).
const x = [1, 2, 3];
const p = [0.2, 0.5, 0.3];
const joint = [[0.1, 0.2], [0.3, 0.4]];       // 2 x 2, sums to 1

// x and p: one probability per value, p a distribution (>= 0, sums to 1 within 1e-9).
const xpCases = {
  'length mismatch: p has 2 entries, x has 3': [x, [0.5, 0.5]],
  'length mismatch: p has 4 entries, x has 3': [x, [0.25, 0.25, 0.25, 0.25]],
  'p sums to 0.9': [x, [0.2, 0.4, 0.3]],
  'p sums to 1.1': [x, [0.2, 0.6, 0.3]],
  'p sums to 1 + 1e-8 (outside the tolerance)': [x, [0.2, 0.5, 0.3 + 1e-8]],
  'p is all 0': [x, [0, 0, 0]],
  'p has a negative entry (sum still 1)': [x, [-0.2, 0.9, 0.3]],
  'p has -0.5 and 1.5': [x, [1.5, -0.5, 0]],
  'p has an entry 1e308': [x, [1e308, 0, 0]],
  'p has an entry -1e308 and 1e308': [x, [1e308, -1e308, 1]],
  'p is a single 2': [[1], [2]],
  'x over the size limit (4097 x 1 given as a matrix)': [Array.from({ length: 4097 }, () => [1]), p],
};
const entry = { valid: [x, p], bad: xpCases };

export default {
  // Finite inputs whose result overflows a double.
  expectation: { ...entry, bad: { ...xpCases, 'sum p x overflows (DBL_MAX twice, p sums to 1 + 5e-10)': [[Number.MAX_VALUE, Number.MAX_VALUE], [0.5 + 5e-10, 0.5]] } },
  variance: { ...entry, bad: { ...xpCases, 'Var(X) overflows (1e308, -1e308)': [[1e308, -1e308], [0.5, 0.5]] } },
  moments: { ...entry, bad: { ...xpCases, 'E[X^2] overflows (1e200, -1e200)': [[1e200, -1e200], [0.5, 0.5]] } },
  conditional: {
    valid: [joint],
    bad: {
      'joint sums to 0.9': [[[0.1, 0.2], [0.3, 0.3]]],
      'joint sums to 2': [[[0.5, 0.5], [0.5, 0.5]]],
      'joint is all 0': [[[0, 0], [0, 0]]],
      'joint has a negative entry (sum still 1)': [[[-0.1, 0.4], [0.3, 0.4]]],
      'joint has an entry 1e308': [[[1e308, 0], [0, 0]]],
      'joint over 4096 rows': [Array.from({ length: 4097 }, () => [1 / 4097])],
      'joint over 4096 columns': [[Array(4097).fill(1 / 4097)]],
    },
  },
};
