// Error cases for tests/js/errors.test.mjs: optimization (web/lib/specs/optim.js).
const A = [[2, 0], [0, 1]];
const b = [1, 1];
const quadratic = { name: 'quadratic', A, b };
const rosenbrock = { name: 'rosenbrock', a: 1, b: 100 };
const points = [[0, 0], [1, 1], [-1, 0.5]];
const eye = (n) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
const lsX = [[1], [2], [3]];
const lsY = [2, 4, 6.5];

// A problem record that the core rejects, as the first argument; rest is the
// argument list after it.
const problemCases = (...rest) => ({
  'problem name unknown': [{ name: 'sphere' }, ...rest],
  'problem name empty': [{ name: '' }, ...rest],
  'problem name in other case': [{ name: 'Quadratic', A, b }, ...rest],
  'quadratic without A': [{ name: 'quadratic', b }, ...rest],
  'quadratic without b': [{ name: 'quadratic', A }, ...rest],
  'quadratic with b a number': [{ name: 'quadratic', A, b: 1 }, ...rest],
  'quadratic with a field a': [{ ...quadratic, a: 1 }, ...rest],
  'quadratic with a field X': [{ ...quadratic, X: lsX }, ...rest],
  'quadratic: A not square': [{ name: 'quadratic', A: [[1, 0, 0], [0, 1, 0]], b }, ...rest],
  'quadratic: A has NaN': [{ name: 'quadratic', A: [[NaN, 0], [0, 1]], b }, ...rest],
  'quadratic: A has Infinity': [{ name: 'quadratic', A: [[Infinity, 0], [0, 1]], b }, ...rest],
  'quadratic: b has NaN': [{ name: 'quadratic', A, b: [NaN, 1] }, ...rest],
  'quadratic: b has 3 entries, A is 2 x 2': [{ name: 'quadratic', A, b: [1, 1, 1] }, ...rest],
  'quadratic: A empty': [{ name: 'quadratic', A: [], b }, ...rest],
  'quadratic: b empty': [{ name: 'quadratic', A, b: [] }, ...rest],
  'quadratic: A is 65 x 65 (over 64 dimensions)': [{ name: 'quadratic', A: eye(65), b: Array(65).fill(0) }, ...rest],
  'rosenbrock with b a vector': [{ name: 'rosenbrock', b: [1, 2] }, ...rest],
  'rosenbrock with a field A': [{ name: 'rosenbrock', A }, ...rest],
  'rosenbrock: a NaN': [{ name: 'rosenbrock', a: NaN }, ...rest],
  'rosenbrock: a Infinity': [{ name: 'rosenbrock', a: Infinity }, ...rest],
  'rosenbrock: b -Infinity': [{ name: 'rosenbrock', b: -Infinity }, ...rest],
  'saddle with a field b': [{ name: 'saddle', b: 1 }, ...rest],
  'saddle with a field y': [{ name: 'saddle', y: [1, 2] }, ...rest],
  'leastSquares without X': [{ name: 'leastSquares', y: lsY }, ...rest],
  'leastSquares without y': [{ name: 'leastSquares', X: lsX }, ...rest],
  'leastSquares with a field A': [{ name: 'leastSquares', X: lsX, y: lsY, A }, ...rest],
  'leastSquares: y has 2 entries, X has 3 rows': [{ name: 'leastSquares', X: lsX, y: [1, 2] }, ...rest],
  'leastSquares: X has NaN': [{ name: 'leastSquares', X: [[NaN], [2], [3]], y: lsY }, ...rest],
  'leastSquares: y has Infinity': [{ name: 'leastSquares', X: lsX, y: [1, Infinity, 3] }, ...rest],
  'leastSquares: X ragged': [{ name: 'leastSquares', X: [[1], [2, 3], [3]], y: lsY }, ...rest],
  'leastSquares: X has 4097 rows (over 4096 points)': [{ name: 'leastSquares', X: Array(4097).fill([1]), y: Array(4097).fill(1) }, ...rest],
  'leastSquares: X has 64 columns (x over 64 entries)': [{ name: 'leastSquares', X: [Array(64).fill(1)], y: [1] }, ...rest],
});

export default {
  objective: {
    valid: [quadratic, points],
    bad: {
      "saddle at (1e308, 1e308): loss NaN (overflow or alias: rejected)": [{"name":"saddle"},[[1e+308,1e+308]]],
      "saddle at (1e200, 0): loss Infinity (overflow or alias: rejected)": [{"name":"saddle"},[[1e+200,0]]],
      "quadratic: x^T A x overflows (overflow or alias: rejected)": [{"name":"quadratic","A":[[1e+308,0],[0,1]],"b":[0,0]},[[1e+308,1]]],
      ...problemCases(points),
      'points have 3 columns, quadratic has dimension 2': [quadratic, [[0, 0, 0]]],
      'points have 1 column, rosenbrock has dimension 2': [rosenbrock, [[0], [1]]],
      'points have 3 columns, leastSquares with 1 feature has dimension 2': [{ name: 'leastSquares', X: lsX, y: lsY }, [[1, 2, 3]]],
      'points over the work limit (1025 points on a 4096 x 63 leastSquares)':
        [{ name: 'leastSquares', X: Array(4096).fill(Array(63).fill(1)), y: Array(4096).fill(1) }, Array(1025).fill(Array(64).fill(0))],
      'points has 4097 rows': [{ name: 'saddle' }, Array(4097).fill([0, 0])],
    },
  },
  optimize: {
    valid: [rosenbrock, [-1, 1], { method: 'adam', lr: 0.01, steps: 5, beta1: 0.8, beta2: 0.99, eps: 1e-6 }],
    bad: {
      ...problemCases([0, 0], { lr: 0.1, steps: 3 }),
      'lr missing': [quadratic, [0, 0], { steps: 3 }],
      'steps missing': [quadratic, [0, 0], { lr: 0.1 }],
      'no options at all': [quadratic, [0, 0]],
      'lr 0': [quadratic, [0, 0], { lr: 0, steps: 3 }],
      'lr -0.1': [quadratic, [0, 0], { lr: -0.1, steps: 3 }],
      'lr NaN': [quadratic, [0, 0], { lr: NaN, steps: 3 }],
      'lr Infinity': [quadratic, [0, 0], { lr: Infinity, steps: 3 }],
      'steps -1': [quadratic, [0, 0], { lr: 0.1, steps: -1 }],
      'steps 100001 (over 100000)': [quadratic, [0, 0], { lr: 0.1, steps: 100001 }],
      'steps 1e300': [quadratic, [0, 0], { lr: 0.1, steps: 1e300 }],
      'method unknown': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'sgd' }],
      'method empty': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: '' }],
      'beta 1': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'momentum', beta: 1 }],
      'beta -0.1': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'momentum', beta: -0.1 }],
      'beta NaN': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'momentum', beta: NaN }],
      'beta1 1': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'adam', beta1: 1 }],
      'beta1 Infinity': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'adam', beta1: Infinity }],
      'beta2 1.5': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'adam', beta2: 1.5 }],
      'beta2 -1': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'adam', beta2: -1 }],
      'eps 0': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'adam', eps: 0 }],
      'eps -1e-8': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'adam', eps: -1e-8 }],
      'eps NaN': [quadratic, [0, 0], { lr: 0.1, steps: 3, method: 'adam', eps: NaN }],
      'x0 has 3 entries, quadratic has dimension 2': [quadratic, [0, 0, 0], { lr: 0.1, steps: 3 }],
      'x0 has 1 entry, saddle has dimension 2': [{ name: 'saddle' }, [0], { lr: 0.1, steps: 3 }],
      'x0 has 1 entry, leastSquares with 1 feature has dimension 2': [{ name: 'leastSquares', X: lsX, y: lsY }, [0], { lr: 0.1, steps: 3 }],
      'loss at x0 not finite (saddle at 1e308)': [{ name: 'saddle' }, [1e308, 1e308], { lr: 0.1, steps: 3 }],
      'loss at x0 not finite (rosenbrock at 1e200)': [rosenbrock, [1e200, 1e200], { lr: 0.1, steps: 3 }],
      'the recorded path over 2^22 numbers (100000 steps in 64 dimensions)':
        [{ name: 'quadratic', A: eye(64), b: Array(64).fill(0) }, Array(64).fill(1), { lr: 0.1, steps: 100000 }],
      'over the work limit (100000 steps on 4096 points)':
        [{ name: 'leastSquares', X: Array(4096).fill([1]), y: Array(4096).fill(1) }, [0, 0], { lr: 0.1, steps: 100000 }],
    },
  },
  momentumMap: {
    valid: [A, b, [0, 0], { lrs: [0.1, 0.5], betas: [0, 0.5], steps: 50, tol: 1e-4 }],
    bad: {
      'steps 0 (at least 1)': [A, b, [0, 0], { lrs: [0.1], betas: [0], steps: 0 }],
      'lrs missing': [A, b, [0, 0], { betas: [0] }],
      'betas missing': [A, b, [0, 0], { lrs: [0.1] }],
      'no options at all': [A, b, [0, 0]],
      'lrs empty': [A, b, [0, 0], { lrs: [], betas: [0] }],
      'betas empty': [A, b, [0, 0], { lrs: [0.1], betas: [] }],
      'lrs has 0': [A, b, [0, 0], { lrs: [0.1, 0], betas: [0] }],
      'lrs has -0.1': [A, b, [0, 0], { lrs: [-0.1], betas: [0] }],
      'lrs has NaN': [A, b, [0, 0], { lrs: [NaN], betas: [0] }],
      'lrs has Infinity': [A, b, [0, 0], { lrs: [Infinity], betas: [0] }],
      'lrs has a string': [A, b, [0, 0], { lrs: ['0.1'], betas: [0] }],
      'betas has 1': [A, b, [0, 0], { lrs: [0.1], betas: [0, 1] }],
      'betas has -0.1': [A, b, [0, 0], { lrs: [0.1], betas: [-0.1] }],
      'betas has NaN': [A, b, [0, 0], { lrs: [0.1], betas: [NaN] }],
      'betas is a number': [A, b, [0, 0], { lrs: [0.1], betas: 0.5 }],
      'lrs has 65 entries (over 64)': [A, b, [0, 0], { lrs: Array(65).fill(0.1), betas: [0] }],
      'betas has 65 entries (over 64)': [A, b, [0, 0], { lrs: [0.1], betas: Array(65).fill(0) }],
      'steps -1': [A, b, [0, 0], { lrs: [0.1], betas: [0], steps: -1 }],
      'steps 100001 (over 100000)': [A, b, [0, 0], { lrs: [0.1], betas: [0], steps: 100001 }],
      'tol 0': [A, b, [0, 0], { lrs: [0.1], betas: [0], tol: 0 }],
      'tol -1': [A, b, [0, 0], { lrs: [0.1], betas: [0], tol: -1 }],
      'tol NaN': [A, b, [0, 0], { lrs: [0.1], betas: [0], tol: NaN }],
      'tol Infinity': [A, b, [0, 0], { lrs: [0.1], betas: [0], tol: Infinity }],
      'over the work limit (64 x 64 runs of 100000 steps)': [A, b, [0, 0], { lrs: Array(64).fill(0.1), betas: Array(64).fill(0), steps: 100000 }],
      'A not square': [[[1, 0, 0], [0, 1, 0]], b, [0, 0], { lrs: [0.1], betas: [0] }],
      'b has 3 entries, A is 2 x 2': [A, [1, 1, 1], [0, 0], { lrs: [0.1], betas: [0] }],
      'x0 has 3 entries, A is 2 x 2': [A, b, [0, 0, 0], { lrs: [0.1], betas: [0] }],
      'A is 65 x 65 (over 64 dimensions)': [eye(65), Array(65).fill(0), Array(65).fill(0), { lrs: [0.1], betas: [0] }],
    },
  },
};
