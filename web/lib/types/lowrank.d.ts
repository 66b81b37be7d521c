// SVD and low rank (API.md "SVD and low rank"). A: m x n, k = min(m, n).
// Computed by one-sided Jacobi (no LAPACK); caps: min(m, n)^2 max(m, n) <= 256^3
// (e.g. 256 x 256, 1024 x 128, 4096 x 64).
export interface SvdResult {
  /** m x k, orthonormal columns (completed by Gram-Schmidt where S is 0). */ U: number[][];
  /** k singular values, descending, >= 0. */ S: number[];
  /** k x n, orthonormal rows; in each row the first entry of largest magnitude is positive
   *  (U's column flips with it). A = U diag(S) Vt. */ Vt: number[][];
}
export interface JacobiRotation {
  /** Original indices of the two rotated columns of the working matrix (A, or A^T if transposed). */ p: number; q: number;
  /** [w_p w_q] <- [w_p w_q] [cos a, sin a; -sin a, cos a], a in [-pi/4, pi/4] radians. */ angle: number;
}
export interface JacobiSweep {
  /** Off-diagonal Frobenius norm of W^T W after the sweep (0 = columns orthogonal). */ offNorm: number;
  rotations: JacobiRotation[];
}
export interface SvdSteps extends SvdResult {
  /** true when the sweeps ran on A^T (A wider than tall). */ transposed: boolean;
  /** Off-diagonal norm of W^T W before the first sweep. */ initialOffNorm: number;
  /** One entry per sweep; the last has no rotations (converged). */ sweeps: JacobiSweep[];
}
export interface LowRankResult {
  /** Best rank-r approximation U[:, :r] diag(S[:r]) Vt[:r, :], m x n. */ Ar: number[][];
  /** |A - Ar|_F, measured from the residual. */ errorFro: number;
  /** |A - Ar|_2 = largest singular value of A - Ar, measured. */ error2: number;
  /** Extension: the Eckart-Young predictions, sqrt(sum_{l >= r} S_l^2) and S_r (0 when r = k). */
  eckartYoung: { fro: number; spectral: number };
}
export interface LowRankAttentionResult {
  /** Best rank-r approximation of exactWeights, n x m (rows need not sum to 1). */ weights: number[][];
  /** weights V, n x d_v */ output: number[][];
  /** softmax(Q K^T / sqrt(d_k)), n x m */ exactWeights: number[][];
  /** Extension: exactWeights V, n x d_v */ exactOutput: number[][];
  /** |output - exactOutput|_F */ error: number;
  /** Extension: singular values of exactWeights (min(n, m), descending). */ S: number[];
}
export interface LinformerResult {
  /** softmax(Q (E K)^T / sqrt(d_k)), n x k */ weights: number[][];
  /** weights (F V), n x d_v */ output: number[][];
  /** Extension: E K, k x d_k */ projectedK: number[][];
  /** Extension: F V, k x d_v */ projectedV: number[][];
}
export interface AttnLabApi {
  /** Thin SVD A = U diag(S) Vt, S descending (as numpy.linalg.svd(A, full_matrices=False), up to signs). */
  svd(A: Matrix): SvdResult;
  /** Extension: the Jacobi sweeps behind svd, for small matrices (at most 16 x 16). */
  svdSteps(A: Matrix): SvdSteps;
  /** Best rank-r approximation (Eckart-Young), r an integer in 1..min(m, n). */
  lowRank(A: Matrix, r: number): LowRankResult;
  /** Attention whose weight matrix is replaced by its best rank-r approximation.
   *  Q: n x d_k, K: m x d_k, V: m x d_v; options.rank (required) in 1..min(n, m). */
  lowRankAttention(Q: Matrix, K: Matrix, V: Matrix, options: { rank: number }): LowRankAttentionResult;
  /** Linformer: attention(Q, E K, F V) with E, F both k x m (m = number of keys). */
  linformerAttention(Q: Matrix, K: Matrix, V: Matrix, E: Matrix, F: Matrix): LinformerResult;
}
