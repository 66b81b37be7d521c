#include "attn/graph/laplacian.hpp"

#include <algorithm>
#include <cmath>

#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"

namespace attn {

namespace {

std::string entry_str(std::size_t i, std::size_t j) {
    return cat("A[", i, "][", j, "]");
}

// d_i = sum_j A_ij, with the overflow of a huge weighted degree reported.
std::vector<double> degrees(const std::string& fn, const mat& A) {
    const std::size_t n = A.shape(0);
    const double* a = A.data();
    std::vector<double> d(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        double s = 0;
        for (std::size_t j = 0; j < n; ++j) s += a[i * n + j];
        if (!std::isfinite(s))
            fail(fn, "the degree of node ", i, " (the sum of row ", i,
                 " of A) overflows: scale the weights down");
        d[i] = s;
    }
    return d;
}

mat laplacian_named(const std::string& fn, const mat& A, bool normalized) {
    const std::size_t n = A.shape(0);
    const std::vector<double> d = degrees(fn, A);
    const double* a = A.data();
    mat L = xt::empty<double>({n, n});
    double* l = L.data();
    if (!normalized) {
        // 1. L = D - A. The diagonal d_i - A_ii is summed without the self
        //    loop so that a self loop cancels exactly.
        for (std::size_t i = 0; i < n; ++i) {
            double off = 0;
            for (std::size_t j = 0; j < n; ++j) {
                if (j != i) off += a[i * n + j];
                l[i * n + j] = a[i * n + j] == 0 ? 0.0 : -a[i * n + j];  // no -0 in tables
            }
            l[i * n + i] = off;
        }
        return L;
    }
    // 2. L_sym = D^-1/2 (D - A) D^-1/2, with D^-1/2 = 0 at nodes of degree 0.
    std::vector<double> dh(n);
    for (std::size_t i = 0; i < n; ++i) dh[i] = d[i] > 0 ? 1.0 / std::sqrt(d[i]) : 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            // Scaled by the smaller index first: exactly symmetric for a
            // symmetric A, and no overflow of dh_i * dh_j at tiny degrees.
            const double v = -(a[i * n + j] * dh[std::min(i, j)]) * dh[std::max(i, j)];
            l[i * n + j] = v == 0 ? 0.0 : v;
        }
        // (d_i - A_ii) / d_i with d_i - A_ii summed without the self loop:
        // 1 - A_ii / d_i cancels to 0 when the loop dominates, which left L
        // with a negative eigenvalue (found by the fuzzer).
        double off = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (j != i) off += a[i * n + j];
        l[i * n + i] = d[i] > 0 ? off / d[i] : 0.0;
    }
    // A directed graph can make an entry A_ij / sqrt(d_i d_j) too big for a
    // double: a heavy edge into a node of tiny out-degree (found by the
    // fuzzer: 1e300 / sqrt(1e300 * 1e-320)).
    finite_results(fn, "L_sym", l, n * n);
    return L;
}

}  // namespace

void check_adjacency(const std::string& fn, const mat& A) {
    check_square(fn, "A", A);
    const std::size_t n = A.shape(0);
    if (n > max_graph_nodes)
        fail(fn, "A has ", n, " nodes, more than the limit of ", max_graph_nodes);
    const double* a = A.data();
    for (std::size_t k = 0; k < n * n; ++k)
        if (a[k] < 0)
            fail(fn, entry_str(k / n, k % n), " = ", a[k],
                 " is negative (edge weights must be >= 0; 0 means no edge)");
}

mat degree_matrix(const mat& A) {
    check_adjacency("degreeMatrix", A);
    const std::size_t n = A.shape(0);
    const std::vector<double> d = degrees("degreeMatrix", A);
    mat D = xt::zeros<double>({n, n});
    for (std::size_t i = 0; i < n; ++i) D(i, i) = d[i];
    return D;
}

mat laplacian(const mat& A, bool normalized) {
    check_adjacency("laplacian", A);
    return laplacian_named("laplacian", A, normalized);
}

vec laplacian_eigenvalues(const mat& A, bool normalized) {
    const std::string fn = "laplacianEigenvalues";
    check_adjacency(fn, A);
    const std::size_t n = A.shape(0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (A(i, j) != A(j, i))
                fail(fn, "A must be symmetric (an undirected graph), but ", entry_str(i, j), " = ",
                     A(i, j), " and ", entry_str(j, i), " = ", A(j, i),
                     "; symmetrize it first, e.g. (A + A^T) / 2");
    const mat L = laplacian_named(fn, A, normalized);
    vec ev = xt::empty<double>({n});
    symmetric_eigenvalues_jacobi(L.data(), n, ev.data());
    finite_results(fn, "an eigenvalue of L", ev.data(), n);
    return ev;
}

Components connected_components(const mat& A) {
    check_adjacency("connectedComponents", A);
    const std::size_t n = A.shape(0);
    const double* a = A.data();
    constexpr std::size_t unseen = static_cast<std::size_t>(-1);
    Components c;
    c.labels.assign(n, unseen);
    std::vector<std::size_t> stack;
    // Depth-first search from each unlabelled node in increasing order, so
    // that component k is the one whose smallest node is the k-th to appear.
    for (std::size_t s = 0; s < n; ++s) {
        if (c.labels[s] != unseen) continue;
        c.labels[s] = c.count;
        stack.assign(1, s);
        while (!stack.empty()) {
            const std::size_t i = stack.back();
            stack.pop_back();
            for (std::size_t j = 0; j < n; ++j)
                if (c.labels[j] == unseen && (a[i * n + j] != 0 || a[j * n + i] != 0)) {
                    c.labels[j] = c.count;
                    stack.push_back(j);
                }
        }
        ++c.count;
    }
    return c;
}

void symmetric_eigenvalues_jacobi(const double* S0, std::size_t n, double* out) {
    // Cyclic Jacobi on the upper triangle: each rotation (p, q) zeroes S_pq
    // exactly; diagonal updates are accumulated in z per sweep (as in
    // Rutishauser's formulation) to limit rounding. Converges quadratically;
    // sweeps stop when every off-diagonal entry is exactly 0 (after sweep 4
    // an entry below the rounding of both its diagonal entries is set to 0).
    //
    // The rotation reads columns p and q of the upper triangle with stride
    // ld. Rows are padded to an odd number of 64-byte lines: with ld = 512 the
    // column walk hits one cache set only and runs ~7x slower (measured).
    const std::size_t lines = (n + 7) / 8, ld = 8 * (lines % 2 ? lines : lines + 1);
    std::vector<double> buf(n * ld);
    double* S = buf.data();
    // Scaled by a power of two (exact) so that the largest entry is about 1:
    // for tiny weights the rotations' products would underflow and the
    // eigenvalues lose their relative accuracy (found by the fuzzer).
    double big = 0;
    for (std::size_t k = 0; k < n * n; ++k) big = std::max(big, std::fabs(S0[k]));
    const int ex = big > 0 && std::isfinite(big) ? std::ilogb(big) : 0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j) S[i * ld + j] = std::ldexp(S0[i * n + j], -ex);

    constexpr int max_sweeps = 100;
    std::vector<double> d(n), b(n), z(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) d[i] = b[i] = S[i * ld + i];
    auto rotate = [](double& x, double& y, double s, double tau) {
        const double g = x, h = y;
        x = g - s * (h + g * tau);
        y = h + s * (g - h * tau);
    };
    for (int sweep = 1; sweep <= max_sweeps; ++sweep) {
        double off = 0;
        for (std::size_t p = 0; p + 1 < n; ++p)
            for (std::size_t q = p + 1; q < n; ++q) off += std::fabs(S[p * ld + q]);
        if (off == 0) break;
        // First sweeps: rotate only the larger entries (cheap progress).
        const double tresh = sweep < 4 ? 0.2 * off / static_cast<double>(n * n) : 0.0;
        for (std::size_t p = 0; p + 1 < n; ++p) {
            for (std::size_t q = p + 1; q < n; ++q) {
                const double apq = S[p * ld + q];
                const double g = 100.0 * std::fabs(apq);
                if (sweep > 4 && std::fabs(d[p]) + g == std::fabs(d[p]) &&
                    std::fabs(d[q]) + g == std::fabs(d[q])) {
                    S[p * ld + q] = 0;  // below rounding of both diagonal entries
                    continue;
                }
                if (std::fabs(apq) <= tresh) continue;
                double h = d[q] - d[p];
                double t;
                if (std::fabs(h) + g == std::fabs(h)) {
                    t = apq / h;  // tiny angle: t = tan(theta) ~ apq / h
                } else {
                    const double theta = 0.5 * h / apq;
                    t = 1.0 / (std::fabs(theta) + std::sqrt(1.0 + theta * theta));
                    if (theta < 0) t = -t;
                }
                const double c = 1.0 / std::sqrt(1.0 + t * t), s = t * c, tau = s / (1.0 + c);
                h = t * apq;
                z[p] -= h;
                z[q] += h;
                d[p] -= h;
                d[q] += h;
                S[p * ld + q] = 0;
                for (std::size_t j = 0; j < p; ++j) rotate(S[j * ld + p], S[j * ld + q], s, tau);
                for (std::size_t j = p + 1; j < q; ++j) rotate(S[p * ld + j], S[j * ld + q], s, tau);
                for (std::size_t j = q + 1; j < n; ++j) rotate(S[p * ld + j], S[q * ld + j], s, tau);
            }
        }
        for (std::size_t i = 0; i < n; ++i) {
            b[i] += z[i];
            d[i] = b[i];
            z[i] = 0;
        }
    }
    std::sort(d.begin(), d.end());
    for (std::size_t i = 0; i < n; ++i) out[i] = std::ldexp(d[i], ex);
}

}  // namespace attn
