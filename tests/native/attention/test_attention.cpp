// Attention, self-attention and multi-head attention against torch.
// Reference values:
// tests/fixtures/{attention,self_attention,multi_head_attention}.json, made by
// scripts/fixtures/attention.py
// (/usr/bin/python3 scripts/gen_fixtures.py attention).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <xtensor/xview.hpp>

#include "attn/attention/attention.hpp"
#include "attn/common/check.hpp"
#include "attn/softmax/softmax.hpp"
#include "support/check.hpp"
#include "support/attention_options.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

namespace {

void require_steps(const AttentionSteps& s, const fx::Json& k) {
    tc::require_close(s.scores, k["scores"].mat());
    tc::require_close(s.scaled, k["scaled"].mat());
    tc::require_close(s.weights, k["weights"].mat());
    tc::require_close(s.output, k["output"].mat());
}
}  // namespace

TEST_CASE("attention matches torch step by step", "[attention]") {
    const auto& cases = fx::load("attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            require_steps(attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(), fx::attention_options(k)), k);
        }
    }
}

TEST_CASE("self-attention matches torch", "[attention]") {
    const auto& cases = fx::load("self_attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const auto s = self_attention(k["X"].mat(), k["Wq"].mat(), k["Wk"].mat(), k["Wv"].mat());
            tc::require_close(s.Q, k["Q"].mat());
            tc::require_close(s.K, k["K"].mat());
            tc::require_close(s.V, k["V"].mat());
            require_steps(s.att, k);
        }
    }
}

TEST_CASE("multi-head attention matches torch", "[attention]") {
    const auto& cases = fx::load("multi_head_attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            std::vector<HeadWeights> heads;
            for (std::size_t h = 0; h < k["heads"].size(); ++h)
                heads.push_back({k["heads"][h]["Wq"].mat(), k["heads"][h]["Wk"].mat(),
                                 k["heads"][h]["Wv"].mat()});
            const auto s = multi_head_attention(k["X"].mat(), heads, k["Wo"].mat(), fx::attention_options(k));
            REQUIRE(s.heads.size() == heads.size());
            for (std::size_t h = 0; h < heads.size(); ++h) {
                tc::require_close(s.heads[h].att.weights, k["heads"][h]["weights"].mat());
                tc::require_close(s.heads[h].att.output, k["heads"][h]["output"].mat());
            }
            tc::require_close(s.concat, k["concat"].mat());
            tc::require_close(s.output, k["output"].mat());
        }
    }
}

TEST_CASE("attention properties over random inputs", "[attention]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 12);
    std::uniform_real_distribution<double> sd(0.1, 8.0);
    const std::size_t n = dim(gen), m = dim(gen), dk = dim(gen), dv = dim(gen);
    const double s = sd(gen);
    const mat Q = tc::random_mat(gen, n, dk, s), K = tc::random_mat(gen, m, dk, s), V = tc::random_mat(gen, m, dv, s);
    INFO("seed " << seed << " n " << n << " m " << m << " dk " << dk);

    AttentionOptions causal;
    causal.causal = true;
    for (bool use_causal : {false, true}) {
        if (use_causal && m < n) continue;  // every query needs key 0..i
        const auto r = attention(Q, K, V, use_causal ? causal : AttentionOptions{});
        for (std::size_t i = 0; i < n; ++i) {
            double row = 0;
            for (std::size_t j = 0; j < m; ++j) {
                row += r.weights(i, j);
                if (use_causal && j > i) REQUIRE(r.weights(i, j) == 0.0);
            }
            tc::require_close(row, 1.0, 1e-12);
        }
        // Each output row is a convex combination: inside the values' column range.
        for (std::size_t c = 0; c < dv; ++c) {
            const auto col = xt::eval(xt::view(V, xt::all(), c));
            const double lo = xt::amin(col)(), hi = xt::amax(col)();
            for (std::size_t i = 0; i < n; ++i)
                REQUIRE((r.output(i, c) >= lo - 1e-9 * (1 + std::fabs(lo)) &&
                         r.output(i, c) <= hi + 1e-9 * (1 + std::fabs(hi))));
        }
    }
}

TEST_CASE("attention rejects bad input with clear messages", "[attention]") {
    const mat Q = xt::ones<double>({2, 4}), K3 = xt::ones<double>({2, 3}), K = xt::ones<double>({3, 4});
    const mat V = xt::ones<double>({3, 2});
    tc::require_invalid([&] { attention(Q, K3, V); }, "attention: K has 3 columns but Q has 4");
    tc::require_invalid([&] { attention(Q, K, mat(xt::ones<double>({2, 2}))); },
                        "attention: V has 2 rows but K has 3");
    AttentionOptions bad_mask;
    bad_mask.mask = xt::ones<std::uint8_t>({3, 3});
    tc::require_invalid([&] { attention(Q, K, V, bad_mask); }, "attention: mask is 3 x 3 but must be 2 x 3");
    AttentionOptions dead_row;
    dead_row.mask = xt::ones<std::uint8_t>({2, 3});
    dead_row.mask(1, 0) = dead_row.mask(1, 1) = dead_row.mask(1, 2) = 0;
    tc::require_invalid([&] { attention(Q, K, V, dead_row); }, "attention: row 1 has nothing to attend to");
    AttentionOptions nan_scale;  // any finite scale is valid (0: uniform, negative: reversed)
    nan_scale.scale = std::nan("");
    tc::require_invalid([&] { attention(Q, K, V, nan_scale); }, "attention: scale must be a finite number, got NaN");
    nan_scale.scale = -std::numeric_limits<double>::infinity();
    tc::require_invalid([&] { attention(Q, K, V, nan_scale); }, "attention: scale must be a finite number");
    mat big = Q * 1e200;
    tc::require_invalid([&] { attention(big, K * 1e200, V); }, "attention: Q K^T overflows");
    tc::require_invalid([&] { self_attention(Q, K, K, K); }, "selfAttention: Wq has 3 rows but X has 4 columns");
    tc::require_invalid([&] { multi_head_attention(Q, {}, V); }, "multiHeadAttention: heads is empty");
    const mat W = xt::ones<double>({4, 2});
    tc::require_invalid([&] { multi_head_attention(Q, {{W, W, W}}, mat(xt::ones<double>({3, 2}))); },
                        "multiHeadAttention: Wo has 3 rows but the concatenated heads have 2");
}

namespace {
// float32 tolerance: relative 1e-5 plus 1e-5 of the matrix's largest entry
// (entries near zero after cancellation carry the rounding of the big ones).
void require_close32(const mat& got, const mat& want, double rtol = 1e-5) {
    double big = 1;
    for (double x : want)
        if (std::isfinite(x)) big = std::max(big, std::fabs(x));
    tc::require_close(got, want, rtol, rtol * big);
}

void require_steps32(const AttentionSteps& s, const fx::Json& k) {
    require_close32(s.scores, k["scores"].mat());
    require_close32(s.scaled, k["scaled"].mat());
    require_close32(s.weights, k["weights"].mat());
    require_close32(s.output, k["output"].mat());
}

AttentionOptions float32(AttentionOptions o = {}) {
    o.precision = Precision::float32;
    return o;
}
}  // namespace

TEST_CASE("attention float32 matches torch at float32 tolerance", "[attention]") {
    const auto& cases = fx::load("attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            require_steps32(attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(), float32(fx::attention_options(k))), k);
        }
    }
    const auto& self = fx::load("self_attention")["cases"];
    for (std::size_t c = 0; c < self.size(); ++c) {
        const auto& k = self[c];
        SECTION("self: " + k["name"].str) {
            const auto s = self_attention(k["X"].mat(), k["Wq"].mat(), k["Wk"].mat(), k["Wv"].mat(),
                                          float32());
            require_close32(s.Q, k["Q"].mat());
            require_close32(s.K, k["K"].mat());
            require_close32(s.V, k["V"].mat());
            require_steps32(s.att, k);
        }
    }
    const auto& multi = fx::load("multi_head_attention")["cases"];
    for (std::size_t c = 0; c < multi.size(); ++c) {
        const auto& k = multi[c];
        SECTION("multi-head: " + k["name"].str) {
            std::vector<HeadWeights> heads;
            for (std::size_t h = 0; h < k["heads"].size(); ++h)
                heads.push_back({k["heads"][h]["Wq"].mat(), k["heads"][h]["Wk"].mat(),
                                 k["heads"][h]["Wv"].mat()});
            const auto s = multi_head_attention(k["X"].mat(), heads, k["Wo"].mat(), float32(fx::attention_options(k)));
            for (std::size_t h = 0; h < heads.size(); ++h)
                require_close32(s.heads[h].att.weights, k["heads"][h]["weights"].mat());
            require_close32(s.concat, k["concat"].mat());
            require_close32(s.output, k["output"].mat());
        }
    }
}

TEST_CASE("attention float32 agrees with float64", "[attention]") {
    const int seed = GENERATE(take(20, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 40);
    const std::size_t n = dim(gen), m = dim(gen), dk = dim(gen), dv = dim(gen);
    const mat Q = tc::random_mat(gen, n, dk), K = tc::random_mat(gen, m, dk), V = tc::random_mat(gen, m, dv);
    INFO("seed " << seed << " n " << n << " m " << m << " dk " << dk << " dv " << dv);
    for (bool causal : {false, true}) {
        if (causal && m < n) continue;
        AttentionOptions o;
        o.causal = causal;
        const auto d = attention(Q, K, V, o), f = attention(Q, K, V, float32(o));
        require_close32(f.scores, d.scores);
        require_close32(f.scaled, d.scaled);
        require_close32(f.weights, d.weights);
        require_close32(f.output, d.output);
        for (std::size_t i = 0; i < n; ++i) {
            double row = 0;
            for (std::size_t j = 0; j < m; ++j) row += f.weights(i, j);
            tc::require_close(row, 1.0, 1e-6);
        }
    }
}

TEST_CASE("attention float32 rejects what float cannot hold", "[attention]") {
    const mat Q = xt::ones<double>({2, 4}), K = xt::ones<double>({3, 4}), V = xt::ones<double>({3, 2});
    mat huge = V;
    huge(2, 1) = -1e39;
    tc::require_invalid([&] { attention(Q, K, huge, float32()); },
                        "attention: V has an entry beyond the float32 range (-1e+39 at (2, 1))");
    REQUIRE(attention(Q, K, huge).output.size() == 4);  // fine in float64
    tc::require_invalid([&] { attention(Q * 1e20, K * 1e20, V, float32()); },
                        "attention: Q K^T overflows float32 at (0, 0)");
    tc::require_invalid([&] { self_attention(Q, K, K, K, float32()); },
                        "selfAttention: Wq has 3 rows but X has 4 columns");
}

// A call that would need more than memory_budget (192 MB) of memory
// for its inputs, intermediates and results is refused before any work. The
// estimate in bytes, with n = m = 2048 queries and keys and d_k = d_v = d:
// 8 (n d_k + m d_k + m d_v + 3 n m + n d_v), plus n m (the allowed entries)
// with causal, plus 2 n m with a mask (the mask too), and 1.5 times the
// doubles for float32. Exactly 192 MB at d = 1536 (plain), 1472 (causal),
// 1408 (mask), 512 (float32): one column more is refused. The accepted edges
// are run in the wasm build by tests/js/memory-budget.test.mjs.
TEST_CASE("the attention family refuses what needs more memory than the budget", "[attention]") {
    const std::string too_much =
        " MB of memory for its inputs, intermediates and results, more than the limit of 192 MB";
    const auto ones = [](std::size_t r, std::size_t c) { return mat(xt::ones<double>({r, c})); };
    REQUIRE(memory_budget == 192u << 20);
    const mat M = ones(2048, 1537);
    tc::require_invalid([&] { attention(M, M, M); }, "attention: needs 193" + too_much);
    AttentionOptions causal;
    causal.causal = true;
    const mat C = ones(2048, 1473);
    tc::require_invalid([&] { attention(C, C, C, causal); }, "attention: needs 193" + too_much);
    tc::require_invalid([&] { attention(M, M, M, causal); }, "attention: needs 197" + too_much);
    AttentionOptions masked;
    masked.mask = xt::ones<std::uint8_t>({2048, 2048});
    const mat D = ones(2048, 1409);
    tc::require_invalid([&] { attention(D, D, D, masked); }, "attention: needs 193" + too_much);
    const mat F = ones(2048, 513);
    tc::require_invalid([&] { attention(F, F, F, float32()); }, "attention: needs 193" + too_much);
    // selfAttention float32, n = 2048, d_k = d_v = 8: 192 MB at d = 1995.
    const mat X = ones(2048, 1996), W = ones(1996, 8);
    tc::require_invalid([&] { self_attention(X, W, W, W, float32()); },
                        "selfAttention: needs 193" + too_much);
    // multiHeadAttention sums its heads: 4 causal heads, d = d_k = d_v = 8,
    // 192 MB at n = 1433.
    const mat X8 = ones(1434, 8), W8 = ones(8, 8), Wo = ones(32, 8);
    const std::vector<HeadWeights> heads(4, HeadWeights{W8, W8, W8});
    tc::require_invalid([&] { multi_head_attention(X8, heads, Wo, causal); },
                        "multiHeadAttention: needs 193" + too_much);
    // Shapes are still checked first.
    tc::require_invalid([&] { multi_head_attention(X8, heads, ones(31, 8), causal); },
                        "multiHeadAttention: Wo has 31 rows but the concatenated heads have 32");
}
