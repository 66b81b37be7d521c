// attentionBackward and selfAttentionBackward against torch.autograd.grad
// (masked, causal, custom, zero and negative scales, saturated rows), and
// against central finite differences over random inputs.
// Reference values: tests/fixtures/{attention_backward,self_attention_backward}.json,
// made by scripts/fixtures/grad.py (/usr/bin/python3 scripts/gen_fixtures.py grad).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/attention/attention.hpp"
#include "attn/attention/attention_backward.hpp"
#include "support/check.hpp"
#include "support/finite_diff.hpp"
#include "support/attention_options.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

namespace {

}  // namespace

TEST_CASE("attentionBackward matches torch.autograd.grad", "[grad]") {
    const auto& fx = fx::load("attention_backward");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        const auto g = attention_backward(k["Q"].mat(), k["K"].mat(), k["V"].mat(),
                                          k["dOutput"].mat(), fx::attention_options(k));
        tc::require_close(g.dQ, k["dQ"].mat());
        tc::require_close(g.dK, k["dK"].mat());
        tc::require_close(g.dV, k["dV"].mat());
        tc::require_close(g.dWeights, k["dWeights"].mat());
        tc::require_close(g.dScaled, k["dScaled"].mat());
        // The forward pass itself, for every scale (0: uniform, negative: reversed).
        const auto s = attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(), fx::attention_options(k));
        tc::require_close(s.weights, k["forward"]["weights"].mat());
        tc::require_close(s.output, k["forward"]["output"].mat());
    }
}

TEST_CASE("selfAttentionBackward matches torch.autograd.grad", "[grad]") {
    const auto& fx = fx::load("self_attention_backward");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        const auto g = self_attention_backward(k["X"].mat(), k["Wq"].mat(), k["Wk"].mat(),
                                               k["Wv"].mat(), k["dOutput"].mat(), fx::attention_options(k));
        tc::require_close(g.dX, k["dX"].mat());
        tc::require_close(g.dWq, k["dWq"].mat());
        tc::require_close(g.dWk, k["dWk"].mat());
        tc::require_close(g.dWv, k["dWv"].mat());
    }
}

TEST_CASE("attention gradients equal central finite differences", "[grad]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> size(1, 7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::size_t n = size(gen), m = size(gen), dk = size(gen), dv = size(gen), d = size(gen);
    AttentionOptions o;
    const double u = unit(gen);
    if (u < 0.25) o.causal = true;
    else if (u < 0.5) o.scale = 4 * unit(gen) - 2;  // negative, small, large
    else if (u < 0.75) {
        o.mask = xt::xtensor<std::uint8_t, 2>::from_shape({n, m});
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < m; ++j) o.mask(i, j) = j == i % m || unit(gen) < 0.6;
    }
    INFO("seed " << seed << " n " << n << " m " << m << " causal " << o.causal);
    const std::size_t keys = o.causal ? n : m;  // causal: every query keeps key 0
    const mat Q = tc::random_mat(gen, n, dk), K = tc::random_mat(gen, keys, dk);
    const mat V = tc::random_mat(gen, keys, dv), G = tc::random_mat(gen, n, dv);
    AttentionOptions oo = o;
    if (o.causal) oo.mask = {};
    const auto g = attention_backward(Q, K, V, G, oo);
    auto L = [&](const mat& q, const mat& k, const mat& v) { return tc::dot_all(G, attention(q, k, v, oo).output); };
    REQUIRE(tc::rel_err(g.dQ, tc::central_diff(Q, [&](const mat& x) { return L(x, K, V); })) < 1e-6);
    REQUIRE(tc::rel_err(g.dK, tc::central_diff(K, [&](const mat& x) { return L(Q, x, V); })) < 1e-6);
    REQUIRE(tc::rel_err(g.dV, tc::central_diff(V, [&](const mat& x) { return L(Q, K, x); })) < 1e-6);

    const mat X = tc::random_mat(gen, n, d), Wq = tc::random_mat(gen, d, dk), Wk = tc::random_mat(gen, d, dk);
    const mat Wv = tc::random_mat(gen, d, dv);
    AttentionOptions so;
    so.causal = o.causal;
    so.scale = o.scale;
    const auto s = self_attention_backward(X, Wq, Wk, Wv, G, so);
    auto Ls = [&](const mat& x, const mat& q, const mat& k, const mat& v) {
        return tc::dot_all(G, self_attention(x, q, k, v, so).att.output);
    };
    REQUIRE(tc::rel_err(s.dX, tc::central_diff(X, [&](const mat& x) { return Ls(x, Wq, Wk, Wv); })) < 1e-6);
    REQUIRE(tc::rel_err(s.dWq, tc::central_diff(Wq, [&](const mat& x) { return Ls(X, x, Wk, Wv); })) < 1e-6);
    REQUIRE(tc::rel_err(s.dWk, tc::central_diff(Wk, [&](const mat& x) { return Ls(X, Wq, x, Wv); })) < 1e-6);
    REQUIRE(tc::rel_err(s.dWv, tc::central_diff(Wv, [&](const mat& x) { return Ls(X, Wq, Wk, x); })) < 1e-6);
}

TEST_CASE("attention gradients: masked entries get 0, scale 0 is uniform attention", "[grad]") {
    const mat Q = {{1.0, 0.0}, {0.5, -1.0}}, K = {{1.0, 1.0}, {0.0, 2.0}, {-1.0, 0.5}};
    const mat V = {{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}}, G = {{1.0, -1.0}, {0.5, 2.0}};
    AttentionOptions o;
    o.mask = {{1, 0, 1}, {1, 1, 0}};
    const auto g = attention_backward(Q, K, V, G, o);
    REQUIRE(g.dScaled(0, 1) == 0.0);
    REQUIRE(g.dScaled(1, 2) == 0.0);
    AttentionOptions z;
    z.scale = 0.0;
    const auto a = attention(Q, K, V, z);
    for (double w : a.weights) tc::require_close(w, 1.0 / 3, 1e-15);
    const auto gz = attention_backward(Q, K, V, G, z);
    for (double x : gz.dQ) REQUIRE(x == 0.0);  // the scores are multiplied by 0
    for (double x : gz.dK) REQUIRE(x == 0.0);
}

TEST_CASE("attention gradients reject bad input", "[grad]") {
    const mat Q = xt::ones<double>({2, 4}), K = xt::ones<double>({3, 4}), V = xt::ones<double>({3, 2});
    const mat G = xt::ones<double>({2, 2});
    tc::require_invalid([&] { attention_backward(Q, K, V, mat(xt::ones<double>({2, 3}))); },
                        "attentionBackward: dOutput is 2 x 3 but the output is 2 x 2");
    tc::require_invalid([&] { attention_backward(Q, mat(xt::ones<double>({3, 3})), V, G); },
                        "attentionBackward: K has 3 columns but Q has 4");
    AttentionOptions dead;
    dead.mask = xt::zeros<std::uint8_t>({2, 3});
    tc::require_invalid([&] { attention_backward(Q, K, V, G, dead); },
                        "attentionBackward: row 0 has nothing to attend to");
    AttentionOptions nan_scale;
    nan_scale.scale = NAN;
    tc::require_invalid([&] { attention_backward(Q, K, V, G, nan_scale); },
                        "attentionBackward: scale must be a finite number");
    mat Gn = G;
    Gn(1, 1) = INFINITY;
    tc::require_invalid([&] { attention_backward(Q, K, V, Gn); }, "attentionBackward: dOutput has a non-finite entry");
    tc::require_invalid([&] { attention_backward(Q, K, V, G * 1e308, AttentionOptions{}); },
                        "attentionBackward: dWeights overflows");
    const mat X = xt::ones<double>({3, 4}), W = xt::ones<double>({4, 2});
    tc::require_invalid([&] { self_attention_backward(X, W, W, W, G); },
                        "selfAttentionBackward: dOutput is 2 x 2 but the output is 3 x 2");
    tc::require_invalid([&] { self_attention_backward(X, mat(xt::ones<double>({3, 2})), W, W, G); },
                        "selfAttentionBackward: Wq has 3 rows but X has 4 columns");
    tc::require_invalid([&] { self_attention_backward(mat(xt::empty<double>({0, 4})), W, W, W, G); },
                        "selfAttentionBackward: X is empty");
}
