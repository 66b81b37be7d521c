// Softmax's Lipschitz constant: lipschitzRatio and jacobianSpectralNorm against
// torch + NumPy, lipschitzBound / lipschitzSearch as properties, and the
// bad-input messages.
// Reference values: tests/fixtures/analysis.json, made by
// scripts/fixtures/analysis.py
// (/usr/bin/python3 scripts/gen_fixtures.py analysis).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/analysis/lipschitz.hpp"
#include "attn/softmax/softmax.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("lipschitz ratio matches torch", "[analysis]") {
    const auto& cases = fx::load("analysis")["ratios"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const double T = k["temperature"].number();
            tc::require_close(lipschitz_ratio(k["z1"].vec(), k["z2"].vec(), T), k["ratio"].number());
            tc::require_close(lipschitz_bound(T), k["bound"].number());
        }
    }
}

TEST_CASE("jacobian spectral norm matches numpy", "[analysis]") {
    const auto& cases = fx::load("analysis")["jacobians"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const double got = jacobian_spectral_norm(k["z"].vec(), k["temperature"].number());
            tc::require_close(got, k["spectralNorm"].number(), 1e-9, 1e-15);
            tc::require_close(got, k["maxEigenvalue"].number(), 1e-9, 1e-15);
        }
    }
}

TEST_CASE("lipschitz properties over random logits", "[analysis]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> len(1, 40);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> temp(0.05, 10.0), spread(1e-3, 20.0);
    const std::size_t n = len(gen);
    const double T = temp(gen), sd = spread(gen);
    vec z1 = xt::empty<double>({n}), z2 = xt::empty<double>({n});
    for (auto& x : z1) x = normal(gen) * sd;
    for (auto& x : z2) x = normal(gen) * sd;
    if (z1 == z2) z2(0) += 1.0;
    INFO("seed " << seed << " n " << n << " T " << T);

    const double bound = lipschitz_bound(T);
    REQUIRE(bound == 1.0 / (2.0 * T));
    // the ratio never exceeds the tight bound 1/(2T)
    const double r = lipschitz_ratio(z1, z2, T);
    REQUIRE(r >= 0.0);
    REQUIRE(r <= bound * (1 + 1e-12));
    // nor does the local rate ||J(z)||_2, which is J's largest eigenvalue:
    const double s = jacobian_spectral_norm(z1, T);
    REQUIRE(s >= 0.0);
    REQUIRE(s <= bound * (1 + 1e-12));
    // it dominates every Rayleigh quotient (diagonal entries p_i(1-p_i)/T) ...
    const vec p = softmax(z1, T);
    const mat J = softmax_jacobian(z1, T);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(J(i, i) <= s * (1 + 1e-12) + 1e-300);
    // ... and is an eigenvalue: v_i = p_i / (p_i - lambda T) solves J v = s v
    // (when the top probability is unique, the secular-equation eigenvector).
    std::size_t top = 0;
    for (std::size_t i = 1; i < n; ++i)
        if (p(i) > p(top)) top = i;
    bool tie = false;
    for (std::size_t i = 0; i < n; ++i) tie |= (i != top && p(i) == p(top));
    if (n >= 2 && !tie && s > 1e-12 / T) {
        vec v = xt::empty<double>({n});
        for (std::size_t i = 0; i < n; ++i) v(i) = p(i) / (p(i) - s * T);
        const double vn = std::sqrt(xt::sum(v * v)());
        v /= vn;
        double resid = 0;
        for (std::size_t i = 0; i < n; ++i) {
            double Jv = 0;
            for (std::size_t j = 0; j < n; ++j) Jv += J(i, j) * v(j);
            resid = std::max(resid, std::fabs(Jv - s * v(i)));
        }
        INFO("residual " << resid << " s " << s);
        REQUIRE(resid <= 1e-7 * bound);
    }
    // mean value theorem: a tiny step's ratio approaches the directional rate
    // ||J u|| <= ||J||_2, consistent with the bound
    vec z3 = z1;
    z3(0) += 1e-6;
    REQUIRE(lipschitz_ratio(z1, z3, T) <= s * (1 + 1e-4) + 1e-12);
}

TEST_CASE("two equal logits reach the bound", "[analysis]") {
    for (double T : {0.25, 1.0, 3.0}) {
        tc::require_close(jacobian_spectral_norm(vec{0.7, 0.7}, T), 1.0 / (2 * T), 1e-14);
        // a tiny symmetric step around two equal logits: ratio -> 1/(2T)
        tc::require_close(lipschitz_ratio(vec{0.0, 0.0}, vec{1e-5, -1e-5}, T), 1.0 / (2 * T), 1e-8);
    }
    REQUIRE(jacobian_spectral_norm(vec{5.0}) == 0.0);
}

TEST_CASE("lipschitz search is deterministic and below the bound", "[analysis]") {
    const LipschitzSearch a = lipschitz_search(2, 500, 42, 1.0, 0.05);
    const LipschitzSearch b = lipschitz_search(2, 500, 42, 1.0, 0.05);
    REQUIRE(a.ratios == b.ratios);
    REQUIRE(a.best == b.best);
    REQUIRE(a.ratios.size() == 200);
    REQUIRE(a.bound == 0.5);
    REQUIRE(a.best <= a.bound);
    // with small logits and n = 2 the worst pair is close to the bound
    REQUIRE(a.best > 0.49);
    // the reported best pair reproduces the best ratio
    tc::require_close(lipschitz_ratio(a.bestZ1, a.bestZ2, 1.0), a.best, 1e-12);
    for (double r : a.ratios) REQUIRE((r >= 0.0 && r <= a.best));
    // another seed gives other pairs; fewer trials keep only those ratios
    const LipschitzSearch c = lipschitz_search(2, 500, 43, 1.0, 0.05);
    REQUIRE(c.ratios != a.ratios);
    const LipschitzSearch d = lipschitz_search(5, 7, 1, 0.5, 2.0);
    REQUIRE(d.ratios.size() == 7);
    REQUIRE(d.bound == 1.0);
    REQUIRE(d.bestZ1.size() == 5);
    // n = 1: softmax is constant, every ratio is 0
    REQUIRE(lipschitz_search(1, 10, 0).best == 0.0);
}

TEST_CASE("analysis functions reject bad input with their own name", "[analysis]") {
    const vec z = {1.0, 2.0, 3.0};
    const vec empty = xt::empty<double>({0});
    tc::require_invalid([&] { lipschitz_ratio(z, z); }, "lipschitzRatio: z1 and z2 are equal");
    tc::require_invalid([&] { lipschitz_ratio(z, vec{1.0, 2.0}); }, "lipschitzRatio: z1 has 3 entries but z2 has 2");
    tc::require_invalid([&] { lipschitz_ratio(empty, empty); }, "lipschitzRatio: z1 is empty");
    tc::require_invalid([&] { lipschitz_ratio(z, vec{1.0, NAN, 3.0}); }, "lipschitzRatio: z2 has a non-finite");
    tc::require_invalid([&] { lipschitz_ratio(vec{1e308, 0.0}, vec{-1e308, 0.0}); },
                        "lipschitzRatio: z1 - z2 overflows");
    for (double T : {0.0, -1.0, double(NAN), double(INFINITY)}) {
        INFO("T " << T);
        tc::require_invalid([&] { lipschitz_ratio(z, vec{0.0, 0.0, 0.0}, T); }, "lipschitzRatio: temperature must be");
        tc::require_invalid([&] { lipschitz_bound(T); }, "lipschitzBound: temperature must be");
        tc::require_invalid([&] { jacobian_spectral_norm(z, T); }, "jacobianSpectralNorm: temperature must be");
        tc::require_invalid([&] { lipschitz_search(3, 10, 0, T); }, "lipschitzSearch: temperature must be");
    }
    tc::require_invalid([&] { jacobian_spectral_norm(empty); }, "jacobianSpectralNorm: z is empty");
    tc::require_invalid([] { lipschitz_search(0, 10, 0); }, "lipschitzSearch: n must be between 1 and 1024, got 0");
    tc::require_invalid([] { lipschitz_search(1025, 10, 0); }, "lipschitzSearch: n must be between 1 and 1024");
    tc::require_invalid([] { lipschitz_search(3, 0, 0); }, "lipschitzSearch: trials must be between 1 and 100000");
    tc::require_invalid([] { lipschitz_search(3, 100001, 0); }, "lipschitzSearch: trials must be between");
    tc::require_invalid([] { lipschitz_search(1024, 100000, 0); },
                        "lipschitzSearch: n * trials = 1024 * 100000 is more than the limit of 2097152");
    REQUIRE_NOTHROW(lipschitz_search(20, 100, 0));  // well inside every cap
    tc::require_invalid([] { lipschitz_search(3, 10, -1); }, "lipschitzSearch: seed must be a non-negative integer");
    tc::require_invalid([] { lipschitz_search(3, 10, 0, 1.0, 0.0); }, "lipschitzSearch: scale must be a positive number up to 1e+06, got 0");
    tc::require_invalid([] { lipschitz_search(3, 10, 0, 1.0, 2e6); }, "lipschitzSearch: scale must be");
}
