// transformerLoss against torch.autograd.grad (loss, accuracy and every
// gradient; ignored targets, ablation, scale, 1-3 layers, n < P), and as a
// property over random models: every gradient equals central finite
// differences of the loss.
// Reference values: tests/fixtures/transformer_loss.json, made by
// scripts/fixtures/transformer.py (/usr/bin/python3 scripts/gen_fixtures.py transformer).
#include <catch2/catch.hpp>
#include <random>

#include "attn/transformer/loss.hpp"
#include "support/check.hpp"
#include "support/finite_diff.hpp"
#include "support/json.hpp"
#include "support/transformer.hpp"

using namespace attn;

TEST_CASE("transformerLoss: loss, accuracy and gradients equal PyTorch's", "[transformer]") {
    const auto& fx = fx::load("transformer_loss");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        TransformerOptions o;
        tc::transformer_options(k["options"], o);
        const auto r = transformer_loss(k["tokens"].mat(), k["targets"].mat(), tc::params_of(k["params"]), o);
        tc::require_close(r.loss, k["loss"].number());
        tc::require_close(r.accuracy, k["accuracy"].number(), 0, 1e-15);
        tc::require_params_close(r.grads, tc::params_of(k["grads"]));
    }
}

TEST_CASE("transformerLoss: every gradient equals central finite differences", "[transformer]") {
    const int seed = GENERATE(take(12, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    const std::size_t V = std::uniform_int_distribution<std::size_t>(3, 4)(gen);
    const std::size_t n = std::uniform_int_distribution<std::size_t>(2, 5)(gen);
    const auto layers = tc::random_layers(gen, 2, 2);
    const TransformerParams p0 = tc::random_params(gen, V, n + 1, 3, layers);
    const mat tokens = tc::random_tokens(gen, 2, n, V);
    mat targets = tc::random_tokens(gen, 2, n, V);
    targets(1, 0) = -1;
    TransformerOptions o;
    if (seed % 3 == 0) o.ablate = mat{{0, 0}};
    if (seed % 2 == 0) o.scale = 0.7;
    INFO("seed " << seed << " n " << n << " layers " << layers.size());
    const auto r = transformer_loss(tokens, targets, p0, o);
    const auto got = tc::matrices(r.grads);
    const auto base = tc::matrices(p0);
    for (std::size_t k = 0; k < base.size(); ++k) {
        INFO("parameter matrix " << k);
        const mat fd = tc::central_diff(*base[k], [&](const mat& w) {
            TransformerParams p = p0;
            *tc::matrices(p)[k] = w;
            return transformer_loss(tokens, targets, p, o).loss;
        });
        REQUIRE(tc::rel_err(*got[k], fd) < 1e-6);
    }
}

TEST_CASE("transformerLoss rejects bad targets", "[transformer]") {
    std::mt19937 gen(9);
    const TransformerParams p = tc::random_params(gen, 4, 4, 3, {{1, 2}});
    const mat tokens = {{0, 1, 2}, {3, 2, 1}};
    const std::string fn = "transformerLoss: ";
    tc::require_invalid([&] { transformer_loss(tokens, mat{{1, 2, -1}}, p); },
                        fn + "data.targets is 1 x 3 but data.tokens is 2 x 3");
    tc::require_invalid([&] { transformer_loss(tokens, mat{{1, 2, -1}, {2, 4, -1}}, p); },
                        fn + "data.targets[1][1] must be an integer token from 0 to 3 or -1 (ignored), got 4");
    tc::require_invalid([&] { transformer_loss(tokens, mat{{1, 2, -2}, {2, 1, -1}}, p); },
                        fn + "data.targets[0][2] must be an integer token");
    tc::require_invalid([&] { transformer_loss(tokens, mat{{-1, -1, -1}, {-1, -1, -1}}, p); },
                        fn + "data.targets is -1 everywhere");
    tc::require_invalid([&] { transformer_loss(mat{{0, 1, 2.5}, {3, 2, 1}}, mat{{1, 2, -1}, {2, 1, -1}}, p); },
                        fn + "data.tokens[0][2] must be an integer token from 0 to 3, got 2.5");
}
