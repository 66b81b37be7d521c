// Fuzz entry points, SVD, best rank-r approximation, low-rank and Linformer attention: reconstruction, orthonormality, Eckart-Young.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/lowrank/low_rank.hpp"
#include "attn/lowrank/svd.hpp"

namespace fuzz {

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
    // Plus subnormal rounding (absolute, of the order of the smallest double).
    const double tol = 1e-9 * scale + 1e-300;
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

}  // namespace fuzz
