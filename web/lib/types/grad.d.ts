// Gradients (API.md "Gradients"): each backward function returns the
// gradients of L = sum(G ⊙ Y), Y the forward function's output and G the
// upstream gradient given (as torch.autograd.grad(Y, inputs, grad_outputs=G)).
// G must have Y's shape; validation and errors as the forward function's.
export interface AttentionGradOptions {
  /** n x m; true/1 = query i may attend to key j. */
  mask?: Mask;
  /** Also forbid key j > query i. */
  causal?: boolean;
  /** Multiplies Q K^T: any finite number (0: uniform weights); default 1 / sqrt(d_k). */
  scale?: number;
}
export interface CrossEntropyResult {
  /** mean over rows of -log softmax(logits_i)[targets_i] (torch's cross_entropy, reduction 'mean') */ loss: number;
  /** row-wise softmax of logits, n x C */ probs: number[][];
  /** (probs - onehot(targets)) / n, n x C */ dLogits: number[][];
}
export interface AttentionGrads {
  dQ: number[][]; dK: number[][]; dV: number[][];
  /** dOutput V^T: the gradient at the weights, n x m */ dWeights: number[][];
  /** the gradient at the scaled scores (softmax's input), 0 at masked entries, n x m */ dScaled: number[][];
}
export interface SelfAttentionGrads { dX: number[][]; dWq: number[][]; dWk: number[][]; dWv: number[][] }
export interface GatGrads { dX: number[][]; dW: number[][]; da: number[] }
export interface AttnLabApi {
  /** J(z)^T dp = p ⊙ (dp - p·dp) / T, without forming J. z, dp: n. */
  softmaxBackward(z: Vector, dp: Vector, options?: SoftmaxOptions): number[];
  /** logits: n x C; targets: n integers in 0..C-1. */
  softmaxCrossEntropy(logits: Matrix, targets: Vector): CrossEntropyResult;
  /** Gradients of sum(dOutput ⊙ attention(Q, K, V).output). dOutput: n x d_v. */
  attentionBackward(Q: Matrix, K: Matrix, V: Matrix, dOutput: Matrix, options?: AttentionGradOptions): AttentionGrads;
  /** Gradients of sum(dOutput ⊙ selfAttention(X, Wq, Wk, Wv).output). */
  selfAttentionBackward(X: Matrix, Wq: Matrix, Wk: Matrix, Wv: Matrix, dOutput: Matrix, options?: AttentionGradOptions): SelfAttentionGrads;
  /** Gradients of sum(dOutput ⊙ gat(X, A, W, a).output). dOutput: n x f'. */
  gatBackward(X: Matrix, A: Matrix, W: Matrix, a: Vector, dOutput: Matrix, options?: GatOptions): GatGrads;
}
