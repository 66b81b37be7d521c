export interface AttnLabApi {
  /** A B. A: m x k, B: k x n -> m x n. */
  matmul(A: Matrix, B: Matrix): number[][];
  /** A^T. A: m x n -> n x m. */
  transpose(A: Matrix): number[][];
}
