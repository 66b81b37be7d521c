export interface MatmulOptions extends LayoutOption {
  /** Arithmetic: 'float64' (the default) or 'float32' (A and B rounded to float, the product computed in float and returned as ordinary numbers; about twice as fast, about 7 significant digits). Any other value is an error. */
  precision?: 'float64' | 'float32';
}
export interface NormOptions {
  /** Which norm: 1 (sum of |v_i|), 2 (Euclidean, the default) or Infinity (max |v_i|). */
  p?: number;
}
export interface AttnLabApi {
  /** A B. A: m x k, B: k x n -> m x n. options.precision: 'float64' (default) or 'float32'. */
  matmul(A: Matrix, B: Matrix, options: MatmulOptions & FlatLayout): FlatMatrix;
  matmul(A: Matrix, B: Matrix, options?: MatmulOptions & NestedLayout): number[][];
  matmul(A: Matrix, B: Matrix, options?: MatmulOptions): number[][] | FlatMatrix;
  /** A^T. A: m x n -> n x m. */
  transpose(A: Matrix): number[][];
  /** u + v (same length). */
  add(u: Vector, v: Vector): number[];
  /** u - v (same length). */
  sub(u: Vector, v: Vector): number[];
  /** alpha v; alpha must be finite. */
  scale(alpha: number, v: Vector): number[];
  /** u . v = sum_i u_i v_i (same length). */
  dot(u: Vector, v: Vector): number;
  /** ||v||_p for p = 1, 2 (default) or Infinity; any other p is an error. The 2-norm is rescaled internally, so it is finite for any finite v. */
  norm(v: Vector, options?: NormOptions): number;
  /** h = W x + b (b optional: h = W x). W: m x n, x: n, b: m -> m. */
  affine(W: Matrix, x: Vector, b?: Vector): number[];
  /** Sum of the diagonal of a square A (a rectangular A is an error). */
  trace(A: Matrix): number;
  /** Determinant of a square A (n <= 1024) by LU with partial pivoting; exactly singular -> 0. */
  det(A: Matrix): number;
}
