// Matrix product and transpose against NumPy, the blocked gemm kernels
// against the textbook loops, and the float32 path.
// Reference values: tests/fixtures/matmul.json, made by
// scripts/fixtures/linalg.py (/usr/bin/python3 scripts/gen_fixtures.py linalg).
// attn::transpose is always qualified: unqualified, ADL picks xt::transpose,
// a lazy view that dangles on a temporary.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "attn/linalg/matmul.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("matmul and transpose match numpy", "[linalg]") {
    const auto& cases = fx::load("matmul")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            tc::require_close(matmul(k["A"].mat(), k["B"].mat()), k["AB"].mat());
            tc::require_close(attn::transpose(k["A"].mat()), k["At"].mat());
        }
    }
}

TEST_CASE("matmul properties over random matrices", "[linalg]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 9);
    std::normal_distribution<double> normal;
    auto rand_mat = [&](std::size_t r, std::size_t c) {
        mat m = xt::empty<double>({r, c});
        for (auto& x : m) x = normal(gen);
        return m;
    };
    const std::size_t m = dim(gen), k = dim(gen), n = dim(gen), p = dim(gen);
    const mat A = rand_mat(m, k), B = rand_mat(k, n), C = rand_mat(n, p), B2 = rand_mat(k, n);
    INFO("seed " << seed);
    // associativity, distributivity, (AB)^T = B^T A^T, transpose twice
    tc::require_close(matmul(A, matmul(B, C)), matmul(matmul(A, B), C), 1e-9, 1e-12);
    mat BB2 = B + B2;
    mat AB_AB2 = matmul(A, B) + matmul(A, B2);
    tc::require_close(matmul(A, BB2), AB_AB2, 1e-9, 1e-12);
    tc::require_close(attn::transpose(matmul(A, B)), matmul(attn::transpose(B), attn::transpose(A)), 1e-12, 1e-14);
    const bool same = attn::transpose(attn::transpose(A)) == A;
    REQUIRE(same);
}

TEST_CASE("matmul rejects bad shapes", "[linalg]") {
    const mat A = xt::ones<double>({2, 3}), B = xt::ones<double>({2, 3});
    tc::require_invalid([&] { matmul(A, B); }, "matmul: A is 2 x 3 and B is 2 x 3");
    tc::require_invalid([&] { matmul(mat(xt::empty<double>({0, 3})), B); }, "matmul: A is empty");
    mat bad = A;
    bad(1, 1) = NAN;
    tc::require_invalid([&] { attn::transpose(bad); }, "transpose: A has a non-finite entry");
    tc::require_invalid([&] { matmul(mat(xt::ones<double>({1, 5000})), mat(xt::ones<double>({5000, 1}))); },
                        "matmul: A is 1 x 5000, larger than the limit");
}

namespace {
// Textbook loops: the blocked kernels must reproduce them bit for bit
// (same k order per entry, no fused multiply-add).
template <class T>
void naive_nn(const T* A, const T* B, T* C, std::size_t m, std::size_t k, std::size_t n) {
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            T s = 0;
            for (std::size_t p = 0; p < k; ++p) s += A[i * k + p] * B[p * n + j];
            C[i * n + j] = s;
        }
}

template <class T>
void require_kernels_exact(std::size_t m, std::size_t k, std::size_t n, unsigned seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<double> normal;
    std::vector<T> A(m * k), B(k * n), Bt(n * k), want(m * n), got(m * n, T(7));
    for (auto& x : A) x = static_cast<T>(normal(gen));
    for (auto& x : B) x = static_cast<T>(normal(gen));
    for (std::size_t p = 0; p < k; ++p)
        for (std::size_t j = 0; j < n; ++j) Bt[j * k + p] = B[p * n + j];
    naive_nn(A.data(), B.data(), want.data(), m, k, n);
    INFO("m " << m << " k " << k << " n " << n << (sizeof(T) == 4 ? " float" : " double"));
    gemm_nn(A.data(), B.data(), got.data(), m, k, n);
    REQUIRE(got == want);
    std::fill(got.begin(), got.end(), T(7));
    gemm_nt(A.data(), Bt.data(), got.data(), m, k, n);
    REQUIRE(got == want);
}

// Componentwise float32 error bound: |C32 - C| <= rtol (|A| |B|) + tiny.
void require_float32_close(const mat& got, const mat& A, const mat& B, double rtol = 1e-5) {
    const mat absAB = matmul(mat(xt::abs(A)), mat(xt::abs(B)));
    const mat want = matmul(A, B);
    REQUIRE(got.shape() == want.shape());
    for (std::size_t i = 0; i < got.size(); ++i) {
        INFO("flat index " << i << ": got " << got.data()[i] << ", want " << want.data()[i]);
        REQUIRE(std::fabs(got.data()[i] - want.data()[i]) <= rtol * absAB.data()[i] + 1e-30);
    }
}
}  // namespace

TEST_CASE("gemm kernels equal the textbook loops bit for bit", "[linalg]") {
    // Shapes around the micro-tile (4 x 4 doubles, 4 x 8 floats), the k
    // block (256) and the packed column block (128 doubles, 256 floats).
    const std::size_t shapes[][3] = {{1, 1, 1}, {3, 5, 7}, {4, 4, 4}, {4, 1, 8}, {5, 9, 3},
                                     {9, 17, 13}, {33, 257, 20}, {6, 300, 131}, {13, 40, 270}};
    unsigned seed = 1;
    for (const auto& s : shapes) {
        require_kernels_exact<double>(s[0], s[1], s[2], seed++);
        require_kernels_exact<float>(s[0], s[1], s[2], seed++);
    }
}

TEST_CASE("matmul float32 matches numpy at float32 tolerance", "[linalg]") {
    const auto& cases = fx::load("matmul")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            require_float32_close(matmul(k["A"].mat(), k["B"].mat(), Precision::float32),
                                  k["A"].mat(), k["B"].mat());
            tc::require_close(matmul(k["A"].mat(), k["B"].mat(), Precision::float32), k["AB"].mat(),
                              1e-5, 1e-5);
        }
    }
}

TEST_CASE("matmul float32 agrees with float64", "[linalg]") {
    const int seed = GENERATE(take(20, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 70);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> positive(0.5, 1.5);
    const std::size_t m = dim(gen), k = dim(gen), n = dim(gen);
    INFO("seed " << seed << " m " << m << " k " << k << " n " << n);
    mat A = xt::empty<double>({m, k}), B = xt::empty<double>({k, n});
    // Well conditioned (positive entries, no cancellation): plain relative error.
    for (auto& x : A) x = positive(gen);
    for (auto& x : B) x = positive(gen);
    tc::require_close(matmul(A, B, Precision::float32), matmul(A, B), 1e-5, 0);
    // Signed entries: the componentwise bound.
    for (auto& x : A) x = normal(gen);
    for (auto& x : B) x = normal(gen);
    require_float32_close(matmul(A, B, Precision::float32), A, B);
}

TEST_CASE("matmul float32 rejects what float cannot hold", "[linalg]") {
    mat A = xt::ones<double>({2, 3}), B = xt::ones<double>({3, 2});
    tc::require_invalid([&] { parse_precision("matmul", "float16"); },
                        "matmul: precision must be 'float64' or 'float32', got 'float16'");
    REQUIRE(parse_precision("matmul", "float32") == Precision::float32);
    REQUIRE(parse_precision("matmul", "float64") == Precision::float64);
    A(1, 2) = 1e300;
    tc::require_invalid([&] { matmul(A, B, Precision::float32); },
                        "matmul: A has an entry beyond the float32 range (1e+300 at (1, 2))");
    REQUIRE(std::isfinite(matmul(A, B)(1, 0)));
    A(1, 2) = 1e30;
    B(2, 0) = 1e30;
    tc::require_invalid([&] { matmul(A, B, Precision::float32); },
                        "matmul: A B overflows float32 at (1, 0)");
}
