// Reverse mode through one GAT head (API.md "Gradients"): the gradients of
// L = sum(dOutput ⊙ gat(X, A, W, a).output).
//
//   X: n x f   W: f x f'   a: 2 f' (a_1 | a_2)   Wh, output, dOutput: n x f'
//   alpha, dAlpha, de: n x n   src, dst, dsrc, ddst: n
//
// Passes (forward: Wh = X W, x_ij = src_i + dst_j, e = LeakyReLU(x) on
// edges, alpha = softmax_rows(e), output = alpha Wh):
//   1. dAlpha = dO Wh^T            2. dWh = alpha^T dO
//   3. de = alpha ⊙ (dAlpha - rowsum(alpha ⊙ dAlpha))   (0 off the graph)
//   4. dx_ij = de_ij (1 if x_ij > 0 else slope)   (torch's LeakyReLU gradient)
//   5. dsrc_i = sum_j dx_ij, ddst_j = sum_i dx_ij;  da_1 = Wh^T dsrc, da_2 = Wh^T ddst;
//      dWh_i += dsrc_i a_1 + ddst_i a_2
//   6. dW = X^T dWh,  dX = dWh W^T
#pragma once

#include <cstdint>
#include <vector>

#include "attn/graph/gat.hpp"

namespace attn {

struct GatGrads {
    mat dX;  // n x f
    mat dW;  // f x f'
    vec da;  // 2 f'
};

// gatBackward(X, A, W, a, dOutput, {negativeSlope, selfLoops}).
GatGrads gat_backward(const mat& X, const mat& A, const mat& W, const vec& a, const mat& dOutput,
                      const GatOptions& opt = {});

// Unchecked kernel (shared with trainGat): passes 1-6 from the forward steps
// s; dX may be null (not needed); dW: f x f', da: 2 f'; work is scratch.
void gat_backward_raw(const double* X, const double* W, const double* a, const GatSteps& s,
                      const double* dO, std::size_t f, double slope, double* dX, double* dW,
                      double* da, std::vector<double>& work);

}  // namespace attn
