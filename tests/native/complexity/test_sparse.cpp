// sparseAttention against torch with a band mask, equality with attention
// under the same mask, and the output-only fast path.
// Reference values: tests/fixtures/sparse_attention.json, made by
// scripts/fixtures/complexity.py
// (/usr/bin/python3 scripts/gen_fixtures.py complexity).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/attention/attention.hpp"
#include "attn/complexity/sparse.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

namespace {
AttentionOptions band_mask(std::size_t n, std::size_t m, std::size_t w) {
    AttentionOptions o;
    o.mask = xt::zeros<std::uint8_t>({n, m});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j)
            o.mask(i, j) = (i > j ? i - j : j - i) <= w;
    return o;
}
}  // namespace

TEST_CASE("sparseAttention matches torch with a band mask", "[complexity]") {
    const auto& cases = fx::load("sparse_attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const auto s = sparse_attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(),
                                            k["window"].number());
            tc::require_close(s.scores, k["scores"].mat());
            tc::require_close(s.scaled, k["scaled"].mat());
            tc::require_close(s.weights, k["weights"].mat());
            tc::require_close(s.output, k["output"].mat());
        }
    }
}

TEST_CASE("sparseAttention equals attention with a band mask", "[complexity]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 12);
    const std::size_t n = dim(gen), m = dim(gen), dk = dim(gen), dv = dim(gen);
    const std::size_t w = std::uniform_int_distribution<std::size_t>(1, 14)(gen);
    const double sd = std::uniform_real_distribution<double>(0.1, 6.0)(gen);
    INFO("seed " << seed << " n " << n << " m " << m << " window " << w);
    const mat Q = tc::random_mat(gen, n, dk, sd), K = tc::random_mat(gen, m, dk, sd), V = tc::random_mat(gen, m, dv);
    if (n > m + w) {  // the last queries have no key within the window
        tc::require_invalid([&] { sparse_attention(Q, K, V, static_cast<double>(w)); },
                            "sparseAttention: row " + std::to_string(m + w) + " has nothing to attend to");
        return;
    }
    const auto s = sparse_attention(Q, K, V, static_cast<double>(w));
    const auto a = attention(Q, K, V, band_mask(n, m, w));
    tc::require_close(s.scaled, a.scaled, 1e-13, 1e-15);
    tc::require_close(s.weights, a.weights, 1e-13, 1e-15);
    tc::require_close(s.output, a.output, 1e-12, 1e-14);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j) {
            const bool in = (i > j ? i - j : j - i) <= w;
            if (in) tc::require_close(s.scores(i, j), a.scores(i, j), 1e-13, 1e-15);
            else REQUIRE((s.scores(i, j) == 0.0 && s.weights(i, j) == 0.0));
        }
    // A window covering everything is plain attention.
    if (w >= std::max(n, m)) {
        const auto full = attention(Q, K, V);
        tc::require_close(s.weights, full.weights, 1e-13, 1e-15);
        tc::require_close(s.output, full.output, 1e-12, 1e-14);
    }
    // The fast path gives the same output.
    mat out = xt::empty<double>({n, dv});
    sparse_attention_output("sparseAttention", Q.data(), K.data(), V.data(), out.data(), n, m, dk,
                            dv, std::min(w, std::max(n, m)), 1.0 / std::sqrt(double(dk)));
    tc::require_close(out, s.output, 1e-14, 1e-15);
}

TEST_CASE("sparse fast path handles long sequences in O(n window d)", "[complexity]") {
    // n = 20000 would need a 20000 x 20000 matrix (3.2 GB) if formed: the
    // fast path only touches the band.
    const std::size_t n = 20000, d = 4, w = 2;
    std::mt19937 gen(7);
    const mat Q = tc::random_mat(gen, n, d), K = tc::random_mat(gen, n, d), V = tc::random_mat(gen, n, d);
    mat out = xt::empty<double>({n, d});
    const double scale = 0.5;
    sparse_attention_output("sparseAttention", Q.data(), K.data(), V.data(), out.data(), n, n, d, d,
                            w, scale);
    // Spot-check rows at both ends and in the middle against a direct sum.
    for (std::size_t i : {std::size_t(0), std::size_t(1), n / 2, n - 1}) {
        const std::size_t lo = i > w ? i - w : 0, hi = std::min(n - 1, i + w);
        double mx = -INFINITY, sum = 0;
        std::vector<double> s(hi - lo + 1);
        for (std::size_t j = lo; j <= hi; ++j) {
            double x = 0;
            for (std::size_t c = 0; c < d; ++c) x += Q(i, c) * K(j, c);
            s[j - lo] = x * scale;
            mx = std::max(mx, s[j - lo]);
        }
        for (double& x : s) sum += (x = std::exp(x - mx));
        for (std::size_t c = 0; c < d; ++c) {
            double o = 0;
            for (std::size_t j = lo; j <= hi; ++j) o += s[j - lo] / sum * V(j, c);
            tc::require_close(out(i, c), o, 1e-12, 1e-14);
        }
    }
}

TEST_CASE("sparseAttention rejects bad input with clear messages", "[complexity]") {
    const mat Q = xt::ones<double>({4, 3}), K = xt::ones<double>({4, 3}), V = xt::ones<double>({4, 2});
    tc::require_invalid([&] { sparse_attention(Q, K, V, std::nullopt); },
                        "sparseAttention: option window is required");
    tc::require_invalid([&] { sparse_attention(Q, K, V, 0.0); },
                        "sparseAttention: window must be an integer >= 1, got 0");
    tc::require_invalid([&] { sparse_attention(Q, K, V, -2.0); },
                        "sparseAttention: window must be an integer >= 1, got -2");
    tc::require_invalid([&] { sparse_attention(Q, K, V, 1.5); },
                        "sparseAttention: window must be an integer >= 1, got 1.5");
    tc::require_invalid([&] { sparse_attention(Q, K, V, INFINITY); },
                        "sparseAttention: window must be an integer >= 1, got Infinity");
    tc::require_invalid([&] { sparse_attention(Q, mat(xt::ones<double>({4, 2})), V, 1.0); },
                        "sparseAttention: K has 2 columns but Q has 3");
    tc::require_invalid([&] { sparse_attention(Q, K, mat(xt::ones<double>({3, 2})), 1.0); },
                        "sparseAttention: V has 3 rows but K has 4");
    tc::require_invalid([&] { sparse_attention(mat(xt::ones<double>({6, 3})), mat(xt::ones<double>({2, 3})),
                                               mat(xt::ones<double>({2, 2})), 1.0); },
                        "sparseAttention: row 3 has nothing to attend to (no key within window 1");
    tc::require_invalid([&] { sparse_attention(mat(Q * 1e200), mat(K * 1e200), V, 1.0); },
                        "sparseAttention: Q K^T overflows at (0, 0)");
    tc::require_invalid([&] { sparse_attention(mat(xt::zeros<double>({0, 3})), K, V, 1.0); },
                        "sparseAttention: Q is empty");
    tc::require_invalid(
        [&] { sparse_attention(mat(xt::ones<double>({4096, 1})), mat(xt::ones<double>({2048, 1})),
                               mat(xt::ones<double>({2048, 1})), 1.0); },
        "sparseAttention: the 4096 x 2048 weight matrix is larger than the limit");
    // 8 (3 n d + 3 n m + n d) bytes for n = m = 2048 and d_k = d_v = d:
    // 192 MB (memory_budget) at d = 1536, refused at 1537.
    const mat M = xt::ones<double>({2048, 1537});
    tc::require_invalid([&] { sparse_attention(M, M, M, 1.0); },
                        "sparseAttention: needs 193 MB of memory for its inputs, intermediates and "
                        "results, more than the limit of 192 MB");
    // A huge window is full attention, not an error.
    const auto s = sparse_attention(Q, K, V, 1e300);
    tc::require_close(s.weights, attention(Q, K, V).weights, 1e-15, 1e-15);
}
