#include "attn/lowrank/low_rank.hpp"

#include <algorithm>
#include <cmath>

#include "attn/common/check.hpp"
#include "attn/linalg/matmul.hpp"

namespace attn {

namespace {

// x must be an integer in [lo, hi]; what names the range in the message.
std::size_t check_rank(const std::string& fn, const std::string& name, double x, std::size_t hi,
                       const std::string& what) {
    if (!std::isfinite(x) || x != std::floor(x) || x < 1 || x > static_cast<double>(hi))
        fail(fn, name, " must be an integer from 1 to ", what, " = ", hi, ", got ", x);
    return static_cast<std::size_t>(x);
}

// Frobenius norm of a - b (n entries), scaled so that squares cannot overflow.
double fro_diff(const double* a, const double* b, std::size_t n) {
    double mx = 0;
    for (std::size_t i = 0; i < n; ++i) mx = std::max(mx, std::fabs(a[i] - b[i]));
    if (mx == 0 || !std::isfinite(mx)) return mx;
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = (a[i] - b[i]) / mx;
        s += d * d;
    }
    return mx * std::sqrt(s);
}

}  // namespace

mat truncate_svd(const SvdResult& s, std::size_t r) {
    const std::size_t m = s.U.shape(0), k = s.U.shape(1), n = s.Vt.shape(1);
    mat Ar = xt::zeros<double>({m, n});
    const double* u = s.U.data();
    const double* vt = s.Vt.data();
    double* ar = Ar.data();
    for (std::size_t i = 0; i < m; ++i) {
        double* row = ar + i * n;
        for (std::size_t l = 0; l < r; ++l) {
            const double coef = u[i * k + l] * s.S(l);
            const double* v = vt + l * n;
            for (std::size_t j = 0; j < n; ++j) row[j] += coef * v[j];
        }
    }
    return Ar;
}

LowRankResult low_rank(const mat& A, double r) {
    const std::string fn = "lowRank";
    check_svd_input(fn, "A", A);
    const std::size_t k = std::min(A.shape(0), A.shape(1));
    const std::size_t rr = check_rank(fn, "r", r, k, "min(m, n)");

    const SvdResult s = svd_unchecked(A);
    LowRankResult out;
    out.Ar = truncate_svd(s, rr);
    // Errors measured from the residual D = A - Ar, not from S.
    out.errorFro = fro_diff(A.data(), out.Ar.data(), A.size());
    mat D = A - out.Ar;
    out.error2 = svd_unchecked(D).S(0);
    // Eckart-Young: the same numbers predicted from the dropped singular values.
    double mx = rr < k ? s.S(rr) : 0.0, sum = 0;
    if (mx > 0)
        for (std::size_t l = rr; l < k; ++l) sum += (s.S(l) / mx) * (s.S(l) / mx);
    out.eyFro = mx * std::sqrt(sum);
    out.eySpectral = mx;
    return out;
}

LowRankAttentionResult low_rank_attention(const mat& Q, const mat& K, const mat& V,
                                          std::optional<double> rank) {
    const std::string fn = "lowRankAttention";
    check_qkv(fn, Q, K, V);
    const std::size_t n = Q.shape(0), m = K.shape(0), k = std::min(n, m);
    const double work = static_cast<double>(k) * k * std::max(n, m);
    if (work > svd_max_work)
        fail(fn, "the ", n, " x ", m,
             " weight matrix is too large for its SVD (min(n, m)^2 max(n, m) = ", work,
             ", more than the limit 256^3 = 16777216)");
    if (!rank)
        fail(fn, "option rank is required (an integer from 1 to min(n, m) = ", k, ")");
    const std::size_t r = check_rank(fn, "rank", *rank, k, "min(n, m)");

    const AttentionSteps exact = attention_named(fn, Q, K, V);
    const SvdResult s = svd_unchecked(exact.weights);
    LowRankAttentionResult out;
    out.exactWeights = exact.weights;
    out.exactOutput = exact.output;
    out.S = s.S;
    out.weights = truncate_svd(s, r);
    const std::size_t dv = V.shape(1);
    out.output = xt::empty<double>({n, dv});
    gemm_nn(out.weights.data(), V.data(), out.output.data(), n, m, dv);
    out.error = fro_diff(out.output.data(), out.exactOutput.data(), out.output.size());
    return out;
}

LinformerResult linformer_attention(const mat& Q, const mat& K, const mat& V, const mat& E,
                                    const mat& F) {
    const std::string fn = "linformerAttention";
    check_qkv(fn, Q, K, V);
    check_matrix(fn, "E", E);
    check_matrix(fn, "F", F);
    const std::size_t m = K.shape(0), k = E.shape(0), dk = K.shape(1), dv = V.shape(1);
    if (E.shape(1) != m)
        fail(fn, "E is ", shape_str(E), " but must be k x ", m, " (one column per key: K has ", m,
             " rows)");
    if (F.shape(0) != k || F.shape(1) != m)
        fail(fn, "F is ", shape_str(F), " but must be ", k, " x ", m,
             " (the same k x m shape as E)");
    LinformerResult out;
    out.projectedK = xt::empty<double>({k, dk});
    out.projectedV = xt::empty<double>({k, dv});
    gemm_nn(E.data(), K.data(), out.projectedK.data(), k, m, dk);
    gemm_nn(F.data(), V.data(), out.projectedV.data(), k, m, dv);
    for (double x : out.projectedK)
        if (!std::isfinite(x)) fail(fn, "E K overflows: scale E or K down");
    for (double x : out.projectedV)
        if (!std::isfinite(x)) fail(fn, "F V overflows: scale F or V down");
    const AttentionSteps a = attention_named(fn, Q, out.projectedK, out.projectedV);
    out.weights = a.weights;
    out.output = a.output;
    return out;
}

}  // namespace attn
