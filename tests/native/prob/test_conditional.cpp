// conditional (marginals and conditionals of a joint table) against NumPy, as
// properties, and its bad-input messages.
// Reference values: tests/fixtures/prob.json, made by scripts/fixtures/prob.py
// (/usr/bin/python3 scripts/gen_fixtures.py prob).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/prob/conditional.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("conditional matches numpy", "[prob]") {
    const auto& cases = fx::load("prob")["conditionals"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const Conditionals r = conditional(k["joint"].mat());
            tc::require_close(r.pX, k["pX"].vec());
            tc::require_close(r.pY, k["pY"].vec());
            tc::require_close(r.pXgivenY, k["pXgivenY"].mat());
            tc::require_close(r.pYgivenX, k["pYgivenX"].mat());
        }
    }
}

TEST_CASE("conditional properties over random tables", "[prob]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 8);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const std::size_t m = dim(gen), n = dim(gen);
    mat J = xt::empty<double>({m, n});
    double s = 0;
    for (auto& x : J) s += (x = u(gen) < 0.25 ? 0.0 : u(gen));
    if (s == 0) J(0, 0) = s = 1.0;
    J /= s;
    INFO("seed " << seed << " " << m << " x " << n);

    const Conditionals r = conditional(J);
    tc::require_close(xt::sum(r.pX)(), 1.0, 1e-12);
    tc::require_close(xt::sum(r.pY)(), 1.0, 1e-12);
    // columns of P(X|Y) sum to 1 (0 where P(Y=j) = 0); rows of P(Y|X) likewise;
    // Bayes: P(X|Y) P(Y) = P(Y|X) P(X) = joint
    for (std::size_t j = 0; j < n; ++j) {
        double col = 0;
        for (std::size_t i = 0; i < m; ++i) col += r.pXgivenY(i, j);
        tc::require_close(col, r.pY(j) > 0 ? 1.0 : 0.0, 1e-12);
    }
    for (std::size_t i = 0; i < m; ++i) {
        double row = 0;
        for (std::size_t j = 0; j < n; ++j) {
            row += r.pYgivenX(i, j);
            tc::require_close(r.pXgivenY(i, j) * r.pY(j), J(i, j), 1e-12, 1e-15);
            tc::require_close(r.pYgivenX(i, j) * r.pX(i), J(i, j), 1e-12, 1e-15);
        }
        tc::require_close(row, r.pX(i) > 0 ? 1.0 : 0.0, 1e-12);
    }
}

TEST_CASE("conditional rejects bad input with its own name", "[prob]") {
    tc::require_invalid([] { conditional(mat{{0.1, 0.2}, {0.3, 0.3}}); },
                        "conditional: joint sums to 0.90000000000000002, not 1");
    tc::require_invalid([] { conditional(mat{{0.6, -0.1}, {0.3, 0.2}}); },
                        "conditional: joint has a negative entry (-0.1) at (0, 1)");
    tc::require_invalid([] { conditional(mat(xt::empty<double>({0, 2}))); }, "conditional: joint is empty");
    tc::require_invalid([] { conditional(mat{{0.5, NAN}, {0.25, 0.25}}); },
                        "conditional: joint has a non-finite entry");
}
