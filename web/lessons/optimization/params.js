// URL parameters of the optimization lesson (see state/schema.js).
// lr, lrm, lra: the learning rates of gradient descent, momentum and Adam;
// gd, mom, adam: which paths are drawn; k: the update k -> k+1 taken apart.
export default {
  params: {
      problem: { type: 'enum', values: ['quadratic', 'rosenbrock', 'saddle'], default: 'quadratic' },
      kappa: { type: 'number', min: 1, max: 100, step: 1, default: 50 },
      x0: { type: 'vector', minLength: 2, maxLength: 2, min: -10, max: 10, default: [-4, 2] },
      steps: { type: 'integer', min: 1, max: 2000, default: 200 },
      gd: { type: 'boolean', default: true },
      mom: { type: 'boolean', default: true },
      adam: { type: 'boolean', default: true },
      lr: { type: 'number', min: 0.00001, max: 10, default: 0.035 },
      lrm: { type: 'number', min: 0.00001, max: 10, default: 0.045 },
      beta: { type: 'number', min: 0, max: 0.99, step: 0.01, default: 0.7 },
      lra: { type: 'number', min: 0.00001, max: 10, default: 0.1 },
      beta1: { type: 'number', min: 0, max: 0.99, step: 0.01, default: 0.9 },
      beta2: { type: 'number', min: 0, max: 0.99999, default: 0.999 },
      k: { type: 'integer', min: 0, max: 1999, default: 0 },
    },
};
