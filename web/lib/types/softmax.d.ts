export interface SoftmaxOptions {
  /** T > 0; p = softmax(z / T). Default 1. */
  temperature?: number;
}
export interface SoftmaxSteps {
  max: number; shifted: number[]; exps: number[]; sum: number; probs: number[];
}
export interface AttnLabApi {
  /** Stable softmax (shifted by max z): finite for any finite z. */
  softmax(z: Vector, options?: SoftmaxOptions): number[];
  /** Textbook exp(z/T)/sum exp(z/T) without the shift: overflows to NaN for large z (teaching). */
  softmaxNaive(z: Vector, options?: SoftmaxOptions): number[];
  /** log softmax(z / T). */
  logSoftmax(z: Vector, options?: SoftmaxOptions): number[];
  /** (diag(p) - p p^T) / T, n x n. */
  softmaxJacobian(z: Vector, options?: SoftmaxOptions): number[][];
  /** Extension: the stable softmax's intermediates (max, (z-max)/T, exp, sum, probs). */
  softmaxSteps(z: Vector, options?: SoftmaxOptions): SoftmaxSteps;
}
