// The buffers of the transformer's forward and backward passes over one
// batch (B sequences of n tokens, R = B n rows, sequence b at row b n),
// allocated once: a training run reuses them for every update. Each weight
// enters one product over all R rows per pass (X Wq, Z Wo, X^T dQ, ...), as
// in trainAttention; only the n x n attention is per sequence.
//
//   x      (L + 1) x R x d   the residual stream before each layer, then x_L
//   qkvz   per head g: Q, K, V, Z = A V, each R x d_h, from qkvz_at[g]
//   att    per head g: B maps n x n, from g B n n
//   logits R x V
#pragma once

#include <cstdint>
#include <vector>

#include "attn/transformer/model.hpp"

namespace attn {

struct TransformerWorkspace {
    // backward: also the buffers of the gradient (transformer_loss_raw with a gradient).
    TransformerWorkspace(const TransformerLayout& lay, std::size_t B, std::size_t n, bool backward);

    std::size_t B, n, R;
    std::vector<double> x, qkvz, att, logits;
    std::vector<double> tmp;  // R x d: a head's output, in the backward pass a product
    std::vector<std::size_t> qkvz_at;
    std::vector<std::uint8_t> causal;  // n x n: 1 where key j <= query i
    // The loss: the logits of the counted rows (M x V, M <= R; overwritten by
    // their softmax), their targets, and the gradient at them.
    std::vector<double> ce, ce_targets, ce_grad;
    // The backward pass: the gradient at the logits, at x_{l+1} and x_l, at
    // one head's Q, K, V, Z; scratch for transposes and products; per
    // sequence dP, dS (n x n) and attention_backward_raw's own scratch.
    std::vector<double> dlogits, dX, dX_prev, dQ, dK, dV, dZ, ZT, T, dP, dS, work;
};

// The doubles a workspace holds (for the memory budget).
double transformer_workspace_doubles(const TransformerLayout& lay, std::size_t B, std::size_t n,
                                     bool backward);

// The caps of README "Limits" on a batch: R x d, R x V and the attention
// maps of every head (G B n^2) at most max_elements entries each; with
// passes > 0 (forward-pass equivalents: 1 for a forward, 3 with the
// backward pass), passes x the forward's multiply-adds at most
// max_train_work (the trainers check their own work, passes = 0).
void check_transformer_size(const std::string& fn, const TransformerLayout& lay, std::size_t B,
                            std::size_t n, double passes);

// Multiply-adds of one forward pass over B sequences of n tokens (the
// backward pass costs about twice as much).
double transformer_forward_cost(const TransformerLayout& lay, std::size_t B, std::size_t n);

}  // namespace attn
