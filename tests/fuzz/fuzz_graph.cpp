// Fuzz entry points, Laplacians, spectra, components and GAT: row sums, ordering, weights only on edges.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/graph/gat.hpp"
#include "attn/graph/laplacian.hpp"

namespace fuzz {

void fuzz_graph(Input& in) {
    const std::size_t n = in.dim();
    const mat A = in.adjacency(n);
    const std::uint8_t which = in.u8() % 5;
    const bool normalized = in.flag();
    if (which == 0) {
        const mat D = attn::degree_matrix(A);
        const mat L = attn::laplacian(A, normalized);
        REQUIRE("laplacian", all_finite(L) && all_finite(D), "non-finite");
        if (!normalized)
            for (std::size_t i = 0; i < n; ++i) {
                double s = 0;
                for (std::size_t j = 0; j < n; ++j) s += L(i, j);
                REQUIRE("laplacian", std::fabs(s) <= (1e-12 * D(i, i) + 1e-300) * n,
                        "row " + std::to_string(i) + " sums to " + num(s));
            }
    } else if (which == 1) {
        const vec ev = attn::laplacian_eigenvalues(A, normalized);
        const mat L = attn::laplacian(A, normalized);
        if (!all_finite(ev)) {
            // Accepted: the eigenvalues of D - A reach 2 max degree, which may
            // overflow when the degrees are near DBL_MAX (the degrees themselves do not).
            REQUIRE("laplacianEigenvalues", !normalized && max_abs(L.data(), L.size()) > 1e300,
                    "non-finite, A = " + str(A) + ", ev = " + str(ev));
            return;
        }
        double tr = 0, scale = 0;
        for (std::size_t i = 0; i < n; ++i) tr += L(i, i), scale = std::max(scale, std::fabs(L(i, i)));
        double s = 0;
        for (std::size_t i = 0; i < n; ++i) {
            s += ev(i);
            if (i) REQUIRE("laplacianEigenvalues", ev(i) >= ev(i - 1), "not sorted");
        }
        // Rounding noise: relative to L's scale, plus a floor for subnormal
        // entries, where it is of the order of DBL_MIN.
        REQUIRE("laplacianEigenvalues", ev(0) >= -1e-9 * scale - 1e-300, "negative " + num(ev(0)) + ", scale " + num(scale) + ", A = " + str(A));
        if (normalized) REQUIRE("laplacianEigenvalues", ev(n - 1) <= 2 + 1e-9, "above 2: " + num(ev(n - 1)));
        REQUIRE("laplacianEigenvalues", std::fabs(s - tr) <= (1e-9 * scale + 1e-300) * n,
                "sum " + num(s) + " != trace " + num(tr));
    } else if (which == 2) {
        const attn::Components c = attn::connected_components(A);
        REQUIRE("connectedComponents", c.count >= 1 && c.count <= n && c.labels.size() == n, "count");
        for (std::size_t i = 0; i < n; ++i) {
            REQUIRE("connectedComponents", c.labels[i] < c.count, "label");
            for (std::size_t j = 0; j < n; ++j)
                if (A(i, j) != 0) REQUIRE("connectedComponents", c.labels[i] == c.labels[j], "edge across");
        }
    } else {
        const std::size_t f = in.dim(4), fp = in.dim(4);
        const mat X = in.matrix(maybe(in, n), f);
        attn::MultiHeadGatOptions opt;
        opt.self_loops = !in.flag() || in.flag();  // mostly true
        opt.negative_slope = in.u8() % 4 == 0 ? in.value() : 0.2;
        auto check_alpha = [&](const char* op, const attn::GatSteps& s) {
            REQUIRE(op, !any_nan(s.alpha), "NaN in alpha");
            check_stochastic_rows(op, s.alpha);
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = 0; j < n; ++j)
                    if (A(i, j) == 0 && !(opt.self_loops && i == j))
                        REQUIRE(op, s.alpha(i, j) == 0.0, "weight off the graph");
            check_convex_output(op, s.alpha, s.Wh, s.output);
        };
        if (which == 3) {
            const attn::GatSteps s = attn::gat(X, A, in.matrix(maybe(in, f), fp), in.vector(maybe(in, 2 * fp)), opt);
            check_alpha("gat", s);
        } else {
            const std::size_t H = in.u8() % 4;
            opt.concat = in.flag();
            std::vector<attn::GatHead> heads;
            for (std::size_t h = 0; h < H; ++h) {
                const std::size_t fh = in.flag() ? fp : in.dim(4);
                heads.push_back({in.matrix(f, fh), in.vector(2 * fh)});
            }
            const attn::MultiHeadGatSteps r = attn::multi_head_gat(X, A, heads, opt);
            for (const auto& s : r.heads) check_alpha("multiHeadGat", s);
            REQUIRE("multiHeadGat", r.output.shape(0) == n, "shape");
        }
    }
}

}  // namespace fuzz
