export interface Moments {
  /** E[X] */ mean: number;
  /** E[X^2] */ meanOfSquares: number;
  /** E[(X - E[X])^2], never negative */ varianceCentral: number;
  /** E[X^2] - E[X]^2: equal in exact arithmetic, loses digits when |E[X]| >> sd */ varianceShortcut: number;
}
export interface Conditionals {
  /** m, pX[i] = P(X=i) = sum_j joint[i][j] */ pX: number[];
  /** n, pY[j] = P(Y=j) = sum_i joint[i][j] */ pY: number[];
  /** m x n, [i][j] = P(X=i | Y=j); columns sum to 1 (a column with P(Y=j) = 0 is all 0) */ pXgivenY: number[][];
  /** m x n, [i][j] = P(Y=j | X=i); rows sum to 1 (a row with P(X=i) = 0 is all 0) */ pYgivenX: number[][];
}
export interface AttnLabApi {
  /** E[X] = sum_i p_i x_i. p: entries >= 0 summing to 1 within 1e-9, same length as x. */
  expectation(x: Vector, p: Vector): number;
  /** Var[X] = sum_i p_i (x_i - E[X])^2. Same input rules as expectation. */
  variance(x: Vector, p: Vector): number;
  /** Extension: the variance both ways, E[(X-EX)^2] and E[X^2] - E[X]^2, with E[X] and E[X^2]. */
  moments(x: Vector, p: Vector): Moments;
  /** Marginals and conditionals of joint[i][j] = P(X=i, Y=j) (entries >= 0, sum 1 within 1e-9). */
  conditional(joint: Matrix): Conditionals;
}
