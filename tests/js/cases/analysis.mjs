// Error cases for tests/js/errors.test.mjs: softmax's Lipschitz constant (web/lib/specs/analysis.js).
const z1 = [1, 2, 3];
const z2 = [0, 1, -1];

// temperature: finite and > 0. opts(...) is the argument list with options last.
const temperatureCases = (...args) => ({
  'temperature 0': [...args, { temperature: 0 }],
  'temperature -1': [...args, { temperature: -1 }],
  'temperature NaN': [...args, { temperature: NaN }],
  'temperature Infinity': [...args, { temperature: Infinity }],
  'temperature -Infinity': [...args, { temperature: -Infinity }],
  'temperature null': [...args, { temperature: null }],
});

export default {
  lipschitzRatio: {
    valid: [z1, z2, { temperature: 0.5 }],
    bad: {
      ...temperatureCases(z1, z2),
      'length mismatch: z2 has 2 entries, z1 has 3': [z1, [0, 1]],
      'z1 equals z2 (0 / 0)': [z1, [1, 2, 3]],
      'z1 equals z2 (length 1)': [[5], [5]],
      'z1 - z2 overflows (1e308 and -1e308)': [[1e308, 0, 0], [-1e308, 0, 0]],
      'z1 over the size limit (4097 x 1 given as a matrix)': [Array.from({ length: 4097 }, () => [1]), z2],
    },
  },
  lipschitzBound: {
    valid: [{ temperature: 2 }],
    bad: {
      "temperature 1e-320: 0.5 / T overflows (overflow or alias: rejected)": [{"temperature":1e-320}],
      ...temperatureCases(),
      'temperature is a boolean': [{ temperature: true }],
      'options is an array': [[2]],
      'options is true': [true],
    },
  },
  jacobianSpectralNorm: {
    valid: [z1, { temperature: 0.5 }],
    bad: {
      "temperature 1e-320, tie: p / T overflows (overflow or alias: rejected)": [[1,1],{"temperature":1e-320}],
      ...temperatureCases(z1),
      'z is a matrix of 4097 rows': [Array.from({ length: 4097 }, () => [1])],
    },
  },
  lipschitzSearch: {
    valid: [4, 8, 1, { temperature: 1, scale: 2 }],
    bad: {
      "temperature 2e-309: bound overflows (overflow or alias: rejected)": [4,4,1,{"temperature":2e-309,"scale":1e-300}],
      "seed 2^64 (saturated to 2^63 - 1) (overflow or alias: rejected)": [4,4,18446744073709552000],
      "seed 1e300 (same result as 2^64) (overflow or alias: rejected)": [4,4,1e+300],
      ...temperatureCases(4, 8, 1),
      'n 0': [0, 8, 1],
      'n -1': [-1, 8, 1],
      'n 1025 (over 1024)': [1025, 8, 1],
      'n 1e300': [1e300, 8, 1],
      'trials 0': [4, 0, 1],
      'trials 100001 (over 100000)': [4, 100001, 1],
      'trials 1e300': [4, 1e300, 1],
      'n * trials over 2^21 (1024 x 2049)': [1024, 2049, 1],
      'seed -1': [4, 8, -1],
      'seed -1e300': [4, 8, -1e300],
      'scale 0': [4, 8, 1, { scale: 0 }],
      'scale -1': [4, 8, 1, { scale: -1 }],
      'scale NaN': [4, 8, 1, { scale: NaN }],
      'scale Infinity': [4, 8, 1, { scale: Infinity }],
      'scale over 1e6': [4, 8, 1, { scale: 2e6 }],
      'scale 1e308': [4, 8, 1, { scale: 1e308 }],
      'n Infinity': [Infinity, 8, 1],
    },
  },
};
