// Shared checks of an SVD result for the [lowrank] tests.
#pragma once

#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "attn/lowrank/svd.hpp"

namespace svdt {

inline double fro(const attn::mat& A) {
    double s = 0;
    for (double x : A) s += x * x;
    return std::sqrt(s);
}

// U diag(S) Vt (raw pointers: the 256 x 256 case runs under ASan).
inline attn::mat reconstruct(const attn::SvdResult& s) {
    const std::size_t m = s.U.shape(0), k = s.S.size(), n = s.Vt.shape(1);
    attn::mat A = xt::zeros<double>({m, n});
    const double* u = s.U.data();
    const double* vt = s.Vt.data();
    double* a = A.data();
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t l = 0; l < k; ++l) {
            const double c = u[i * k + l] * s.S(l);
            for (std::size_t j = 0; j < n; ++j) a[i * n + j] += c * vt[l * n + j];
        }
    return A;
}

// max |X^T X - I| over the columns of X (cols = true) or rows (cols = false).
inline double orth_error(const attn::mat& X, bool cols) {
    // Work on rows: transpose first when checking columns.
    const attn::mat Y = cols ? attn::mat(xt::transpose(X)) : X;
    const std::size_t k = Y.shape(0), len = Y.shape(1);
    const double* y = Y.data();
    double e = 0;
    for (std::size_t a = 0; a < k; ++a)
        for (std::size_t b = a; b < k; ++b) {
            double s = 0;
            for (std::size_t i = 0; i < len; ++i) s += y[a * len + i] * y[b * len + i];
            e = std::max(e, std::fabs(s - (a == b ? 1.0 : 0.0)));
        }
    return e;
}

// Shapes, S descending and >= 0, U^T U = I, Vt Vt^T = I, U S Vt = A to
// rtol (relative to |A|_F), and the documented sign convention.
inline void require_valid(const attn::mat& A, const attn::SvdResult& s, double rtol = 1e-12) {
    const std::size_t m = A.shape(0), n = A.shape(1), k = std::min(m, n);
    REQUIRE(s.U.shape(0) == m);
    REQUIRE(s.U.shape(1) == k);
    REQUIRE(s.S.size() == k);
    REQUIRE(s.Vt.shape(0) == k);
    REQUIRE(s.Vt.shape(1) == n);
    for (std::size_t j = 0; j < k; ++j) {
        REQUIRE(s.S(j) >= 0);
        if (j) REQUIRE(s.S(j) <= s.S(j - 1));
    }
    const double eu = orth_error(s.U, true), ev = orth_error(s.Vt, false);
    INFO("|U^T U - I| = " << eu << ", |Vt Vt^T - I| = " << ev);
    REQUIRE(eu <= 1e-12);
    REQUIRE(ev <= 1e-12);
    const attn::mat R = reconstruct(s);
    // Compare in units of the largest entry (A may hold 1e200 or 1e-200).
    double amax = 0;
    for (double x : A) amax = std::max(amax, std::fabs(x));
    if (amax == 0) {
        for (double x : R) REQUIRE(x == 0.0);
    } else {
        attn::mat D = (R - A) / amax;
        const double rel = fro(D) / fro(attn::mat(A / amax));
        INFO("|U S Vt - A|_F / |A|_F = " << rel);
        REQUIRE(rel <= rtol);
    }
    // Sign convention: each row of Vt has its first near-largest entry positive.
    for (std::size_t j = 0; j < k; ++j) {
        double mx = 0;
        for (std::size_t i = 0; i < n; ++i) mx = std::max(mx, std::fabs(s.Vt(j, i)));
        for (std::size_t i = 0; i < n; ++i)
            if (std::fabs(s.Vt(j, i)) >= mx * (1 - 1e-9)) {
                REQUIRE(s.Vt(j, i) > 0);
                break;
            }
    }
}

}  // namespace svdt
