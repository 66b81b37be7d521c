export interface LeastSquaresResult {
  /** Weights, p entries. */
  w: number[];
  /** Intercept. */
  b: number;
  /** (1/n) sum_i (y_i - (w . X_i + b))^2. */
  loss: number;
  /** Extension: numerical rank of [X 1] (singular values above eps * max(n, p+1) * s_max). */
  rank: number;
}
export interface KernelRegressionOptions {
  /** K(u): gaussian exp(-u^2/2), boxcar 1 if |u| <= 1, epanechnikov max(0, 1 - u^2). Default 'gaussian'. */
  kernel?: 'gaussian' | 'boxcar' | 'epanechnikov';
  /** h > 0 in u = (xQuery[q] - xTrain[i]) / h. Default 1. */
  bandwidth?: number;
}
export interface KernelRegressionResult {
  /** m x n: weights[q][i] = K(u_qi) / sum_j K(u_qj); each row sums to 1, or is all 0 when no key is in range. */
  weights: number[][];
  /** m: sum_i weights[q][i] yTrain[i]; null for a query with all-zero weights. */
  yHat: (number | null)[];
}
export interface AttnLabApi {
  /** Least squares with intercept: the minimum-norm solution of [X 1][w; b] ~ y, as numpy.linalg.lstsq
   *  (rank-deficient X is fine). X: n x p (n <= 4096, p <= 63), y: n. */
  leastSquares(X: Matrix, y: Vector): LeastSquaresResult;
  /** Nadaraya-Watson attention pooling. xTrain, yTrain: n <= 4096 (keys, values); xQuery: m <= 4096, m n <= 4194304.
   *  The gaussian is computed as a softmax of -u^2/2, so far queries still get weights (on the nearest keys). */
  kernelRegression(xTrain: Vector, yTrain: Vector, xQuery: Vector, options?: KernelRegressionOptions): KernelRegressionResult;
}
