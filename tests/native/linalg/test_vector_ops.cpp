// add, sub, scale, dot, norm, affine and trace against NumPy, as properties,
// and their bad-input messages.
// Reference values: tests/fixtures/linalg_ops.json, made by
// scripts/fixtures/linalg_ops.py
// (/usr/bin/python3 scripts/gen_fixtures.py linalg_ops).
// Functions are called qualified (attn::norm, attn::trace): xtensor has
// functions of the same names.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/linalg/matmul.hpp"
#include "attn/linalg/vector_ops.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

namespace {
const double inf = std::numeric_limits<double>::infinity();
}

TEST_CASE("vector ops match numpy", "[linalg]") {
    const auto& cases = fx::load("linalg_ops")["vectors"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const vec u = k["u"].vec(), v = k["v"].vec();
            const double alpha = k["alpha"].number();
            tc::require_close(attn::add(u, v), k["add"].vec());
            tc::require_close(attn::sub(u, v), k["sub"].vec());
            tc::require_close(attn::scale(alpha, v), k["scale"].vec());
            tc::require_close(attn::dot(u, v), k["dot"].number());
            tc::require_close(attn::norm(v, 1), k["norm1"].number());
            tc::require_close(attn::norm(v), k["norm2"].number());
            tc::require_close(attn::norm(v, 2), k["norm2"].number());
            tc::require_close(attn::norm(v, inf), k["normInf"].number());
        }
    }
}

TEST_CASE("2-norm does not overflow or underflow", "[linalg]") {
    const auto& cases = fx::load("linalg_ops")["extreme_norms"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const double got = attn::norm(k["v"].vec());
            const double want = k["norm2"].number();
            INFO("got " << got << ", want " << want);
            REQUIRE(std::fabs(got - want) <= 1e-12 * want);
        }
    }
}

TEST_CASE("affine matches numpy", "[linalg]") {
    const auto& cases = fx::load("linalg_ops")["affine"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const mat W = k["W"].mat();
            const vec x = k["x"].vec();
            if (k.has("b"))
                tc::require_close(attn::affine(W, x, k["b"].vec()), k["h"].vec());
            else
                tc::require_close(attn::affine(W, x), k["h"].vec());
        }
    }
}

TEST_CASE("trace matches numpy", "[linalg]") {
    const auto& cases = fx::load("linalg_ops")["det"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) { tc::require_close(attn::trace(k["A"].mat()), k["trace"].number()); }
    }
}

TEST_CASE("vector op properties over random inputs", "[linalg]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 12);
    std::normal_distribution<double> normal;
    auto rand_vec = [&](std::size_t n) {
        vec v = xt::empty<double>({n});
        for (auto& x : v) x = normal(gen);
        return v;
    };
    auto rand_mat = [&](std::size_t r, std::size_t c) {
        mat m = xt::empty<double>({r, c});
        for (auto& x : m) x = normal(gen);
        return m;
    };
    const std::size_t n = dim(gen), m = dim(gen);
    const vec u = rand_vec(n), v = rand_vec(n), w = rand_vec(n);
    const double alpha = normal(gen);
    INFO("seed " << seed << " n " << n);

    // (u + v) - v = u up to rounding; u - u = 0 exactly; scale distributes
    tc::require_close(attn::sub(attn::add(u, v), v), u, 1e-12, 1e-12);
    for (double x : attn::sub(u, u)) REQUIRE(x == 0.0);
    tc::require_close(attn::scale(alpha, attn::add(u, v)),
                      attn::add(attn::scale(alpha, u), attn::scale(alpha, v)), 1e-12, 1e-12);
    // dot: symmetric, bilinear, <v, v> = ||v||^2
    REQUIRE(attn::dot(u, v) == attn::dot(v, u));
    tc::require_close(attn::dot(attn::add(u, w), v), attn::dot(u, v) + attn::dot(w, v), 1e-9, 1e-12);
    tc::require_close(attn::dot(v, v), std::pow(attn::norm(v), 2), 1e-12, 1e-14);
    // norms: Cauchy-Schwarz, triangle inequality, ||.||_inf <= ||.||_2 <= ||.||_1,
    // homogeneity
    const double slack = 1e-12;
    REQUIRE(std::fabs(attn::dot(u, v)) <= attn::norm(u) * attn::norm(v) * (1 + slack));
    for (double p : {1.0, 2.0, inf}) {
        REQUIRE(attn::norm(attn::add(u, v), p) <= (attn::norm(u, p) + attn::norm(v, p)) * (1 + slack));
        tc::require_close(attn::norm(attn::scale(alpha, v), p), std::fabs(alpha) * attn::norm(v, p),
                          1e-12, 1e-14);
    }
    REQUIRE(attn::norm(v, inf) <= attn::norm(v, 2) * (1 + slack));
    REQUIRE(attn::norm(v, 2) <= attn::norm(v, 1) * (1 + slack));
    // affine: W x + b equals matmul with x as a column, plus b
    const mat W = rand_mat(m, n);
    const vec b = rand_vec(m);
    mat X = xt::empty<double>({n, std::size_t{1}});
    for (std::size_t i = 0; i < n; ++i) X(i, 0) = u(i);
    const mat WX = matmul(W, X);
    const vec h = attn::affine(W, u, b), h0 = attn::affine(W, u);
    for (std::size_t i = 0; i < m; ++i) {
        REQUIRE(h0(i) == WX(i, 0));
        REQUIRE(h(i) == WX(i, 0) + b(i));
    }
    // trace: linear, tr(AB) = tr(BA), tr(A^T) = tr(A)
    const mat A = rand_mat(m, n), B = rand_mat(n, m), S = rand_mat(m, m);
    tc::require_close(attn::trace(matmul(A, B)), attn::trace(matmul(B, A)), 1e-9, 1e-12);
    tc::require_close(attn::trace(attn::transpose(S)), attn::trace(S), 1e-15, 0);
}

TEST_CASE("vector ops reject bad input with their own name", "[linalg]") {
    const vec empty = xt::empty<double>({0});
    const vec v3 = {1.0, 2.0, 3.0}, v2 = {1.0, 2.0};
    tc::require_invalid([&] { attn::add(v3, v2); }, "add: u has 3 entries but v has 2");
    tc::require_invalid([&] { attn::sub(v2, v3); }, "sub: u has 2 entries but v has 3");
    tc::require_invalid([&] { attn::dot(v3, v2); }, "dot: u has 3 entries but v has 2");
    tc::require_invalid([&] { attn::add(empty, empty); }, "add: u is empty");
    tc::require_invalid([&] { attn::dot(v3, vec{1.0, NAN, 3.0}); }, "dot: v has a non-finite entry");
    tc::require_invalid([&] { attn::scale(NAN, v3); }, "scale: alpha must be a finite number");
    tc::require_invalid([&] { attn::scale(inf, v3); }, "scale: alpha must be a finite number");
    tc::require_invalid([&] { attn::scale(2.0, empty); }, "scale: v is empty");
    tc::require_invalid([&] { attn::norm(v3, 3.0); }, "norm: p must be 1, 2 or Infinity, got 3");
    tc::require_invalid([&] { attn::norm(v3, -inf); }, "norm: p must be 1, 2 or Infinity, got -Infinity");
    tc::require_invalid([&] { attn::norm(v3, NAN); }, "norm: p must be");
    tc::require_invalid([&] { attn::norm(empty); }, "norm: v is empty");
    const mat W = xt::ones<double>({2, 3});
    tc::require_invalid([&] { attn::affine(W, v2); }, "affine: W is 2 x 3 but x has 2 entries");
    tc::require_invalid([&] { attn::affine(W, v3, v3); }, "affine: b has 3 entries but W is 2 x 3");
    tc::require_invalid([&] { attn::affine(W, v3, empty); }, "affine: b is empty");
    tc::require_invalid([&] { attn::affine(mat(xt::empty<double>({0, 3})), v3); }, "affine: W is empty");
    tc::require_invalid([&] { attn::trace(W); }, "trace: A must be square but is 2 x 3");
    tc::require_invalid([&] { attn::trace(mat(xt::empty<double>({0, 0}))); }, "trace: A is empty");
}
