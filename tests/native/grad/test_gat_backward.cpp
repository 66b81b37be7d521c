// gatBackward against torch.autograd.grad (undirected, directed, without
// self loops, weighted and saturated), and against central finite
// differences over random graphs.
// Reference values: tests/fixtures/gat_backward.json, made by
// scripts/fixtures/grad.py (/usr/bin/python3 scripts/gen_fixtures.py grad).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/graph/gat.hpp"
#include "attn/graph/gat_backward.hpp"
#include "support/check.hpp"
#include "support/finite_diff.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

TEST_CASE("gatBackward matches torch.autograd.grad", "[grad]") {
    const auto& fx = fx::load("gat_backward");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        GatOptions o;
        o.negative_slope = k["negativeSlope"].number();
        o.self_loops = k["selfLoops"].b;
        const auto g = gat_backward(k["X"].mat(), k["A"].mat(), k["W"].mat(), k["a"].vec(),
                                    k["dOutput"].mat(), o);
        tc::require_close(g.dX, k["dX"].mat());
        tc::require_close(g.dW, k["dW"].mat());
        tc::require_close(g.da, k["da"].vec());
    }
}

TEST_CASE("gat gradients equal central finite differences", "[grad]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> nodes(1, 9), feat(1, 5);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::size_t n = nodes(gen), f = feat(gen), fp = feat(gen);
    GatOptions o;
    o.negative_slope = unit(gen) < 0.5 ? 0.2 : unit(gen);
    o.self_loops = unit(gen) < 0.7;
    mat A = xt::zeros<double>({n, n});  // directed: A != A^T in general
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) A(i, j) = i != j && unit(gen) < 0.4 ? 1.0 : 0.0;
        if (!o.self_loops) A(i, (i + 1) % n) = 1.0;  // an out-edge for every node (n = 1: a self loop)
    }
    const mat X = tc::random_mat(gen, n, f), W = tc::random_mat(gen, f, fp), G = tc::random_mat(gen, n, fp);
    const vec a = xt::flatten(tc::random_mat(gen, 1, 2 * fp));
    INFO("seed " << seed << " n " << n << " f " << f << " f' " << fp);
    const auto g = gat_backward(X, A, W, a, G, o);
    auto L = [&](const mat& x, const mat& w, const vec& av) { return tc::dot_all(G, gat(x, A, w, av, o).output); };
    // A kink of LeakyReLU within h of a score would spoil the difference: skip such draws.
    const auto s = gat(X, A, W, a, o);
    bool near_kink = false;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (std::isfinite(s.e(i, j)) && std::fabs(s.src(i) + s.dst(j)) < 1e-2) near_kink = true;
    if (near_kink) return;
    REQUIRE(tc::rel_err(g.dX, tc::central_diff(X, [&](const mat& x) { return L(x, W, a); })) < 1e-6);
    REQUIRE(tc::rel_err(g.dW, tc::central_diff(W, [&](const mat& x) { return L(X, x, a); })) < 1e-6);
    REQUIRE(tc::rel_err(g.da, tc::central_diff(a, [&](const vec& x) { return L(X, W, x); })) < 1e-6);
}

TEST_CASE("gatBackward rejects bad input", "[grad]") {
    const mat A = {{0, 1, 1}, {1, 0, 0}, {1, 0, 0}}, X = {{1, 0}, {0, 1}, {1, 1}};
    const mat W = {{0.5, -0.2}, {0.1, 0.3}}, G = xt::ones<double>({3, 2});
    const vec a = {0.1, -0.2, 0.3, 0.4};
    tc::require_invalid([&] { gat_backward(X, A, W, a, mat(xt::ones<double>({3, 3}))); },
                        "gatBackward: dOutput is 3 x 3 but the output is 3 x 2");
    tc::require_invalid([&] { gat_backward(X, A, W, vec{1.0, 2.0}, G); }, "gatBackward: a has length 2");
    tc::require_invalid([&] { gat_backward(mat{{1.0, 0.0}}, A, W, a, G); }, "gatBackward: X has 1 rows but A has 3");
    GatOptions nl;
    nl.self_loops = false;
    tc::require_invalid([&] { gat_backward(X, mat{{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}, W, a, G, nl); },
                        "gatBackward: node 2 is isolated");
    GatOptions bad;
    bad.negative_slope = NAN;
    tc::require_invalid([&] { gat_backward(X, A, W, a, G, bad); }, "gatBackward: negativeSlope must be a finite number");
    mat Gn = G;
    Gn(0, 0) = NAN;
    tc::require_invalid([&] { gat_backward(X, A, W, a, Gn); }, "gatBackward: dOutput has a non-finite entry");
}
