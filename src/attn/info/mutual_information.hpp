// Mutual information and the conditional entropies of a joint table.
//   joint: m x n, joint(i, j) = P(X=i, Y=j) (entries >= 0, sum 1 within 1e-9)
//   pX(i) = sum_j joint(i, j),  pY(j) = sum_i joint(i, j)
//   I(X; Y)  = sum_ij joint(i,j) log(joint(i,j) / (pX(i) pY(j)))
//            = KL(P_XY || P_X P_Y) >= 0, and 0 exactly when X, Y are independent
//   H(X|Y)   = - sum_ij joint(i,j) log(joint(i,j) / pY(j)),  likewise H(Y|X)
//   I(X; Y)  = H(X) - H(X|Y) = H(Y) - H(Y|X) = H(X) + H(Y) - H(X,Y)
// Logarithms to `base` (default 2), as in info/entropy.hpp; 0 log 0 = 0.
#pragma once

#include "attn/common/types.hpp"

namespace attn {

// I(X; Y) computed from its definition. joint: m x n -> scalar.
double mutual_information(const mat& joint, double base = 2.0);

// Each quantity computed from its own definition (not from the others), so
// the lesson can check the identities above numerically.
struct ConditionalEntropies {
    double HX = 0;        // H(X)
    double HY = 0;        // H(Y)
    double HXgivenY = 0;  // H(X | Y)
    double HYgivenX = 0;  // H(Y | X)
    double HXY = 0;       // H(X, Y), the joint entropy
};
ConditionalEntropies conditional_entropy(const mat& joint, double base = 2.0);

}  // namespace attn
