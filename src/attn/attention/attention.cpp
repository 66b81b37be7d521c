#include "attn/attention/attention.hpp"

#include <cmath>
#include <limits>

#include "attn/common/check.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

namespace {

// Validates inputs and options under the public name fn.
void check_attention(const std::string& fn, const mat& Q, const mat& K, const mat& V,
                     const AttentionOptions& opt) {
    check_matrix(fn, "Q", Q);
    check_matrix(fn, "K", K);
    check_matrix(fn, "V", V);
    if (K.shape(1) != Q.shape(1))
        fail(fn, "K has " + std::to_string(K.shape(1)) + " columns but Q has " +
                     std::to_string(Q.shape(1)) + " (queries and keys need the same d_k)");
    if (V.shape(0) != K.shape(0))
        fail(fn, "V has " + std::to_string(V.shape(0)) + " rows but K has " +
                     std::to_string(K.shape(0)) + " (one value per key)");
    if (Q.shape(0) * K.shape(0) > max_elements)
        fail(fn, "the " + std::to_string(Q.shape(0)) + " x " + std::to_string(K.shape(0)) +
                     " weight matrix is larger than the limit of " +
                     std::to_string(max_elements) + " entries");
    if (opt.mask.size() != 0 &&
        (opt.mask.shape(0) != Q.shape(0) || opt.mask.shape(1) != K.shape(0)))
        fail(fn, "mask is " + std::to_string(opt.mask.shape(0)) + " x " +
                     std::to_string(opt.mask.shape(1)) + " but must be " +
                     std::to_string(Q.shape(0)) + " x " + std::to_string(K.shape(0)) +
                     " (queries x keys)");
    if (opt.scale && (!std::isfinite(*opt.scale) || *opt.scale <= 0))
        fail(fn, "scale must be a positive finite number, got " + num_str(*opt.scale));
}

AttentionSteps attention_unchecked(const std::string& fn, const mat& Q, const mat& K,
                                   const mat& V, const AttentionOptions& opt) {
    const std::size_t n = Q.shape(0), m = K.shape(0), dk = Q.shape(1), dv = V.shape(1);
    const double scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));
    AttentionSteps s;

    // 1. scores = Q K^T (n x m)
    s.scores = xt::empty<double>({n, m});
    gemm_nt(Q.data(), K.data(), s.scores.data(), n, dk, m);
    for (std::size_t i = 0; i < n * m; ++i)
        if (!std::isfinite(s.scores.data()[i]))
            fail(fn, "Q K^T overflows at (" + std::to_string(i / m) + ", " +
                         std::to_string(i % m) + "): scale Q and K down");

    // Which entries may receive weight: the mask and the causal rule together.
    std::vector<std::uint8_t> allowed;
    if (opt.mask.size() != 0 || opt.causal) {
        allowed.assign(n * m, 1);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < m; ++j) {
                const bool ok_mask = opt.mask.size() == 0 || opt.mask(i, j) != 0;
                const bool ok_causal = !opt.causal || j <= i;
                allowed[i * m + j] = ok_mask && ok_causal;
            }
    }

    // 2. scaled = scores * scale, masked entries -Infinity
    s.scaled = s.scores * scale;
    for (std::size_t i = 0; i < n * m; ++i)  // a large custom scale can overflow
        if ((allowed.empty() || allowed[i]) && !std::isfinite(s.scaled.data()[i]))
            fail(fn, "Q K^T * scale overflows at (" + std::to_string(i / m) + ", " +
                         std::to_string(i % m) + "): use a smaller scale");
    if (!allowed.empty())
        for (std::size_t i = 0; i < n * m; ++i)
            if (!allowed[i]) s.scaled.data()[i] = -std::numeric_limits<double>::infinity();

    // 3. weights = row-wise softmax (masked entries exactly 0)
    s.weights = s.scaled;
    softmax_rows_inplace(fn, s.weights.data(), n, m, allowed.empty() ? nullptr : allowed.data());

    // 4. output = weights V (n x d_v)
    s.output = xt::empty<double>({n, dv});
    gemm_nn(s.weights.data(), V.data(), s.output.data(), n, m, dv);
    return s;
}

void check_weight(const std::string& fn, const std::string& name, const mat& W, std::size_t rows) {
    check_matrix(fn, name.c_str(), W);
    if (W.shape(0) != rows)
        fail(fn, name + " has " + std::to_string(W.shape(0)) + " rows but X has " +
                     std::to_string(rows) + " columns");
}

SelfAttentionSteps self_attention_named(const std::string& fn, const std::string& prefix,
                                        const mat& X, const mat& Wq, const mat& Wk,
                                        const mat& Wv, const AttentionOptions& opt) {
    const std::size_t d = X.shape(1), n = X.shape(0);
    check_weight(fn, prefix + "Wq", Wq, d);
    check_weight(fn, prefix + "Wk", Wk, d);
    check_weight(fn, prefix + "Wv", Wv, d);
    if (Wk.shape(1) != Wq.shape(1))
        fail(fn, prefix + "Wk has " + std::to_string(Wk.shape(1)) + " columns but " + prefix +
                     "Wq has " + std::to_string(Wq.shape(1)) + " (queries and keys need the same d_k)");
    SelfAttentionSteps s;
    s.Q = xt::empty<double>({n, Wq.shape(1)});
    s.K = xt::empty<double>({n, Wk.shape(1)});
    s.V = xt::empty<double>({n, Wv.shape(1)});
    gemm_nn(X.data(), Wq.data(), s.Q.data(), n, d, Wq.shape(1));
    gemm_nn(X.data(), Wk.data(), s.K.data(), n, d, Wk.shape(1));
    gemm_nn(X.data(), Wv.data(), s.V.data(), n, d, Wv.shape(1));
    check_attention(fn, s.Q, s.K, s.V, opt);  // catches overflow in the projections
    s.att = attention_unchecked(fn, s.Q, s.K, s.V, opt);
    return s;
}

}  // namespace

AttentionSteps attention(const mat& Q, const mat& K, const mat& V, const AttentionOptions& opt) {
    check_attention("attention", Q, K, V, opt);
    return attention_unchecked("attention", Q, K, V, opt);
}

SelfAttentionSteps self_attention(const mat& X, const mat& Wq, const mat& Wk, const mat& Wv,
                                  const AttentionOptions& opt) {
    check_matrix("selfAttention", "X", X);
    return self_attention_named("selfAttention", "", X, Wq, Wk, Wv, opt);
}

MultiHeadSteps multi_head_attention(const mat& X, const std::vector<HeadWeights>& heads,
                                    const mat& Wo, const AttentionOptions& opt) {
    const std::string fn = "multiHeadAttention";
    check_matrix(fn, "X", X);
    if (heads.empty()) fail(fn, "heads is empty (give at least one {Wq, Wk, Wv})");
    if (heads.size() > max_heads)
        fail(fn, "has " + std::to_string(heads.size()) + " heads, more than the limit " +
                     std::to_string(max_heads));
    MultiHeadSteps out;
    std::size_t total_dv = 0;
    for (std::size_t h = 0; h < heads.size(); ++h) {
        const std::string prefix = "heads[" + std::to_string(h) + "].";
        out.heads.push_back(
            self_attention_named(fn, prefix, X, heads[h].Wq, heads[h].Wk, heads[h].Wv, opt));
        total_dv += heads[h].Wv.shape(1);
    }
    check_matrix(fn, "Wo", Wo);
    if (Wo.shape(0) != total_dv)
        fail(fn, "Wo has " + std::to_string(Wo.shape(0)) +
                     " rows but the concatenated heads have " + std::to_string(total_dv) +
                     " columns");
    // concat: the heads' outputs side by side, head 0 first.
    const std::size_t n = X.shape(0);
    out.concat = xt::empty<double>({n, total_dv});
    std::size_t col = 0;
    for (const auto& h : out.heads) {
        const std::size_t dv = h.att.output.shape(1);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < dv; ++j) out.concat(i, col + j) = h.att.output(i, j);
        col += dv;
    }
    out.output = xt::empty<double>({n, Wo.shape(1)});
    gemm_nn(out.concat.data(), Wo.data(), out.output.data(), n, total_dv, Wo.shape(1));
    return out;
}

}  // namespace attn
