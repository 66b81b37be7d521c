// Softmax family against torch and as properties.
// Reference values: tests/fixtures/softmax.json, made by
// scripts/fixtures/softmax.py
// (/usr/bin/python3 scripts/gen_fixtures.py softmax).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/softmax/softmax.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("softmax family matches torch", "[softmax]") {
    const auto& cases = fx::load("softmax")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const vec z = k["z"].vec();
            const double T = k["temperature"].number();
            tc::require_close(softmax(z, T), k["softmax"].vec());
            tc::require_close(log_softmax(z, T), k["log_softmax"].vec());
            tc::require_close(softmax_jacobian(z, T), k["jacobian"].mat());
            tc::require_close(softmax_naive(z, T), k["naive"].vec());
            const SoftmaxSteps s = softmax_steps(z, T);
            tc::require_close(s.max, k["max"].number());
            tc::require_close(s.shifted, k["shifted"].vec());
            tc::require_close(s.exps, k["exps"].vec());
            tc::require_close(s.sum, k["sum"].number());
        }
    }
}

TEST_CASE("naive softmax overflows where the stable one does not", "[softmax]") {
    const vec z = {1000.0, 1001.0, 1002.0};
    const vec naive = softmax_naive(z);
    REQUIRE(std::isnan(naive(0)));
    const vec p = softmax(z);
    REQUIRE(std::isfinite(p(0)));
    tc::require_close(xt::sum(p)(), 1.0);
}

TEST_CASE("softmax properties over random inputs", "[softmax]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<int> len(1, 16);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_real_distribution<double> spread(0.1, 50.0), temp(0.05, 10.0), shift(-500, 500);
    const std::size_t n = static_cast<std::size_t>(len(gen));
    const double sd = spread(gen), T = temp(gen), c = shift(gen);
    vec z = xt::empty<double>({n});
    for (auto& x : z) x = normal(gen) * sd;
    INFO("seed " << seed << " n " << n << " T " << T);

    const vec p = softmax(z, T);
    // softmax's own loop gives softmaxSteps' probabilities bit for bit
    const vec steps_p = softmax_steps(z, T).probs;
    for (std::size_t i = 0; i < n; ++i) REQUIRE(p(i) == steps_p(i));
    // rows sum to 1, entries in [0, 1]
    tc::require_close(xt::sum(p)(), 1.0, 1e-12);
    for (double x : p) REQUIRE((x >= 0.0 && x <= 1.0));
    // shift invariance: softmax(z + c) = softmax(z)
    vec zc = z + c;
    tc::require_close(softmax(zc, T), p, 1e-9, 1e-12);
    // log_softmax = log(softmax) where p is not tiny
    const vec lp = log_softmax(z, T);
    for (std::size_t i = 0; i < n; ++i)
        if (p(i) > 1e-300) tc::require_close(lp(i), std::log(p(i)), 1e-9, 1e-9);
    // Jacobian: symmetric, rows sum to 0, diagonal p(1-p)/T
    const mat J = softmax_jacobian(z, T);
    for (std::size_t i = 0; i < n; ++i) {
        double row = 0;
        for (std::size_t j = 0; j < n; ++j) {
            row += J(i, j);
            REQUIRE(J(i, j) == J(j, i));
        }
        REQUIRE(std::fabs(row) <= 1e-12);
        tc::require_close(J(i, i), p(i) * (1 - p(i)) / T, 1e-9, 1e-15);
    }
}

TEST_CASE("softmax rejects bad input with its own name", "[softmax]") {
    const vec empty = xt::empty<double>({0});
    tc::require_invalid([&] { softmax(empty); }, "softmax: z is empty");
    tc::require_invalid([&] { softmax_naive(empty); }, "softmaxNaive: ");
    tc::require_invalid([&] { log_softmax(vec{1.0, NAN}); }, "logSoftmax: z has a non-finite");
    tc::require_invalid([&] { softmax_jacobian(vec{1.0, INFINITY}); }, "softmaxJacobian: ");
    tc::require_invalid([&] { softmax(vec{1.0}, 0.0); }, "softmax: temperature must be");
    tc::require_invalid([&] { softmax(vec{1.0}, -2.0); }, "softmax: temperature");
    tc::require_invalid([&] { softmax(vec{1.0}, NAN); }, "softmax: temperature");
    tc::require_invalid([&] { softmax_steps(vec{1.0}, INFINITY); }, "softmaxSteps: temperature");
}
