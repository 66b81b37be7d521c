// Reverse mode through softmax (API.md "Gradients"): the chain rule step
// dL/dz = J(z)^T dL/dp, with J_ij = p_i (delta_ij - p_j) / T, computed
// without forming J: dz_i = p_i (dp_i - p . dp) / T.
//
//   z, dp, dz: n          logits, probs, dLogits: n x C       targets: n
#pragma once

#include <cstdint>

#include "attn/common/types.hpp"

namespace attn {

// softmaxBackward(z, dp, {temperature}): J(z)^T dp. z, dp: n.
vec softmax_backward(const vec& z, const vec& dp, double T = 1.0);

struct CrossEntropyResult {
    double loss = 0;  // mean over rows of -log softmax(logits_i)[targets_i]
    mat probs;        // row-wise softmax of logits: n x C
    mat dLogits;      // (probs - onehot(targets)) / n
};

// softmaxCrossEntropy(logits, targets): logits n x C, targets n integers in 0..C-1.
CrossEntropyResult softmax_cross_entropy(const mat& logits, const vec& targets);

// Kernels for attention, GAT and the trainers (unchecked, raw row-major):
// dS = P ⊙ (dP - rowsum(P ⊙ dP)) over a rows x cols block, P the softmax of
// each row (0 where masked, which makes dS exactly 0 there). dS may equal dP.
void softmax_rows_backward(const double* P, const double* dP, double* dS, std::size_t rows,
                           std::size_t cols);

// Checks targets (n entries, integers in 0..C-1) naming fn and the
// argument; name is e.g. "targets" or "data.targets[2]" (the caller's).
void check_targets(const std::string& fn, const std::string& name, const double* t,
                   std::size_t n, std::size_t C);

// Softmax cross-entropy of rows logits (rows x C, overwritten by their
// softmax), classes t (validated); adds -log p[t] of every row to the
// returned sum; if dL is not null, writes w (probs - onehot) to it.
double cross_entropy_rows(double* logits, const double* t, std::size_t rows, std::size_t C,
                          double w, double* dL);

}  // namespace attn
