export interface AttentionOptions extends LayoutOption {
  /** n x m; true/1 = query i may attend to key j. */
  mask?: Mask;
  /** Also forbid key j > query i. */
  causal?: boolean;
  /** Multiplies Q K^T: any finite number (0: uniform weights over the allowed keys; negative: reversed preferences), as torch's scaled_dot_product_attention; default 1 / sqrt(d_k). NaN or Infinity is an error. */
  scale?: number;
  /** Arithmetic: 'float64' (the default) or 'float32' (inputs rounded to float; every product and the softmax computed in float; results returned as ordinary numbers, about 7 significant digits). Any other value is an error. */
  precision?: 'float64' | 'float32';
}
export interface AttentionResult {
  /** Q K^T, n x m */ scores: number[][];
  /** scores * scale, masked entries -Infinity */ scaled: number[][];
  /** row-wise softmax; rows sum to 1 */ weights: number[][];
  /** weights V, n x d_v */ output: number[][];
}
export interface SelfAttentionResult extends AttentionResult {
  Q: number[][]; K: number[][]; V: number[][];
}
export interface MultiHeadAttentionResult { heads: SelfAttentionResult[]; concat: number[][]; output: number[][] }
export interface HeadWeights { Wq: Matrix; Wk: Matrix; Wv: Matrix }
export interface AttnLabApi {
  /** softmax(Q K^T * scale) V. Q: n x d_k, K: m x d_k, V: m x d_v. A fully masked row is an error. */
  attention(Q: Matrix, K: Matrix, V: Matrix, options: AttentionOptions & FlatLayout): Flat<AttentionResult>;
  attention(Q: Matrix, K: Matrix, V: Matrix, options?: AttentionOptions & NestedLayout): AttentionResult;
  attention(Q: Matrix, K: Matrix, V: Matrix, options?: AttentionOptions): AttentionResult | Flat<AttentionResult>;
  /** attention(X Wq, X Wk, X Wv). X: n x d. */
  selfAttention(X: Matrix, Wq: Matrix, Wk: Matrix, Wv: Matrix, options: AttentionOptions & FlatLayout): Flat<SelfAttentionResult>;
  selfAttention(X: Matrix, Wq: Matrix, Wk: Matrix, Wv: Matrix, options?: AttentionOptions & NestedLayout): SelfAttentionResult;
  selfAttention(X: Matrix, Wq: Matrix, Wk: Matrix, Wv: Matrix, options?: AttentionOptions): SelfAttentionResult | Flat<SelfAttentionResult>;
  /** Heads side by side, concatenated, then times Wo ((sum d_v) x d_out). */
  multiHeadAttention(X: Matrix, heads: HeadWeights[], Wo: Matrix, options: AttentionOptions & FlatLayout):
    Flat<MultiHeadAttentionResult>;
  multiHeadAttention(X: Matrix, heads: HeadWeights[], Wo: Matrix, options?: AttentionOptions & NestedLayout): MultiHeadAttentionResult;
  multiHeadAttention(X: Matrix, heads: HeadWeights[], Wo: Matrix, options?: AttentionOptions):
    MultiHeadAttentionResult | Flat<MultiHeadAttentionResult>;
}
