// Online softmax and tiled (FlashAttention) attention. Q: n x d_k, K: m x d_k,
// V: m x d_v. Counts: elements moved between slow and fast memory and FLOPs
// under the two-level model of src/attn/flash/io_counts.hpp.
export interface OnlineSoftmaxResult {
  /** exp(z - m_last) / l_last: softmax(z). */ weights: number[];
  /** m[i]: the running max after entry i. */ m: number[];
  /** l[i]: sum over j <= i of exp(z_j - m[i]), kept by rescaling with exp(m_old - m_new). */ l: number[];
}
/** The number formats the kernel's roundings can emulate. */
export type TiledFormat = 'float64' | 'float32' | 'float16' | 'bfloat16' | 'e4m3' | 'e5m2';
export interface TiledFormats {
  /** the scaled scores */ scores?: TiledFormat;
  /** each exp(s - m) */ exp?: TiledFormat;
  /** the running sum l after each tile's update */ sum?: TiledFormat;
  /** the accumulator O after each tile's update */ accumulator?: TiledFormat;
}
export interface TiledBlockOptions {
  /** B_r: query rows per block, integer >= 1 (clamped to n). Default min(B_c, d) from fastMemory. */ blockRows?: number;
  /** B_c: keys per block, integer >= 1 (clamped to m). Default ceil(fastMemory / (4 d)), d = max(d_k, d_v). */ blockCols?: number;
  /** M, elements of fast memory (1..2^30), default 98304 (192 KB of float16: one A100 SM). */ fastMemory?: number;
  /** Key j allowed for query i when j <= i; tiles above the diagonal are skipped. */ causal?: boolean;
  /** Multiplies Q K^T: any finite number; default 1 / sqrt(d_k). */ scale?: number;
}
export interface TiledAttentionOptions extends TiledBlockOptions {
  /** The row block whose tiles are traced, integer from 0 to T_r - 1; default 0. */ traceBlock?: number;
  /** Roundings of a low-precision kernel; default all 'float64' (exact). */ formats?: TiledFormats;
}
export interface IoCounts {
  /** elements read from slow memory */ reads: number;
  /** elements written to slow memory */ writes: number;
  /** multiply-add = 2; scale, max, exp, add, divide, log = 1 */ flops: number;
}
export interface TiledTile { rowBlock: number; colBlock: number; skipped: boolean }
export interface TiledTraceStep {
  colBlock: number; skipped: boolean;
  /** running max per row of the block */ m: number[];
  /** running sum per row */ l: number[];
  /** the unnormalised accumulator, B_r x d_v */ O: number[][];
}
export interface TiledAttentionResult {
  /** softmax(scale Q K^T + mask) V, n x d_v */ output: number[][];
  /** B_r and B_c used */ blockRows: number; blockCols: number;
  /** every tile in execution order (row blocks outer, column blocks inner) */ tiles: TiledTile[];
  /** the state of row block traceBlock after each of its tiles */ trace: TiledTraceStep[];
  /** this call's tiled forward */ counts: IoCounts;
  /** standard attention (S and P written to slow memory) at the same sizes */ standard: IoCounts;
}
export interface TiledAttentionGrads {
  dQ: number[][]; dK: number[][]; dV: number[][];
  /** the tiled backward (recomputing P from L and D = rowsum(dO ⊙ O)) */ counts: IoCounts;
  /** the standard backward (reading the stored P) */ standard: IoCounts;
}
export interface AttnLabApi {
  /** Softmax in one pass with a running max and a rescaled running sum. */
  onlineSoftmax(z: Vector): OnlineSoftmaxResult;
  /** Attention computed tile by tile with the online softmax (FlashAttention-2 loop order), its
   *  tiles, a trace of one row block and the memory/FLOP counts against standard attention.
   *  Caps: T_r T_c <= 2^20 tiles; the trace T_c B_r (d_v + 2) <= 4,194,304 numbers. */
  tiledAttention(Q: Matrix, K: Matrix, V: Matrix, options?: TiledAttentionOptions): TiledAttentionResult;
  /** Gradients of sum(dOutput ⊙ output) by the FlashAttention backward (recomputation). dOutput: n x d_v. */
  tiledAttentionBackward(Q: Matrix, K: Matrix, V: Matrix, dOutput: Matrix, options?: TiledBlockOptions): TiledAttentionGrads;
}
