// linearAttention against NumPy (both orders, causal and not; weights rows
// sum to 1; left == right to 1e-12) and attentionCost / timeAttention kind
// 'linear' against counts tallied operation by operation.
// Reference values: tests/fixtures/linear_attention.json, linear_cost.json,
// made by scripts/fixtures/linear.py (/usr/bin/python3 scripts/gen_fixtures.py linear).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "attn/complexity/cost.hpp"
#include "attn/flash/linear_attention.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"
#include <xtensor/xadapt.hpp>

using namespace attn;

namespace {

LinearAttentionOptions opts(bool causal, const char* order) {
    LinearAttentionOptions o;
    o.causal = causal;
    if (order) o.order = order;
    return o;
}

void require_rows_sum_to_one(const mat& W, bool causal) {
    for (std::size_t i = 0; i < W.shape(0); ++i) {
        double s = 0;
        for (std::size_t j = 0; j < W.shape(1); ++j) {
            REQUIRE(W(i, j) >= 0);
            if (causal && j > i) REQUIRE(W(i, j) == 0);
            s += W(i, j);
        }
        REQUIRE(std::fabs(s - 1) <= 1e-14);
    }
}

}  // namespace

TEST_CASE("linearAttention matches NumPy in both orders", "[flash]") {
    const auto& cases = fx::load("linear_attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const bool causal = k["causal"].b;
            for (const char* order : {"left", "right", static_cast<const char*>(nullptr)}) {
                INFO("order " << (order ? order : "(default)"));
                const auto r = linear_attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(), opts(causal, order));
                tc::require_close(r.output, k[order && std::string(order) == "left" ? "outputLeft" : "output"].mat());
                tc::require_close(r.output, k["output"].mat(), 1e-9, 1e-12);
                tc::require_close(r.featuresQ, k["featuresQ"].mat());
                tc::require_close(r.featuresK, k["featuresK"].mat());
                tc::require_close(r.weights, k["weights"].mat());
                tc::require_close(r.state, k["state"].mat());
                tc::require_close(r.normalizer, k["normalizer"].vec());
                require_rows_sum_to_one(r.weights, causal);
            }
        }
    }
}

TEST_CASE("linearAttention: left and right agree on random inputs", "[flash]") {
    const int seed = GENERATE(take(60, random(0, 1 << 30)));
    std::mt19937 gen(seed);
    std::uniform_int_distribution<int> dim(1, 12);
    const std::size_t n = dim(gen), m = dim(gen), dk = dim(gen), dv = dim(gen);
    const bool causal = seed % 2;
    const double sd = 0.5 + (seed % 5);
    const mat Q = tc::random_mat(gen, n, dk, sd), K = tc::random_mat(gen, m, dk, sd), V = tc::random_mat(gen, m, dv);
    INFO("n " << n << ", m " << m << ", dk " << dk << ", dv " << dv << ", causal " << causal);
    const auto L = linear_attention(Q, K, V, opts(causal, "left"));
    const auto R = linear_attention(Q, K, V, opts(causal, "right"));
    tc::require_close(L.output, R.output, 1e-12, 1e-12);
    tc::require_close(L.weights, R.weights, 0, 0);
    require_rows_sum_to_one(R.weights, causal);
    // The output is a convex combination of the value rows the query may see.
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t len = causal ? std::min(i + 1, m) : m;
        for (std::size_t b = 0; b < dv; ++b) {
            double lo = INFINITY, hi = -INFINITY;
            for (std::size_t j = 0; j < len; ++j) lo = std::min(lo, V(j, b)), hi = std::max(hi, V(j, b));
            REQUIRE(R.output(i, b) >= lo - 1e-12);
            REQUIRE(R.output(i, b) <= hi + 1e-12);
        }
    }
    // Not causal, the state and normalizer are the sums over every key: a
    // different query set gives the same state.
    if (!causal) {
        const auto R2 = linear_attention(tc::random_mat(gen, 3, dk), K, V, opts(false, "right"));
        tc::require_close(R2.state, R.state, 0, 0);
        tc::require_close(R2.normalizer, R.normalizer, 0, 0);
    }
}

TEST_CASE("linearAttention: the timing kernels compute the same output", "[flash]") {
    std::mt19937 gen(5);
    for (std::size_t n : {1u, 7u, 33u, 70u}) {
        const std::size_t d = 1 + n % 9;
        const mat Q = tc::random_mat(gen, n, d), K = tc::random_mat(gen, n, d), V = tc::random_mat(gen, n, d);
        const auto want = linear_attention(Q, K, V).output;
        std::vector<double> work, out(n * d);
        linear_attention_left(Q.data(), K.data(), V.data(), out.data(), n, d, work);
        tc::require_close(mat(xt::adapt(out, {n, d})), want, 1e-12, 1e-12);
        std::fill(out.begin(), out.end(), 0.0);
        linear_attention_right(Q.data(), K.data(), V.data(), out.data(), n, d, work);
        tc::require_close(mat(xt::adapt(out, {n, d})), want, 1e-12, 1e-12);
    }
}

TEST_CASE("linearAttention rejects bad input with clear messages", "[flash]") {
    const mat Q = {{1, 0}, {0, 1}}, K = {{1, 1}, {0, 2}}, V = {{1, 2}, {3, 4}};
    tc::require_invalid([&] { linear_attention(Q, mat{{1, 1, 1}}, V); }, "linearAttention: K has 3 columns but Q has 2");
    tc::require_invalid([&] { linear_attention(Q, K, mat{{1, 2}}); }, "linearAttention: V has 1 rows but K has 2");
    tc::require_invalid([&] { linear_attention(mat{{1, NAN}}, K, V); }, "linearAttention: Q");
    tc::require_invalid([&] { linear_attention(Q, mat{{1, 1}, {INFINITY, 0}}, V); }, "linearAttention: K");
    tc::require_invalid([&] { linear_attention(Q, K, mat{{1, 2}, {3, -INFINITY}}); }, "linearAttention: V");
    tc::require_invalid([&] { linear_attention(mat(xt::zeros<double>({0, 2})), K, V); }, "linearAttention: Q is empty");
    tc::require_invalid([&] { linear_attention(Q, K, V, opts(false, "middle")); },
                        "linearAttention: order must be 'left' or 'right', got 'middle'");
    // phi(-800) = e^-800 underflows to 0: no weight anywhere.
    tc::require_invalid([&] { linear_attention(mat{{-800, -800}}, K, V); },
                        "linearAttention: row 0: the normalizer phi(q_0) . sum phi(k_j) is 0");
    // e^-400 e^-320 = 1e-313: subnormal, its digits lost (left and right would differ).
    tc::require_invalid([&] { linear_attention(mat{{-400.0}}, mat{{-320.0}}, mat{{1.0}}); },
                        "linearAttention: row 0: the normalizer phi(q_0) . sum phi(k_j) is 2.03223e-313 (the features underflow");
    CHECK(linear_attention(mat{{-300.0}}, mat{{-300.0}}, mat{{2.0}}).output(0, 0) == 2);
    tc::require_invalid([&] { linear_attention(Q, K, mat{{1e308, 1}, {1e308, 1}}); },
                        "linearAttention: the state phi(K)^T V overflows");
    tc::require_invalid([&] { linear_attention(mat{{1e300, 1e300}}, mat{{1e300, 1e300}}, mat{{1.0}}); },
                        "linearAttention: row 0: the normalizer phi(q_0) . sum phi(k_j) is Infinity");
    tc::require_invalid([&] { linear_attention(mat(xt::zeros<double>({4096, 1})), mat(xt::zeros<double>({4096, 1})),
                                               mat(xt::zeros<double>({4096, 1}))); },
                        "linearAttention: the 4096 x 4096 weight matrix is larger than the limit");
}

TEST_CASE("attentionCost kind 'linear' counts", "[flash]") {
    const auto& cases = fx::load("linear_cost")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        CostOptions o;
        o.kind = "linear";
        if (k.has("order")) o.order = k["order"].str;
        const AttentionCost got = attention_cost(k["n"].number(), k["d"].number(), o);
        INFO("n " << k["n"].number() << ", d " << k["d"].number());
        CHECK(got.flops == k["flops"].number());
        CHECK(got.bytes == k["bytes"].number());
        CHECK(got.reads == k["reads"].number());
        CHECK(got.writes == k["writes"].number());
    }
    // Left grows as n^2, right as n: doubling n.
    CostOptions L, R;
    L.kind = R.kind = "linear";
    L.order = "left";
    R.order = "right";
    const double n = 4096, d = 64;
    CHECK_THAT(attention_cost(2 * n, d, L).flops / attention_cost(n, d, L).flops, Catch::Matchers::WithinRel(4.0, 1e-3));
    CHECK(attention_cost(2 * n, d, R).flops / attention_cost(n, d, R).flops == 2);
    CHECK(attention_cost(n, d, L).flops == 4 * n * n * d + 2 * n * n + 2 * n * d);
    CHECK(attention_cost(n, d, R).flops == 4 * n * d * d + 6 * n * d);
    CostOptions bad;
    bad.kind = "linear";
    bad.order = "up";
    tc::require_invalid([&] { attention_cost(8, 4, bad); }, "attentionCost: order must be 'left' or 'right', got 'up'");
    bad.kind = "full";  // checked even when the kind does not use it
    tc::require_invalid([&] { attention_cost(8, 4, bad); }, "attentionCost: order must be 'left' or 'right'");
}

TEST_CASE("timeAttention kind 'linear' runs the chosen order", "[flash]") {
    TimeOptions o;
    o.kind = "linear";
    o.repeats = 3;
    for (const char* order : {"left", "right"}) {
        o.order = order;
        const AttentionTiming t = time_attention(64, 8, o);
        CHECK(t.repeats == 3);
        CHECK(t.msMin <= t.ms);
        CHECK(t.msMin >= 0);
    }
    // The left order is quadratic: n = 4096 at most; the right order goes to 65536.
    o.order = "left";
    o.repeats = 1;
    tc::require_invalid([&] { time_attention(4097, 4, o); },
                        "timeAttention: n = 4097 is more than the limit 4096 for kind 'linear', order 'left'");
    o.order = "right";
    CHECK_NOTHROW(time_attention(8192, 4, o));
    tc::require_invalid([&] { time_attention(65537, 4, o); }, "timeAttention: n = 65537 is more than the limit 65536");
    // The flop budget uses the order's count: left at n = 4096, d = 32 is 2.2e9 flops.
    o.order = "left";
    tc::require_invalid([&] { time_attention(4096, 32, o); }, "timeAttention: about ");
    o.order = "right";
    CHECK_NOTHROW(time_attention(4096, 32, o));
}
