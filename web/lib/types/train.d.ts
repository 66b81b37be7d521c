// Training (API.md "Training"): full-batch and deterministic (initial
// parameters are arguments), with optimize's update rules. loss[k] and
// accuracy[k] are measured at the parameters after k updates (k = 0..K).
// A run whose parameters, loss or gradient become non-finite stops there
// (diverged: true, divergedAt = the first update not taken = loss.length),
// as optimize does. Limits: steps <= 100000; steps x the model's cost <= 2^30
// multiply-adds; trainAttention: B <= 1024 sequences, B n d and B n^2 <= 4194304.
export interface TrainOptions {
  /** Default 'gd'. The chapter's rules, as optimize's. */
  method?: 'gd' | 'momentum' | 'adam';
  /** Learning rate, > 0. Required. */
  lr: number;
  /** Number of updates, an integer 0..100000. Required. */
  steps: number;
  /** Momentum coefficient in [0, 1); default 0.9. */
  beta?: number;
  /** Adam's first-moment decay in [0, 1); default 0.9. */
  beta1?: number;
  /** Adam's second-moment decay in [0, 1); default 0.999. */
  beta2?: number;
  /** Adam's epsilon (outside the square root), > 0; default 1e-8. */
  eps?: number;
}
/**
 * Extension: the optimizer's state after a call (`result.state`), given back
 * as `options.state` with the returned params to continue the same run:
 * calls of k1, k2, ... updates give exactly the numbers of one call of
 * k1 + k2 + ... (a lesson trains a few updates per frame this way).
 * `method` must match the call's; momentum keeps `v` (its velocity), Adam
 * `m` and `v` (its moments, shaped like the params), gd neither.
 */
export interface TrainState<P> {
  method: 'gd' | 'momentum' | 'adam';
  /** Updates taken so far (Adam's bias correction), an integer 0..1e7. */
  t: number;
  m?: P;
  v?: P;
}
export interface TrainAttentionData {
  /** B sequences, each an n x d matrix (every one the same shape). */
  X: Matrix[];
  /** B x n: targets[b][i] an integer class in 0..C-1 for position i. */
  targets: Matrix;
}
export interface AttentionParams {
  /** d x d_k */ Wq: Matrix;
  /** d x d_k */ Wk: Matrix;
  /** d x d_v */ Wv: Matrix;
  /** d_v x C */ Wo: Matrix;
}
export interface TrainAttentionOptions extends TrainOptions {
  /** Position i attends only to j <= i. */
  causal?: boolean;
  /** Multiplies Q K^T: any finite number; default 1 / sqrt(d_k). */
  scale?: number;
  /** A snapshot every `record` steps (k = 0, record, 2 record, ...); default none. */
  record?: number;
  /** Extension: continue a previous call's run (its result.state and params). */
  state?: TrainState<AttentionParams>;
}
/** step: the update it follows, from the run's start (a continued run: state.t + k). */
export interface AttentionSnapshot { step: number; loss: number; weights: number[][][] }
export interface TrainAttentionResult {
  /** K + 1 entries: mean cross-entropy over all B n positions. */ loss: number[];
  /** K + 1 entries: share of positions whose argmax logit is the target. */ accuracy: number[];
  /** After K updates. */ params: { Wq: number[][]; Wk: number[][]; Wv: number[][]; Wo: number[][] };
  /** B final n x n attention matrices. */ weights: number[][][];
  snapshots: AttentionSnapshot[];
  /** Extension: the run stopped at a non-finite step. */ diverged: boolean;
  /** Extension: the first update not taken, or null. */ divergedAt: number | null;
  /** Extension: the optimizer after K updates, for options.state of the next call. */
  state: TrainState<{ Wq: number[][]; Wk: number[][]; Wv: number[][]; Wo: number[][] }>;
}
export interface GatParams {
  /** F x C */ W: Matrix;
  /** 2 C */ a: Vector;
}
export interface TrainGatOptions extends TrainOptions, GatOptions {
  /** n booleans: the nodes the loss is taken over (each must be labelled); default every labelled node. */
  trainMask?: boolean[];
  /** Extension: continue a previous call's run (its result.state and params). */
  state?: TrainState<GatParams>;
}
export interface TrainGatResult {
  /** K + 1 entries: mean cross-entropy over the trainMask nodes. */ loss: number[];
  /** K + 1 entries: accuracy over the trainMask nodes. */ trainAccuracy: number[];
  /** K + 1 entries: accuracy over every labelled node. */ accuracy: number[];
  /** After K updates. */ params: { W: number[][]; a: number[] };
  /** n x n, at the final parameters. */ alpha: number[][];
  /** n argmax classes at the final parameters. */ predictions: number[];
  /** Extension: the run stopped at a non-finite step. */ diverged: boolean;
  /** Extension: the first update not taken, or null. */ divergedAt: number | null;
  /** Extension: the optimizer after K updates, for options.state of the next call. */
  state: TrainState<{ W: number[][]; a: number[] }>;
}
export interface AttnLabApi {
  /** Trains H = softmax(scale (X Wq)(X Wk)^T) (X Wv), logits = H Wo on every sequence at once. */
  trainAttention(data: TrainAttentionData, params: AttentionParams, options: TrainAttentionOptions): TrainAttentionResult;
  /** Trains one GAT layer to class logits (gat(X, A, W, a).output, n x C) from labels (-1 = unlabelled). */
  trainGat(X: Matrix, A: Matrix, labels: Vector, params: GatParams, options: TrainGatOptions): TrainGatResult;
}
