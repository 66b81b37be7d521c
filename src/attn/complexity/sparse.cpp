#include "attn/complexity/sparse.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "attn/common/check.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

namespace {

// The band of query i: keys lo..hi (inclusive). Fails when it is empty.
void band(const std::string& fn, std::size_t i, std::size_t m, std::size_t w, std::size_t& lo,
          std::size_t& hi) {
    lo = i > w ? i - w : 0;
    if (lo > m - 1)
        fail(fn, "row ", i, " has nothing to attend to (no key within window ", w, " of it: K has ",
             m, " rows)");
    hi = std::min(m - 1, i + w);
}

void check_scores(const std::string& fn, const double* s, std::size_t i, std::size_t lo,
                  std::size_t len) {
    for (std::size_t j = 0; j < len; ++j)
        if (!std::isfinite(s[j]))
            fail(fn, "Q K^T overflows at (", i, ", ", lo + j, "): scale Q and K down");
}

}  // namespace

AttentionSteps sparse_attention(const mat& Q, const mat& K, const mat& V,
                                std::optional<double> window) {
    const std::string fn = "sparseAttention";
    check_qkv(fn, Q, K, V);
    const std::size_t n = Q.shape(0), m = K.shape(0), dk = Q.shape(1), dv = V.shape(1);
    if (n * m > max_elements)
        fail(fn, "the ", n, " x ", m, " weight matrix is larger than the limit of ", max_elements,
             " entries");
    if (!window) fail(fn, "option window is required (an integer >= 1)");
    const double wd = *window;
    if (!std::isfinite(wd) || wd != std::floor(wd) || wd < 1)
        fail(fn, "window must be an integer >= 1, got ", wd);
    // Any window >= max(n, m) covers every key: clamp before converting.
    const std::size_t w = static_cast<std::size_t>(std::min(wd, static_cast<double>(std::max(n, m))));
    const double scale = 1.0 / std::sqrt(static_cast<double>(dk));
    // Memory: the inputs (the binding's copies) and the four dense steps
    // (scores, scaled, weights: n x m doubles; output: n x d_v); nothing else.
    const std::uint64_t entries = std::uint64_t{n} * dk + std::uint64_t{m} * dk +
                                  std::uint64_t{m} * dv + 3 * std::uint64_t{n} * m +
                                  std::uint64_t{n} * dv;
    check_memory(fn, 8 * entries);

    AttentionSteps s;
    s.scores = xt::zeros<double>({n, m});
    s.scaled = xt::empty<double>({n, m});
    std::fill(s.scaled.begin(), s.scaled.end(), -std::numeric_limits<double>::infinity());
    s.weights = xt::zeros<double>({n, m});
    s.output = xt::empty<double>({n, dv});
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t lo, hi;
        band(fn, i, m, w, lo, hi);
        const std::size_t len = hi - lo + 1;
        double* sc = s.scores.data() + i * m + lo;
        double* sd = s.scaled.data() + i * m + lo;
        double* wt = s.weights.data() + i * m + lo;
        // 1. scores on the band: q_i . k_j for j in lo..hi
        gemm_nt(Q.data() + i * dk, K.data() + lo * dk, sc, 1, dk, len);
        check_scores(fn, sc, i, lo, len);
        // 2. scaled; 3. softmax over the band only
        for (std::size_t j = 0; j < len; ++j) wt[j] = sd[j] = sc[j] * scale;
        softmax_rows_inplace(fn, wt, 1, len, nullptr);
        // 4. output row = sum over the band of weight * value row
        gemm_nn(wt, V.data() + lo * dv, s.output.data() + i * dv, 1, len, dv);
    }
    return s;
}

void sparse_attention_output(const std::string& fn, const double* Q, const double* K,
                             const double* V, double* out, std::size_t n, std::size_t m,
                             std::size_t dk, std::size_t dv, std::size_t window, double scale) {
    std::vector<double> buf(std::min(m, 2 * window + 1));
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t lo, hi;
        band(fn, i, m, window, lo, hi);
        const std::size_t len = hi - lo + 1;
        gemm_nt(Q + i * dk, K + lo * dk, buf.data(), 1, dk, len);
        for (std::size_t j = 0; j < len; ++j) buf[j] *= scale;
        softmax_rows_inplace(fn, buf.data(), 1, len, nullptr);
        gemm_nn(buf.data(), V + lo * dv, out + i * dv, 1, len, dv);
    }
}

}  // namespace attn
