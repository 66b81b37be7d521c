export interface InfoOptions {
  /** Logarithm base: 2 (bits, the default), Math.E (nats), 10, ...; must be > 0 and != 1. */
  base?: number;
}
export interface ConditionalEntropies {
  /** H(X) */ HX: number;
  /** H(Y) */ HY: number;
  /** H(X | Y) = -sum p(x,y) log p(x|y) */ HXgivenY: number;
  /** H(Y | X) */ HYgivenX: number;
  /** H(X, Y), the joint entropy */ HXY: number;
}
export interface AttnLabApi {
  /** H(P) = -sum p_i log p_i (0 log 0 = 0). p: entries >= 0 summing to 1 within 1e-9. */
  entropy(p: Vector, options?: InfoOptions): number;
  /** H(P, Q) = -sum p_i log q_i = H(P) + KL(P||Q); Infinity if some q_i = 0 < p_i. */
  crossEntropy(p: Vector, q: Vector, options?: InfoOptions): number;
  /** KL(P || Q) = sum p_i log(p_i / q_i) >= 0; Infinity if some q_i = 0 < p_i. */
  klDivergence(p: Vector, q: Vector, options?: InfoOptions): number;
  /** I(X; Y) = KL(P_XY || P_X P_Y) for joint[i][j] = P(X=i, Y=j); 0 iff independent. */
  mutualInformation(joint: Matrix, options?: InfoOptions): number;
  /** Extension: H(X), H(Y), H(X|Y), H(Y|X), H(X,Y), each from its own definition, so I = H(X) - H(X|Y) can be checked. */
  conditionalEntropy(joint: Matrix, options?: InfoOptions): ConditionalEntropies;
}
