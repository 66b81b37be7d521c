// Complexity (API.md "Complexity"). n tokens of width d: Q, K, V all n x d.
export interface SparseAttentionOptions {
  /** Required integer >= 1: query i attends to keys j with |i - j| <= window
   *  (window >= max(n, m) is full attention). */
  window: number;
}
export interface AttentionCostOptions {
  /** Default 'full'. */ kind?: 'full' | 'sparse' | 'lowRank' | 'tiled' | 'linear';
  /** Required for 'sparse' (integer >= 1). */ window?: number;
  /** Required for 'lowRank' (integer in 1..n): number of Linformer projected keys. */ rank?: number;
  /** 'tiled': B_r, integer >= 1 (default min(B_c, d)). */ blockRows?: number;
  /** 'tiled': B_c, integer >= 1 (default ceil(98304 / (4 d))). */ blockCols?: number;
  /** 'tiled': M, elements of fast memory (1..2^30, default 98304): B_c = ceil(M / (4 d)), B_r = min(B_c, d). */ fastMemory?: number;
  /** Default 'forward'; 'backward' (kinds 'full' and 'tiled'): flops, reads and writes of the backward pass. */ pass?: 'forward' | 'backward';
  /** 'linear': 'left' (phiQ phiK^T) V or 'right' phiQ (phiK^T V) (default). */ order?: 'left' | 'right';
}
export interface AttentionCost {
  /** full: 4 n^2 d + 5 n^2; sparse: 4 p d + 5 p with p = n (2w + 1) - w (w + 1) band pairs
   *  (n^2 once w >= n - 1); lowRank: 8 n r d + 5 n r; tiled: 4 n^2 d + 4 n^2 + n T_c (d + 2) + n d + 2 n;
   *  linear left: 4 n^2 d + 2 n^2 + 2 n d; linear right: 4 n d^2 + 6 n d. */ flops: number;
  /** full: 8 (n^2 + 3 n d); sparse: 8 (p + 3 n d); lowRank: 8 (n r + 3 n d + 2 r n + 2 r d);
   *  tiled: 8 (B_r B_c + 3 n d);
   *  linear left: 8 (n^2 + 5 n d); linear right: 8 (d^2 + d + 5 n d). */ bytes: number;
  /** Elements read from slow memory (two-level model, src/attn/flash/io_counts.hpp): full 2 n^2 + 3 n d
   *  (forward), tiled n d + T_r n 2 d; sparse 2 p + 3 n d; lowRank 4 n r + 3 n d + 2 r d;
   *  linear left 2 n^2 + 3 n d, right 3 n d + d^2 + d. */ reads: number;
  /** Elements written to slow memory: full 2 n^2 + n d, tiled n d + n; sparse 2 p + n d; lowRank 2 n r + n d + 2 r d;
   *  linear left 2 n^2 + n d, right n d + d^2 + d. */ writes: number;
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
   *  65536 (sparse, lowRank, tiled, linear right), d <= 256, n d <= 2^22, flops x repeats <= 2e9 (about 0.2 s). */
  timeAttention(n: number, d: number, options?: TimeAttentionOptions): AttentionTiming;
}
