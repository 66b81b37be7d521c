// Error cases for tests/js/errors.test.mjs: number formats (web/lib/specs/precision.js).
export default {
  roundToFormat: {
    valid: [[[1.1, 70000], [-0.3, 1e-6]], 'float16', { saturate: true }],
    bad: {
      'unknown format': [1.5, 'fp16'],
      'format in the wrong case': [[1, 2], 'Float16'],
      'empty vector': [[], 'e4m3'],
      'empty matrix rows': [[[]], 'e4m3'],
      'ragged matrix': [[[1, 2], [3]], 'e5m2'],
      'a vector with a row inside': [[1, [2]], 'e5m2'],
      'a matrix over the side limit': [[new Array(4097).fill(0)], 'bfloat16'],
      'saturate not a boolean': [1, 'float16', { saturate: 1 }],
    },
  },
  formatInfo: {
    valid: ['e4m3'],
    bad: {
      'unknown format': ['fp8'],
      'empty name': [''],
      'an option object': ['float16', {}],
    },
  },
  softmaxInFormat: {
    valid: [[12, 11, 1], { format: 'float16', subtractMax: false }],
    bad: {
      'format missing': [[1, 2]],
      'unknown format': [[1, 2], { format: 'float8' }],
      'unknown sumFormat': [[1, 2], { format: 'float16', sumFormat: 'int8' }],
      'subtractMax not a boolean': [[1, 2], { format: 'float16', subtractMax: 'yes' }],
    },
  },
};
