// Sparse (sliding-window, banded) attention: query i attends only to the
// keys j with |i - j| <= window, so the work is O(n * window * d) instead
// of O(n * m * d). The loops run over the band only; the full Q K^T is
// never formed.
//   Q: n x d_k (queries)   K: m x d_k (keys)   V: m x d_v (values)
//   scores, scaled, weights: n x m (dense for the lesson; outside the band
//   scores and weights are 0 and scaled is -Infinity)   output: n x d_v
// With window >= max(n, m) this is exactly attention(Q, K, V): same
// kernels (gemm_nt, softmax_rows_inplace, gemm_nn) in the same order.
#pragma once

#include <optional>
#include <string>

#include "attn/attention/attention.hpp"
#include "attn/common/types.hpp"

namespace attn {

// Public "sparseAttention". window (required) is an integer >= 1; the
// scale is 1 / sqrt(d_k). A query with no key inside its band (i > m - 1 +
// window) is an error, as a fully masked row is for attention.
AttentionSteps sparse_attention(const mat& Q, const mat& K, const mat& V,
                                std::optional<double> window);

// Unchecked fast path (timing, large n): output only, out: n x d_v
// row-major, O(n (2 window + 1) d) time and O(window) extra memory. Inputs
// are row-major raw arrays; callers validate. Throws invalid_input naming
// fn if a row has no key in its band.
void sparse_attention_output(const std::string& fn, const double* Q, const double* K,
                             const double* V, double* out, std::size_t n, std::size_t m,
                             std::size_t dk, std::size_t dv, std::size_t window, double scale);

}  // namespace attn
