// onlineSoftmax against torch's softmax and a NumPy loop for m and l, and
// its properties over random inputs.
// Reference values: tests/fixtures/flash_online_softmax.json, made by
// scripts/fixtures/flash.py (/usr/bin/python3 scripts/gen_fixtures.py flash).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/flash/online_softmax.hpp"
#include "attn/softmax/softmax.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("onlineSoftmax matches torch and the NumPy recurrence", "[flash]") {
    const auto& cases = fx::load("flash_online_softmax")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const OnlineSoftmax r = online_softmax(k["z"].vec());
            tc::require_close(r.weights, k["weights"].vec(), 1e-13, 1e-15);
            tc::require_close(r.m, k["m"].vec(), 0, 0);
            tc::require_close(r.l, k["l"].vec(), 1e-13, 0);
        }
    }
}

TEST_CASE("onlineSoftmax properties", "[flash]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    const std::size_t n = std::uniform_int_distribution<std::size_t>(1, 60)(gen);
    const double sd = std::uniform_real_distribution<double>(0.1, 300.0)(gen);
    std::normal_distribution<double> normal(0, sd);
    vec z = xt::empty<double>({n});
    for (auto& x : z) x = normal(gen);
    INFO("seed " << seed << " n " << n << " sd " << sd);
    const OnlineSoftmax r = online_softmax(z);
    tc::require_close(r.weights, softmax(z), 1e-12, 1e-300);
    double mx = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
        mx = std::max(mx, z(i));
        REQUIRE(r.m(i) == mx);  // the running max, exactly
        double s = 0;
        for (std::size_t j = 0; j <= i; ++j) s += std::exp(z(j) - mx);
        tc::require_close(r.l(i), s, 1e-12, 0);
        REQUIRE(r.l(i) >= 1.0);  // the max's own term is exp(0)
    }
}

TEST_CASE("onlineSoftmax rejects bad input", "[flash]") {
    tc::require_invalid([] { online_softmax(vec(xt::empty<double>({0}))); }, "onlineSoftmax: z is empty");
    vec z = {1.0, std::nan(""), 2.0};
    tc::require_invalid([&] { online_softmax(z); }, "onlineSoftmax: z");
}
