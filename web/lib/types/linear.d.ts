// Linear attention (issue 36 SPEC "Linear attention"): phi(x) = elu(x) + 1.
export interface LinearAttentionOptions {
  /** Query i sees keys j <= i. Default false. */ causal?: boolean;
  /** 'left': (phiQ phiK^T) V row-normalised, n m d work; 'right' (default): phiQ (phiK^T V) / (phiQ z),
   *  (n + m) d_k d_v work (causal: the running state). Same output. */ order?: 'left' | 'right';
}
export interface LinearAttentionResult {
  output: number[][];
  /** phi(Q), n x d_k. */ featuresQ: number[][];
  /** phi(K), m x d_k. */ featuresK: number[][];
  /** n x m: phi(q_i).phi(k_j) / sum over the keys the query sees (rows sum to 1). */ weights: number[][];
  /** phiK^T V, d_k x d_v (causal: the state the last query reads). */ state: number[][];
  /** sum_j phi(k_j), d_k (causal: as state). */ normalizer: number[];
}
export interface AttnLabApi {
  /** Linear attention in the chosen order. Q, K, V finite; n m <= 4,194,304. */
  linearAttention(Q: Matrix, K: Matrix, V: Matrix, options?: LinearAttentionOptions): LinearAttentionResult;
}
