// entropy, crossEntropy and klDivergence against SciPy, as properties, and
// their bad-input messages.
// Reference values: tests/fixtures/info.json, made by scripts/fixtures/info.py
// (/usr/bin/python3 scripts/gen_fixtures.py info).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/info/entropy.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

static const double kE = std::exp(1.0);  // Math.E (M_E is not standard C++)

namespace {
const double inf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("entropy, cross-entropy and KL match scipy", "[info]") {
    const auto& cases = fx::load("info")["pairs"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const vec p = k["p"].vec(), q = k["q"].vec();
            const double base = k["base"].number();
            tc::require_close(entropy(p, base), k["entropy"].number());
            tc::require_close(cross_entropy(p, q, base), k["crossEntropy"].number());
            tc::require_close(kl_divergence(p, q, base), k["klDivergence"].number());
        }
    }
}

TEST_CASE("information conventions: 0 log 0 = 0, q = 0 < p is Infinity", "[info]") {
    const vec p = {0.5, 0.5, 0.0}, q = {1.0, 0.0, 0.0};
    REQUIRE(cross_entropy(p, q) == inf);
    REQUIRE(kl_divergence(p, q) == inf);
    REQUIRE(kl_divergence(q, p) == 1.0);  // log2(1 / 0.5)
    // one-hot p: H = +0 exactly (not -0) in every base, KL(p || p) = 0
    const vec onehot = {0.0, 1.0, 0.0};
    for (double base : {2.0, kE, 10.0, 0.5}) {
        const double h = entropy(onehot, base);
        REQUIRE(h == 0.0);
        REQUIRE_FALSE(std::signbit(h));
    }
    REQUIRE(kl_divergence(onehot, onehot) == 0.0);
    // the default base is 2: a fair coin has 1 bit, a fair 8-sided die 3 bits
    REQUIRE(entropy(vec{0.5, 0.5}) == 1.0);
    tc::require_close(entropy(vec(xt::ones<double>({8}) / 8.0)), 3.0, 1e-15);
    tc::require_close(entropy(vec{0.5, 0.5}, kE), std::log(2.0), 1e-15);
    // subnormal q: p log(p / q) would overflow p / q; the result stays finite
    const double tiny = std::numeric_limits<double>::denorm_min();
    const double kl = kl_divergence(vec{1e-10, 1.0 - 1e-10}, vec{tiny, 1.0 - tiny}, kE);
    REQUIRE(std::isfinite(kl));
    tc::require_close(kl, 1e-10 * (std::log(1e-10) - std::log(tiny)) +
                              (1.0 - 1e-10) * std::log1p(-1e-10), 1e-9, 1e-15);
}

TEST_CASE("information inequalities over random distributions", "[info]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> len(1, 30);
    const std::size_t n = len(gen);
    const vec p = tc::random_dist(gen, n, seed % 2 == 0), q = tc::random_dist(gen, n, false);
    const double bases[] = {2.0, kE, 10.0};
    const double base = bases[seed % 3];
    INFO("seed " << seed << " n " << n << " base " << base);

    const double H = entropy(p, base), CE = cross_entropy(p, q, base), KL = kl_divergence(p, q, base);
    // 0 <= H(P) <= log n
    REQUIRE(H >= 0.0);
    REQUIRE(H <= std::log(static_cast<double>(n)) / std::log(base) + 1e-12);
    // Gibbs' inequality: KL(P || Q) >= 0, with equality for Q = P
    REQUIRE(KL >= -1e-15);
    REQUIRE(std::fabs(kl_divergence(p, p, base)) <= 1e-15);
    // cross-entropy = H(P) + KL(P || Q) >= H(P)
    tc::require_close(CE, H + KL, 1e-9, 1e-12);
    REQUIRE(CE >= H - 1e-12);
    // changing base rescales: H_b(P) = H_e(P) / ln b
    tc::require_close(entropy(p, kE) / std::log(base), H, 1e-12, 1e-15);
}

TEST_CASE("information functions reject bad input with their own name", "[info]") {
    const vec p = {0.25, 0.75}, q = {0.5, 0.5};
    const vec empty = xt::empty<double>({0});
    tc::require_invalid([&] { entropy(vec{0.5, 0.6}); }, "entropy: p sums to 1.1000000000000001, not 1");
    tc::require_invalid([&] { entropy(vec{1.5, -0.5}); }, "entropy: p has a negative entry (-0.5) at index 1");
    tc::require_invalid([&] { entropy(empty); }, "entropy: p is empty");
    tc::require_invalid([&] { entropy(vec{0.5, NAN}); }, "entropy: p has a non-finite entry");
    tc::require_invalid([&] { cross_entropy(p, vec{0.2, 0.3, 0.5}); },
                        "crossEntropy: p has 2 entries but q has 3");
    tc::require_invalid([&] { cross_entropy(p, vec{0.5, 0.4}); }, "crossEntropy: q sums to");
    tc::require_invalid([&] { kl_divergence(vec{0.2, 0.3, 0.5}, p); }, "klDivergence: p has 3 entries but q has 2");
    tc::require_invalid([&] { kl_divergence(p, vec{-0.5, 1.5}); }, "klDivergence: q has a negative entry");
    for (double bad : {1.0, 0.0, -2.0, inf, double(NAN)}) {
        INFO("base " << bad);
        tc::require_invalid([&] { entropy(p, bad); }, "entropy: base must be a finite number > 0 and other than 1");
        tc::require_invalid([&] { cross_entropy(p, q, bad); }, "crossEntropy: base must be");
        tc::require_invalid([&] { kl_divergence(p, q, bad); }, "klDivergence: base must be");
    }
}
