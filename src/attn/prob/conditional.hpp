// Marginal and conditional distributions of a joint table.
//   joint: m x n, joint(i, j) = P(X = i, Y = j) (entries >= 0, sum 1 within 1e-9)
//   pX: m, pX(i) = sum_j joint(i, j)          pY: n, pY(j) = sum_i joint(i, j)
//   pXgivenY: m x n, pXgivenY(i, j) = P(X=i | Y=j) = joint(i, j) / pY(j)  (columns sum to 1)
//   pYgivenX: m x n, pYgivenX(i, j) = P(Y=j | X=i) = joint(i, j) / pX(i)  (rows sum to 1)
// Convention: where the conditioning event has probability 0 (pY(j) = 0 or
// pX(i) = 0) the conditional is undefined; its entries are reported as 0,
// so such a column / row sums to 0 instead of 1.
#pragma once

#include "attn/common/types.hpp"

namespace attn {

struct Conditionals {
    vec pX;        // m
    vec pY;        // n
    mat pXgivenY;  // m x n, [i][j] = P(X=i | Y=j)
    mat pYgivenX;  // m x n, [i][j] = P(Y=j | X=i)
};

Conditionals conditional(const mat& joint);

}  // namespace attn
