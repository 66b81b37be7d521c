// Error cases for tests/js/errors.test.mjs: the softmax family (web/lib/specs/softmax.js).
const z = [2, 1, 0.1];
const temperatureCases = {
  'temperature 0': [z, { temperature: 0 }],
  'temperature -1': [z, { temperature: -1 }],
  'temperature NaN': [z, { temperature: NaN }],
  'temperature Infinity': [z, { temperature: Infinity }],
};
const entry = { valid: [z, { temperature: 2 }], bad: temperatureCases };

export default {
  softmax: entry,
  softmaxNaive: entry,
  logSoftmax: entry,
  softmaxJacobian: entry,
  softmaxSteps: entry,
};
