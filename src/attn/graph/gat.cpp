#include "attn/graph/gat.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include "attn/common/check.hpp"
#include "attn/graph/laplacian.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

namespace {

// Validates X, A and the options; returns the edge pattern (n x n, 1 where
// node i attends to node j). Every node must have at least one neighbour.
std::vector<std::uint8_t> check_graph(const std::string& fn, const mat& X, const mat& A,
                                      const GatOptions& opt) {
    check_matrix(fn, "X", X);
    check_adjacency(fn, A);
    const std::size_t n = A.shape(0);
    if (X.shape(0) != n)
        fail(fn, "X has ", X.shape(0), " rows but A has ", n, " nodes (one feature row per node)");
    if (!std::isfinite(opt.negative_slope))
        fail(fn, "negativeSlope must be a finite number, got ", opt.negative_slope);
    std::vector<std::uint8_t> edge(n * n);
    const double* a = A.data();
    for (std::size_t i = 0; i < n; ++i) {
        bool any = false;
        for (std::size_t j = 0; j < n; ++j) {
            edge[i * n + j] = a[i * n + j] != 0 || (opt.self_loops && i == j);
            any = any || edge[i * n + j];
        }
        if (!any)
            fail(fn, "node ", i, " is isolated (row ", i,
                 " of A is all 0) and selfLoops is false, so it has no neighbour to "
                 "attend to: add an edge or set selfLoops: true");
    }
    return edge;
}

void check_head(const std::string& fn, const std::string& prefix, const mat& X, const mat& W,
                const vec& a) {
    const std::string Wn = prefix + "W", an = prefix + "a";
    check_matrix(fn, Wn.c_str(), W);
    if (W.shape(0) != X.shape(1))
        fail(fn, Wn, " has ", W.shape(0), " rows but X has ", X.shape(1), " columns (features)");
    check_vector(fn, an.c_str(), a);
    if (a.size() != 2 * W.shape(1))
        fail(fn, an, " has length ", a.size(), " but must be 2 f' = ", 2 * W.shape(1), " (", Wn,
             " has ", W.shape(1), " columns)");
}

GatSteps gat_unchecked(const std::string& fn, const std::string& prefix, const mat& X,
                       const std::vector<std::uint8_t>& edge, const mat& W, const vec& a,
                       double slope) {
    const std::size_t n = X.shape(0), f = X.shape(1), fp = W.shape(1);
    GatSteps s;

    // 1. Wh = X W
    s.Wh = xt::empty<double>({n, fp});
    gemm_nn(X.data(), W.data(), s.Wh.data(), n, f, fp);
    const double* wh = s.Wh.data();
    for (std::size_t k = 0; k < n * fp; ++k)
        if (!std::isfinite(wh[k]))
            fail(fn, "X ", prefix, "W overflows at (", k / fp, ", ", k % fp, "): scale X or ",
                 prefix, "W down");

    // 2. src_i = a_1^T Wh_i, dst_j = a_2^T Wh_j
    s.src = xt::empty<double>({n});
    s.dst = xt::empty<double>({n});
    const double* a1 = a.data();
    const double* a2 = a.data() + fp;
    for (std::size_t i = 0; i < n; ++i) {
        double u = 0, v = 0;
        for (std::size_t k = 0; k < fp; ++k) {
            u += a1[k] * wh[i * fp + k];
            v += a2[k] * wh[i * fp + k];
        }
        if (!std::isfinite(u) || !std::isfinite(v))
            fail(fn, "the score of node ", i, " (", prefix, "a^T Wh) overflows: scale X, ", prefix,
                 "W or ", prefix, "a down");
        s.src(i) = u;
        s.dst(i) = v;
    }

    // 3. e_ij = LeakyReLU(src_i + dst_j) on edges, -Infinity elsewhere
    constexpr double neg_inf = -std::numeric_limits<double>::infinity();
    s.e = xt::empty<double>({n, n});
    double* e = s.e.data();
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            if (!edge[i * n + j]) {
                e[i * n + j] = neg_inf;
                continue;
            }
            const double x = s.src(i) + s.dst(j);
            if (!std::isfinite(x))
                fail(fn, "the score e[", i, "][", j, "] overflows: scale X, ", prefix, "W or ",
                     prefix, "a down");
            e[i * n + j] = x >= 0 ? x : slope * x;
            if (!std::isfinite(e[i * n + j]))  // a large negativeSlope can overflow
                fail(fn, "the score e[", i, "][", j, "] = negativeSlope * ", x,
                     " overflows: use a smaller negativeSlope");
        }

    // 4. alpha = softmax of e over each node's neighbours (exactly 0 elsewhere)
    s.alpha = s.e;
    softmax_rows_inplace(fn, s.alpha.data(), n, n, edge.data());

    // 5. output = alpha Wh
    s.output = xt::empty<double>({n, fp});
    gemm_nn(s.alpha.data(), wh, s.output.data(), n, n, fp);
    return s;
}

}  // namespace

std::vector<std::uint8_t> gat_edges(const std::string& fn, const mat& X, const mat& A,
                                    const GatOptions& opt) {
    return check_graph(fn, X, A, opt);
}

void check_gat_head(const std::string& fn, const std::string& prefix, const mat& X, const mat& W,
                    const vec& a) {
    check_head(fn, prefix, X, W, a);
}

GatSteps gat_forward(const std::string& fn, const mat& X, const std::vector<std::uint8_t>& edge,
                     const mat& W, const vec& a, double negative_slope) {
    return gat_unchecked(fn, "", X, edge, W, a, negative_slope);
}

GatSteps gat(const mat& X, const mat& A, const mat& W, const vec& a, const GatOptions& opt) {
    const std::string fn = "gat";
    const auto edge = check_graph(fn, X, A, opt);
    check_head(fn, "", X, W, a);
    return gat_unchecked(fn, "", X, edge, W, a, opt.negative_slope);
}

MultiHeadGatSteps multi_head_gat(const mat& X, const mat& A, const std::vector<GatHead>& heads,
                                 const MultiHeadGatOptions& opt) {
    const std::string fn = "multiHeadGat";
    const auto edge = check_graph(fn, X, A, opt);
    if (heads.empty()) fail(fn, "heads is empty (give at least one {W, a})");
    if (heads.size() > max_gat_heads)
        fail(fn, "has ", heads.size(), " heads, more than the limit ", max_gat_heads);
    const std::size_t n = X.shape(0);
    std::size_t total = 0;
    for (std::size_t h = 0; h < heads.size(); ++h) {
        const std::string prefix = cat("heads[", h, "].");
        check_head(fn, prefix, X, heads[h].W, heads[h].a);
        if (!opt.concat && heads[h].W.shape(1) != heads[0].W.shape(1))
            fail(fn, prefix, "W has ", heads[h].W.shape(1), " columns but heads[0].W has ",
                 heads[0].W.shape(1),
                 " (averaging needs the same f' in every head; or use concat: true)");
        total += heads[h].W.shape(1);
    }
    if (n * total > max_elements)
        fail(fn, "the heads' outputs have ", n, " x ", total,
             " entries in all, more than the limit of ", max_elements);

    MultiHeadGatSteps out;
    for (std::size_t h = 0; h < heads.size(); ++h)
        out.heads.push_back(gat_unchecked(fn, cat("heads[", h, "]."), X, edge,
                                          heads[h].W, heads[h].a, opt.negative_slope));
    if (opt.concat) {
        // [out_0 | out_1 | ...], head 0 first.
        out.output = xt::empty<double>({n, total});
        double* o = out.output.data();
        std::size_t col = 0;
        for (const auto& hd : out.heads) {
            const std::size_t fp = hd.output.shape(1);
            const double* src = hd.output.data();
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t k = 0; k < fp; ++k) o[i * total + col + k] = src[i * fp + k];
            col += fp;
        }
    } else {
        // (1/H) sum_h out_h, as sum_h (out_h / H): the plain sum of finite
        // head outputs near DBL_MAX could overflow although their mean cannot.
        const std::size_t fp = heads[0].W.shape(1);
        out.output = xt::zeros<double>({n, fp});
        double* o = out.output.data();
        const double H = static_cast<double>(heads.size());
        for (const auto& hd : out.heads)
            for (std::size_t k = 0; k < n * fp; ++k) o[k] += hd.output.data()[k] / H;
    }
    return out;
}

}  // namespace attn
