// lowRank (Eckart-Young), lowRankAttention and linformerAttention against
// NumPy / torch and as properties.
// Reference values:
// tests/fixtures/{low_rank,low_rank_attention,linformer_attention}.json, made
// by scripts/fixtures/lowrank.py
// (/usr/bin/python3 scripts/gen_fixtures.py lowrank).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/attention/attention.hpp"
#include "attn/lowrank/low_rank.hpp"
#include "attn/lowrank/svd.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"
#include "svd_check.hpp"

using namespace attn;

TEST_CASE("lowRank matches NumPy and Eckart-Young", "[lowrank]") {
    const auto& cases = fx::load("low_rank")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const mat A = k["A"].mat();
            const LowRankResult r = low_rank(A, k["r"].number());
            const double scale = svdt::fro(A);
            tc::require_close(r.Ar, k["Ar"].mat(), 1e-9, 1e-12 * scale);
            tc::require_close(r.errorFro, k["errorFro"].number(), 1e-9, 1e-12 * scale);
            tc::require_close(r.error2, k["error2"].number(), 1e-9, 1e-12 * scale);
            tc::require_close(r.eyFro, k["eyFro"].number(), 1e-9, 1e-12 * scale);
            tc::require_close(r.eySpectral, k["eySpectral"].number(), 1e-9, 1e-12 * scale);
        }
    }
}

TEST_CASE("lowRank errors equal Eckart-Young over random matrices", "[lowrank]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 10);
    const std::size_t m = dim(gen), n = dim(gen), k = std::min(m, n);
    const std::size_t r = std::uniform_int_distribution<std::size_t>(1, k)(gen);
    INFO("seed " << seed << " m " << m << " n " << n << " r " << r);
    const mat A = tc::random_mat(gen, m, n);
    const LowRankResult lr = low_rank(A, static_cast<double>(r));
    const double tol = 1e-12 * svdt::fro(A);
    tc::require_close(lr.errorFro, lr.eyFro, 1e-10, tol);
    tc::require_close(lr.error2, lr.eySpectral, 1e-10, tol);
    REQUIRE(lr.error2 <= lr.errorFro + tol);
    // Ar has rank <= r.
    const SvdResult s = svd(lr.Ar);
    for (std::size_t j = r; j < k; ++j) REQUIRE(s.S(j) <= tol);
    if (r == k) REQUIRE(lr.errorFro <= tol);
}

TEST_CASE("lowRankAttention matches NumPy", "[lowrank]") {
    const auto& cases = fx::load("low_rank_attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const auto r = low_rank_attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(),
                                              k["rank"].number());
            tc::require_close(r.exactWeights, k["exactWeights"].mat());
            tc::require_close(r.exactOutput, k["exactOutput"].mat());
            tc::require_close(r.weights, k["weights"].mat());
            tc::require_close(r.output, k["output"].mat());
            tc::require_close(r.error, k["error"].number());
            tc::require_close(r.S, k["S"].vec(), 1e-9, 1e-13);
        }
    }
}

TEST_CASE("lowRankAttention properties over random inputs", "[lowrank]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 9);
    const std::size_t n = dim(gen), m = dim(gen), d = dim(gen), dv = dim(gen);
    const std::size_t k = std::min(n, m);
    const std::size_t rank = std::uniform_int_distribution<std::size_t>(1, k)(gen);
    INFO("seed " << seed << " n " << n << " m " << m << " rank " << rank);
    const mat Q = tc::random_mat(gen, n, d), K = tc::random_mat(gen, m, d), V = tc::random_mat(gen, m, dv);
    const auto r = low_rank_attention(Q, K, V, static_cast<double>(rank));
    const AttentionSteps exact = attention(Q, K, V);
    tc::require_close(r.exactWeights, exact.weights, 0, 0);
    tc::require_close(r.exactOutput, exact.output, 0, 0);
    // The weight error is the Eckart-Young error of the weight matrix.
    double dropped = 0;
    for (std::size_t j = rank; j < k; ++j) dropped += r.S(j) * r.S(j);
    tc::require_close(svdt::fro(mat(r.weights - r.exactWeights)), std::sqrt(dropped), 1e-9, 1e-13);
    if (rank == k) REQUIRE(r.error <= 1e-12 * (1 + svdt::fro(V)));
    // output = weights V.
    mat WV = xt::zeros<double>({n, dv});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j)
            for (std::size_t c = 0; c < dv; ++c) WV(i, c) += r.weights(i, j) * V(j, c);
    tc::require_close(r.output, WV, 1e-9, 1e-13);
}

TEST_CASE("linformerAttention matches NumPy", "[lowrank]") {
    const auto& cases = fx::load("linformer_attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const auto r = linformer_attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(),
                                               k["E"].mat(), k["F"].mat());
            tc::require_close(r.projectedK, k["projectedK"].mat());
            tc::require_close(r.projectedV, k["projectedV"].mat());
            tc::require_close(r.weights, k["weights"].mat());
            tc::require_close(r.output, k["output"].mat());
        }
    }
}

TEST_CASE("linformerAttention with E = F = I is attention", "[lowrank]") {
    const int seed = GENERATE(take(20, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 8);
    const std::size_t n = dim(gen), m = dim(gen), d = dim(gen), dv = dim(gen);
    const mat Q = tc::random_mat(gen, n, d), K = tc::random_mat(gen, m, d), V = tc::random_mat(gen, m, dv);
    const mat I = xt::eye<double>(m);
    const auto r = linformer_attention(Q, K, V, I, I);
    const AttentionSteps a = attention(Q, K, V);
    tc::require_close(r.weights, a.weights, 1e-12, 1e-15);
    tc::require_close(r.output, a.output, 1e-12, 1e-14);
}

TEST_CASE("low-rank functions reject bad input with clear messages", "[lowrank]") {
    const mat A = xt::ones<double>({3, 4});
    tc::require_invalid([&] { low_rank(A, 0); }, "lowRank: r must be an integer from 1 to min(m, n) = 3, got 0");
    tc::require_invalid([&] { low_rank(A, 4); }, "lowRank: r must be an integer from 1 to min(m, n) = 3, got 4");
    tc::require_invalid([&] { low_rank(A, 1.5); }, "lowRank: r must be an integer");
    tc::require_invalid([&] { low_rank(A, std::nan("")); }, "lowRank: r must be an integer");
    tc::require_invalid([&] { low_rank(mat(xt::zeros<double>({0, 2})), 1); }, "lowRank: A is empty");

    const mat Q = xt::ones<double>({2, 4}), K = xt::ones<double>({3, 4}), V = xt::ones<double>({3, 2});
    tc::require_invalid([&] { low_rank_attention(Q, K, V, std::nullopt); },
                        "lowRankAttention: option rank is required");
    tc::require_invalid([&] { low_rank_attention(Q, K, V, 0.0); },
                        "lowRankAttention: rank must be an integer from 1 to min(n, m) = 2, got 0");
    tc::require_invalid([&] { low_rank_attention(Q, K, V, 3.0); },
                        "lowRankAttention: rank must be an integer from 1 to min(n, m) = 2, got 3");
    tc::require_invalid([&] { low_rank_attention(Q, mat(xt::ones<double>({3, 3})), V, 1.0); },
                        "lowRankAttention: K has 3 columns but Q has 4");
    tc::require_invalid([&] { low_rank_attention(Q, K, mat(xt::ones<double>({2, 2})), 1.0); },
                        "lowRankAttention: V has 2 rows but K has 3");
    tc::require_invalid([&] { low_rank_attention(mat(Q * 1e200), mat(K * 1e200), V, 1.0); },
                        "lowRankAttention: Q K^T overflows");
    tc::require_invalid(
        [&] { low_rank_attention(mat(xt::ones<double>({300, 1})), mat(xt::ones<double>({300, 1})),
                                 mat(xt::ones<double>({300, 1})), 1.0); },
        "lowRankAttention: the 300 x 300 weight matrix is too large for its SVD");

    const mat E = xt::ones<double>({2, 3}), F = xt::ones<double>({2, 3});
    tc::require_invalid([&] { linformer_attention(Q, K, V, mat(xt::ones<double>({2, 5})), F); },
                        "linformerAttention: E is 2 x 5 but must be k x 3");
    tc::require_invalid([&] { linformer_attention(Q, K, V, E, mat(xt::ones<double>({1, 3}))); },
                        "linformerAttention: F is 1 x 3 but must be 2 x 3");
    tc::require_invalid([&] { linformer_attention(Q, K, V, E, mat(xt::ones<double>({2, 4}))); },
                        "linformerAttention: F is 2 x 4 but must be 2 x 3");
    tc::require_invalid([&] { linformer_attention(Q, mat(K * 1e200), V, mat(E * 1e200), F); },
                        "linformerAttention: E K overflows");
    tc::require_invalid([&] { linformer_attention(Q, mat(xt::ones<double>({3, 2})), V, E, F); },
                        "linformerAttention: K has 2 columns but Q has 4");
    // Still usable afterwards.
    REQUIRE(low_rank(A, 1).errorFro <= 1e-12 * svdt::fro(A));
}
