// svd and svdSteps against numpy.linalg.svd and as properties: U^T U = I,
// V^T V = I, U S Vt = A to 1e-12 relative, S descending and >= 0, the sign
// convention.
// Reference values: tests/fixtures/svd.json, made by
// scripts/fixtures/lowrank.py
// (/usr/bin/python3 scripts/gen_fixtures.py lowrank).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/lowrank/svd.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"
#include "svd_check.hpp"

using namespace attn;

namespace {

// Column j of X (cols = true) or row j (cols = false) against the
// reference, up to one sign for the whole vector.
void require_same_up_to_sign(const mat& got, const mat& want, std::size_t j, bool cols,
                             double tol) {
    const std::size_t len = cols ? got.shape(0) : got.shape(1);
    double same = 0, flip = 0;
    for (std::size_t i = 0; i < len; ++i) {
        const double g = cols ? got(i, j) : got(j, i), w = cols ? want(i, j) : want(j, i);
        same = std::max(same, std::fabs(g - w));
        flip = std::max(flip, std::fabs(g + w));
    }
    INFO((cols ? "column " : "row ") << j << ": max diff " << same << " (same sign), " << flip
                                     << " (flipped), tol " << tol);
    REQUIRE(std::min(same, flip) <= tol);
}

}  // namespace

TEST_CASE("svd matches numpy.linalg.svd", "[lowrank]") {
    const auto& cases = fx::load("svd")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const mat A = k["A"].mat();
            const SvdResult s = svd(A);
            svdt::require_valid(A, s);
            const vec S = k["S"].vec();
            REQUIRE(s.S.size() == S.size());
            const double smax = S(0);
            for (std::size_t j = 0; j < S.size(); ++j) {
                INFO("S[" << j << "]: got " << s.S(j) << ", want " << S(j));
                // 1e-12 relative to the largest singular value (LAPACK's own
                // accuracy for the small ones of an ill-conditioned matrix).
                REQUIRE(std::fabs(s.S(j) - S(j)) <= 1e-12 * smax);
            }
            // Singular vectors: unique up to sign where S_j is nonzero and apart from the others.
            const mat U = k["U"].mat(), Vt = k["Vt"].mat();
            for (std::size_t j = 0; j < S.size(); ++j) {
                if (S(j) <= 1e-10 * smax) continue;
                double gap = std::numeric_limits<double>::infinity();
                for (std::size_t i = 0; i < S.size(); ++i)
                    if (i != j) gap = std::min(gap, std::fabs(S(i) - S(j)));
                if (gap <= 1e-8 * smax) continue;
                const double tol = 1e-11 + 1e-13 * smax / std::min(gap, smax);
                require_same_up_to_sign(s.U, U, j, true, tol);
                require_same_up_to_sign(s.Vt, Vt, j, false, tol);
            }
        }
    }
}

TEST_CASE("svd of a 256 x 256 matrix: singular values to 1e-12 relative", "[lowrank]") {
    // The fixture's big_matrix(256), rebuilt bit for bit (integers / 128).
    const auto& big = fx::load("svd")["big256"];
    const std::size_t n = static_cast<std::size_t>(big["n"].number());
    mat A = xt::empty<double>({n, n});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            A(i, j) = static_cast<double>((i * 73 + j * 151 + i * j * 7) % 256) / 128.0 - 1.0 +
                      (i == j ? 8.0 : 0.0);
    const SvdResult s = svd(A);
    svdt::require_valid(A, s);
    const vec S = big["S"].vec();
    for (std::size_t j = 0; j < n; ++j) tc::require_close(s.S(j), S(j), 1e-12, 0.0);
}

TEST_CASE("svd properties over random matrices", "[lowrank]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 12);
    std::uniform_int_distribution<int> kind(0, 3);
    std::normal_distribution<double> normal;
    const std::size_t m = dim(gen), n = dim(gen), k = std::min(m, n);
    const int what = kind(gen);
    INFO("seed " << seed << " m " << m << " n " << n << " kind " << what);
    mat A = xt::empty<double>({m, n});
    for (auto& v : A) v = normal(gen);
    if (what == 1 && k > 1) {  // rank-deficient: a product through a narrower inner dimension
        const std::size_t r = std::uniform_int_distribution<std::size_t>(1, k - 1)(gen);
        mat B = xt::empty<double>({m, r}), C = xt::empty<double>({r, n});
        for (auto& v : B) v = normal(gen);
        for (auto& v : C) v = normal(gen);
        A = xt::zeros<double>({m, n});
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t l = 0; l < r; ++l)
                for (std::size_t j = 0; j < n; ++j) A(i, j) += B(i, l) * C(l, j);
    } else if (what == 2) {  // a zero row and a zero column
        for (std::size_t j = 0; j < n; ++j) A(0, j) = 0;
        for (std::size_t i = 0; i < m; ++i) A(i, n - 1) = 0;
    } else if (what == 3) {  // far from 1 in scale
        A *= std::pow(10.0, std::uniform_real_distribution<double>(-150, 150)(gen));
    }
    const SvdResult s = svd(A);
    svdt::require_valid(A, s);
    // sum S^2 = |A|_F^2
    double amax = 0;
    for (double x : A) amax = std::max(amax, std::fabs(x));
    if (amax > 0) {
        double ss = 0;
        for (double x : s.S) ss += (x / amax) * (x / amax);
        tc::require_close(std::sqrt(ss), svdt::fro(mat(A / amax)), 1e-12);
    }
}

TEST_CASE("svd keeps tiny singular values of graded matrices to relative accuracy", "[lowrank]") {
    // A = D Q (rows graded) or Q D (columns graded) with Q orthogonal: its
    // singular values are exactly |d_i|, here 1 down to 1e-21, and one-sided
    // Jacobi finds even the smallest to many digits (LAPACK-style absolute
    // accuracy would give noise of about 1e-16 for all below that).
    std::mt19937 gen(20261129);
    const std::size_t n = 8;
    const mat Q = svd(tc::random_mat(gen, n, n)).U;
    for (bool rows : {true, false}) {
        mat A = Q;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) A(i, j) *= std::pow(10.0, -3.0 * static_cast<double>(rows ? i : j));
        const SvdResult s = svd(A);
        svdt::require_valid(A, s);
        for (std::size_t j = 0; j < n; ++j) {
            const double want = std::pow(10.0, -3.0 * static_cast<double>(j));
            INFO((rows ? "rows" : "columns") << " graded, S[" << j << "] = " << s.S(j) << ", want " << want);
            REQUIRE(std::fabs(s.S(j) - want) <= 1e-12 * want);
        }
    }
}

TEST_CASE("svd completes U for zero and repeated singular values", "[lowrank]") {
    for (auto shape : {std::pair<std::size_t, std::size_t>{1, 1}, {3, 4}, {5, 2}, {1, 7}, {7, 1}}) {
        const mat Z = xt::zeros<double>({shape.first, shape.second});
        const SvdResult s = svd(Z);
        svdt::require_valid(Z, s);
        for (double x : s.S) REQUIRE(x == 0.0);
    }
    // Rank 1, tall and wide: U (resp. V) needs completion for most columns.
    mat A = xt::empty<double>({10, 6});
    for (std::size_t i = 0; i < 10; ++i)
        for (std::size_t j = 0; j < 6; ++j) A(i, j) = (i + 1.0) * (j % 2 ? -1.0 : 2.0);
    svdt::require_valid(A, svd(A));
    const mat At = attn::mat(xt::transpose(A));
    svdt::require_valid(At, svd(At));
    // Repeated singular values: the identity and a scaled permutation.
    const mat I = xt::eye<double>(5);
    const SvdResult si = svd(I);
    svdt::require_valid(I, si);
    for (double x : si.S) tc::require_close(x, 1.0, 1e-15);
    mat P = xt::zeros<double>({4, 4});
    P(0, 2) = 3;
    P(1, 0) = -3;
    P(2, 3) = 3;
    P(3, 1) = 3;
    svdt::require_valid(P, svd(P));
}

TEST_CASE("svdSteps records the Jacobi sweeps of the 2 x 2 lesson", "[lowrank]") {
    mat A = {{3.0, 1.0}, {1.0, 2.0}};
    const SvdSteps st = svd_steps(A);
    REQUIRE_FALSE(st.transposed);
    // Columns (3, 1) and (1, 2): off-diagonal of A^T A is 5, twice.
    tc::require_close(st.initialOffNorm, 5 * std::sqrt(2.0), 1e-14);
    REQUIRE(st.sweeps.size() == 2);
    REQUIRE(st.sweeps[0].rotations.size() == 1);
    REQUIRE(st.sweeps[0].rotations[0].p == 0);
    REQUIRE(st.sweeps[0].rotations[0].q == 1);
    // One rotation diagonalizes a 2 x 2 Gram matrix [alpha gamma; gamma beta]:
    // tan(2 theta) = 2 gamma / (beta - alpha), |theta| <= pi/4.
    const double alpha = 10, beta = 5, gamma = 5;
    tc::require_close(st.sweeps[0].rotations[0].angle, 0.5 * std::atan(2 * gamma / (beta - alpha)),
                      1e-14);
    REQUIRE(st.sweeps[0].offNorm <= 1e-14 * 15);
    REQUIRE(st.sweeps[1].rotations.empty());
    svdt::require_valid(A, st.result);
    const SvdResult s = svd(A);
    tc::require_close(st.result.S, s.S, 0, 0);
    tc::require_close(st.result.U, s.U, 0, 0);

    // A wide matrix runs on A^T.
    const mat W = {{1.0, 2.0, 0.5}, {-1.0, 0.0, 3.0}};
    const SvdSteps sw = svd_steps(W);
    REQUIRE(sw.transposed);
    REQUIRE(sw.sweeps.back().rotations.empty());
    for (const auto& sweep : sw.sweeps)
        for (const auto& r : sweep.rotations) REQUIRE(std::fabs(r.angle) <= std::atan(1.0) + 1e-15);
    svdt::require_valid(W, sw.result);
}

TEST_CASE("svd rejects bad input with clear messages", "[lowrank]") {
    tc::require_invalid([] { svd(mat(xt::zeros<double>({0, 3}))); }, "svd: A is empty (0 x 3)");
    mat A = xt::ones<double>({2, 2});
    A(1, 0) = std::nan("");
    tc::require_invalid([&] { svd(A); }, "svd: A has a non-finite entry (NaN)");
    tc::require_invalid([] { svd(mat(xt::zeros<double>({4096, 65}))); },
                        "svd: A is 4096 x 65: its SVD would take");
    tc::require_invalid([] { svd(mat(xt::zeros<double>({5000, 1}))); }, "svd: A is 5000 x 1, larger");
    tc::require_invalid([] { svd_steps(mat(xt::zeros<double>({17, 2}))); },
                        "svdSteps: A is 17 x 2, larger than the limit of 16");
    // Still usable afterwards.
    svdt::require_valid(mat(xt::ones<double>({2, 3})), svd(mat(xt::ones<double>({2, 3}))));
}
