// Graphs (API.md "Graphs"). A: n x n adjacency matrix (n <= 512), entries
// finite and >= 0; A[i][j] is the weight of the edge i -> j (0 = no edge),
// directed when A != A^T, A[i][i] a self loop.
export interface LaplacianOptions {
  /** false (default): L = D - A. true: D^-1/2 (D - A) D^-1/2 = I - D^-1/2 A D^-1/2,
   *  where a node of degree 0 gets D^-1/2 = 0 (an all-zero row and column, as networkx). */
  normalized?: boolean;
}
export interface ConnectedComponentsResult {
  /** Number of connected components (of the undirected view). */ count: number;
  /** labels[i] in 0..count-1; components numbered in the order of their smallest node. */ labels: number[];
}
export interface GatOptions {
  /** LeakyReLU slope for negative scores, finite; default 0.2. */
  negativeSlope?: number;
  /** Add the edge i -> i to every node; default true. Without it, a node with no out-edge is an error. */
  selfLoops?: boolean;
}
export interface GatResult {
  /** X W, n x f' (row i = node i) */ Wh: number[][];
  /** Extension: a_1^T Wh_i (a_1 = first half of a), length n */ src: number[];
  /** Extension: a_2^T Wh_j (a_2 = second half of a), length n; e_ij = LeakyReLU(src_i + dst_j) */ dst: number[];
  /** LeakyReLU(a^T [Wh_i || Wh_j]) on edges i -> j, -Infinity elsewhere, n x n */ e: number[][];
  /** softmax of e over each node's neighbours: rows sum to 1, exactly 0 off the graph, n x n */ alpha: number[][];
  /** alpha Wh, n x f' */ output: number[][];
}
export interface GatHeadWeights {
  /** f x f'_h */ W: Matrix;
  /** length 2 f'_h */ a: Vector;
}
export interface MultiHeadGatOptions extends GatOptions {
  /** true (default): concatenate the heads' outputs (n x sum f'_h); false: average them (every f'_h equal). */
  concat?: boolean;
}
export interface AttnLabApi {
  /** D with D_ii = sum_j A_ij (out-degree / weighted degree), n x n diagonal. */
  degreeMatrix(A: Matrix): number[][];
  /** L = D - A (rows sum to 0), or the normalized Laplacian with {normalized: true}. */
  laplacian(A: Matrix, options?: LaplacianOptions): number[][];
  /** Extension: eigenvalues of laplacian(A, options), ascending (cyclic Jacobi, ~1e-15 ||L||).
   *  A must be symmetric. The number of (near) zero eigenvalues = connectedComponents(A).count. */
  laplacianEigenvalues(A: Matrix, options?: LaplacianOptions): number[];
  /** Extension: connected components of the undirected view (i ~ j when A[i][j] or A[j][i] != 0). */
  connectedComponents(A: Matrix): ConnectedComponentsResult;
  /** One graph attention head. X: n x f (node features), A: n x n (edge i -> j where A[i][j] != 0;
   *  weights are ignored), W: f x f', a: 2 f'. alpha_i = softmax_j(LeakyReLU(a^T [Wh_i || Wh_j])) over
   *  i's neighbours; output_i = sum_j alpha_ij Wh_j. */
  gat(X: Matrix, A: Matrix, W: Matrix, a: Vector, options?: GatOptions): GatResult;
  /** 1..16 GAT heads on the same graph; output = the heads' outputs concatenated or averaged. */
  multiHeadGat(X: Matrix, A: Matrix, heads: GatHeadWeights[], options?: MultiHeadGatOptions):
    { heads: GatResult[]; output: number[][] };
}
