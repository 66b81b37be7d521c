// libFuzzer target for the attn core (scripts/fuzz.sh builds and runs it).
//
// Byte 0 chooses an entry point; the remaining bytes give the shapes (small:
// at most 16 per side) and the values (any double: NaN, +-Infinity, 1e308,
// subnormals, raw bit patterns). Every call must either throw
// attn::invalid_input (the core's only error type, src/attn/common/types.hpp)
// or return a result whose invariants hold; anything else is a crash:
//   - any other exception escapes: libFuzzer reports it (std::terminate);
//   - a violated invariant calls abort() after printing what failed;
//   - ASan / UBSan report memory errors and undefined behaviour.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "attn/analysis/lipschitz.hpp"
#include "attn/attention/attention.hpp"
#include "attn/attention/attention_backward.hpp"
#include "attn/common/check.hpp"
#include "attn/complexity/sparse.hpp"
#include "attn/graph/gat.hpp"
#include "attn/graph/gat_backward.hpp"
#include "attn/graph/laplacian.hpp"
#include "attn/info/entropy.hpp"
#include "attn/info/mutual_information.hpp"
#include "attn/linalg/det.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/lowrank/low_rank.hpp"
#include "attn/lowrank/svd.hpp"
#include "attn/optim/optimize.hpp"
#include "attn/regression/kernel_regression.hpp"
#include "attn/regression/least_squares.hpp"
#include "attn/softmax/softmax.hpp"
#include "attn/softmax/softmax_backward.hpp"
#include "attn/train/train_attention.hpp"
#include "attn/train/train_gat.hpp"

namespace {

using attn::mat;
using attn::vec;

constexpr std::size_t kMaxSide = 16;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

[[noreturn]] void violated(const char* op, const std::string& what) {
    std::fprintf(stderr, "fuzz_core: invariant violated in %s: %s\n", op, what.c_str());
    std::fflush(stderr);
    std::abort();
}
#define REQUIRE(op, cond, what) \
    do {                        \
        if (!(cond)) violated(op, std::string(#cond) + " (" + (what) + ")"); \
    } while (0)

std::string num(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

std::string str(const vec& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + num(v(i));
    return s + "]";
}
std::string str(const mat& m) {
    std::string s = "[";
    for (std::size_t i = 0; i < m.shape(0); ++i) {
        s += i ? "; " : "";
        for (std::size_t j = 0; j < m.shape(1); ++j) s += (j ? ", " : "") + num(m(i, j));
    }
    return s + "]";
}

// Reads the fuzzer's bytes; past the end everything reads as 0.
class Input {
  public:
    Input(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
    std::size_t left() const { return n_ - i_; }
    std::uint8_t u8() { return i_ < n_ ? d_[i_++] : 0; }
    bool flag() { return u8() & 1; }

    // 1..max, sometimes 0 (empty inputs must be refused, not crash).
    std::size_t dim(std::size_t max = kMaxSide) {
        const std::uint8_t b = u8();
        return b == 255 ? 0 : 1 + b % max;
    }

    double value() {
        if (left() == 0) return 0.0;
        const std::uint8_t b = u8();
        if (b < 160) return (static_cast<int>(b) - 80) / 8.0;  // -10 .. 9.875, exact
        if (b < 240) {
            static const double special[] = {
                0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-3, 1e3, 1e154, -1e154, 1e300, -1e300,
                1e308, -1e308, DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN, 5e-324, -5e-324, 1e-310,
                kNaN, kInf, -kInf, 1e-300, 3.0, 0.1, 700.0, -700.0, 1e200, 37.0, 1e-20};
            return special[(b - 160) % (sizeof special / sizeof special[0])];
        }
        double x = 0;  // a raw bit pattern
        std::uint8_t raw[8] = {};
        for (auto& r : raw) r = u8();
        std::memcpy(&x, raw, sizeof x);
        return x;
    }

    // A positive number most of the time (temperatures, scales, bases, ...).
    double positive() {
        const std::uint8_t b = u8();
        switch (b % 8) {
            case 0: return value();
            case 1: return 1.0;
            default: return (b / 8 + 1) / 8.0;  // 0.125 .. 4
        }
    }

    vec vector(std::size_t n) {
        vec v = xt::empty<double>({n});
        for (std::size_t i = 0; i < n; ++i) v(i) = value();
        return v;
    }
    mat matrix(std::size_t r, std::size_t c) {
        mat m = xt::empty<double>({r, c});
        for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = value();
        return m;
    }
    // Usually a probability vector (so the invariants get checked), sometimes raw.
    vec distribution(std::size_t n) {
        vec p = xt::zeros<double>({n});
        if (n == 0) return p;
        switch (u8() % 5) {
            case 0: return vector(n);
            case 1: p(u8() % n) = 1.0; return p;
            case 2: p.fill(1.0 / static_cast<double>(n)); return p;
            default: {
                double s = 0;
                for (std::size_t i = 0; i < n; ++i) s += (p(i) = std::fabs(value()));
                if (!(s > 0) || !std::isfinite(s)) p.fill(1.0 / static_cast<double>(n));
                else for (std::size_t i = 0; i < n; ++i) p(i) /= s;
                return p;
            }
        }
    }
    // Nonnegative adjacency weights with many zeros; often symmetric.
    mat adjacency(std::size_t n) {
        mat A = xt::zeros<double>({n, n});
        const bool sym = flag();
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = sym ? i : 0; j < n; ++j) {
                const std::uint8_t b = u8();
                const double w = b % 3 == 0 ? value() : b % 3 == 1 ? 1.0 : 0.0;
                A(i, j) = w;
                if (sym) A(j, i) = w;
            }
        return A;
    }

  private:
    const std::uint8_t* d_;
    std::size_t n_, i_ = 0;
};

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

// The other side of a shape: usually equal to `want`, sometimes not.
std::size_t maybe(Input& in, std::size_t want) { return in.u8() % 16 == 0 ? in.dim() : want; }

// ---- the entry points ----------------------------------------------------

void fuzz_softmax(Input& in) {
    const std::size_t n = in.dim();
    const vec z = in.vector(n);
    const double T = in.positive();
    const vec p = attn::softmax(z, T);
    REQUIRE("softmax", p.size() == n, "size");
    double s = 0;
    for (double x : p) {
        REQUIRE("softmax", x >= 0 && x <= 1, "p = " + num(x) + ", T = " + num(T));
        s += x;
    }
    REQUIRE("softmax", std::fabs(s - 1) <= 1e-9, "sum " + num(s) + ", T = " + num(T));
    const attn::SoftmaxSteps st = attn::softmax_steps(z, T);
    REQUIRE("softmaxSteps", st.sum >= 1 && std::isfinite(st.sum), "sum " + num(st.sum));
    const vec naive = attn::softmax_naive(z, T);  // may be NaN (the lesson's point)
    REQUIRE("softmaxNaive", naive.size() == n, "size");
}

void fuzz_log_softmax(Input& in) {
    const std::size_t n = in.dim();
    const vec z = in.vector(n);
    const double T = in.positive();
    const vec l = attn::log_softmax(z, T);
    double s = 0;
    for (double x : l) {
        REQUIRE("logSoftmax", !std::isnan(x) && x <= 0, "entry " + num(x));
        s += std::exp(x);
    }
    REQUIRE("logSoftmax", std::fabs(s - 1) <= 1e-9, "sum of exp " + num(s));
}

void fuzz_softmax_jacobian(Input& in) {
    const std::size_t n = in.dim();
    const vec z = in.vector(n);
    const double T = in.positive();
    const mat J = attn::softmax_jacobian(z, T);
    REQUIRE("softmaxJacobian", J.shape(0) == n && J.shape(1) == n, "shape");
    REQUIRE("softmaxJacobian", !any_nan(J), "NaN");
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            REQUIRE("softmaxJacobian", J(i, j) == J(j, i), "not symmetric");
    const vec p = attn::softmax(z, T);
    if (all_finite(J))
        for (std::size_t i = 0; i < n; ++i) {
            // Row i sums to (p_i - p_i sum_j p_j) / T = 0, up to rounding of size p_i / T.
            double s = 0, a = p(i) / T;
            for (std::size_t j = 0; j < n; ++j) s += J(i, j), a += std::fabs(J(i, j));
            REQUIRE("softmaxJacobian", std::fabs(s) <= 1e-9 * a + 1e-300,  // + subnormal rounding
                    "row " + std::to_string(i) + " sums to " + num(s));
        }
}

void fuzz_attention(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk);
    const mat K = in.matrix(m, maybe(in, dk));
    const mat V = in.matrix(maybe(in, m), dv);
    const attn::AttentionOptions opt = attention_options(in, n, m);
    const attn::AttentionSteps s = attn::attention(Q, K, V, opt);
    const auto allowed = allowed_of(opt, n, m);
    check_attention_steps("attention", s, V, &allowed);
}

void fuzz_multi_head(Input& in) {
    const std::size_t n = in.dim(), d = in.dim(), H = in.u8() % 5 == 4 ? 17 : in.u8() % 4;
    const mat X = in.matrix(n, d);
    std::vector<attn::HeadWeights> heads;
    std::size_t total = 0;
    for (std::size_t h = 0; h < H; ++h) {
        const std::size_t dk = in.dim(4), dv = in.dim(4);
        heads.push_back({in.matrix(maybe(in, d), dk), in.matrix(d, maybe(in, dk)), in.matrix(d, dv)});
        total += dv;
    }
    const mat Wo = in.matrix(maybe(in, total), in.dim(4));
    const attn::AttentionOptions opt = attention_options(in, n, n);
    const attn::MultiHeadSteps r = attn::multi_head_attention(X, heads, Wo, opt);
    const auto allowed = allowed_of(opt, n, n);
    REQUIRE("multiHeadAttention", r.heads.size() == H, "head count");
    for (const auto& h : r.heads) check_attention_steps("multiHeadAttention", h.att, h.V, &allowed);
    REQUIRE("multiHeadAttention", r.output.shape(0) == n && r.output.shape(1) == Wo.shape(1), "shape");
}

void fuzz_sparse_attention(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk), K = in.matrix(m, maybe(in, dk)), V = in.matrix(maybe(in, m), dv);
    const attn::AttentionSteps s = attn::sparse_attention(Q, K, V, in.positive() * 4);
    check_attention_steps("sparseAttention", s, V, nullptr);
}

void fuzz_information(Input& in) {
    const std::size_t n = in.dim();
    const vec p = in.distribution(n), q = in.distribution(maybe(in, n));
    const double base = in.flag() ? 2.0 : in.positive();
    const double H = attn::entropy(p, base);
    REQUIRE("entropy", !std::isnan(H), "NaN");
    if (base > 1) {
        const double Hmax = std::log(static_cast<double>(n)) / std::log(base);
        REQUIRE("entropy", H >= 0 && H <= Hmax * (1 + 1e-12) + 1e-12,
                "H = " + num(H) + ", log n = " + num(Hmax));
    }
    const double CE = attn::cross_entropy(p, q, base);
    const double KL = attn::kl_divergence(p, q, base);
    REQUIRE("crossEntropy/klDivergence", !std::isnan(CE) && !std::isnan(KL), "NaN");
    if (base > 1) {
        REQUIRE("klDivergence", KL >= -1e-9, "KL = " + num(KL));
        REQUIRE("crossEntropy", CE >= H - 1e-9 * std::max(1.0, std::fabs(H)), "CE < H");
        if (std::isfinite(CE))
            REQUIRE("klDivergence", std::fabs(KL - (CE - H)) <= 1e-8 * std::max(1.0, CE),
                    "KL = " + num(KL) + " but CE - H = " + num(CE - H));
        else
            REQUIRE("klDivergence", KL == kInf, "CE infinite but KL = " + num(KL));
    }
}

void fuzz_joint(Input& in) {
    const std::size_t r = in.dim(), c = in.dim();
    const vec flat = in.distribution(r * c);
    mat J = xt::empty<double>({r, c});
    std::copy(flat.begin(), flat.end(), J.begin());
    const double base = in.flag() ? 2.0 : in.positive();
    const double MI = attn::mutual_information(J, base);
    const attn::ConditionalEntropies h = attn::conditional_entropy(J, base);
    REQUIRE("mutualInformation", !std::isnan(MI), "NaN");
    if (base > 1) {
        const double tol = 1e-9 * std::max(1.0, h.HXY);
        REQUIRE("mutualInformation", MI >= -tol, "MI = " + num(MI));
        REQUIRE("mutualInformation", MI <= std::min(h.HX, h.HY) + tol, "MI > min(HX, HY)");
        REQUIRE("conditionalEntropy", h.HXgivenY >= -tol && h.HYgivenX >= -tol, "negative");
        REQUIRE("conditionalEntropy", std::fabs(h.HXY - (h.HY + h.HXgivenY)) <= tol, "chain rule");
        REQUIRE("conditionalEntropy", std::fabs(MI - (h.HX - h.HXgivenY)) <= tol,
                "MI = " + num(MI) + " but H(X) - H(X|Y) = " + num(h.HX - h.HXgivenY));
    }
}

void fuzz_svd(Input& in) {
    const std::size_t m = in.dim(), n = in.dim();
    const mat A = in.matrix(m, n);
    check_svd("svd", A, attn::svd(A));
    if (in.flag()) {
        const attn::SvdSteps st = attn::svd_steps(A);
        REQUIRE("svdSteps", !st.sweeps.empty(), "no sweep");
        check_svd("svdSteps", A, st.result);
    }
}

void fuzz_low_rank(Input& in) {
    const std::size_t m = in.dim(), n = in.dim();
    const mat A = in.matrix(m, n);
    const double r = in.u8() % 8 == 0 ? in.value() : static_cast<double>(1 + in.u8() % std::min(m + 1, n + 1));
    const attn::LowRankResult lr = attn::low_rank(A, r);
    const char* op = "lowRank";
    const double scale = attn::svd(A).S(0);  // |A|_2
    if (!std::isfinite(scale)) return;       // overflows: see check_svd
    REQUIRE(op, lr.Ar.shape(0) == m && lr.Ar.shape(1) == n, "shape");
    REQUIRE(op, all_finite(lr.Ar), "non-finite Ar");
    const double tol = 1e-9 * scale;
    REQUIRE(op, lr.errorFro >= 0 && lr.error2 >= 0, "negative error");
    REQUIRE(op, lr.errorFro == lr.eyFro || std::fabs(lr.errorFro - lr.eyFro) <= tol * std::sqrt(static_cast<double>(std::min(m, n))),
            "errorFro " + num(lr.errorFro) + " vs Eckart-Young " + num(lr.eyFro));
    REQUIRE(op, lr.error2 == lr.eySpectral || std::fabs(lr.error2 - lr.eySpectral) <= tol,
            "error2 " + num(lr.error2) + " vs Eckart-Young " + num(lr.eySpectral));
}

void fuzz_low_rank_attention(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk), K = in.matrix(m, maybe(in, dk)), V = in.matrix(maybe(in, m), dv);
    if (in.flag()) {
        const attn::LowRankAttentionResult r =
            attn::low_rank_attention(Q, K, V, static_cast<double>(1 + in.u8() % 16));
        check_stochastic_rows("lowRankAttention", r.exactWeights);
        REQUIRE("lowRankAttention", !std::isnan(r.error) && r.error >= 0, "error " + num(r.error));
    } else {
        const std::size_t k = in.dim(4);
        const mat E = in.matrix(k, maybe(in, m)), F = in.matrix(k, m);
        const attn::LinformerResult r = attn::linformer_attention(Q, K, V, E, F);
        check_stochastic_rows("linformerAttention", r.weights);
        check_convex_output("linformerAttention", r.weights, r.projectedV, r.output);
    }
}

void fuzz_linalg(Input& in) {
    const std::size_t m = in.dim(), k = in.dim(), n = in.dim();
    const mat A = in.matrix(m, k), B = in.matrix(maybe(in, k), n);
    const mat T = attn::transpose(attn::transpose(A));
    REQUIRE("transpose", T == A, "transpose twice is not the identity");
    const mat C = attn::matmul(A, B);
    REQUIRE("matmul", C.shape(0) == m && C.shape(1) == n, "shape");
    if (max_abs(A.data(), A.size()) <= 1e100 && max_abs(B.data(), B.size()) <= 1e100) {
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                long double s = 0, a = 0;
                for (std::size_t p = 0; p < k; ++p)
                    s += static_cast<long double>(A(i, p)) * B(p, j),
                        a += std::fabs(static_cast<long double>(A(i, p)) * B(p, j));
                REQUIRE("matmul", std::fabs(C(i, j) - static_cast<double>(s)) <= 1e-13 * static_cast<double>(a) + 1e-300,
                        "C(" + std::to_string(i) + ", " + std::to_string(j) + ") = " + num(C(i, j)));
            }
    }
    const double d = attn::det(A);  // may overflow to +-Infinity; must not crash
    (void)d;
}

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

attn::OptimProblem problem(Input& in) {
    attn::OptimProblem p;
    static const char* names[] = {"quadratic", "rosenbrock", "saddle", "leastSquares", "nope"};
    p.name = names[in.u8() % 5];
    const std::size_t d = in.dim(4);
    if (p.name == "quadratic" || in.u8() % 16 == 0) p.A = in.matrix(d, maybe(in, d)), p.b = in.vector(maybe(in, d));
    if (p.name == "rosenbrock") {
        if (in.flag()) p.a = in.value();
        if (in.flag()) p.b_scalar = in.value();
    }
    if (p.name == "leastSquares" || in.u8() % 16 == 0) {
        const std::size_t n = in.dim(8);
        p.X = in.matrix(n, d), p.y = in.vector(maybe(in, n));
    }
    return p;
}

std::size_t problem_dim(const attn::OptimProblem& p) {
    if (p.name == "quadratic" && p.A) return p.A->shape(0);
    if (p.name == "leastSquares" && p.X) return p.X->shape(1) + 1;
    return 2;
}

void fuzz_optimize(Input& in) {
    const attn::OptimProblem p = problem(in);
    const std::size_t d = maybe(in, problem_dim(p));
    const vec x0 = in.vector(d);
    const std::uint8_t which = in.u8() % 3;
    if (which == 0) {
        attn::OptimOptions opt;
        static const char* methods[] = {"gd", "momentum", "adam", "sgd"};
        opt.method = methods[in.u8() % 4];
        if (in.u8() % 16) opt.lr = in.positive() / 8;
        const std::uint8_t sb = in.u8();
        if (sb % 16) opt.steps = sb % 16 == 1 ? in.value() : static_cast<double>(sb % 33);
        if (in.u8() % 4 == 0) opt.beta = in.value();
        if (in.u8() % 4 == 0) opt.beta1 = in.value();
        if (in.u8() % 4 == 0) opt.beta2 = in.value();
        if (in.u8() % 4 == 0) opt.eps = in.value();
        const attn::OptimizeResult r = attn::optimize(p, x0, opt);
        const std::size_t K = r.path.shape(0) - 1, steps = static_cast<std::size_t>(*opt.steps);
        REQUIRE("optimize", r.path.shape(0) >= 1 && K <= steps && r.loss.size() == K + 1 &&
                                r.grad.shape(0) == K + 1, "shapes");
        REQUIRE("optimize", r.diverged ? r.diverged_at == K + 1 : K == steps, "step count");
        REQUIRE("optimize", all_finite(r.path) && all_finite(r.loss) && all_finite(r.grad),
                "non-finite recorded state");
        for (std::size_t i = 0; i < d; ++i) REQUIRE("optimize", r.path(0, i) == x0(i), "path[0] != x0");
    } else if (which == 1) {
        const mat pts = in.matrix(in.dim(), maybe(in, d));
        const attn::ObjectiveValues v = attn::objective(p, pts);
        REQUIRE("objective", v.loss.size() == pts.shape(0) && v.grad.shape(1) == pts.shape(1), "shapes");
    } else {
        attn::MomentumMapOptions opt;
        opt.lrs = in.vector(in.dim(4));
        for (auto& x : opt.lrs) x = std::fabs(x) / 16;
        opt.betas = in.vector(in.dim(4));
        for (auto& x : opt.betas) x = std::fmod(std::fabs(x), 1.0);
        opt.steps = in.u8() % 64;
        opt.tol = in.flag() ? 1e-6 : in.positive();
        const std::size_t dd = p.A ? p.A->shape(0) : 2;
        const mat A = p.A ? *p.A : in.matrix(dd, dd);
        const vec b = p.b ? *p.b : in.vector(dd);
        const mat M = attn::momentum_map(A, b, x0, opt);
        for (double x : M)
            REQUIRE("momentumMap", x == -1 || (x >= 0 && x <= opt.steps && x == std::floor(x)),
                    "entry " + num(x));
    }
}

void fuzz_regression(Input& in) {
    const std::size_t n = in.dim(), p = in.dim(4);
    if (in.flag()) {
        const mat X = in.matrix(n, p);
        const vec y = in.vector(maybe(in, n));
        const attn::LeastSquaresFit f = attn::least_squares(X, y);
        REQUIRE("leastSquares", f.w.size() == p && f.rank >= 1 && f.rank <= p + 1, "shape/rank");
        REQUIRE("leastSquares", all_finite(f.w) && std::isfinite(f.b), "non-finite solution");
        // The loss is evaluated on the unscaled data: accepted to overflow (even to
        // NaN, Infinity - Infinity) when |w . X_i| + |b| + |y_i| can exceed DBL_MAX.
        double bound = std::fabs(f.b) + max_abs(y.data(), y.size());
        for (std::size_t j = 0; j < p; ++j) {
            double cmax = 0;
            for (std::size_t i = 0; i < n; ++i) cmax = std::max(cmax, std::fabs(X(i, j)));
            bound += std::fabs(f.w(j)) * cmax;
        }
        if (bound < 1e150)
            REQUIRE("leastSquares", !std::isnan(f.loss) && f.loss >= 0, "loss " + num(f.loss) + ", X = " + str(X) + ", y = " + str(y) + ", b = " + num(f.b));
    } else {
        const vec xt = in.vector(n), yt = in.vector(maybe(in, n)), xq = in.vector(in.dim());
        attn::KernelRegressionOptions opt;
        static const char* kernels[] = {"gaussian", "boxcar", "epanechnikov", "cosine"};
        opt.kernel = kernels[in.u8() % 4];
        opt.bandwidth = in.positive();
        const attn::KernelRegressionResult r = attn::kernel_regression(xt, yt, xq, opt);
        for (std::size_t q = 0; q < xq.size(); ++q) {
            double s = 0;
            for (std::size_t j = 0; j < n; ++j) {
                REQUIRE("kernelRegression", r.weights(q, j) >= 0 && r.weights(q, j) <= 1, "weight");
                s += r.weights(q, j);
            }
            REQUIRE("kernelRegression", r.valid[q] ? std::fabs(s - 1) <= 1e-9 : s == 0, "row sum " + num(s));
        }
    }
}

void fuzz_lipschitz(Input& in) {
    const std::size_t n = in.dim();
    const vec z1 = in.vector(n), z2 = in.vector(maybe(in, n));
    const double T = in.positive();
    const double bound = attn::lipschitz_bound(T);
    const double r = attn::lipschitz_ratio(z1, z2, T);
    // Slack 1e-300: for a huge T both sides are subnormal, where rounding is absolute.
    REQUIRE("lipschitzRatio", r >= 0 && r <= bound * (1 + 1e-9) + 1e-300, "ratio " + num(r) + " > bound " + num(bound));
    const double s = attn::jacobian_spectral_norm(z1, T);
    REQUIRE("jacobianSpectralNorm", s >= 0 && s <= bound * (1 + 1e-9) + 1e-300, "norm " + num(s) + " > bound " + num(bound));
}

// Every backward: shapes of its inputs, finite (an overflow is an error).
void fuzz_gradients(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    switch (in.u8() % 4) {
        case 0: {
            const vec z = in.vector(n), dp = in.vector(maybe(in, n));
            const vec dz = attn::softmax_backward(z, dp, in.positive());
            REQUIRE("softmaxBackward", dz.size() == n && all_finite(dz), "dz = " + str(dz));
            break;
        }
        case 1: {
            const mat L = in.matrix(n, m);
            vec t = in.vector(maybe(in, n));
            for (auto& x : t) x = in.flag() ? std::floor(std::fabs(std::fmod(x, double(m)))) : x;
            const attn::CrossEntropyResult r = attn::softmax_cross_entropy(L, t);
            REQUIRE("softmaxCrossEntropy", std::isfinite(r.loss) && r.loss >= 0 && all_finite(r.dLogits),
                    "loss " + num(r.loss));
            break;
        }
        case 2: {
            const mat Q = in.matrix(n, dk), K = in.matrix(m, dk), V = in.matrix(m, dv);
            const mat G = in.matrix(maybe(in, n), dv);
            const attn::AttentionGrads g = attn::attention_backward(Q, K, V, G, attention_options(in, n, m));
            REQUIRE("attentionBackward", g.dQ.shape() == Q.shape() && g.dK.shape() == K.shape() &&
                                             g.dV.shape() == V.shape() && all_finite(g.dQ) &&
                                             all_finite(g.dK) && all_finite(g.dV), "shapes / finite");
            break;
        }
        default: {
            const mat X = in.matrix(n, dk), A = in.adjacency(n), W = in.matrix(dk, dv);
            const vec a = in.vector(maybe(in, 2 * dv));
            attn::GatOptions o;
            o.self_loops = in.flag() || in.flag();
            const attn::GatGrads g = attn::gat_backward(X, A, W, a, in.matrix(n, dv), o);
            REQUIRE("gatBackward", g.dX.shape() == X.shape() && g.dW.shape() == W.shape() &&
                                       all_finite(g.dX) && all_finite(g.dW) && all_finite(g.da),
                    "shapes / finite");
        }
    }
}

// The trainers: a few steps; every loss recorded is finite, the run's
// length is steps + 1 unless it diverged.
void fuzz_train(Input& in) {
    const std::size_t n = in.dim(6), d = in.dim(6), C = in.dim(4);
    attn::TrainOptions base;
    static const char* methods[] = {"gd", "momentum", "adam", "sgd"};
    base.method = methods[in.u8() % 4];
    base.lr = in.positive();
    base.steps = in.u8() % 8;
    if (in.flag()) {
        std::vector<mat> X;
        for (std::size_t b = 0, B = in.dim(4); b < B; ++b) X.push_back(in.matrix(n, d));
        mat t = in.matrix(X.size(), n);
        for (auto& x : t) x = std::floor(std::fabs(std::fmod(x, double(C))));
        const std::size_t dk = in.dim(4), dv = in.dim(4);
        attn::TrainAttentionOptions o;
        static_cast<attn::TrainOptions&>(o) = base;
        o.causal = in.flag();
        auto model = [&] { return attn::AttentionModel{in.matrix(d, dk), in.matrix(d, dk), in.matrix(d, dv), in.matrix(dv, C)}; };
        const attn::AttentionModel p = model();
        if (in.flag()) {  // a previous run's state, of any method, shapes and values
            attn::TrainState<attn::AttentionModel> st;
            st.method = methods[in.u8() % 4];
            st.t = in.u8();
            if (in.flag()) st.m = model();
            if (in.flag()) st.v = model();
            o.state = st;
        }
        const attn::TrainAttentionResult r = attn::train_attention(X, t, p, o);
        REQUIRE("trainAttention", all_finite(r.loss) && r.loss.size() == (r.diverged ? r.diverged_at : *o.steps + 1),
                "loss " + str(r.loss));
        REQUIRE("trainAttention", r.state.t == (o.state ? o.state->t : 0) + static_cast<double>(r.loss.size() - 1),
                "state.t " + std::to_string(r.state.t));
    } else {
        const mat X = in.matrix(n, d), A = in.adjacency(n);
        vec labels = in.vector(n);
        for (auto& x : labels) x = std::floor(std::fmod(std::fabs(x), double(C + 1))) - 1;
        attn::TrainGatOptions o;
        static_cast<attn::TrainOptions&>(o) = base;
        const attn::TrainGatResult r = attn::train_gat(X, A, labels, {in.matrix(d, C), in.vector(2 * C)}, o);
        REQUIRE("trainGat", all_finite(r.loss) && r.loss.size() == (r.diverged ? r.diverged_at : *o.steps + 1) &&
                                all_finite(r.params.W), "loss " + str(r.loss));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    Input in(data + 1, size - 1);
    using Fn = void (*)(Input&);
    static const Fn ops[] = {fuzz_softmax,         fuzz_log_softmax, fuzz_softmax_jacobian,
                             fuzz_attention,       fuzz_multi_head,  fuzz_sparse_attention,
                             fuzz_information,     fuzz_joint,       fuzz_svd,
                             fuzz_low_rank,        fuzz_low_rank_attention, fuzz_linalg,
                             fuzz_graph,           fuzz_optimize,    fuzz_regression,
                             fuzz_lipschitz,       fuzz_gradients,   fuzz_train};
    try {
        ops[data[0] % (sizeof ops / sizeof ops[0])](in);
    } catch (const attn::invalid_input&) {
        // the documented refusal: fine
    }
    return 0;
}
