// The attention-only transformer of API.md "Transformers" (Elhage et al.
// 2021: no MLP, no LayerNorm): its parameters, their checks, and their flat
// layout theta, which the forward and backward passes, the gradients and
// the optimizer share.
//
//   V vocabulary, P longest sequence, d model width, L layers
//   embed: V x d   pos: P x d   unembed: d x V
//   layers[l][h] = {Wq, Wk, Wv: d x d_h(l), Wo: d_h(l) x d}   (H(l) heads)
//   theta = [embed | pos | per layer, per head: Wq Wk Wv Wo | unembed]
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attn/common/types.hpp"

namespace attn {

constexpr std::size_t max_transformer_layers = 16;
constexpr std::size_t max_layer_heads = 16;  // per layer, as multiHeadAttention's heads
constexpr std::size_t max_token_sequences = 1024;  // B, as trainAttention's
// Entries of all the parameters together: every array of one call together
// is capped at 2^24 entries (README "Limits").
constexpr std::size_t max_transformer_params = std::size_t{1} << 24;

struct TransformerHead {
    mat Wq, Wk, Wv, Wo;
};

struct TransformerParams {
    mat embed, pos;
    std::vector<std::vector<TransformerHead>> layers;  // [l][h]
    mat unembed;
};

// The options every transformer call takes.
struct TransformerOptions {
    std::optional<double> scale;  // default 1 / sqrt(d_h) of each layer; any finite number
    mat ablate;                   // k x 2 rows [layer, head] left out of the residual stream
};

// The shapes of a checked model and where each matrix lives in theta.
struct TransformerLayout {
    std::size_t V = 0, P = 0, d = 0, L = 0;
    std::vector<std::size_t> heads, dh;  // per layer
    std::vector<std::size_t> first;      // per layer: the index g of its head 0 among all heads
    std::vector<std::size_t> at;         // per head g: offset of its Wq (Wk, Wv, Wo follow)
    std::vector<std::size_t> layer_of;   // per head g
    std::size_t pos = 0, unembed = 0, size = 0;
    std::size_t count() const { return at.size(); }  // heads in all
    std::size_t wk(std::size_t g) const { return at[g] + d * dh[layer_of[g]]; }
    std::size_t wv(std::size_t g) const { return at[g] + 2 * d * dh[layer_of[g]]; }
    std::size_t wo(std::size_t g) const { return at[g] + 3 * d * dh[layer_of[g]]; }
};

// Checks every matrix of the model (finite, shapes agreeing, caps) naming
// fn and `name` ("params"); returns its layout.
TransformerLayout check_transformer(const std::string& fn, const TransformerParams& p,
                                    const std::string& name = "params");
// Checks that M (e.g. "state.m") has the shapes of the model p laid out as lay.
void check_same_shapes(const std::string& fn, const std::string& name, const TransformerParams& M,
                       const TransformerParams& p);

std::vector<double> flatten(const TransformerParams& p, const TransformerLayout& lay);
TransformerParams unflatten(const double* theta, const TransformerLayout& lay);

// A checked batch: B sequences of n tokens (flat, row b at b n).
struct TokenBatch {
    std::size_t B = 0, n = 0;
    std::vector<std::size_t> tokens;
};

// tokens: B x n integers in 0..V-1 with 1 <= n <= P and B <= max_token_sequences.
TokenBatch check_tokens(const std::string& fn, const std::string& name, const mat& tokens,
                        const TransformerLayout& lay);
// targets: B x n, each in 0..V-1 or -1 (ignored); at least one not ignored.
// Returns them as integers (-1 kept).
std::vector<long> check_token_targets(const std::string& fn, const mat& targets,
                                      const TokenBatch& batch, std::size_t V);

// Per head g: 1 if ablated. ablate: k x 2 [layer, head] pairs of existing heads.
std::vector<std::uint8_t> check_ablate(const std::string& fn, const mat& ablate,
                                       const TransformerLayout& lay);
// Per layer: the scale of its scores (option scale, checked finite, or 1/sqrt(d_h)).
std::vector<double> layer_scales(const std::string& fn, const std::optional<double>& scale,
                                 const TransformerLayout& lay);

}  // namespace attn
