// The invariants the entry points check (checks.hpp).
#include "checks.hpp"

#include <algorithm>

#include "attn/linalg/matmul.hpp"

namespace fuzz {

namespace {

// Frobenius norm of X - U diag(S) Vt, relative to |X|_F (computed scaled by max|X|).
double svd_residual(const mat& X, const attn::SvdResult& r) {
    const std::size_t m = X.shape(0), n = X.shape(1), k = r.S.size();
    const double mx = max_abs(X.data(), X.size());
    if (mx == 0) return max_abs(r.S.data(), k);
    double num2 = 0, den2 = 0;
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            double a = 0;
            for (std::size_t l = 0; l < k; ++l) a += r.U(i, l) * (r.S(l) / mx) * r.Vt(l, j);
            const double x = X(i, j) / mx;
            num2 += (x - a) * (x - a);
            den2 += x * x;
        }
    return std::sqrt(num2 / den2);
}

// |X|_F, computed scaled so that it overflows only if the norm itself does.
double fro_norm(const mat& X) {
    const double mx = max_abs(X.data(), X.size());
    if (mx == 0) return 0;
    double s = 0;
    for (double x : X) s += (x / mx) * (x / mx);
    return mx * std::sqrt(s);
}

// Columns of M (rows x k) orthonormal within tol.
bool orthonormal_columns(const mat& M, double tol) {
    const std::size_t r = M.shape(0), k = M.shape(1);
    for (std::size_t a = 0; a < k; ++a)
        for (std::size_t b = a; b < k; ++b) {
            double s = 0;
            for (std::size_t i = 0; i < r; ++i) s += M(i, a) * M(i, b);
            if (!(std::fabs(s - (a == b ? 1.0 : 0.0)) <= tol)) return false;
        }
    return true;
}

}  // namespace

bool all_finite(const double* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(p[i])) return false;
    return true;
}
bool all_finite(const mat& m) { return all_finite(m.data(), m.size()); }
bool all_finite(const vec& v) { return all_finite(v.data(), v.size()); }
bool any_nan(const mat& m) {
    return std::any_of(m.begin(), m.end(), [](double x) { return std::isnan(x); });
}
double max_abs(const double* p, std::size_t n) {
    double m = 0;
    for (std::size_t i = 0; i < n; ++i) m = std::max(m, std::fabs(p[i]));
    return m;
}

// Rows of a probability matrix: entries in [0, 1], each row sums to 1 within 1e-9.
void check_stochastic_rows(const char* op, const mat& W) {
    const std::size_t r = W.shape(0), c = W.shape(1);
    for (std::size_t i = 0; i < r; ++i) {
        double s = 0;
        for (std::size_t j = 0; j < c; ++j) {
            const double w = W(i, j);
            REQUIRE(op, w >= 0.0 && w <= 1.0, "weight (" + std::to_string(i) + ", " +
                                                  std::to_string(j) + ") = " + num(w));
            s += w;
        }
        REQUIRE(op, std::fabs(s - 1.0) <= 1e-9, "row " + std::to_string(i) + " sums to " + num(s));
    }
}

// out = W V with W row-stochastic: each entry lies within its column's range of V.
void check_convex_output(const char* op, const mat& W, const mat& V, const mat& out) {
    REQUIRE(op, out.shape(0) == W.shape(0) && out.shape(1) == V.shape(1), "output shape");
    for (std::size_t c = 0; c < V.shape(1); ++c) {
        double lo = kInf, hi = -kInf;
        for (std::size_t k = 0; k < V.shape(0); ++k) lo = std::min(lo, V(k, c)), hi = std::max(hi, V(k, c));
        const double slack = 1e-9 * std::max(std::fabs(lo), std::fabs(hi)) +
                             4.0 * V.shape(0) * std::numeric_limits<double>::denorm_min();
        for (std::size_t i = 0; i < out.shape(0); ++i) {
            const double o = out(i, c);
            REQUIRE(op, o >= lo - slack && o <= hi + slack,
                    "output (" + std::to_string(i) + ", " + std::to_string(c) + ") = " + num(o) +
                        " outside [" + num(lo) + ", " + num(hi) + "]");
        }
    }
}

void check_attention_steps(const char* op, const attn::AttentionSteps& s, const mat& V,
                           const std::vector<std::uint8_t>* allowed) {
    REQUIRE(op, !any_nan(s.weights), "NaN in weights");
    check_stochastic_rows(op, s.weights);
    if (allowed)
        for (std::size_t k = 0; k < s.weights.size(); ++k)
            REQUIRE(op, (*allowed)[k] || s.weights.data()[k] == 0.0, "masked entry has weight");
    check_convex_output(op, s.weights, V, s.output);
}

void check_svd(const char* op, const mat& A, const attn::SvdResult& r) {
    const std::size_t m = A.shape(0), n = A.shape(1), k = std::min(m, n);
    REQUIRE(op, r.U.shape(0) == m && r.U.shape(1) == k && r.S.size() == k &&
                    r.Vt.shape(0) == k && r.Vt.shape(1) == n, "shapes");
    REQUIRE(op, all_finite(r.U) && all_finite(r.Vt), "non-finite U or Vt");
    if (!all_finite(r.S)) {
        // Accepted: S(0) <= |A|_F, so S may overflow only when |A|_F does
        // (entries near 1e308); the rest cannot be checked in doubles.
        REQUIRE(op, r.S(0) == kInf && !(fro_norm(A) < DBL_MAX), "S(0) = " + num(r.S(0)));
        return;
    }
    for (std::size_t l = 0; l < k; ++l) {
        REQUIRE(op, r.S(l) >= 0, "S(" + std::to_string(l) + ") = " + num(r.S(l)));
        if (l) REQUIRE(op, r.S(l) <= r.S(l - 1), "S not descending at " + std::to_string(l));
    }
    // Relative to |A|_F, plus the absolute rounding of subnormal singular values.
    const double res = svd_residual(A, r), fro = fro_norm(A);
    const double tol = 1e-10 + (fro > 0 ? 16.0 * k * std::numeric_limits<double>::denorm_min() / fro : 0);
    REQUIRE(op, res <= tol, "|A - U S Vt|_F / |A|_F = " + num(res) + ", A = " + str(A));
    REQUIRE(op, orthonormal_columns(r.U, 1e-9), "U^T U != I");
    const mat V = attn::transpose(r.Vt);
    REQUIRE(op, orthonormal_columns(V, 1e-9), "Vt Vt^T != I");
}

attn::AttentionOptions attention_options(Input& in, std::size_t n, std::size_t m) {
    attn::AttentionOptions opt;
    const std::uint8_t b = in.u8();
    opt.causal = b & 1;
    if (b & 2) {  // a mask, usually of the right shape
        const std::size_t r = (b & 8) ? in.dim() : n, c = (b & 8) ? in.dim() : m;
        opt.mask = xt::xtensor<std::uint8_t, 2>::from_shape({r, c});
        for (std::size_t i = 0; i < opt.mask.size(); ++i) opt.mask.data()[i] = in.u8() % 4 != 0;
    }
    if (b & 4) opt.scale = in.positive();
    return opt;
}

std::vector<std::uint8_t> allowed_of(const attn::AttentionOptions& opt, std::size_t n, std::size_t m) {
    std::vector<std::uint8_t> a(n * m, 1);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j)
            a[i * m + j] = (opt.mask.size() == 0 || opt.mask(i, j)) && (!opt.causal || j <= i);
    return a;
}

}  // namespace fuzz
