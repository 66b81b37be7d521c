/** f = 1/2 x^T A x - b^T x; gradient (A + A^T)/2 x - b. A: d x d, b: d. */
export interface QuadraticProblem { name: 'quadratic'; A: Matrix; b: Vector }
/** f = (a - x)^2 + b (y - x^2)^2 (2-D). Defaults a = 1, b = 100. */
export interface RosenbrockProblem { name: 'rosenbrock'; a?: number; b?: number }
/** f = x^2 - y^2 (2-D). */
export interface SaddleProblem { name: 'saddle' }
/** f = (1/n) sum_i (y_i - (w . X_i + b))^2 with x = [w..., b]. X: n x p (n <= 4096, p <= 63), y: n. */
export interface LeastSquaresProblem { name: 'leastSquares'; X: Matrix; y: Vector }
export type OptimProblem = QuadraticProblem | RosenbrockProblem | SaddleProblem | LeastSquaresProblem;

export interface OptimizeOptions {
  /** Default 'gd'. gd: x -= lr g. momentum: v = beta v + lr g; x -= v.
   *  adam: m = b1 m + (1-b1) g; v = b2 v + (1-b2) g^2; mHat = m/(1-b1^t); vHat = v/(1-b2^t);
   *  x -= lr mHat / (sqrt(vHat) + eps), t = 1, 2, ... */
  method?: 'gd' | 'momentum' | 'adam';
  /** Learning rate, > 0. Required. */
  lr: number;
  /** Number of steps, an integer 0..100000. Required. (steps + 1) x d <= 4194304. */
  steps: number;
  /** Momentum coefficient in [0, 1); default 0.9. */
  beta?: number;
  /** Adam's first-moment decay in [0, 1); default 0.9. */
  beta1?: number;
  /** Adam's second-moment decay in [0, 1); default 0.999. */
  beta2?: number;
  /** Adam's epsilon (added after the square root), > 0; default 1e-8. */
  eps?: number;
}
/** Optimizer state after a step: {} for gd, {v} for momentum, {m, v, mHat, vHat} for adam. */
export interface OptimState { v?: number[]; m?: number[]; mHat?: number[]; vHat?: number[] }
export interface OptimizeResult {
  /** x_0 .. x_K: K + 1 rows of d (K = steps, or fewer if the run diverged). */
  path: number[][];
  /** f(x_k), K + 1 entries. */
  loss: number[];
  /** grad f(x_k), K + 1 rows. */
  grad: number[][];
  /** K entries: state[k] is the state AFTER step k + 1, the one that produced path[k + 1]. */
  state: OptimState[];
  /** True if the run stopped because x, f, grad or the state became non-finite. */
  diverged: boolean;
  /** When diverged: the index of the first point not returned (= path.length); otherwise null. */
  divergedAt: number | null;
}
export interface MomentumMapOptions {
  /** Learning rates to try (rows), each > 0; 1..64 of them. Required. */
  lrs: Vector;
  /** Momenta to try (columns), each in [0, 1) (0 = plain gd); 1..64. Required. */
  betas: Vector;
  /** Maximum steps per run, an integer 0..100000; default 1000. */
  steps?: number;
  /** Converged when ||grad||_2 < tol; default 1e-6. */
  tol?: number;
}
export interface AttnLabApi {
  /** Runs gd, momentum or Adam (the chapter's rules) from x0 and records every iterate.
   *  A run that becomes non-finite stops there: diverged = true, divergedAt = first index not returned. */
  optimize(problem: OptimProblem, x0: Vector, options: OptimizeOptions): OptimizeResult;
  /** Extension: f and grad f at each row of points (N x d), e.g. for contour plots. Non-finite values pass through. */
  objective(problem: OptimProblem, points: Matrix): { loss: number[]; grad: number[][] };
  /** Extension: for the quadratic (A, b) from x0, steps[i][j] = the first k with ||grad f(x_k)|| < tol
   *  under momentum with lrs[i], betas[j], or -1 if it never gets there within `steps` or diverges. */
  momentumMap(A: Matrix, b: Vector, x0: Vector, options: MomentumMapOptions): { steps: number[][] };
}
