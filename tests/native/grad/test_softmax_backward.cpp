// softmaxBackward and softmaxCrossEntropy against torch.autograd.grad, and
// against central finite differences over random inputs.
// Reference values: tests/fixtures/{softmax_backward,softmax_cross_entropy}.json,
// made by scripts/fixtures/grad.py (/usr/bin/python3 scripts/gen_fixtures.py grad).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/softmax/softmax.hpp"
#include "attn/softmax/softmax_backward.hpp"
#include "support/check.hpp"
#include "support/finite_diff.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

TEST_CASE("softmaxBackward matches torch.autograd.grad", "[grad]") {
    const auto& fx = fx::load("softmax_backward");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        tc::require_close(softmax_backward(k["z"].vec(), k["dp"].vec(), k["temperature"].number()),
                          k["dz"].vec());
    }
}

TEST_CASE("softmaxCrossEntropy matches torch's cross_entropy and its gradient", "[grad]") {
    const auto& fx = fx::load("softmax_cross_entropy");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        const auto r = softmax_cross_entropy(k["logits"].mat(), k["targets"].vec());
        tc::require_close(r.loss, k["loss"].number());
        tc::require_close(r.probs, k["probs"].mat());
        tc::require_close(r.dLogits, k["dLogits"].mat());
    }
}

TEST_CASE("softmax gradients equal central finite differences", "[grad]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> len(1, 12), classes(1, 6);
    std::uniform_real_distribution<double> temp(0.3, 3.0);
    const std::size_t n = len(gen);
    const double T = temp(gen);
    const vec z = xt::flatten(tc::random_mat(gen, 1, n, 2.0));
    const vec dp = xt::flatten(tc::random_mat(gen, 1, n));
    const vec dz = softmax_backward(z, dp, T);
    const vec fd = tc::central_diff(z, [&](const vec& x) { return tc::dot_all(dp, softmax(x, T)); });
    INFO("seed " << seed << " n " << n << " T " << T);
    REQUIRE(tc::rel_err(dz, fd) < 1e-6);
    // J^T dp, with the chapter's Jacobian.
    const mat J = softmax_jacobian(z, T);
    for (std::size_t j = 0; j < n; ++j) {
        double s = 0;
        for (std::size_t i = 0; i < n; ++i) s += J(i, j) * dp(i);
        tc::require_close(dz(j), s, 1e-9, 1e-12);
    }

    const std::size_t rows = len(gen), C = classes(gen);
    const mat logits = tc::random_mat(gen, rows, C, 2.0);
    vec t = xt::empty<double>({rows});
    for (auto& x : t) x = static_cast<double>(std::uniform_int_distribution<std::size_t>(0, C - 1)(gen));
    const auto ce = softmax_cross_entropy(logits, t);
    const mat fd2 = tc::central_diff(logits, [&](const mat& L) { return softmax_cross_entropy(L, t).loss; });
    REQUIRE(tc::rel_err(ce.dLogits, fd2) < 1e-6);
    // Each row of dLogits sums to 0 (probabilities minus a one-hot, over n).
    for (std::size_t i = 0; i < rows; ++i) {
        double s = 0;
        for (std::size_t j = 0; j < C; ++j) s += ce.dLogits(i, j);
        REQUIRE(std::fabs(s) < 1e-15 * static_cast<double>(C));
    }
}

TEST_CASE("softmax gradients reject bad input", "[grad]") {
    tc::require_invalid([] { softmax_backward(vec{1.0, 2.0}, vec{1.0}); },
                        "softmaxBackward: dp has 1 entries but z has 2");
    tc::require_invalid([] { softmax_backward(vec{1.0, NAN}, vec{1.0, 1.0}); },
                        "softmaxBackward: z has a non-finite entry");
    tc::require_invalid([] { softmax_backward(vec{1.0}, vec{INFINITY}); },
                        "softmaxBackward: dp has a non-finite entry");
    tc::require_invalid([] { softmax_backward(vec{1.0}, vec{1.0}, 0.0); },
                        "softmaxBackward: temperature must be a positive finite number");
    tc::require_invalid([] { softmax_backward(vec{1.0, 1.0}, vec{1e308, -1e308}, 1e-300); },
                        "softmaxBackward: dz overflows");
    const mat L = {{1.0, 2.0, 3.0}, {0.0, 1.0, 0.0}};
    tc::require_invalid([&] { softmax_cross_entropy(L, vec{0.0}); },
                        "softmaxCrossEntropy: targets has 1 entries but logits has 2 rows");
    tc::require_invalid([&] { softmax_cross_entropy(L, vec{0.0, 3.0}); },
                        "softmaxCrossEntropy: targets[1] must be an integer class from 0 to 2, got 3");
    tc::require_invalid([&] { softmax_cross_entropy(L, vec{-1.0, 0.0}); },
                        "softmaxCrossEntropy: targets[0] must be an integer class from 0 to 2, got -1");
    tc::require_invalid([&] { softmax_cross_entropy(L, vec{0.5, 0.0}); },
                        "softmaxCrossEntropy: targets[0] must be an integer class");
    tc::require_invalid([&] { softmax_cross_entropy(L, vec{NAN, 0.0}); },
                        "softmaxCrossEntropy: targets[0] must be an integer class");
    tc::require_invalid([&] { softmax_cross_entropy(mat(xt::empty<double>({0, 3})), vec{}); },
                        "softmaxCrossEntropy: logits is empty");
    tc::require_invalid([&] { softmax_cross_entropy(mat{{1.0, NAN}}, vec{0.0}); },
                        "softmaxCrossEntropy: logits has a non-finite entry");
}
