// Degree matrix, Laplacians, their spectra and connected components against
// networkx / numpy.linalg.eigvalsh, plus the spectral facts the lesson shows,
// as properties over random graphs.
// Reference values: tests/fixtures/laplacian.json, made by
// scripts/fixtures/graph.py (/usr/bin/python3 scripts/gen_fixtures.py graph).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "attn/graph/laplacian.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

namespace {

std::size_t zero_count(const vec& ev) {
    return static_cast<std::size_t>(std::count_if(ev.begin(), ev.end(),
                                                  [](double x) { return std::fabs(x) < 1e-9; }));
}

// A random graph made of `blocks` connected pieces (a random spanning tree
// per block plus extra edges), nodes shuffled between blocks, so that the
// number of components is known without asking connected_components.
struct RandomGraph {
    mat A;
    std::vector<std::size_t> block;  // block of each node
    std::size_t components = 0;
};

RandomGraph random_graph(std::mt19937& gen, bool directed) {
    std::uniform_int_distribution<std::size_t> size(1, 30), nblocks(1, 4);
    std::uniform_real_distribution<double> unit(0.0, 1.0), weight(0.1, 3.0);
    const std::size_t n = size(gen), k = std::min(n, nblocks(gen));
    const bool weighted = unit(gen) < 0.5, loops = unit(gen) < 0.3;
    const double p_extra = unit(gen) * 0.5;
    auto w = [&] { return weighted ? weight(gen) : 1.0; };
    RandomGraph g;
    g.A = xt::zeros<double>({n, n});
    g.block.resize(n);
    std::uniform_int_distribution<std::size_t> pick(0, k - 1);
    for (auto& b : g.block) b = pick(gen);
    std::vector<std::vector<std::size_t>> members(k);
    for (std::size_t i = 0; i < n; ++i) members[g.block[i]].push_back(i);
    auto link = [&](std::size_t i, std::size_t j) {
        const double x = w();
        if (directed && unit(gen) < 0.5) std::swap(i, j);
        g.A(i, j) = x;
        if (!directed) g.A(j, i) = x;
    };
    for (const auto& m : members) {
        if (m.empty()) continue;
        ++g.components;
        for (std::size_t t = 1; t < m.size(); ++t) {
            std::uniform_int_distribution<std::size_t> earlier(0, t - 1);
            link(m[t], m[earlier(gen)]);
        }
        for (std::size_t s = 0; s < m.size(); ++s)
            for (std::size_t t = s + 1; t < m.size(); ++t)
                if (unit(gen) < p_extra) link(m[s], m[t]);
        if (loops && unit(gen) < 0.5) g.A(m[0], m[0]) = w();
    }
    return g;
}

}  // namespace

TEST_CASE("degree matrix and Laplacians match networkx", "[graph]") {
    const auto& cases = fx::load("laplacian")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const mat A = k["A"].mat();
            tc::require_close(degree_matrix(A), k["degree"].mat());
            tc::require_close(laplacian(A), k["laplacian"].mat());
            tc::require_close(laplacian(A, true), k["normalized"].mat());
            const Components comp = connected_components(A);
            REQUIRE(comp.count == static_cast<std::size_t>(k["count"].number()));
            const vec want = k["labels"].vec();
            REQUIRE(comp.labels.size() == want.size());
            for (std::size_t i = 0; i < want.size(); ++i)
                REQUIRE(comp.labels[i] == static_cast<std::size_t>(want(i)));
            if (k["directed"].b) {
                tc::require_invalid([&] { laplacian_eigenvalues(A); },
                                    "laplacianEigenvalues: A must be symmetric");
            } else {
                const vec ev = laplacian_eigenvalues(A), evn = laplacian_eigenvalues(A, true);
                tc::require_close(ev, k["eigenvalues"].vec());
                tc::require_close(evn, k["eigenvaluesNormalized"].vec());
                REQUIRE(zero_count(ev) == comp.count);
                REQUIRE(zero_count(evn) == comp.count);
            }
        }
    }
}

TEST_CASE("Jacobi eigenvalues of paths and rings match the closed forms", "[graph]") {
    const double pi = std::acos(-1.0);
    for (std::size_t n : {2u, 3u, 17u, 64u, 150u}) {
        INFO("n " << n);
        mat P = xt::zeros<double>({n, n}), C = xt::zeros<double>({n, n});
        for (std::size_t i = 0; i + 1 < n; ++i) P(i, i + 1) = P(i + 1, i) = 1;
        for (std::size_t i = 0; i < n; ++i) C(i, (i + 1) % n) = C((i + 1) % n, i) = 1;
        if (n == 2) C = P;  // a 2-ring is a single edge
        std::vector<double> path, ring;
        for (std::size_t k = 0; k < n; ++k) {
            path.push_back(2 - 2 * std::cos(pi * k / n));           // P_n
            ring.push_back(2 - 2 * std::cos(2 * pi * k / n));       // C_n
        }
        if (n == 2) ring = path;
        std::sort(path.begin(), path.end());
        std::sort(ring.begin(), ring.end());
        const vec ep = laplacian_eigenvalues(P), ec = laplacian_eigenvalues(C);
        for (std::size_t k = 0; k < n; ++k) {
            tc::require_close(ep(k), path[k], 1e-12, 1e-12);
            tc::require_close(ec(k), ring[k], 1e-12, 1e-12);
        }
    }
}

TEST_CASE("Laplacian properties over random undirected graphs", "[graph]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    const RandomGraph g = random_graph(gen, false);
    const std::size_t n = g.A.shape(0);
    INFO("seed " << seed << " n " << n << " components " << g.components);

    // Components: the count and "same label iff same block".
    const Components comp = connected_components(g.A);
    REQUIRE(comp.count == g.components);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            REQUIRE((comp.labels[i] == comp.labels[j]) == (g.block[i] == g.block[j]));

    // L = D - A: rows sum to 0, exactly symmetric.
    const mat D = degree_matrix(g.A);
    const mat L = laplacian(g.A);
    for (std::size_t i = 0; i < n; ++i) {
        double row = 0;
        for (std::size_t j = 0; j < n; ++j) {
            row += L(i, j);
            REQUIRE(L(i, j) == L(j, i));
            if (i != j) REQUIRE(D(i, j) == 0.0);
        }
        REQUIRE(std::fabs(row) <= 1e-12 * (1 + D(i, i)));
    }
    const mat Ln = laplacian(g.A, true);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) REQUIRE(Ln(i, j) == Ln(j, i));

    // Spectra: PSD, zero eigenvalues = components, sum = trace; L_sym in [0, 2].
    for (bool normalized : {false, true}) {
        INFO("normalized " << normalized);
        const vec ev = laplacian_eigenvalues(g.A, normalized);
        const mat& M = normalized ? Ln : L;
        double trace = 0, sum = 0;
        for (std::size_t i = 0; i < n; ++i) {
            trace += M(i, i);
            sum += ev(i);
            REQUIRE(ev(i) >= -1e-12);
            if (i > 0) REQUIRE(ev(i - 1) <= ev(i));
            if (normalized) REQUIRE(ev(i) <= 2 + 1e-12);
        }
        tc::require_close(sum, trace, 1e-10, 1e-10);
        REQUIRE(zero_count(ev) == g.components);
    }
}

TEST_CASE("Laplacian properties over random directed graphs", "[graph]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    const RandomGraph g = random_graph(gen, true);
    const std::size_t n = g.A.shape(0);
    INFO("seed " << seed << " n " << n);
    REQUIRE(connected_components(g.A).count == g.components);  // weak components
    const mat D = degree_matrix(g.A), L = laplacian(g.A);
    for (std::size_t i = 0; i < n; ++i) {
        double out = 0, row = 0;
        for (std::size_t j = 0; j < n; ++j) {
            out += g.A(i, j);
            row += L(i, j);
        }
        tc::require_close(D(i, i), out, 1e-14, 0);  // out-degree
        REQUIRE(std::fabs(row) <= 1e-12 * (1 + D(i, i)));
    }
    bool symmetric = true;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) symmetric = symmetric && g.A(i, j) == g.A(j, i);
    if (!symmetric)
        tc::require_invalid([&] { laplacian_eigenvalues(g.A); },
                            "laplacianEigenvalues: A must be symmetric");
}

TEST_CASE("Jacobi on a large weighted graph", "[graph]") {
    // A weighted ring with chords, half the node cap (the cap itself takes
    // ~1 s at -O2, too slow for a sanitizer build): sum = trace, one zero
    // eigenvalue, a positive Fiedler value.
    const std::size_t n = max_graph_nodes / 2;
    std::mt19937 gen(12345);
    std::uniform_real_distribution<double> w(0.5, 2.0);
    mat A = xt::zeros<double>({n, n});
    for (std::size_t i = 0; i < n; ++i) {
        A(i, (i + 1) % n) = A((i + 1) % n, i) = w(gen);
        A(i, (i + 37) % n) = A((i + 37) % n, i) = w(gen);
    }
    const vec ev = laplacian_eigenvalues(A);
    const mat L = laplacian(A);
    double trace = 0, sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        trace += L(i, i);
        sum += ev(i);
    }
    tc::require_close(sum, trace, 1e-11);
    REQUIRE(std::fabs(ev(0)) < 1e-9);
    REQUIRE(ev(1) > 1e-6);
}

TEST_CASE("graph functions reject bad input with clear messages", "[graph]") {
    const mat rect = xt::ones<double>({2, 3});
    tc::require_invalid([&] { laplacian(rect); }, "laplacian: A must be square but is 2 x 3");
    tc::require_invalid([&] { degree_matrix(rect); }, "degreeMatrix: A must be square but is 2 x 3");
    tc::require_invalid([&] { laplacian(mat(xt::zeros<double>({0, 0}))); }, "laplacian: A is empty");
    const mat neg = {{0, -1}, {-1, 0}};
    tc::require_invalid([&] { laplacian(neg, true); },
                        "laplacian: A[0][1] = -1 is negative (edge weights must be >= 0");
    tc::require_invalid([&] { connected_components(neg); }, "connectedComponents: A[0][1] = -1 is negative");
    tc::require_invalid([&] { laplacian_eigenvalues(neg); }, "laplacianEigenvalues: A[0][1] = -1 is negative");
    const mat big = xt::zeros<double>({max_graph_nodes + 1, max_graph_nodes + 1});
    tc::require_invalid([&] { degree_matrix(big); }, "degreeMatrix: A has 513 nodes, more than the limit of 512");
    tc::require_invalid([&] { connected_components(big); }, "connectedComponents: A has 513 nodes");
    const mat nan = {{0, std::nan("")}, {1, 0}};
    tc::require_invalid([&] { laplacian(nan); }, "laplacian: A has a non-finite entry (NaN)");
    const mat directed = {{0, 1}, {0, 0}};
    tc::require_invalid([&] { laplacian_eigenvalues(directed); },
                        "laplacianEigenvalues: A must be symmetric (an undirected graph), but A[0][1] = 1 "
                        "and A[1][0] = 0");
    const mat huge = {{1e308, 1e308}, {1e308, 1e308}};
    tc::require_invalid([&] { laplacian(huge); }, "laplacian: the degree of node 0");
    tc::require_invalid([&] { degree_matrix(huge); }, "degreeMatrix: the degree of node 0");
    // Directed: node 0's heavy edge into node 1, whose own out-degree is
    // tiny, gives L_sym[0][1] = -1e300 / sqrt(1e300 * 1e-320) = -1e310.
    const mat heavy_into_light = {{0, 1e300}, {1e-320, 0}};
    tc::require_invalid([&] { laplacian(heavy_into_light, true); }, "laplacian: L_sym overflows at entry 1 (-Infinity)");
    const mat ok = laplacian(heavy_into_light, false);  // D - A itself is finite
    CHECK(ok(0, 1) == -1e300);
}
