// transformerLoss (API.md "Transformers"): the mean cross-entropy of the
// next-token logits over the positions whose target is not -1 (torch
// cross_entropy(..., ignore_index=-1)), the share of them whose argmax
// logit is the target, and the gradient of the loss at every parameter
// (= torch.autograd.grad; 0 for an ablated head and for the rows of pos
// beyond n).
//
// Backward passes, from dlogits = (softmax - onehot) / M on counted rows:
//   1. d unembed = x_L^T dlogits;  dx_L = dlogits unembed^T
//   2. per layer l = L-1..0, head h (not ablated), with dx = dx_{l+1}:
//        dWo = Z^T dx,  dZ = dx Wo^T,  per sequence attention_backward_raw
//        -> dQ, dK, dV;  dWq = x_l^T dQ (and Wk, Wv);
//        dx_l = dx + sum_h dQ Wq^T + dK Wk^T + dV Wv^T
//   3. d embed[t_i] += dx_0[i];  d pos[i] += dx_0[i]
#pragma once

#include <vector>

#include "attn/transformer/model.hpp"
#include "attn/transformer/workspace.hpp"

namespace attn {

struct TransformerLossResult {
    double loss = 0;
    double accuracy = 0;
    TransformerParams grads;  // shaped like params
};

// transformerLoss({tokens, targets}, params, {scale, ablate}). tokens,
// targets: B x n (targets -1: ignored).
TransformerLossResult transformer_loss(const mat& tokens, const mat& targets,
                                       const TransformerParams& params,
                                       const TransformerOptions& opt = {});

struct TokenLoss {
    double loss = 0;           // NaN when the forward pass overflowed
    std::size_t correct = 0;   // counted positions whose argmax logit is the target
};

// The counted rows of a batch: their indices and targets (as doubles).
struct CountedRows {
    std::vector<std::size_t> rows;
    std::vector<double> targets;
};
CountedRows counted_rows(const std::vector<long>& targets);

// The forward pass at theta into w (transformer_forward_raw), the loss and,
// with grad (lay.size entries, overwritten), its gradient. Unchecked.
TokenLoss transformer_loss_raw(const TransformerLayout& lay, const double* theta,
                               const std::size_t* tokens, const CountedRows& counted,
                               const std::vector<double>& scales, const std::uint8_t* ablated,
                               TransformerWorkspace& w, double* grad);

}  // namespace attn
