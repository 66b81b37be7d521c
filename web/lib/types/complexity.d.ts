// Complexity (API.md "Complexity"). n tokens of width d: Q, K, V all n x d.
export interface SparseAttentionOptions {
  /** Required integer >= 1: query i attends to keys j with |i - j| <= window
   *  (window >= max(n, m) is full attention). */
  window: number;
}
export interface AttentionCostOptions {
  /** Default 'full'. */ kind?: 'full' | 'sparse' | 'lowRank' | 'linear';
  /** Required for 'sparse' (integer >= 1). */ window?: number;
  /** Required for 'lowRank' (integer in 1..n): number of Linformer projected keys. */ rank?: number;
  /** 'linear': 'left' (phiQ phiK^T) V or 'right' phiQ (phiK^T V) (default). */ order?: 'left' | 'right';
}
export interface AttentionCost {
  /** full: 4 n^2 d + 5 n^2; sparse: 4 p d + 5 p with p = n (2w + 1) - w (w + 1) band pairs
   *  (n^2 once w >= n - 1); lowRank: 8 n r d + 5 n r;
   *  linear left: 4 n^2 d + 2 n^2 + 2 n d; linear right: 4 n d^2 + 6 n d. */ flops: number;
  /** full: 8 (n^2 + 3 n d); sparse: 8 (p + 3 n d); lowRank: 8 (n r + 3 n d + 2 r n + 2 r d);
   *  linear left: 8 (n^2 + 5 n d); linear right: 8 (d^2 + d + 5 n d). */ bytes: number;
}
export interface TimeAttentionOptions extends AttentionCostOptions {
  /** Runs to time, integer 1..1000, default 5. */ repeats?: number;
}
export interface AttentionTiming {
  /** Median milliseconds per run (std::chrono::steady_clock inside the module). */ ms: number;
  /** Extension: mean milliseconds per run. */ msMean: number;
  /** Extension: fastest run. */ msMin: number;
  /** Extension: runs timed. */ repeats: number;
}
export interface AttnLabApi {
  /** Sliding-window attention, computed in O(n window d): same fields as attention; outside the
   *  band scores and weights are 0 and scaled is -Infinity. Scale 1 / sqrt(d_k). */
  sparseAttention(Q: Matrix, K: Matrix, V: Matrix, options: SparseAttentionOptions): AttentionResult;
  /** Analytic operation and memory counts (n <= 2^24, d <= 65536). */
  attentionCost(n: number, d: number, options?: AttentionCostOptions): AttentionCost;
  /** Times the kind's kernel on deterministic pseudo-random inputs. Caps: n <= 4096 (full, linear left) or
   *  65536 (sparse, lowRank, linear right), d <= 256, n d <= 2^22, flops x repeats <= 2e9 (about 0.2 s). */
  timeAttention(n: number, d: number, options?: TimeAttentionOptions): AttentionTiming;
}
