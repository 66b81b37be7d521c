#include "attn/regression/least_squares.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"

namespace attn {

namespace {

double dot(const double* a, const double* b, std::size_t n) {
    double s = 0;
    for (std::size_t k = 0; k < n; ++k) s += a[k] * b[k];
    return s;
}

// Power-of-two exponent e with max|p| / 2^e in [0.5, 1) (0 if all zero):
// scaling by 2^-e is exact and keeps every dot product below overflow.
int scale_exponent(const double* p, std::size_t n) {
    double mx = 0;
    for (std::size_t i = 0; i < n; ++i) mx = std::max(mx, std::fabs(p[i]));
    if (mx == 0) return 0;
    int e = 0;
    std::frexp(mx, &e);
    return e;
}

// One-sided (Hestenes) Jacobi: rotates pairs of columns of C (q columns of
// length n, column c stored contiguously at C + c n) until every pair is
// orthogonal, applying the same rotations to the columns of V (q x q, column
// c at V + c q, starts as I). Afterwards C = D V has orthogonal columns
// u_c s_c, so s_c = ||C_c|| are the singular values of D (unsorted).
void jacobi_svd(double* C, double* V, std::size_t n, std::size_t q) {
    const double tol = DBL_EPSILON * std::sqrt(static_cast<double>(n));
    const double negligible = DBL_EPSILON * DBL_EPSILON;
    for (int sweep = 0; sweep < 60; ++sweep) {
        bool rotated = false;
        for (std::size_t i = 0; i + 1 < q; ++i)
            for (std::size_t j = i + 1; j < q; ++j) {
                double* ci = C + i * n;
                double* cj = C + j * n;
                const double alpha = dot(ci, ci, n), beta = dot(cj, cj, n), gamma = dot(ci, cj, n);
                if (alpha == 0 || beta == 0) continue;
                // A column below eps of its partner is numerically zero: rotating
                // it against a parallel partner would only churn rounding noise.
                if (std::min(alpha, beta) <= negligible * std::max(alpha, beta)) continue;
                if (std::fabs(gamma) <= tol * std::sqrt(alpha) * std::sqrt(beta)) continue;
                rotated = true;
                // t = tan(theta) zeroes the new inner product: t^2 + 2 zeta t - 1 = 0.
                const double zeta = (beta - alpha) / (2 * gamma);
                const double t = (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::hypot(1.0, zeta));
                const double c = 1 / std::sqrt(1 + t * t), s = c * t;
                for (std::size_t k = 0; k < n; ++k) {
                    const double a = ci[k], b = cj[k];
                    ci[k] = c * a - s * b;
                    cj[k] = s * a + c * b;
                }
                double* vi = V + i * q;
                double* vj = V + j * q;
                for (std::size_t k = 0; k < q; ++k) {
                    const double a = vi[k], b = vj[k];
                    vi[k] = c * a - s * b;
                    vj[k] = s * a + c * b;
                }
            }
        if (!rotated) break;
    }
}

}  // namespace

LeastSquaresFit least_squares(const mat& X, const vec& y) {
    const std::string fn = "leastSquares";
    check_matrix(fn, "X", X);
    check_vector(fn, "y", y);
    const std::size_t n = X.shape(0), p = X.shape(1), q = p + 1;
    if (y.size() != n)
        fail(fn, "y has ", y.size(), " entries but X has ", n, " rows (one target per point)");
    if (n > max_regression_points)
        fail(fn, "X has ", n, " rows, more than the limit of ", max_regression_points, " points");
    if (p > max_regression_features)
        fail(fn, "X has ", p, " columns, more than the limit of ", max_regression_features,
             " features");

    // 1. D = [X 1] stored by columns, scaled by 2^-eD (exact); y scaled by 2^-ey.
    const int eD = std::max(scale_exponent(X.data(), X.size()), 1);  // the ones column: max >= 1
    const int ey = scale_exponent(y.data(), n);
    std::vector<double> C(q * n), V(q * q, 0.0), ys(n);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < p; ++j) C[j * n + i] = std::ldexp(X(i, j), -eD);
        C[p * n + i] = std::ldexp(1.0, -eD);
        ys[i] = std::ldexp(y(i), -ey);
    }
    for (std::size_t c = 0; c < q; ++c) V[c * q + c] = 1;

    // 2. D V = U S by Jacobi rotations.
    jacobi_svd(C.data(), V.data(), n, q);

    // 3. Minimum-norm solution: sum over s_c > rcond s_max of V_c (u_c . y) / s_c
    //    = V_c (C_c . y) / s_c^2 (NumPy's rcond default: eps * max(n, q)).
    std::vector<double> s2(q);
    double smax = 0;
    for (std::size_t c = 0; c < q; ++c) {
        s2[c] = dot(&C[c * n], &C[c * n], n);
        smax = std::max(smax, std::sqrt(s2[c]));
    }
    const double thr = DBL_EPSILON * static_cast<double>(std::max(n, q)) * smax;
    std::vector<double> xs(q, 0.0);
    LeastSquaresFit fit;
    for (std::size_t c = 0; c < q; ++c) {
        if (!(std::sqrt(s2[c]) > thr)) continue;
        ++fit.rank;
        const double coef = dot(&C[c * n], ys.data(), n) / s2[c];
        for (std::size_t k = 0; k < q; ++k) xs[k] += V[c * q + k] * coef;
    }

    // 4. Undo the scaling: x = xs 2^(ey - eD).
    fit.w = xt::empty<double>({p});
    for (std::size_t j = 0; j < p; ++j) fit.w(j) = std::ldexp(xs[j], ey - eD);
    fit.b = std::ldexp(xs[p], ey - eD);
    for (std::size_t j = 0; j < q; ++j)
        if (!std::isfinite(xs[j]) || !std::isfinite(j < p ? fit.w(j) : fit.b))
            fail(fn, "the solution overflows (X is too close to singular for these y)");

    // 5. loss = (1/n) sum_i (y_i - (w . X_i + b))^2 on the unscaled data.
    double sq = 0;
    for (std::size_t i = 0; i < n; ++i) {
        double pred = 0;
        for (std::size_t j = 0; j < p; ++j) pred += fit.w(j) * X(i, j);
        const double r = y(i) - (pred + fit.b);
        sq += r * r;
    }
    fit.loss = finite_result(fn, "the loss (mean squared residual)", sq / static_cast<double>(n));
    return fit;
}

}  // namespace attn
