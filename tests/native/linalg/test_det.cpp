// det against numpy.linalg.det, as properties, and its bad-input messages.
// Reference values: tests/fixtures/linalg_ops.json, made by
// scripts/fixtures/linalg_ops.py
// (/usr/bin/python3 scripts/gen_fixtures.py linalg_ops).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/linalg/det.hpp"
#include "attn/linalg/matmul.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("det matches numpy", "[linalg]") {
    const auto& cases = fx::load("linalg_ops")["det"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) { tc::require_close(attn::det(k["A"].mat()), k["det"].number()); }
    }
}

TEST_CASE("det of structured matrices is exact", "[linalg]") {
    REQUIRE(attn::det(mat{{0.0, 0.0}, {0.0, 0.0}}) == 0.0);
    REQUIRE(attn::det(mat{{1.0, 2.0}, {2.0, 4.0}}) == 0.0);
    REQUIRE(attn::det(mat{{2.0, 0.0, 0.0}, {0.0, 3.0, 0.0}, {0.0, 0.0, -4.0}}) == -24.0);
    REQUIRE(attn::det(mat{{0.0, 1.0}, {1.0, 0.0}}) == -1.0);
    // The product of pivots is rescaled as it goes: no overflow midway when
    // the determinant itself is representable.
    tc::require_close(attn::det(mat{{1e200, 0.0, 0.0}, {0.0, 1e200, 0.0}, {0.0, 0.0, 1e-300}}),
                      1e100, 1e-12, 0.0);
    // ... and a true overflow is Infinity, not NaN
    REQUIRE(attn::det(mat{{1e200, 0.0}, {0.0, 1e200}}) == std::numeric_limits<double>::infinity());
}

TEST_CASE("det properties over random matrices", "[linalg]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 7);
    std::normal_distribution<double> normal;
    const std::size_t n = dim(gen);
    auto rand_mat = [&] {
        mat m = xt::empty<double>({n, n});
        for (auto& x : m) x = normal(gen);
        return m;
    };
    const mat A = rand_mat(), B = rand_mat();
    const double alpha = normal(gen);
    INFO("seed " << seed << " n " << n);
    const double dA = attn::det(A), dB = attn::det(B);
    // det(AB) = det(A) det(B): LU error grows with the condition number, so
    // allow an absolute slack scaled by the product of row norms (Hadamard's bound).
    auto hadamard = [&](const mat& M) {
        double h = 1.0;
        for (std::size_t i = 0; i < n; ++i) {
            double r = 0;
            for (std::size_t j = 0; j < n; ++j) r += M(i, j) * M(i, j);
            h *= std::sqrt(r);
        }
        return h;
    };
    const double slack = 1e-12 * hadamard(A) * hadamard(B);
    {
        const double got = attn::det(matmul(A, B)), want = dA * dB;
        INFO("det(AB) " << got << " det(A) det(B) " << want);
        REQUIRE(std::fabs(got - want) <= 1e-9 * std::fabs(want) + slack);
    }
    // det(A^T) = det(A); det(alpha A) = alpha^n det(A)
    {
        const double got = attn::det(attn::transpose(A));
        REQUIRE(std::fabs(got - dA) <= 1e-9 * std::fabs(dA) + 1e-12 * hadamard(A));
        mat aA = A * alpha;
        const double want = std::pow(alpha, static_cast<double>(n)) * dA;
        const double got2 = attn::det(aA);
        REQUIRE(std::fabs(got2 - want) <= 1e-9 * std::fabs(want) + 1e-12 * hadamard(aA));
    }
    // |det(A)| <= Hadamard's bound
    REQUIRE(std::fabs(dA) <= hadamard(A) * (1 + 1e-12));
    // swapping two rows flips the sign
    if (n >= 2) {
        mat S = A;
        for (std::size_t j = 0; j < n; ++j) std::swap(S(0, j), S(n - 1, j));
        REQUIRE(std::fabs(attn::det(S) + dA) <= 1e-9 * std::fabs(dA) + 1e-12 * hadamard(A));
    }
}

TEST_CASE("det rejects bad input with its own name", "[linalg]") {
    tc::require_invalid([] { attn::det(mat(xt::ones<double>({2, 3}))); },
                        "det: A must be square but is 2 x 3");
    tc::require_invalid([] { attn::det(mat(xt::empty<double>({0, 0}))); }, "det: A is empty");
    tc::require_invalid([] { attn::det(mat{{1.0, NAN}, {0.0, 1.0}}); }, "det: A has a non-finite entry");
    tc::require_invalid([] { attn::det(mat(xt::zeros<double>({1025, 1025}))); },
                        "det: A is 1025 x 1025, larger than the limit of 1024 x 1024");
}
