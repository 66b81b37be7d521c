// transformerForward (API.md "Transformers"): the attention-only model on a
// batch of token sequences.
//
//   tokens: B x n (n <= P)      x_0[i] = embed[t_i] + pos[i]          (n x d)
//   per layer l, head h:        A_lh = softmax(scale (x_l Wq)(x_l Wk)^T), causal
//                               x_{l+1} = x_l + sum_h A_lh (x_l Wv) Wo   (ablated heads left out)
//   logits = x_L unembed        (n x V)
#pragma once

#include <cstdint>
#include <vector>

#include "attn/transformer/model.hpp"
#include "attn/transformer/workspace.hpp"

namespace attn {

struct TransformerForwardResult {
    std::vector<mat> logits;                            // B matrices n x V
    std::vector<std::vector<std::vector<mat>>> attention;  // [b][l][h] n x n
};

// transformerForward(tokens, params, {scale, ablate}). tokens: B x n.
TransformerForwardResult transformer_forward(const mat& tokens, const TransformerParams& params,
                                             const TransformerOptions& opt = {});

// The forward pass at theta into w (unchecked: the caller validated the
// model, tokens (B n entries), scales (per layer) and ablated (per head)).
// Returns false when the attention scores overflowed (the softmax of
// Infinity is not taken); the logits may still be non-finite.
bool transformer_forward_raw(const TransformerLayout& lay, const double* theta,
                             const std::size_t* tokens, const std::vector<double>& scales,
                             const std::uint8_t* ablated, TransformerWorkspace& w);

// The n x n attention map of sequence b, head g, as a matrix.
mat attention_map(const TransformerWorkspace& w, std::size_t g, std::size_t b);

}  // namespace attn
