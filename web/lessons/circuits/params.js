// URL parameters of the circuits lesson (see state/schema.js): the run's
// seed, the checkpoint shown (updates done), the held-out sequence whose
// attention is drawn, and the heads knocked out.
export default {
  params: {
    seed: { type: 'integer', min: 1, max: 9, step: 1, default: 9 },
    at: { type: 'integer', min: 0, max: 600, step: 25, default: 0 },
    seq: { type: 'integer', min: 1, max: 64, step: 1, default: 1 },
    off: { type: 'set', values: ['1.1', '2.1'], default: [] },  // layer.head: setting.js HEADS
  },
};
