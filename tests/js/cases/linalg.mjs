// Error cases for tests/js/errors.test.mjs: linear algebra (web/lib/specs/linalg.js).
// Format (see errors.test.mjs): {fn: {valid: [args...], bad: {label: [args...]}, skip: [generic labels]}}
const A23 = [[1, 2, 3], [4, 5, 6]];
const B32 = [[1, 0], [0, 1], [2, -1]];
const S22 = [[2, 1], [1, 3]];
const u = [1, 2, 3];
const v = [4, -5, 6];

export default {
  matmul: {
    valid: [A23, B32],
    bad: {
      'shape mismatch (2x3 times 2x3)': [A23, A23],
      'shape mismatch (3x2 times 3x2)': [B32, B32],
      'precision float16': [A23, B32, { precision: 'float16' }],
      'float32: entry beyond float range': [[[1e300, 0, 0], [0, 0, 0]], B32, { precision: 'float32' }],
      'float32: product overflows': [[[1e30, 0, 0], [0, 0, 0]], [[1e30, 0], [0, 1], [2, -1]], { precision: 'float32' }],
    },
  },
  transpose: { valid: [A23] },
  add: { valid: [u, v], bad: { 'length mismatch': [u, [1, 2]] } },
  sub: { valid: [u, v], bad: { 'length mismatch': [u, [1, 2, 3, 4]] } },
  scale: { valid: [2.5, u] },
  dot: { valid: [u, v], bad: { 'length mismatch': [u, [1]] } },
  norm: {
    valid: [v, { p: 1 }],
    bad: { 'p 3': [v, { p: 3 }], 'p 0': [v, { p: 0 }], 'p NaN': [v, { p: NaN }], 'p -Infinity': [v, { p: -Infinity }] },
  },
  affine: {
    valid: [A23, u, [1, -1]],
    bad: {
      'shape mismatch: x has 2 entries, W has 3 columns': [A23, [1, 2], [1, -1]],
      'shape mismatch: b has 3 entries, W has 2 rows': [A23, u, u],
      'shape mismatch without b': [A23, [1, 2]],
    },
  },
  trace: { valid: [S22], bad: { 'not square': [A23] } },
  det: { valid: [S22], bad: { 'not square': [A23] } },
};
