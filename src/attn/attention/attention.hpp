// Scaled dot-product attention, step by step (the chapter's
// Attention = softmax(Q K^T / sqrt(d_k)) V), plus self- and multi-head
// attention built from it.
//   Q: n x d_k (queries)   K: m x d_k (keys)   V: m x d_v (values)
//   scores, scaled, weights: n x m        output: n x d_v
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "attn/common/types.hpp"
#include "attn/linalg/matmul.hpp"  // Precision

namespace attn {

struct AttentionOptions {
    // n x m, 1 = "query i may attend to key j". Empty (size 0) = no mask.
    xt::xtensor<std::uint8_t, 2> mask;
    bool causal = false;           // also forbid key j > query i
    std::optional<double> scale;   // default 1 / sqrt(d_k)
    // float32: every product (projections, Q K^T, weights V, concat Wo) and
    // the softmax in float, results widened to double.
    Precision precision = Precision::float64;
};

struct AttentionSteps {
    mat scores;   // 1. Q K^T
    mat scaled;   // 2. scores * scale, masked entries -Infinity
    mat weights;  // 3. row-wise softmax of scaled (rows sum to 1)
    mat output;   // 4. weights V
};

AttentionSteps attention(const mat& Q, const mat& K, const mat& V,
                         const AttentionOptions& opt = {});
// The same under the public name fn, for functions built on attention
// (lowRankAttention, linformerAttention): its messages start with "fn: ".
AttentionSteps attention_named(const std::string& fn, const mat& Q, const mat& K, const mat& V,
                               const AttentionOptions& opt = {});

struct SelfAttentionSteps {
    mat Q, K, V;         // X Wq, X Wk, X Wv
    AttentionSteps att;  // attention(Q, K, V)
};

// X: n x d, Wq, Wk: d x d_k, Wv: d x d_v.
SelfAttentionSteps self_attention(const mat& X, const mat& Wq, const mat& Wk, const mat& Wv,
                                  const AttentionOptions& opt = {});

// The same under the public name fn (selfAttentionBackward); X checked by the caller.
SelfAttentionSteps self_attention_as(const std::string& fn, const mat& X, const mat& Wq,
                                     const mat& Wk, const mat& Wv, const AttentionOptions& opt);

struct HeadWeights {
    mat Wq, Wk, Wv;
};

struct MultiHeadSteps {
    std::vector<SelfAttentionSteps> heads;
    mat concat;  // n x (sum of the heads' d_v)
    mat output;  // concat Wo: n x d_out
};

// Wo: (sum of d_v) x d_out. At most max_heads heads.
constexpr std::size_t max_heads = 16;
MultiHeadSteps multi_head_attention(const mat& X, const std::vector<HeadWeights>& heads,
                                    const mat& Wo, const AttentionOptions& opt = {});

}  // namespace attn
