// expectation, variance and moments against NumPy, as properties, and their
// bad-input messages.
// Reference values: tests/fixtures/prob.json, made by scripts/fixtures/prob.py
// (/usr/bin/python3 scripts/gen_fixtures.py prob).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/prob/expectation.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

TEST_CASE("expectation, variance and moments match numpy", "[prob]") {
    const auto& cases = fx::load("prob")["moments"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const vec x = k["x"].vec(), p = k["p"].vec();
            tc::require_close(attn::expectation(x, p), k["expectation"].number());
            tc::require_close(attn::variance(x, p), k["variance"].number());
            const Moments m = attn::moments(x, p);
            tc::require_close(m.mean, k["expectation"].number());
            tc::require_close(m.meanOfSquares, k["meanOfSquares"].number());
            tc::require_close(m.varianceCentral, k["variance"].number());
            tc::require_close(m.varianceShortcut, k["varianceShortcut"].number(),
                              k["shortcut_rtol"].number(), 1e-12);
        }
    }
}

TEST_CASE("expectation and variance properties over random inputs", "[prob]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> len(1, 20);
    std::normal_distribution<double> normal;
    const std::size_t n = len(gen);
    const vec p = tc::random_dist(gen, n, seed % 2 == 0);
    vec x = xt::empty<double>({n});
    for (auto& v : x) v = normal(gen) * 5;
    const double a = normal(gen), b = normal(gen);
    INFO("seed " << seed << " n " << n);

    const double mu = attn::expectation(x, p), var = attn::variance(x, p);
    // Var >= 0, and both ways agree: E[(X - EX)^2] = E[X^2] - E[X]^2
    REQUIRE(var >= 0.0);
    const Moments m = attn::moments(x, p);
    REQUIRE(m.mean == mu);
    REQUIRE(m.varianceCentral == var);
    tc::require_close(m.varianceShortcut, m.varianceCentral, 1e-9, 1e-12 * (1 + m.meanOfSquares));
    // linearity: E[aX + b] = a E[X] + b;  Var[aX + b] = a^2 Var[X]
    vec y = a * x + b;
    tc::require_close(attn::expectation(y, p), a * mu + b, 1e-9, 1e-12 * (1 + std::fabs(b)));
    tc::require_close(attn::variance(y, p), a * a * var, 1e-9, 1e-12);
    // E[X] lies between min x and max x; a constant has variance 0
    REQUIRE(mu >= xt::amin(x)() - 1e-12);
    REQUIRE(mu <= xt::amax(x)() + 1e-12);
    vec c = xt::ones<double>({n}) * 3.25;
    tc::require_close(attn::variance(c, p), 0.0);
}

TEST_CASE("expectation and variance reject bad input with their own name", "[prob]") {
    const vec x = {1.0, 2.0, 3.0}, p = {0.2, 0.3, 0.5};
    const vec empty = xt::empty<double>({0});
    tc::require_invalid([&] { attn::expectation(x, vec{0.2, 0.3, 0.4}); },
                        "expectation: p sums to 0.90000000000000002, not 1");
    tc::require_invalid([&] { attn::variance(x, vec{0.2, 0.3, 0.5 + 2e-9}); }, "variance: p sums to");
    tc::require_invalid([&] { attn::moments(x, vec{0.6, -0.1, 0.5}); },
                        "moments: p has a negative entry (-0.1) at index 1");
    tc::require_invalid([&] { attn::expectation(x, vec{0.5, 0.5}); }, "expectation: x has 3 entries but p has 2");
    tc::require_invalid([&] { attn::variance(empty, empty); }, "variance: x is empty");
    tc::require_invalid([&] { attn::expectation(x, empty); }, "expectation: p is empty");
    tc::require_invalid([&] { attn::expectation(vec{1.0, INFINITY, 2.0}, p); }, "expectation: x has a non-finite");
    tc::require_invalid([&] { attn::moments(x, vec{0.2, NAN, 0.5}); }, "moments: p has a non-finite");
    // within the tolerance is accepted
    REQUIRE_NOTHROW(attn::expectation(x, vec{0.2, 0.3, 0.5 + 5e-10}));
}
