// Matrix product and transpose against NumPy (tests/fixtures/matmul.json).
// attn::transpose is always qualified: unqualified, ADL picks xt::transpose,
// a lazy view that dangles on a temporary.
#include <catch2/catch.hpp>
#include <random>

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
