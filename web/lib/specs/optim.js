// Optimization (API.md "Optimization"; objective and momentumMap are our
// extensions). The problem is one record for all four problems: which
// fields a problem takes is checked by the core, whose message names them.
// b is a vector for 'quadratic' and a number for 'rosenbrock'.
import { optimizeResult } from './optim-result.js';
const PROBLEM = {
  name: 'string', A: 'matrix?', b: 'vector|number?', a: 'number?', X: 'matrix?', y: 'vector?',
};
export default {
  optimize: {
    args: [['problem', PROBLEM], ['x0', 'vector']],
    options: {
      method: 'string', lr: 'number', steps: 'integer',
      beta: 'number', beta1: 'number', beta2: 'number', eps: 'number',
    },
    post: optimizeResult,
  },
  objective: { args: [['problem', PROBLEM], ['points', 'matrix']] },
  momentumMap: {
    args: [['A', 'matrix'], ['b', 'vector'], ['x0', 'vector']],
    options: { lrs: 'vector', betas: 'vector', steps: 'integer', tol: 'number' },
  },
};
