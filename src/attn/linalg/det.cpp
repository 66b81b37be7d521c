#include "attn/linalg/det.hpp"

#include <cmath>
#include <utility>

#include "attn/common/check.hpp"

namespace attn {

double lu_det_inplace(double* a, std::size_t n) {
    // The product of pivots is kept as mantissa * 2^exponent so that it only
    // overflows or underflows if the determinant itself does.
    double det = 1.0;
    long exponent = 0;
    for (std::size_t k = 0; k < n; ++k) {
        // 1. Pivot: the entry of largest magnitude in column k, rows k..n-1.
        std::size_t piv = k;
        double best = std::fabs(a[k * n + k]);
        for (std::size_t i = k + 1; i < n; ++i) {
            const double v = std::fabs(a[i * n + k]);
            if (v > best) best = v, piv = i;
        }
        if (best == 0.0) return 0.0;  // the whole column is zero: singular
        // 2. Swap rows k and piv (each swap flips the determinant's sign).
        if (piv != k) {
            double* r1 = a + k * n;
            double* r2 = a + piv * n;
            for (std::size_t j = 0; j < n; ++j) std::swap(r1[j], r2[j]);
            det = -det;
        }
        const double* rk = a + k * n;
        const double pivot = rk[k];
        int ep = 0, e = 0;
        const double mant = std::frexp(pivot, &ep);  // |mant| in [0.5, 1)
        det = std::frexp(det * mant, &e);
        exponent += ep + e;
        // 3. Eliminate below the pivot: row_i -= l_ik row_k (contiguous rows).
        for (std::size_t i = k + 1; i < n; ++i) {
            double* ri = a + i * n;
            const double l = ri[k] / pivot;
            ri[k] = l;
            if (l == 0.0) continue;
            for (std::size_t j = k + 1; j < n; ++j) ri[j] -= l * rk[j];
        }
    }
    if (exponent > 4096) exponent = 4096;  // ldexp saturates to +-Infinity / 0 anyway
    if (exponent < -4096) exponent = -4096;
    return std::ldexp(det, static_cast<int>(exponent));
}

double det(const mat& A) {
    check_square("det", "A", A);
    const std::size_t n = A.shape(0);
    if (n > max_det_dim)
        fail("det", "A is ", shape_str(A), ", larger than the limit of ", max_det_dim, " x ",
             max_det_dim);
    mat LU = A;  // work on a copy
    return lu_det_inplace(LU.data(), n);
}

}  // namespace attn
