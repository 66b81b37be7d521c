// URL parameters of the softmax lesson (see state/schema.js).
export default {
  params: {
      z: { type: 'vector', minLength: 1, maxLength: 8, min: -5000, max: 5000, default: [2, 1, 0.1, -1] },
      T: { type: 'number', min: 0.05, max: 5, step: 0.05, default: 1 },
      naive: { type: 'boolean', default: false },
      y: { type: 'integer', min: 1, max: 8, default: 1 },  // the chain-rule section's target class
    },
};
