// Error cases for tests/js/errors.test.mjs: information theory (web/lib/specs/info.js).
const p = [0.5, 0.25, 0.25];
const q = [0.25, 0.25, 0.5];
const joint = [[0.1, 0.2], [0.3, 0.4]];       // 2 x 2, sums to 1

// base: finite, > 0 and not 1.
const baseCases = (...args) => ({
  'base 1': [...args, { base: 1 }],
  'base 0': [...args, { base: 0 }],
  'base -2': [...args, { base: -2 }],
  'base NaN': [...args, { base: NaN }],
  'base Infinity': [...args, { base: Infinity }],
  'base -Infinity': [...args, { base: -Infinity }],
});

const pqEntry = {
  valid: [p, q, { base: Math.E }],
  bad: {
    ...baseCases(p, q),
    'length mismatch: q has 2 entries, p has 3': [p, [0.5, 0.5]],
    'length mismatch: p has 4 entries, q has 3': [[0.25, 0.25, 0.25, 0.25], q],
    'p sums to 0.9': [[0.5, 0.2, 0.2], q],
    'q sums to 1.1': [p, [0.25, 0.35, 0.5]],
    'q is all 0': [p, [0, 0, 0]],
    'p has a negative entry (sum still 1)': [[-0.5, 1, 0.5], q],
    'q has a negative entry (sum still 1)': [p, [0.75, -0.25, 0.5]],
    'q has an entry 1e308': [p, [1e308, 0, 0]],
  },
};

const jointEntry = {
  valid: [joint, { base: 2 }],
  bad: {
    ...baseCases(joint),
    'joint sums to 0.9': [[[0.1, 0.2], [0.3, 0.3]]],
    'joint sums to 1 + 1e-8 (outside the tolerance)': [[[0.1, 0.2], [0.3, 0.4 + 1e-8]]],
    'joint is all 0': [[[0, 0], [0, 0]]],
    'joint has a negative entry (sum still 1)': [[[-0.1, 0.4], [0.3, 0.4]]],
    'joint has an entry 1e308': [[[1e308, 0], [0, 0]]],
    'joint over 4096 rows': [Array.from({ length: 4097 }, () => [1 / 4097])],
  },
};

export default {
  entropy: {
    valid: [p, { base: 2 }],
    bad: {
      ...baseCases(p),
      'p sums to 0.9': [[0.5, 0.2, 0.2]],
      'p sums to 1.5': [[0.5, 0.5, 0.5]],
      'p is all 0': [[0, 0, 0]],
      'p has a negative entry (sum still 1)': [[-0.5, 1, 0.5]],
      'p has an entry 1e308': [[1e308, 0, 0]],
      'p is [2, -1]': [[2, -1]],
    },
  },
  crossEntropy: pqEntry,
  klDivergence: pqEntry,
  mutualInformation: jointEntry,
  conditionalEntropy: jointEntry,
};
