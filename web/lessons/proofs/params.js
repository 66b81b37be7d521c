// URL parameters of the proofs lesson (see state/schema.js).
// z, zp: the two logit vectors z and z' (same length); T: temperature;
// sn, spread, sseed: the random search (vector length, logits spread * N(0, 1), seed);
// sigma, n, vals, seed: the asymptotics (score spread, number of keys,
// distribution of the values, seed of the draws).
export default {
  params: {
      z: { type: 'vector', minLength: 2, maxLength: 8, min: -50, max: 50, default: [2, 1, -1] },
      zp: { type: 'vector', minLength: 2, maxLength: 8, min: -50, max: 50, default: [0.5, 1.5, 0] },
      T: { type: 'number', min: 0.1, max: 5, step: 0.05, default: 1 },
      sn: { type: 'enum', values: ['2', '3', '4', '8', '16', '64', '256'], default: '2' },
      spread: { type: 'number', min: 0.05, max: 10, step: 0.01, scale: 'log', default: 0.5 },  // step: of log10 spread
      sseed: { type: 'integer', min: 0, max: 999999, default: 1 },
      sigma: { type: 'number', min: 0, max: 4, step: 0.05, default: 0.5 },
      n: { type: 'integer', min: 1, max: 1024, default: 64 },
      vals: { type: 'enum', values: ['coin', 'uniform', 'exp'], default: 'coin' },
      seed: { type: 'integer', min: 0, max: 999999, default: 1 },
    },
};
