// transformerForward against PyTorch (logits and every head's attention;
// 0-3 layers, several head counts, d_h per layer, ablation, scale, n < P),
// and properties over random models: causality (a later token never
// changes an earlier position's logits or attention), attention rows are
// distributions, an ablated head changes nothing but the stream.
// Reference values: tests/fixtures/transformer_forward.json, made by
// scripts/fixtures/transformer.py (/usr/bin/python3 scripts/gen_fixtures.py transformer).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/transformer/forward.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"
#include "support/transformer.hpp"

using namespace attn;

TEST_CASE("transformerForward equals the PyTorch model", "[transformer]") {
    const auto& fx = fx::load("transformer_forward");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        TransformerOptions o;
        tc::transformer_options(k["options"], o);
        const auto r = transformer_forward(k["tokens"].mat(), tc::params_of(k["params"]), o);
        REQUIRE(r.logits.size() == k["logits"].size());
        for (std::size_t b = 0; b < r.logits.size(); ++b) {
            tc::require_close(r.logits[b], k["logits"][b].mat());
            const auto& want = k["attention"][b];
            REQUIRE(r.attention[b].size() == want.size());
            for (std::size_t l = 0; l < want.size(); ++l) {
                REQUIRE(r.attention[b][l].size() == want[l].size());
                for (std::size_t h = 0; h < want[l].size(); ++h)
                    tc::require_close(r.attention[b][l][h], want[l][h].mat());
            }
        }
    }
}

TEST_CASE("transformerForward: a later token never changes earlier positions", "[transformer]") {
    const int seed = GENERATE(take(40, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    const std::size_t V = std::uniform_int_distribution<std::size_t>(3, 5)(gen);
    const std::size_t n = std::uniform_int_distribution<std::size_t>(2, 7)(gen);
    const auto layers = tc::random_layers(gen, 3, 3);
    const std::size_t L = layers.size();
    const TransformerParams p = tc::random_params(gen, V, n + 1, 4, layers);
    const mat tokens = tc::random_tokens(gen, 2, n, V);
    mat changed = tokens;
    const std::size_t at = std::uniform_int_distribution<std::size_t>(0, n - 1)(gen);
    for (std::size_t b = 0; b < 2; ++b) changed(b, at) = std::fmod(tokens(b, at) + 1, static_cast<double>(V));
    INFO("seed " << seed << " n " << n << " changed position " << at);
    const auto r0 = transformer_forward(tokens, p), r1 = transformer_forward(changed, p);
    for (std::size_t b = 0; b < 2; ++b) {
        for (std::size_t i = 0; i < at; ++i)
            for (std::size_t v = 0; v < V; ++v) REQUIRE(r0.logits[b](i, v) == r1.logits[b](i, v));
        for (std::size_t l = 0; l < L; ++l)
            for (std::size_t h = 0; h < layers[l].first; ++h) {
                const mat& A = r0.attention[b][l][h];
                for (std::size_t i = 0; i < n; ++i) {
                    double s = 0;
                    for (std::size_t j = 0; j < n; ++j) {
                        if (j > i) REQUIRE(A(i, j) == 0);  // causal
                        s += A(i, j);
                    }
                    REQUIRE_THAT(s, Catch::Matchers::WithinAbs(1, 1e-12));
                    if (i < at)
                        for (std::size_t j = 0; j < n; ++j) REQUIRE(A(i, j) == r1.attention[b][l][h](i, j));
                }
            }
    }
}

TEST_CASE("transformerForward: ablating a head whose Wo is 0 changes nothing; its pattern is still given",
          "[transformer]") {
    std::mt19937 gen(3);
    TransformerParams p = tc::random_params(gen, 5, 6, 4, {{2, 3}, {2, 3}});
    const mat tokens = tc::random_tokens(gen, 2, 6, 5);
    TransformerOptions o;
    o.ablate = mat{{0, 1}};
    const auto ablated = transformer_forward(tokens, p, o);
    p.layers[0][1].Wo.fill(0);
    const auto zero = transformer_forward(tokens, p);
    for (std::size_t b = 0; b < 2; ++b) {
        tc::require_close(ablated.logits[b], zero.logits[b], 0, 0);
        tc::require_close(ablated.attention[b][0][1], zero.attention[b][0][1], 0, 0);
    }
}

TEST_CASE("transformerForward rejects bad input", "[transformer]") {
    std::mt19937 gen(5);
    const TransformerParams p = tc::random_params(gen, 5, 4, 3, {{2, 2}, {1, 2}});
    const mat tokens = {{0, 1, 2}, {4, 3, 2}};
    const std::string fn = "transformerForward: ";
    auto call = [&](const mat& t, const TransformerParams& q, TransformerOptions o = {}) {
        return [=] { transformer_forward(t, q, o); };
    };
    tc::require_invalid(call(mat{{0, 5, 1}}, p), fn + "tokens[0][1] must be an integer token from 0 to 4, got 5");
    tc::require_invalid(call(mat{{0, 1.5, 1}}, p), fn + "tokens[0][1] must be an integer token from 0 to 4, got 1.5");
    tc::require_invalid(call(mat{{0, -1, 1}}, p), fn + "tokens[0][1] must be an integer token");
    tc::require_invalid(call(mat{{0, 1, 2, 3, 4}}, p),
                        fn + "tokens has sequences of 5 tokens but the model takes at most P = 4");
    tc::require_invalid(call(mat(xt::empty<double>({0, 3})), p), fn + "tokens is empty");
    TransformerParams q = p;
    q.layers[1][0].Wk = tc::random_mat(gen, 3, 3);
    tc::require_invalid(call(tokens, q), fn + "params.layers[1][0].Wk is 3 x 3 but must be d x d_h = 3 x 2");
    q = p;
    q.layers[0][1].Wo = tc::random_mat(gen, 2, 4);
    tc::require_invalid(call(tokens, q), fn + "params.layers[0][1].Wo is 2 x 4 but must be d_h x d = 2 x 3");
    q = p;
    q.unembed = tc::random_mat(gen, 3, 4);
    tc::require_invalid(call(tokens, q), fn + "params.unembed is 3 x 4 but must be d x V = 3 x 5");
    q = p;
    q.pos = tc::random_mat(gen, 4, 2);
    tc::require_invalid(call(tokens, q), fn + "params.pos has 2 columns but params.embed has 3");
    q = p;
    q.embed(1, 1) = NAN;
    tc::require_invalid(call(tokens, q), fn + "params.embed has a non-finite entry");
    q = p;
    q.layers[1].clear();
    tc::require_invalid(call(tokens, q), fn + "params.layers[1] has no heads");
    q = p;
    q.layers.assign(17, p.layers[0]);
    tc::require_invalid(call(tokens, q), fn + "params.layers has 17 layers, more than the limit of 16");
    TransformerOptions o;
    o.ablate = mat{{2, 0}};
    tc::require_invalid(call(tokens, p, o), fn + "ablate[0] names layer 2 but the model has layers 0 to 1");
    o.ablate = mat{{0, 0}, {1, 1}};
    tc::require_invalid(call(tokens, p, o), fn + "ablate[1] names head 1 of layer 1, which has heads 0 to 0");
    o.ablate = mat{{0.5, 0}};
    tc::require_invalid(call(tokens, p, o), fn + "ablate[0] names layer 0.5");
    o.ablate = mat{{0, 0, 1}};
    tc::require_invalid(call(tokens, p, o), fn + "ablate must list [layer, head] pairs");
    o = {};
    o.scale = INFINITY;
    tc::require_invalid(call(tokens, p, o), fn + "scale must be a finite number");
    // caps: B sequences, and the attention maps of every head
    tc::require_invalid(call(mat(xt::zeros<double>({1025, 2})), p), fn + "tokens has 1025 sequences, more than the limit of 1024");
    const TransformerParams wide = tc::random_params(gen, 2, 1024, 2, {{4, 1}});
    tc::require_invalid(call(mat(xt::zeros<double>({2, 1024})), wide),
                        fn + "the attention maps of 4 heads on 2 sequences of 1024 tokens have more entries than the limit");
}
