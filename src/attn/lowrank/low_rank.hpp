// Low-rank approximation (Eckart-Young) and the two low-rank views of
// attention the chapter compares: truncating the weight matrix itself, and
// Linformer's projection of keys and values.
//   A: m x n, r in 1..min(m, n)     Ar: m x n, rank <= r
//   Q: n x d_k (queries)  K: m x d_k (keys)  V: m x d_v (values)
//   E, F: k x m (Linformer projections of the m keys / values)
#pragma once

#include <optional>

#include "attn/attention/attention.hpp"
#include "attn/common/types.hpp"
#include "attn/lowrank/svd.hpp"

namespace attn {

struct LowRankResult {
    mat Ar;                 // sum_{l < r} S_l u_l v_l^T, the best rank-r approximation
    double errorFro = 0;    // |A - Ar|_F, measured from A - Ar
    double error2 = 0;      // |A - Ar|_2 = largest singular value of A - Ar (its own SVD)
    double eyFro = 0;       // Eckart-Young prediction: sqrt(sum_{l >= r} S_l^2)
    double eySpectral = 0;  // Eckart-Young prediction: S_r (0 when r = min(m, n))
};

// Best rank-r approximation of A (public "lowRank"). r is an integer in
// 1..min(m, n) (a double so that any JS number can be checked here).
LowRankResult low_rank(const mat& A, double r);

// A rank-r truncation of a computed SVD: U[:, :r] diag(S[:r]) Vt[:r, :].
// Unchecked (r <= S.size()).
mat truncate_svd(const SvdResult& s, std::size_t r);

struct LowRankAttentionResult {
    mat weights;       // best rank-r approximation of exactWeights (n x m; rows need
                       // not sum to 1 nor stay >= 0)
    mat output;        // weights V (n x d_v)
    mat exactWeights;  // softmax(Q K^T / sqrt(d_k)) (n x m)
    mat exactOutput;   // exactWeights V (n x d_v)
    double error = 0;  // |output - exactOutput|_F
    vec S;             // singular values of exactWeights (min(n, m), descending)
};

// Public "lowRankAttention"; rank (required) in 1..min(n, m). The weight
// matrix is subject to the SVD work cap (svd_max_work).
LowRankAttentionResult low_rank_attention(const mat& Q, const mat& K, const mat& V,
                                          std::optional<double> rank);

struct LinformerResult {
    mat projectedK;  // E K: k x d_k
    mat projectedV;  // F V: k x d_v
    mat weights;     // softmax(Q (E K)^T / sqrt(d_k)): n x k
    mat output;      // weights (F V): n x d_v
};

// Public "linformerAttention". E and F are both k x m (m = keys).
LinformerResult linformer_attention(const mat& Q, const mat& K, const mat& V, const mat& E,
                                    const mat& F);

}  // namespace attn
