#include "attn/attention/attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "attn/common/check.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

namespace {

// The options against an n x m weight matrix, under the public name fn.
void check_options(const std::string& fn, std::size_t n, std::size_t m, const AttentionOptions& opt) {
    if (n * m > max_elements)
        fail(fn, "the ", n, " x ", m, " weight matrix is larger than the limit of ", max_elements,
             " entries");
    if (opt.mask.size() != 0 && (opt.mask.shape(0) != n || opt.mask.shape(1) != m))
        fail(fn, "mask is ", opt.mask.shape(0), " x ", opt.mask.shape(1), " but must be ", n, " x ",
             m, " (queries x keys)");
    // Any finite scale, as torch's scaled_dot_product_attention: 0 gives
    // uniform weights over the allowed keys, a negative one reverses the preferences.
    if (opt.scale && !std::isfinite(*opt.scale))
        fail(fn, "scale must be a finite number, got ", *opt.scale);
}

// Validates inputs and options under the public name fn.
void check_attention(const std::string& fn, const mat& Q, const mat& K, const mat& V,
                     const AttentionOptions& opt) {
    check_qkv(fn, Q, K, V);
    check_options(fn, Q.shape(0), K.shape(0), opt);
}

// Memory, in bytes, for check_memory (what the code below allocates; the
// binding copies every input into wasm memory and moves the results out
// without copies, src/bindings/convert.cpp).
using bytes_t = std::uint64_t;
bytes_t doubles(std::size_t r, std::size_t c) { return bytes_t{8} * r * c; }
bytes_t floats(std::size_t r, std::size_t c) { return bytes_t{4} * r * c; }

// What one attention pass allocates besides its inputs: kept = the four
// steps returned (scores, scaled, weights: n x m; output: n x d_v);
// transient = freed before it returns (the n x m bytes of allowed entries
// with a mask or causal; for float32 the float copies of Q, K, V and the
// four float steps, alive while the steps are widened to double).
struct Footprint {
    bytes_t kept = 0, transient = 0;
};
Footprint attention_footprint(std::size_t n, std::size_t m, std::size_t dk, std::size_t dv,
                              const AttentionOptions& opt) {
    Footprint f;
    f.kept = 3 * doubles(n, m) + doubles(n, dv);
    if (opt.mask.size() != 0 || opt.causal) f.transient += bytes_t{n} * m;
    if (opt.precision == Precision::float32)
        f.transient += floats(n, dk) + floats(m, dk) + floats(m, dv) + 3 * floats(n, m) + floats(n, dv);
    return f;
}

// Self-attention of X (n x d) through Wq, Wk (d x d_k), Wv (d x d_v), besides
// X and the weights: kept = Q, K, V and the attention steps; transient = the
// attention's, plus, for float32, the float copies of one product X W (X, W,
// the float result), freed before the attention starts (counted on top, as the
// holes they leave may not fit the attention's blocks).
Footprint self_attention_footprint(std::size_t n, std::size_t d, std::size_t dk, std::size_t dv,
                                   const AttentionOptions& opt) {
    Footprint f = attention_footprint(n, n, dk, dv, opt);
    f.kept += 2 * doubles(n, dk) + doubles(n, dv);
    const std::size_t e = std::max(dk, dv);
    if (opt.precision == Precision::float32) f.transient += floats(n, d) + floats(d, e) + floats(n, e);
    return f;
}

bytes_t weights_bytes(const mat& Wq, const mat& Wk, const mat& Wv) {
    return doubles(Wq.shape(0), Wq.shape(1)) + doubles(Wk.shape(0), Wk.shape(1)) +
           doubles(Wv.shape(0), Wv.shape(1));
}

template <class T>
using tmat = xt::xtensor<T, 2>;

template <class T>
mat widen(tmat<T>&& x) {
    if constexpr (std::is_same_v<T, double>) return std::move(x);
    else return to_float64(x);
}

// The four steps in T (double, or float for precision float32).
template <class T>
AttentionSteps attention_typed(const std::string& fn, const tmat<T>& Q, const tmat<T>& K,
                               const tmat<T>& V, const AttentionOptions& opt) {
    const std::size_t n = Q.shape(0), m = K.shape(0), dk = Q.shape(1), dv = V.shape(1);
    const T scale = static_cast<T>(opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk)));

    // 1. scores = Q K^T (n x m)
    tmat<T> scores = tmat<T>::from_shape({n, m});
    gemm_nt(Q.data(), K.data(), scores.data(), n, dk, m);
    for (std::size_t i = 0; i < n * m; ++i)
        if (!std::isfinite(scores.data()[i]))
            fail(fn, "Q K^T overflows", (std::is_same_v<T, float> ? " float32" : ""), " at (",
                 i / m, ", ", i % m, "): scale Q and K down");

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
    tmat<T> scaled = tmat<T>::from_shape({n, m});
    for (std::size_t i = 0; i < n * m; ++i) scaled.data()[i] = scores.data()[i] * scale;
    for (std::size_t i = 0; i < n * m; ++i)  // a large custom scale can overflow
        if ((allowed.empty() || allowed[i]) && !std::isfinite(scaled.data()[i]))
            fail(fn, "Q K^T * scale overflows at (", i / m, ", ", i % m, "): use a smaller scale");
    if (!allowed.empty())
        for (std::size_t i = 0; i < n * m; ++i)
            if (!allowed[i]) scaled.data()[i] = -std::numeric_limits<T>::infinity();

    // 3. weights = row-wise softmax (masked entries exactly 0)
    tmat<T> weights = scaled;
    softmax_rows_inplace(fn, weights.data(), n, m, allowed.empty() ? nullptr : allowed.data());

    // 4. output = weights V (n x d_v)
    tmat<T> output = tmat<T>::from_shape({n, dv});
    gemm_nn(weights.data(), V.data(), output.data(), n, m, dv);

    AttentionSteps s;
    s.scores = widen<T>(std::move(scores));
    s.scaled = widen<T>(std::move(scaled));
    s.weights = widen<T>(std::move(weights));
    s.output = widen<T>(std::move(output));
    return s;
}

AttentionSteps attention_unchecked(const std::string& fn, const mat& Q, const mat& K,
                                   const mat& V, const AttentionOptions& opt) {
    if (opt.precision == Precision::float32)
        return attention_typed<float>(fn, to_float32(fn, "Q", Q), to_float32(fn, "K", K),
                                      to_float32(fn, "V", V), opt);
    return attention_typed<double>(fn, Q, K, V, opt);
}

// A (r x k) B (k x c) in the chosen precision; names for float32 range errors.
mat product(const std::string& fn, const std::string& a_name, const mat& A,
            const std::string& b_name, const mat& B, Precision precision) {
    const std::size_t r = A.shape(0), k = A.shape(1), c = B.shape(1);
    if (precision == Precision::float32) {
        const auto Af = to_float32(fn, a_name, A), Bf = to_float32(fn, b_name, B);
        auto Cf = tmat<float>::from_shape({r, c});
        gemm_nn(Af.data(), Bf.data(), Cf.data(), r, k, c);
        return to_float64(Cf);  // an overflow to Infinity is caught by check_matrix
    }
    mat C = xt::empty<double>({r, c});
    gemm_nn(A.data(), B.data(), C.data(), r, k, c);
    return C;
}

void check_weight(const std::string& fn, const std::string& name, const mat& W, std::size_t rows) {
    check_matrix(fn, name.c_str(), W);
    if (W.shape(0) != rows)
        fail(fn, name, " has ", W.shape(0), " rows but X has ", rows, " columns");
}

// The shapes of the projections Wq, Wk, Wv for an X with d columns.
void check_projections(const std::string& fn, const std::string& prefix, std::size_t d,
                       const mat& Wq, const mat& Wk, const mat& Wv) {
    check_weight(fn, prefix + "Wq", Wq, d);
    check_weight(fn, prefix + "Wk", Wk, d);
    check_weight(fn, prefix + "Wv", Wv, d);
    if (Wk.shape(1) != Wq.shape(1))
        fail(fn, prefix, "Wk has ", Wk.shape(1), " columns but ", prefix, "Wq has ", Wq.shape(1),
             " (queries and keys need the same d_k)");
}

// X, Wq, Wk, Wv and the options checked by the caller (the memory too).
SelfAttentionSteps self_attention_unchecked(const std::string& fn, const std::string& prefix,
                                            const mat& X, const mat& Wq, const mat& Wk,
                                            const mat& Wv, const AttentionOptions& opt) {
    SelfAttentionSteps s;
    s.Q = product(fn, "X", X, prefix + "Wq", Wq, opt.precision);
    s.K = product(fn, "X", X, prefix + "Wk", Wk, opt.precision);
    s.V = product(fn, "X", X, prefix + "Wv", Wv, opt.precision);
    check_attention(fn, s.Q, s.K, s.V, opt);  // catches overflow in the projections
    s.att = attention_unchecked(fn, s.Q, s.K, s.V, opt);
    return s;
}

}  // namespace

AttentionSteps attention_named(const std::string& fn, const mat& Q, const mat& K, const mat& V,
                               const AttentionOptions& opt) {
    check_attention(fn, Q, K, V, opt);
    const std::size_t n = Q.shape(0), m = K.shape(0);
    const Footprint f = attention_footprint(n, m, Q.shape(1), V.shape(1), opt);
    check_memory(fn, doubles(n, Q.shape(1)) + doubles(m, K.shape(1)) + doubles(m, V.shape(1)) +
                         opt.mask.size() + f.kept + f.transient);
    return attention_unchecked(fn, Q, K, V, opt);
}

AttentionSteps attention(const mat& Q, const mat& K, const mat& V, const AttentionOptions& opt) {
    return attention_named("attention", Q, K, V, opt);
}

SelfAttentionSteps self_attention_as(const std::string& fn, const mat& X, const mat& Wq,
                                     const mat& Wk, const mat& Wv, const AttentionOptions& opt) {
    const std::size_t n = X.shape(0), d = X.shape(1);
    check_projections(fn, "", d, Wq, Wk, Wv);
    check_options(fn, n, n, opt);
    const Footprint f = self_attention_footprint(n, d, Wq.shape(1), Wv.shape(1), opt);
    check_memory(fn, doubles(n, d) + weights_bytes(Wq, Wk, Wv) + opt.mask.size() + f.kept +
                         f.transient);
    return self_attention_unchecked(fn, "", X, Wq, Wk, Wv, opt);
}

SelfAttentionSteps self_attention(const mat& X, const mat& Wq, const mat& Wk, const mat& Wv,
                                  const AttentionOptions& opt) {
    check_matrix("selfAttention", "X", X);
    return self_attention_as("selfAttention", X, Wq, Wk, Wv, opt);
}

MultiHeadSteps multi_head_attention(const mat& X, const std::vector<HeadWeights>& heads,
                                    const mat& Wo, const AttentionOptions& opt) {
    const std::string fn = "multiHeadAttention";
    check_matrix(fn, "X", X);
    if (heads.empty()) fail(fn, "heads is empty (give at least one {Wq, Wk, Wv})");
    if (heads.size() > max_heads)
        fail(fn, "has ", heads.size(), " heads, more than the limit ", max_heads);
    // Every shape before any work; then the memory of all the heads together
    // (each head's results are kept) and of concat and concat Wo.
    const std::size_t n = X.shape(0), d = X.shape(1);
    std::size_t total_dv = 0;
    for (std::size_t h = 0; h < heads.size(); ++h) {
        check_projections(fn, cat("heads[", h, "]."), d, heads[h].Wq, heads[h].Wk, heads[h].Wv);
        total_dv += heads[h].Wv.shape(1);
    }
    check_matrix(fn, "Wo", Wo);
    if (Wo.shape(0) != total_dv)
        fail(fn, "Wo has ", Wo.shape(0), " rows but the concatenated heads have ", total_dv,
             " columns");
    check_options(fn, n, n, opt);
    const std::size_t d_out = Wo.shape(1);
    bytes_t need = doubles(n, d) + doubles(total_dv, d_out) + opt.mask.size() +
                   doubles(n, total_dv) + doubles(n, d_out);  // X, Wo, mask, concat, output
    bytes_t transient = 0;  // the largest of one head's and of concat Wo's (freed in between)
    if (opt.precision == Precision::float32)
        transient = floats(n, total_dv) + floats(total_dv, d_out) + floats(n, d_out);
    for (const auto& hw : heads) {
        const Footprint f = self_attention_footprint(n, d, hw.Wq.shape(1), hw.Wv.shape(1), opt);
        need += weights_bytes(hw.Wq, hw.Wk, hw.Wv) + f.kept;
        transient = std::max(transient, f.transient);
    }
    check_memory(fn, need + transient);

    MultiHeadSteps out;
    for (std::size_t h = 0; h < heads.size(); ++h)
        out.heads.push_back(self_attention_unchecked(fn, cat("heads[", h, "]."), X, heads[h].Wq,
                                                     heads[h].Wk, heads[h].Wv, opt));
    // concat: the heads' outputs side by side, head 0 first.
    out.concat = xt::empty<double>({n, total_dv});
    std::size_t col = 0;
    for (const auto& h : out.heads) {
        const std::size_t dv = h.att.output.shape(1);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < dv; ++j) out.concat(i, col + j) = h.att.output(i, j);
        col += dv;
    }
    out.output = product(fn, "concat", out.concat, "Wo", Wo, opt.precision);
    if (opt.precision == Precision::float32)
        check_matrix(fn, "concat Wo (float32)", out.output);
    return out;
}

}  // namespace attn
