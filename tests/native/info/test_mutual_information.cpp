// mutualInformation and conditionalEntropy against SciPy, as properties, and
// their bad-input messages.
// Reference values: tests/fixtures/info.json, made by scripts/fixtures/info.py
// (/usr/bin/python3 scripts/gen_fixtures.py info).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/info/entropy.hpp"
#include "attn/info/mutual_information.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

static const double kE = std::exp(1.0);  // Math.E (M_E is not standard C++)

TEST_CASE("mutual information and conditional entropies match scipy", "[info]") {
    const auto& cases = fx::load("info")["joints"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const mat J = k["joint"].mat();
            const double base = k["base"].number();
            tc::require_close(mutual_information(J, base), k["mutualInformation"].number());
            const ConditionalEntropies h = conditional_entropy(J, base);
            tc::require_close(h.HX, k["HX"].number());
            tc::require_close(h.HY, k["HY"].number());
            tc::require_close(h.HXY, k["HXY"].number());
            tc::require_close(h.HXgivenY, k["HXgivenY"].number());
            tc::require_close(h.HYgivenX, k["HYgivenX"].number());
        }
    }
}

TEST_CASE("mutual information properties over random tables", "[info]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 8);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const std::size_t m = dim(gen), n = dim(gen);
    const double base = seed % 2 ? 2.0 : kE;
    INFO("seed " << seed << " " << m << " x " << n << " base " << base);

    // A dependent table (some zero cells) ...
    mat J = xt::empty<double>({m, n});
    double s = 0;
    for (auto& x : J) s += (x = u(gen) < 0.25 ? 0.0 : u(gen));
    if (s == 0) J(0, 0) = s = 1.0;
    J /= s;
    const double I = mutual_information(J, base);
    const ConditionalEntropies h = conditional_entropy(J, base);
    // I >= 0; I = H(X) - H(X|Y) = H(Y) - H(Y|X) = H(X) + H(Y) - H(X,Y)
    REQUIRE(I >= -1e-15);
    tc::require_close(h.HX - h.HXgivenY, I, 1e-9, 1e-12);
    tc::require_close(h.HY - h.HYgivenX, I, 1e-9, 1e-12);
    tc::require_close(h.HX + h.HY - h.HXY, I, 1e-9, 1e-12);
    // 0 <= H(X|Y) <= H(X); H(X,Y) <= H(X) + H(Y); I <= min(H(X), H(Y))
    REQUIRE(h.HXgivenY >= 0.0);
    REQUIRE(h.HYgivenX >= 0.0);
    REQUIRE(h.HXgivenY <= h.HX + 1e-12);
    REQUIRE(h.HXY <= h.HX + h.HY + 1e-12);
    REQUIRE(I <= std::min(h.HX, h.HY) + 1e-12);
    // I(X;Y) = I(Y;X)
    tc::require_close(mutual_information(mat(xt::transpose(J)), base), I, 1e-12, 1e-15);

    // ... and an independent one, the outer product of its marginals: I = 0.
    vec a = xt::empty<double>({m}), b = xt::empty<double>({n});
    double sa = 0, sb = 0;
    for (auto& x : a) sa += (x = u(gen) + 1e-3);
    for (auto& x : b) sb += (x = u(gen) + 1e-3);
    mat P = xt::empty<double>({m, n});
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) P(i, j) = (a(i) / sa) * (b(j) / sb);
    REQUIRE(std::fabs(mutual_information(P, base)) <= 1e-12);
    const ConditionalEntropies hp = conditional_entropy(P, base);
    tc::require_close(hp.HXgivenY, hp.HX, 1e-9, 1e-12);
    tc::require_close(hp.HXY, hp.HX + hp.HY, 1e-9, 1e-12);
}

TEST_CASE("mutual information rejects bad input with its own name", "[info]") {
    const mat J = {{0.25, 0.25}, {0.25, 0.25}};
    tc::require_invalid([] { mutual_information(mat{{0.25, 0.25}, {0.25, 0.2}}); },
                        "mutualInformation: joint sums to 0.94999999999999996, not 1");
    tc::require_invalid([] { mutual_information(mat{{0.75, 0.25}, {0.25, -0.25}}); },
                        "mutualInformation: joint has a negative entry (-0.25) at (1, 1)");
    tc::require_invalid([] { conditional_entropy(mat(xt::empty<double>({2, 0}))); },
                        "conditionalEntropy: joint is empty");
    tc::require_invalid([&] { mutual_information(J, 1.0); }, "mutualInformation: base must be");
    tc::require_invalid([&] { conditional_entropy(J, -1.0); }, "conditionalEntropy: base must be");
    tc::require_invalid([] { conditional_entropy(mat{{0.5, 0.4}, {0.05, 0.0}}); },
                        "conditionalEntropy: joint sums to");
}
