// Linear attention (Katharopoulos et al. 2020, "Transformers are RNNs"):
// the softmax kernel exp(q.k) replaced by phi(q).phi(k) with
// phi(x) = elu(x) + 1 (x + 1 for x > 0, e^x otherwise: always > 0), so
// the product can be reassociated:
//   left   (phiQ phiK^T) V, each row divided by its sum: n x m weights,
//          O(n m d) work (as softmax attention);
//   right  phiQ (phiK^T V) / (phiQ sum_j phi(k_j)): a d_k x d_v state,
//          O((n + m) d_k d_v) work and no n x m matrix.
// Causal (key j <= query i): the right order keeps running sums
//   S_i = S_{i-1} + phi(k_i)^T v_i,  z_i = z_{i-1} + phi(k_i)
// and output_i = phi(q_i) S_i / (phi(q_i) . z_i), an RNN.
//   Q: n x d_k   K: m x d_k   V: m x d_v
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "attn/common/types.hpp"

namespace attn {

struct LinearAttentionOptions {
    bool causal = false;
    std::optional<std::string> order;  // 'left' | 'right' (default 'right')
};

struct LinearAttentionResult {
    mat output;     // n x d_v, computed in the chosen order
    mat featuresQ;  // phi(Q), n x d_k
    mat featuresK;  // phi(K), m x d_k
    mat weights;    // n x m, row i: phi(q_i).phi(k_j) / sum_j' (causal: j, j' <= i; 0 above)
    mat state;      // phiK^T V, d_k x d_v (causal: S of the last query, j <= min(n, m) - 1)
    vec normalizer; // sum_j phi(k_j), d_k (causal: z of the last query, the same keys)
};

// Public "linearAttention". Q, K, V finite; K and Q the same d_k, V as many
// rows as K; n m <= max_elements (the weights are returned). A row whose
// denominator phi(q_i).z underflows below the smallest normal double (Q and K entries below about -350) or a
// result that overflows is an error.
LinearAttentionResult linear_attention(const mat& Q, const mat& K, const mat& V,
                                       const LinearAttentionOptions& opt = {});

// Unchecked output-only kernels for timing (row-major raw arrays, n = m,
// d_k = d_v = d, not causal): left forms 32 rows of phiQ phiK^T at a time,
// right the d x d state. work is resized as needed.
void linear_attention_left(const double* Q, const double* K, const double* V, double* out,
                           std::size_t n, std::size_t d, std::vector<double>& work);
void linear_attention_right(const double* Q, const double* K, const double* V, double* out,
                            std::size_t n, std::size_t d, std::vector<double>& work);

}  // namespace attn
