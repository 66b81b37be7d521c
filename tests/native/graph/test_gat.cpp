// Graph attention (one head and multi-head) against the PyTorch layer in
// scripts/fixtures/graph.py, plus properties of alpha and output over random
// graphs.
// Reference values: tests/fixtures/{gat,multi_head_gat}.json, made by
// scripts/fixtures/graph.py (/usr/bin/python3 scripts/gen_fixtures.py graph).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/graph/gat.hpp"
#include "attn/graph/laplacian.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

namespace {

template <class O>
O options_of(const fx::Json& k) {
    O o;
    if (k.has("negativeSlope")) o.negative_slope = k["negativeSlope"].number();
    if (k.has("selfLoops")) o.self_loops = k["selfLoops"].b;
    return o;
}

void require_steps(const GatSteps& s, const fx::Json& k) {
    tc::require_close(s.Wh, k["Wh"].mat());
    tc::require_close(s.src, k["src"].vec());
    tc::require_close(s.dst, k["dst"].vec());
    tc::require_close(s.e, k["e"].mat());
    tc::require_close(s.alpha, k["alpha"].mat());
    tc::require_close(s.output, k["output"].mat());
}

double leaky(double x, double slope) { return x >= 0 ? x : slope * x; }

}  // namespace

TEST_CASE("GAT matches the PyTorch layer step by step", "[graph]") {
    const auto& cases = fx::load("gat")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            require_steps(gat(k["X"].mat(), k["A"].mat(), k["W"].mat(), k["a"].vec(),
                              options_of<GatOptions>(k)),
                          k);
        }
    }
}

TEST_CASE("multi-head GAT matches PyTorch (concat and average)", "[graph]") {
    const auto& cases = fx::load("multi_head_gat")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            std::vector<GatHead> heads;
            for (std::size_t h = 0; h < k["heads"].size(); ++h)
                heads.push_back({k["heads"][h]["W"].mat(), k["heads"][h]["a"].vec()});
            auto opt = options_of<MultiHeadGatOptions>(k);
            opt.concat = k["concat"].b;
            const auto s = multi_head_gat(k["X"].mat(), k["A"].mat(), heads, opt);
            REQUIRE(s.heads.size() == heads.size());
            for (std::size_t h = 0; h < heads.size(); ++h) require_steps(s.heads[h], k["heads"][h]);
            tc::require_close(s.output, k["output"].mat());
        }
    }
}

TEST_CASE("GAT properties over random graphs", "[graph]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> nodes(1, 20), feat(1, 6), heads_n(1, 4);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> normal;
    const std::size_t n = nodes(gen), f = feat(gen), fp = feat(gen);
    const double density = unit(gen), sd = 0.1 + 5 * unit(gen);
    MultiHeadGatOptions opt;
    opt.self_loops = unit(gen) < 0.5;
    opt.negative_slope = unit(gen) * 0.5;
    INFO("seed " << seed << " n " << n << " f " << f << " f' " << fp << " selfLoops "
                 << opt.self_loops);

    mat A = xt::zeros<double>({n, n});
    for (auto& x : A) x = unit(gen) < density ? (unit(gen) < 0.5 ? 1.0 : 3 * unit(gen) + 0.01) : 0.0;
    std::uniform_int_distribution<std::size_t> any(0, n - 1);
    if (!opt.self_loops)
        for (std::size_t i = 0; i < n; ++i) A(i, any(gen)) = 1.0;  // at least one out-edge
    auto rand_vec = [&](std::size_t len) {
        vec v = xt::empty<double>({len});
        for (auto& x : v) x = normal(gen);
        return v;
    };
    const mat X = tc::random_mat(gen, n, f, sd);
    const std::size_t H = heads_n(gen);
    std::vector<GatHead> heads;
    for (std::size_t h = 0; h < H; ++h) heads.push_back({tc::random_mat(gen, f, fp), rand_vec(2 * fp)});

    auto is_edge = [&](std::size_t i, std::size_t j) { return A(i, j) != 0 || (opt.self_loops && i == j); };
    const auto r = gat(X, A, heads[0].W, heads[0].a, opt);
    for (std::size_t i = 0; i < n; ++i) {
        double row = 0;
        for (std::size_t j = 0; j < n; ++j) {
            if (!is_edge(i, j)) {
                REQUIRE(r.e(i, j) == -std::numeric_limits<double>::infinity());
                REQUIRE(r.alpha(i, j) == 0.0);  // exactly 0 off the graph
                continue;
            }
            // e_ij = LeakyReLU(a^T [Wh_i || Wh_j]), the concatenation written out.
            double s = 0;
            for (std::size_t k = 0; k < fp; ++k)
                s += heads[0].a(k) * r.Wh(i, k) + heads[0].a(fp + k) * r.Wh(j, k);
            tc::require_close(r.e(i, j), leaky(s, opt.negative_slope), 1e-10, 1e-12);
            REQUIRE(r.e(i, j) == leaky(r.src(i) + r.dst(j), opt.negative_slope));
            REQUIRE(r.alpha(i, j) >= 0.0);
            row += r.alpha(i, j);
        }
        tc::require_close(row, 1.0, 1e-12, 1e-12);
        // output_i is a convex combination of the neighbours' Wh rows.
        for (std::size_t k = 0; k < fp; ++k) {
            double lo = std::numeric_limits<double>::infinity(), hi = -lo;
            for (std::size_t j = 0; j < n; ++j)
                if (is_edge(i, j)) {
                    lo = std::min(lo, r.Wh(j, k));
                    hi = std::max(hi, r.Wh(j, k));
                }
            REQUIRE(r.output(i, k) >= lo - 1e-9 * (1 + std::fabs(lo)));
            REQUIRE(r.output(i, k) <= hi + 1e-9 * (1 + std::fabs(hi)));
        }
    }

    // Multi-head: concat = the heads side by side, average = their mean.
    opt.concat = true;
    const auto cat = multi_head_gat(X, A, heads, opt);
    opt.concat = false;
    const auto avg = multi_head_gat(X, A, heads, opt);
    REQUIRE(cat.output.shape(1) == H * fp);
    tc::require_close(cat.heads[0].alpha, r.alpha, 0, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < fp; ++k) {
            double mean = 0;
            for (std::size_t h = 0; h < H; ++h) {
                REQUIRE(cat.output(i, h * fp + k) == cat.heads[h].output(i, k));
                mean += avg.heads[h].output(i, k);
            }
            tc::require_close(avg.output(i, k), mean / H, 1e-12, 1e-12);
        }
}

TEST_CASE("GAT rejects bad input with clear messages", "[graph]") {
    const mat A = {{0, 1, 0}, {1, 0, 1}, {0, 1, 0}};
    const mat X = xt::ones<double>({3, 4}), W = xt::ones<double>({4, 2});
    const vec a = xt::ones<double>({4});
    tc::require_invalid([&] { gat(mat(xt::ones<double>({4, 4})), A, W, a); },
                        "gat: X has 4 rows but A has 3 nodes");
    tc::require_invalid([&] { gat(X, mat(xt::ones<double>({3, 2})), W, a); },
                        "gat: A must be square but is 3 x 2");
    const mat neg = {{0, -0.5, 0}, {1, 0, 1}, {0, 1, 0}};
    tc::require_invalid([&] { gat(X, neg, W, a); }, "gat: A[0][1] = -0.5 is negative");
    tc::require_invalid([&] { gat(X, A, mat(xt::ones<double>({3, 2})), a); },
                        "gat: W has 3 rows but X has 4 columns (features)");
    tc::require_invalid([&] { gat(X, A, W, vec(xt::ones<double>({3}))); },
                        "gat: a has length 3 but must be 2 f' = 4 (W has 2 columns)");
    const mat lonely = {{0, 1, 0}, {1, 0, 0}, {0, 0, 0}};
    GatOptions no_loops;
    no_loops.self_loops = false;
    tc::require_invalid([&] { gat(X, lonely, W, a, no_loops); }, "gat: node 2 is isolated");
    REQUIRE(gat(X, lonely, W, a).alpha(2, 2) == 1.0);  // with its self loop it is fine
    GatOptions nan_slope;
    nan_slope.negative_slope = std::nan("");
    tc::require_invalid([&] { gat(X, A, W, a, nan_slope); }, "gat: negativeSlope must be a finite number");
    const std::size_t big = max_graph_nodes + 1;
    tc::require_invalid([&] { gat(mat(xt::ones<double>({big, std::size_t(2)})), mat(xt::zeros<double>({big, big})),
                                  mat(xt::ones<double>({2, 2})), a); },
                        "gat: A has 513 nodes, more than the limit of 512");
    tc::require_invalid([&] { gat(mat(X * 1e200), A, mat(W * 1e200), a); }, "gat: X W overflows at (0, 0)");

    tc::require_invalid([&] { multi_head_gat(X, A, {}); }, "multiHeadGat: heads is empty");
    std::vector<GatHead> many(max_gat_heads + 1, GatHead{W, a});
    tc::require_invalid([&] { multi_head_gat(X, A, many); }, "multiHeadGat: has 17 heads, more than the limit 16");
    const mat W3 = xt::ones<double>({4, 3});
    tc::require_invalid([&] { multi_head_gat(X, A, {{W, a}, {W3, a}}); },
                        "multiHeadGat: heads[1].a has length 4 but must be 2 f' = 6 (heads[1].W has 3 columns)");
    MultiHeadGatOptions average;
    average.concat = false;
    tc::require_invalid([&] { multi_head_gat(X, A, {{W, a}, {W3, vec(xt::ones<double>({6}))}}, average); },
                        "multiHeadGat: heads[1].W has 3 columns but heads[0].W has 2 (averaging");
    MultiHeadGatOptions no_loops_mh;
    no_loops_mh.self_loops = false;
    tc::require_invalid([&] { multi_head_gat(X, lonely, {{W, a}}, no_loops_mh); },
                        "multiHeadGat: node 2 is isolated");
    tc::require_invalid([&] { multi_head_gat(X, A, {{mat(xt::ones<double>({2, 2})), a}}); },
                        "multiHeadGat: heads[0].W has 2 rows but X has 4 columns");
}
