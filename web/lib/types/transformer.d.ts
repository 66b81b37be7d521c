// Transformers (API.md "Transformers"): an attention-only transformer (no
// MLP, no LayerNorm; Elhage et al. 2021) on integer tokens. Per sequence of
// tokens t_0..t_{n-1} (n <= P): x_0[i] = embed[t_i] + pos[i]; per layer
// x_{l+1} = x_l + sum_h A_lh (x_l Wv) Wo with A_lh = softmax(scale (x_l Wq)
// (x_l Wk)^T), always causal; logits = x_L unembed (n x V).
// Limits: B <= 1024 sequences; <= 16 layers of <= 16 heads; B n d, B n V and
// the attention maps of every head (heads x B x n^2) <= 4194304 entries; the
// parameters <= 16777216 entries; one call's multiply-adds <= 2^30.
export interface TransformerHead {
  /** d x d_h */ Wq: Matrix;
  /** d x d_h */ Wk: Matrix;
  /** d x d_h */ Wv: Matrix;
  /** d_h x d */ Wo: Matrix;
}
export interface TransformerParams {
  /** V x d */ embed: Matrix;
  /** P x d: P is the longest sequence the model takes. */ pos: Matrix;
  /** layers[l][h]: every head of a layer has the same d_h; layers may differ in head count. */
  layers: TransformerHead[][];
  /** d x V */ unembed: Matrix;
}
/** The same parameters as plain arrays (results). */
export interface TransformerParamsResult {
  embed: number[][];
  pos: number[][];
  layers: { Wq: number[][]; Wk: number[][]; Wv: number[][]; Wo: number[][] }[][];
  unembed: number[][];
}
export interface TransformerOptions {
  /** Multiplies the scores: any finite number; default 1 / sqrt(d_h) of each layer. */
  scale?: number;
  /** [layer, head] pairs whose output is left out of the residual stream (their pattern is still computed). */
  ablate?: number[][];
}
export interface TransformerData {
  /** B sequences of n integer tokens in 0..V-1 (every one the same n <= P). */
  tokens: Matrix;
  /** B x n: targets[b][i] an integer token in 0..V-1, or -1 (ignored). */
  targets: Matrix;
}
export interface TransformerForwardResult {
  /** B matrices n x V. */ logits: number[][][];
  /** attention[b][l][h]: n x n, causal. */ attention: number[][][][][];
}
export interface TransformerLossResult {
  /** Mean cross-entropy over the positions whose target is not -1. */ loss: number;
  /** Share of those positions whose argmax logit is the target. */ accuracy: number;
  /** Shaped like params (= torch.autograd.grad; 0 for an ablated head). */ grads: TransformerParamsResult;
}
export interface TrainTransformerOptions extends TrainOptions, TransformerOptions {
  /** Parameters kept fixed, among 'embed', 'pos', 'unembed' (their moments stay as they are too). */
  freeze?: ('embed' | 'pos' | 'unembed')[];
  /** A snapshot every `record` steps (k = 0, record, 2 record, ...); default none. */
  record?: number;
  /** Continue a previous call's run (its result.state and params). */
  state?: TrainState<TransformerParams>;
}
/** step: from the run's start (a continued run: state.t + k); attention[l][h]: data's first sequence, n x n. */
export interface TransformerSnapshot { step: number; loss: number; attention: number[][][][] }
export interface TrainTransformerResult {
  /** K + 1 entries: the loss after k updates. */ loss: number[];
  /** K + 1 entries: the accuracy after k updates. */ accuracy: number[];
  /** After K updates. */ params: TransformerParamsResult;
  /** The optimizer after K updates, for options.state of the next call. */ state: TrainState<TransformerParamsResult>;
  /** The run stopped at a non-finite step. */ diverged: boolean;
  /** The first update not taken, or null. */ divergedAt: number | null;
  snapshots: TransformerSnapshot[];
}
export interface HeadScoresResult {
  /** [l][h]: mean over queries i >= 1 (and the B sequences) of A[i][i-1]; NaN when n = 1. */
  previousToken: number[][];
  /** [l][h]: mean over queries that have one of the weight on keys j <= i with t_{j-1} = t_i; NaN when none has. */
  prefixMatch: number[][];
  /** [l][h]: mean over queries i >= 1 of A[i][0] (a "sink" on the first token); NaN when n = 1. */
  firstToken: number[][];
  /** [l][h]: mean over queries that have one of the weight on earlier keys j < i with t_j = t_i; NaN when none has. */
  sameToken: number[][];
}
export interface AttnLabApi {
  /** Logits and every head's attention of the attention-only transformer on B token sequences. */
  transformerForward(tokens: Matrix, params: TransformerParams, options?: TransformerOptions): TransformerForwardResult;
  /** Next-token cross-entropy (targets -1 ignored), accuracy and every gradient. */
  transformerLoss(data: TransformerData, params: TransformerParams, options?: TransformerOptions): TransformerLossResult;
  /** Trains the transformer full-batch with the chapter's optimizers (gd, momentum, Adam). */
  trainTransformer(data: TransformerData, params: TransformerParams, options: TrainTransformerOptions): TrainTransformerResult;
  /** Previous-token, prefix-match (induction), first-token and same-token scores of every head, pooled over the B sequences. */
  headScores(tokens: Matrix, attention: Matrix[][][]): HeadScoresResult;
}
