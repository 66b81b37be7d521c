#include "attn/lowrank/svd.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "attn/common/check.hpp"

namespace attn {

namespace {

constexpr double eps = 2.220446049250313e-16;  // 2^-52

// Four partial sums break the add-latency chain without -ffast-math
// (measured: the 256 x 256 SVD 160 -> 123 ms native -O2).
double dot(const double* a, const double* b, std::size_t n) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += a[i] * b[i];
        s1 += a[i + 1] * b[i + 1];
        s2 += a[i + 2] * b[i + 2];
        s3 += a[i + 3] * b[i + 3];
    }
    for (; i < n; ++i) s0 += a[i] * b[i];
    return (s0 + s1) + (s2 + s3);
}

// Off-diagonal Frobenius norm of W^T W (W stored as k rows of length L).
double off_norm(const double* W, std::size_t k, std::size_t L) {
    double s = 0;
    for (std::size_t p = 0; p < k; ++p)
        for (std::size_t q = p + 1; q < k; ++q) {
            const double g = dot(W + p * L, W + q * L, L);
            s += 2 * g * g;
        }
    return std::sqrt(s);
}

// One-sided Jacobi on W (k rows of length L, each row a column of the
// working matrix, k <= L). V (k x k, rows = columns of V) receives the
// same rotations. norm2 returns the squared row norms. trace may be null;
// off-diagonal norms are multiplied by 2^unscale_exp before being recorded.
void jacobi(double* W, std::size_t k, std::size_t L, double* V, std::vector<double>& norm2,
            SvdSteps* trace, int unscale_exp) {
    norm2.assign(k, 0.0);
    for (std::size_t j = 0; j < k; ++j) norm2[j] = dot(W + j * L, W + j * L, L);
    const double tol = std::sqrt(static_cast<double>(L)) * eps;
    std::vector<std::size_t> label(k);  // original index of the column now at each position
    std::iota(label.begin(), label.end(), 0);
    if (trace) trace->initialOffNorm = std::ldexp(off_norm(W, k, L), unscale_exp);
    for (int sweep = 0; sweep < svd_max_sweeps; ++sweep) {
        bool rotated = false;
        JacobiSweep rec;
        for (std::size_t p = 0; p + 1 < k; ++p) {
            // de Rijk's pivoting: the largest remaining column goes first
            // (fewer sweeps; the final sort restores the order).
            std::size_t big = p;
            for (std::size_t j = p + 1; j < k; ++j)
                if (norm2[j] > norm2[big]) big = j;
            if (big != p) {
                std::swap_ranges(W + p * L, W + (p + 1) * L, W + big * L);
                std::swap_ranges(V + p * k, V + (p + 1) * k, V + big * k);
                std::swap(norm2[p], norm2[big]);
                std::swap(label[p], label[big]);
            }
            double* wp = W + p * L;
            for (std::size_t q = p + 1; q < k; ++q) {
                const double alpha = norm2[p], beta = norm2[q];
                if (alpha == 0 || beta == 0) continue;  // a zero column is orthogonal to all
                double* wq = W + q * L;
                const double gamma = dot(wp, wq, L);
                if (std::fabs(gamma) <= tol * std::sqrt(alpha) * std::sqrt(beta)) continue;
                // Rutishauser's stable rotation: t = tan(theta), the smaller root of
                // t^2 + 2 zeta t - 1 = 0, so |theta| <= pi/4.
                const double zeta = (beta - alpha) / (2 * gamma);
                const double t = std::fabs(zeta) > 1e150
                                     ? 0.5 / zeta
                                     : (zeta >= 0 ? 1.0 : -1.0) /
                                           (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
                const double c = 1 / std::sqrt(1 + t * t), s = c * t;
                for (std::size_t i = 0; i < L; ++i) {
                    const double x = wp[i], y = wq[i];
                    wp[i] = c * x - s * y;
                    wq[i] = s * x + c * y;
                }
                norm2[p] = dot(wp, wp, L);  // recomputed, not updated: no drift
                norm2[q] = dot(wq, wq, L);
                double* vp = V + p * k;
                double* vq = V + q * k;
                for (std::size_t i = 0; i < k; ++i) {
                    const double x = vp[i], y = vq[i];
                    vp[i] = c * x - s * y;
                    vq[i] = s * x + c * y;
                }
                rotated = true;
                if (trace) rec.rotations.push_back({label[p], label[q], std::atan(t)});
            }
        }
        if (trace) {
            rec.offNorm = std::ldexp(off_norm(W, k, L), unscale_exp);
            trace->sweeps.push_back(std::move(rec));
        }
        if (!rotated) break;
    }
}

// Modified Gram-Schmidt on the first k rows (length L) of X, in order, for
// rows that are already nearly orthonormal; a row that keeps less than half
// its norm gets a second pass ("twice is enough"). Returns how many rows
// were made orthonormal: it stops at a row that (numerically) lies in the
// span of the earlier ones, which the caller completes instead.
std::size_t orthonormalize_rows(double* X, std::size_t k, std::size_t L) {
    for (std::size_t j = 0; j < k; ++j) {
        double* xj = X + j * L;
        const double before = std::sqrt(dot(xj, xj, L));
        double nx = before;
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t i = 0; i < j; ++i) {
                const double* xi = X + i * L;
                const double h = dot(xi, xj, L);
                for (std::size_t l = 0; l < L; ++l) xj[l] -= h * xi[l];
            }
            nx = std::sqrt(dot(xj, xj, L));
            if (nx > 0.5 * before) break;
        }
        if (!(nx > 1e-3 * before)) return j;
        for (std::size_t l = 0; l < L; ++l) xj[l] /= nx;
    }
    return k;
}

// Rows j0..k-1 of Y (k x L): orthonormal completion of rows 0..j0-1, from
// standard basis vectors (see the header). A candidate rejected once stays
// rejected (the span only grows), so one pass over e_0..e_{L-1} suffices.
void complete_rows(double* Y, std::size_t j0, std::size_t k, std::size_t L) {
    const double accept = 1.0 / std::sqrt(2.0 * static_cast<double>(L));
    std::vector<double> x(L), best(L);
    // x = e_c minus its projection on rows 0..j-1 (twice: "twice is enough").
    auto residual = [&](std::size_t c, std::size_t j) {
        std::fill(x.begin(), x.end(), 0.0);
        x[c] = 1.0;
        for (int pass = 0; pass < 2; ++pass)
            for (std::size_t i = 0; i < j; ++i) {
                const double* y = Y + i * L;
                const double h = dot(y, x.data(), L);
                for (std::size_t l = 0; l < L; ++l) x[l] -= h * y[l];
            }
        return std::sqrt(dot(x.data(), x.data(), L));
    };
    std::size_t cand = 0;
    for (std::size_t j = j0; j < k; ++j) {
        double nbest = -1;
        for (; cand < L; ++cand) {
            const double nx = residual(cand, j);
            if (nx > nbest) { nbest = nx; best = x; }
            if (nx >= accept) { ++cand; break; }
        }
        if (nbest < accept)  // cannot happen (see the header); take the best seen anyway
            for (std::size_t c = 0; c < L; ++c) {
                const double nx = residual(c, j);
                if (nx > nbest) { nbest = nx; best = x; }
            }
        double* y = Y + j * L;
        for (std::size_t l = 0; l < L; ++l) y[l] = best[l] / nbest;
    }
}

// Makes the first near-largest-magnitude entry of v positive; returns the sign applied.
double sign_of(const double* v, std::size_t n) {
    double mx = 0;
    for (std::size_t i = 0; i < n; ++i) mx = std::max(mx, std::fabs(v[i]));
    for (std::size_t i = 0; i < n; ++i)
        if (std::fabs(v[i]) >= mx * (1 - 1e-9)) return v[i] < 0 ? -1.0 : 1.0;
    return 1.0;
}

SvdResult svd_impl(const mat& A, SvdSteps* trace) {
    const std::size_t m = A.shape(0), n = A.shape(1);
    const bool tall = m >= n;
    const std::size_t k = tall ? n : m, L = tall ? m : n;

    // Exact power-of-two scaling: largest entry in [0.5, 1).
    double amax = 0;
    for (std::size_t i = 0; i < A.size(); ++i) amax = std::max(amax, std::fabs(A.data()[i]));
    int ex = 0;
    if (amax > 0) std::frexp(amax, &ex);
    // ldexp per entry, not a factor 2^-ex / 2^ex: that factor is itself out of
    // range when amax >= 2^1023 (S became Infinity) or amax is subnormal (NaN).

    // W: the working matrix's columns as rows (A^T when tall, A when wide).
    std::vector<double> W(k * L);
    const double* a = A.data();
    if (tall) {
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < n; ++j) W[j * m + i] = std::ldexp(a[i * n + j], -ex);
    } else {
        for (std::size_t i = 0; i < m * n; ++i) W[i] = std::ldexp(a[i], -ex);
    }
    std::vector<double> V(k * k, 0.0);
    for (std::size_t j = 0; j < k; ++j) V[j * k + j] = 1.0;
    if (trace) trace->transposed = !tall;

    std::vector<double> norm2;
    const std::vector<double> W0 = W;
    jacobi(W.data(), k, L, V.data(), norm2, trace, 2 * ex);
    // V's rows orthonormal again: the rotations leave them orthogonal only to
    // about sqrt(rotations) eps, and U S V^T inherits that error (128 x 128:
    // max |A - U S V^T| 3.2e-14 before, ml-matrix 2.9e-14; with this and Wc
    // below, 8e-15).
    orthonormalize_rows(V.data(), k, k);
    // Wc = V W0 (rows of V times the scaled input): the columns consistent
    // with the orthonormal V, exact to about eps |A| in absolute terms.
    std::vector<double> Wc(k * L, 0.0);
    for (std::size_t j = 0; j < k; ++j) {
        double* wj = &Wc[j * L];
        for (std::size_t p = 0; p < k; ++p) {
            const double v = V[j * k + p];
            const double* w0 = &W0[p * L];
            for (std::size_t l = 0; l < L; ++l) wj[l] += v * w0[l];
        }
    }

    // Singular values and directions: from Wc where S_j >= sqrt(eps) S_max
    // (its absolute error eps |A| is then relatively small, and U S V^T = A
    // to about eps), from the rotated columns below that, which keep
    // one-sided Jacobi's relative accuracy for tiny singular values (a
    // graded 8 x 8: 3.587556e-23 to 7 digits, where Wc gives 4e-17).
    std::vector<double> s(k);
    std::vector<const double*> col(k);
    double smax = 0;
    for (std::size_t j = 0; j < k; ++j) {
        s[j] = std::sqrt(dot(&W[j * L], &W[j * L], L));
        smax = std::max(smax, s[j]);
    }
    const double from_wc = smax * std::sqrt(eps);
    for (std::size_t j = 0; j < k; ++j) {
        col[j] = &W[j * L];
        if (s[j] >= from_wc) {
            col[j] = &Wc[j * L];
            s[j] = std::sqrt(dot(col[j], col[j], L));
        }
    }
    // Order by S descending. Insertion sort, stable (k <= 256 and O(k^2)
    // compares are nothing next to the sweeps; std::stable_sort was 5 KB of
    // wasm).
    std::vector<std::size_t> order(k);
    std::iota(order.begin(), order.end(), 0);
    for (std::size_t r = 1; r < k; ++r) {
        const std::size_t j = order[r];
        std::size_t q = r;
        for (; q > 0 && s[order[q - 1]] < s[j]; --q) order[q] = order[q - 1];
        order[q] = j;
    }

    // Y: the columns' directions (rows, sorted), Vs: V's columns (rows, sorted).
    std::vector<double> Y(k * L), Vs(k * k);
    const double zero_below = s[order[0]] * static_cast<double>(L) * eps;
    std::size_t good = 0;
    for (std::size_t r = 0; r < k; ++r) {
        const std::size_t j = order[r];
        std::copy(&V[j * k], &V[j * k] + k, &Vs[r * k]);
        if (s[j] > 0 && s[j] > zero_below) {
            for (std::size_t l = 0; l < L; ++l) Y[r * L + l] = col[j][l] / s[j];
            ++good;
        }
    }
    // ... and Y's rows too, largest singular value first, so that U stays
    // orthonormal whichever columns the directions came from (changes of
    // order eps |A| / S_j, which U S V^T scales back by S_j).
    good = orthonormalize_rows(Y.data(), good, L);
    complete_rows(Y.data(), good, k, L);

    // Sign convention on V's columns: Vs rows when tall, Y rows when wide.
    for (std::size_t r = 0; r < k; ++r) {
        double* yr = &Y[r * L];
        double* vr = &Vs[r * k];
        const double sg = tall ? sign_of(vr, k) : sign_of(yr, L);
        if (sg < 0) {
            for (std::size_t l = 0; l < L; ++l) yr[l] = -yr[l];
            for (std::size_t l = 0; l < k; ++l) vr[l] = -vr[l];
        }
    }

    SvdResult out;
    out.S = xt::empty<double>({k});
    for (std::size_t r = 0; r < k; ++r) out.S(r) = std::ldexp(s[order[r]], ex);
    out.U = xt::empty<double>({m, k});
    out.Vt = xt::empty<double>({k, n});
    double* u = out.U.data();
    double* vt = out.Vt.data();
    if (tall) {  // U = Y^T (m x n), Vt = Vs (n x n)
        for (std::size_t r = 0; r < k; ++r)
            for (std::size_t i = 0; i < m; ++i) u[i * k + r] = Y[r * L + i];
        std::copy(Vs.begin(), Vs.end(), vt);
    } else {  // A^T = Y^T S Vs  =>  A = Vs^T S Y: U = Vs^T (m x m), Vt = Y (m x n)
        for (std::size_t r = 0; r < k; ++r)
            for (std::size_t i = 0; i < m; ++i) u[i * k + r] = Vs[r * k + i];
        std::copy(Y.begin(), Y.end(), vt);
    }
    return out;
}

}  // namespace

void check_svd_input(const std::string& fn, const char* name, const mat& A) {
    check_matrix(fn, name, A);
    const double m = static_cast<double>(A.shape(0)), n = static_cast<double>(A.shape(1));
    const double k = std::min(m, n), L = std::max(m, n);
    if (k * k * L > svd_max_work)
        fail(fn, name, " is ", shape_str(A), ": its SVD would take about min(m, n)^2 max(m, n) = ",
             k * k * L,
             " steps, more than the limit 256^3 = 16777216 (e.g. 256 x 256, 1024 x 128, "
             "4096 x 64)");
}

SvdResult svd_unchecked(const mat& A) { return svd_impl(A, nullptr); }

SvdResult svd(const mat& A) {
    check_svd_input("svd", "A", A);
    return svd_impl(A, nullptr);
}

SvdSteps svd_steps(const mat& A) {
    check_matrix("svdSteps", "A", A);
    if (A.shape(0) > svd_steps_max_dim || A.shape(1) > svd_steps_max_dim)
        fail("svdSteps", "A is ", shape_str(A), ", larger than the limit of ", svd_steps_max_dim,
             " per side (the step list is for small lessons; use svd)");
    SvdSteps st;
    st.result = svd_impl(A, &st);
    return st;
}

}  // namespace attn
