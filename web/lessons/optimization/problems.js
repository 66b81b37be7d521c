// The three test functions of the optimization lesson: the problem record
// lab.optimize takes, the plotted rectangle (equal units on both axes, so
// that gradients look perpendicular to the level sets), the known special
// point, suggested settings, and f and its gradient in TeX.
import { matTex } from '../shared/kit.js';

export const PROBLEMS = ['quadratic', 'rosenbrock', 'saddle'];
export const METHODS = ['gd', 'momentum', 'adam'];
// URL parameter (on/off) and learning-rate parameter of each method.
export const TOGGLE = { gd: 'gd', momentum: 'mom', adam: 'adam' };
export const LR = { gd: 'lr', momentum: 'lrm', adam: 'lra' };
// The other parameters each method's run depends on.
export const OWN = { gd: [], momentum: ['beta'], adam: ['beta1', 'beta2'] };

// Suggested settings per problem, applied when the learner switches problem.
export const PRESETS = {
  quadratic: { x0: [-4, 2], lr: 0.035, lrm: 0.045, lra: 0.1, steps: 200 },
  rosenbrock: { x0: [-1.5, 2], lr: 0.0015, lrm: 0.0005, lra: 0.05, steps: 1000 },
  saddle: { x0: [-2.5, 0.02], lr: 0.05, lrm: 0.05, lra: 0.05, steps: 50 },
};

const DOMAIN = {
  quadratic: { x: [-5, 5], y: [-3.5, 3.5], levels: 'log' },
  rosenbrock: { x: [-2, 2], y: [-1, 3], levels: 'log' },
  saddle: { x: [-3, 3], y: [-3, 3], levels: 'linear' },
};

export const domainOf = (name) => DOMAIN[name];

// The record for lab.optimize / lab.objective. The bowl is
// f = 1/2 x^T A x with A = diag(1, kappa): kappa is its condition number.
export function problemOf(name, kappa) {
  if (name === 'quadratic') return { name, A: [[1, 0], [0, kappa]], b: [0, 0] };
  if (name === 'rosenbrock') return { name, a: 1, b: 100 };
  return { name: 'saddle' };
}

// The point every picture marks: the minimum, or the saddle point.
export const specialPoint = (name) => (name === 'rosenbrock' ? [1, 1] : [0, 0]);

export function fTex(name, kappa) {
  if (name === 'quadratic') return `f(x) = \\tfrac12\\, x^\\top A x,\\quad A = ${matTex([[1, 0], [0, kappa]], 4)}`;
  if (name === 'rosenbrock') return 'f(x, y) = (1 - x)^2 + 100\\,(y - x^2)^2';
  return 'f(x, y) = x^2 - y^2';
}

export function gradTex(name) {
  if (name === 'quadratic') return '\\nabla f(x) = A x';
  if (name === 'rosenbrock') return '\\nabla f(x, y) = \\begin{bmatrix} -2(1 - x) - 400\\,x\\,(y - x^2) \\\\ 200\\,(y - x^2) \\end{bmatrix}';
  return '\\nabla f(x, y) = \\begin{bmatrix} 2x \\\\ -2y \\end{bmatrix}';
}
