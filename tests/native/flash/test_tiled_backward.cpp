// tiledAttentionBackward against torch.autograd (float64) and the closed-
// form counts, and equality with attentionBackward over random shapes,
// blocks, causal and scales.
// Reference values: tests/fixtures/flash_tiled_backward.json, made by
// scripts/fixtures/flash.py (/usr/bin/python3 scripts/gen_fixtures.py flash).
#include <catch2/catch.hpp>
#include <random>

#include "attn/attention/attention_backward.hpp"
#include "attn/flash/tiled_backward.hpp"
#include "fixture_options.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

TEST_CASE("tiledAttentionBackward matches torch.autograd", "[flash]") {
    const auto& cases = fx::load("flash_tiled_backward")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const TiledGrads g = tiled_attention_backward(k["Q"].mat(), k["K"].mat(), k["V"].mat(),
                                                          k["dOutput"].mat(), tc::backward_options(k["options"]));
            tc::require_close(g.dQ, k["dQ"].mat(), 1e-11, 1e-13);
            tc::require_close(g.dK, k["dK"].mat(), 1e-11, 1e-13);
            tc::require_close(g.dV, k["dV"].mat(), 1e-11, 1e-13);
            tc::require_counts(g.counts, k["counts"]);
            tc::require_counts(g.standard, k["standard"]);
        }
    }
}

TEST_CASE("tiledAttentionBackward equals attentionBackward for any blocks", "[flash]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 20), small(1, 8);
    const std::size_t n = dim(gen), m = dim(gen), dk = small(gen), dv = small(gen);
    TiledBackwardOptions o;
    o.causal = gen() % 2;
    if (gen() % 4) o.blockRows = static_cast<double>(std::uniform_int_distribution<std::size_t>(1, n + 2)(gen));
    if (gen() % 4) o.blockCols = static_cast<double>(std::uniform_int_distribution<std::size_t>(1, m + 2)(gen));
    if (gen() % 3 == 0) o.scale = std::uniform_real_distribution<double>(-2, 2)(gen);
    const double sd = std::uniform_real_distribution<double>(0.1, 3.0)(gen);
    INFO("seed " << seed << " n " << n << " m " << m << " causal " << o.causal);
    const mat Q = tc::random_mat(gen, n, dk, sd), K = tc::random_mat(gen, m, dk, sd),
              V = tc::random_mat(gen, m, dv), dO = tc::random_mat(gen, n, dv);
    const TiledGrads g = tiled_attention_backward(Q, K, V, dO, o);
    AttentionOptions ao;
    ao.causal = o.causal;
    ao.scale = o.scale;
    const AttentionGrads a = attention_backward(Q, K, V, dO, ao);
    tc::require_close(g.dQ, a.dQ, 1e-10, 1e-12);
    tc::require_close(g.dK, a.dK, 1e-10, 1e-12);
    tc::require_close(g.dV, a.dV, 1e-10, 1e-12);
}

TEST_CASE("tiledAttentionBackward rejects bad input", "[flash]") {
    const mat Q = {{1, 0}, {0, 1}}, K = {{1, 1}, {0, 2}, {1, 0}}, V = {{1}, {2}, {3}}, dO = {{1}, {2}};
    tc::require_invalid([&] { tiled_attention_backward(Q, K, V, mat{{1, 2}, {3, 4}}); },
                        "tiledAttentionBackward: dOutput is 2 x 2 but the output is 2 x 1");
    TiledBackwardOptions o;
    o.blockCols = -1;
    tc::require_invalid([&] { tiled_attention_backward(Q, K, V, dO, o); },
                        "tiledAttentionBackward: blockCols must be an integer >= 1, got -1");
    o = {};
    o.scale = NAN;
    tc::require_invalid([&] { tiled_attention_backward(Q, K, V, dO, o); },
                        "tiledAttentionBackward: scale must be a finite number, got NaN");
    tc::require_invalid([&] { tiled_attention_backward(Q, K, mat{{1}}, dO); },
                        "tiledAttentionBackward: V has 1 rows but K has 3");
}
