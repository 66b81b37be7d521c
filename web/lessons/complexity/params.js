// URL parameters of the complexity lesson (see state/schema.js): the width d
// of Q, K, V, the sparse window w (query i sees keys |i - j| <= w) and the
// Linformer rank r (number of projected keys). Measured timings are not
// parameters: they belong to the learner's machine.
export default {
  params: {
    d: { type: 'integer', min: 8, max: 256, default: 64 },
    w: { type: 'integer', min: 1, max: 512, default: 16 },
    r: { type: 'integer', min: 1, max: 512, default: 32 },
  },
};
