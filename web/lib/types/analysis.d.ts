// SoftmaxOptions ({temperature}) is declared in softmax.d.ts.
export interface LipschitzSearchOptions extends SoftmaxOptions {
  /** Logits are scale * N(0, 1); 0 < scale <= 1e6, default 1. Small scales get closest to the bound. */
  scale?: number;
}
export interface LipschitzSearchResult {
  /** Largest ratio found (never above bound). */ best: number;
  /** 1 / (2T). */ bound: number;
  /** The first min(trials, 200) ratios, in draw order. */ ratios: number[];
  /** The pair that gave best. */ bestZ1: number[]; bestZ2: number[];
}
export interface AttnLabApi {
  /** ||softmax(z1/T) - softmax(z2/T)||_2 / ||z1 - z2||_2; z1 != z2, same length. */
  lipschitzRatio(z1: Vector, z2: Vector, options?: SoftmaxOptions): number;
  /** 1 / (2T): the tight L2 Lipschitz constant of softmax(z / T). */
  lipschitzBound(options?: SoftmaxOptions): number;
  /** Extension: ||J(z)||_2, the largest eigenvalue of the softmax Jacobian (diag(p) - p p^T) / T; at most 1/(2T). */
  jacobianSpectralNorm(z: Vector, options?: SoftmaxOptions): number;
  /** Extension: the largest lipschitzRatio over `trials` (<= 100000) random pairs of length n (<= 1024, and n * trials <= 2^21 per call), deterministic for a seed (integer >= 0). */
  lipschitzSearch(n: number, trials: number, seed: number, options?: LipschitzSearchOptions): LipschitzSearchResult;
}
