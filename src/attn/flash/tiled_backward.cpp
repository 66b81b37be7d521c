#include "attn/flash/tiled_backward.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "attn/common/check.hpp"
#include "attn/flash/tiled_forward.hpp"
#include "attn/linalg/matmul.hpp"

namespace attn {

namespace {

// out (cols x rows) = A^T, A rows x cols.
void transpose_tile(const double* A, std::size_t rows, std::size_t cols, double* out) {
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) out[c * rows + r] = A[r * cols + c];
}

void add_into(double* y, const double* x, std::size_t len) {
    for (std::size_t k = 0; k < len; ++k) y[k] += x[k];
}

}  // namespace

TiledGrads tiled_attention_backward(const mat& Q, const mat& K, const mat& V, const mat& dO,
                                    const TiledBackwardOptions& opt) {
    const std::string fn = "tiledAttentionBackward";
    check_qkv(fn, Q, K, V);
    check_matrix(fn, "dOutput", dO);
    const std::size_t n = Q.shape(0), m = K.shape(0), dk = Q.shape(1), dv = V.shape(1);
    if (dO.shape(0) != n || dO.shape(1) != dv)
        fail(fn, "dOutput is ", shape_str(dO), " but the output is ", n, " x ", dv);
    if (opt.scale && !std::isfinite(*opt.scale))
        fail(fn, "scale must be a finite number, got ", *opt.scale);
    const Tiling t = plan_tiles(fn, n, m, dk, dv, opt);
    const std::size_t Br = t.Br, Bc = t.Bc, dmax = std::max(dk, dv);
    // Memory: inputs (Q, K, V, dO), results (dQ, dK, dV), what the forward
    // stores (O, L, D) and the tiles (S/P, P^T or dS^T, dP, one product).
    const std::uint64_t entries = std::uint64_t{n} * dk + std::uint64_t{m} * dk +
                                  std::uint64_t{m} * dv + 2 * std::uint64_t{n} * dv +
                                  std::uint64_t{n} * dk + std::uint64_t{m} * (dk + dv) +
                                  std::uint64_t{n} * dv + 2 * std::uint64_t{n} +
                                  3 * std::uint64_t{Br} * Bc + std::uint64_t{std::max(Br, Bc)} * dmax;
    check_memory(fn, 8 * entries);
    const double scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));

    // The forward's O and L (what FlashAttention's forward stores), then D.
    std::vector<double> O(n * dv), L(n), D(n);
    tiled_forward_raw(fn, Q.data(), K.data(), V.data(), t, scale, FlashFormats{}, O.data(), L.data());
    for (std::size_t r = 0; r < n; ++r) {
        double s = 0;
        for (std::size_t c = 0; c < dv; ++c) s += dO(r, c) * O[r * dv + c];
        D[r] = s;
    }

    TiledGrads g;
    g.dQ = xt::zeros<double>({n, dk});
    g.dK = xt::zeros<double>({m, dk});
    g.dV = xt::zeros<double>({m, dv});
    std::vector<double> P(Br * Bc), T(Br * Bc), dP(Br * Bc), prod(std::max(Br, Bc) * dmax);
    for (std::size_t j = 0; j < t.Tc; ++j) {
        const std::size_t c0 = t.col0(j), bc = t.cols(j);
        const double* Kj = K.data() + c0 * dk;
        const double* Vj = V.data() + c0 * dv;
        double* dKj = g.dK.data() + c0 * dk;
        double* dVj = g.dV.data() + c0 * dv;
        for (std::size_t i = 0; i < t.Tr; ++i) {
            if (t.skipped(i, j)) continue;
            const std::size_t r0 = t.row0(i), br = t.rows(i);
            const double* Qi = Q.data() + r0 * dk;
            const double* dOi = dO.data() + r0 * dv;
            // P = exp(scale Q_i K_j^T - L_i), 0 above the diagonal.
            gemm_nt(Qi, Kj, P.data(), br, dk, bc);
            for (std::size_t r = 0; r < br; ++r) {
                const std::size_t g0 = r0 + r;
                const std::size_t na = !t.causal ? bc : (g0 < c0 ? 0 : std::min(bc, g0 - c0 + 1));
                double* p = P.data() + r * bc;
                for (std::size_t c = 0; c < na; ++c) p[c] = std::exp(p[c] * scale - L[g0]);
                for (std::size_t c = na; c < bc; ++c) p[c] = 0.0;
            }
            // dV_j += P^T dO_i
            transpose_tile(P.data(), br, bc, T.data());
            gemm_nn(T.data(), dOi, prod.data(), bc, br, dv);
            add_into(dVj, prod.data(), bc * dv);
            // dP = dO_i V_j^T; dS = scale P ⊙ (dP - D_i), in dP
            gemm_nt(dOi, Vj, dP.data(), br, dv, bc);
            for (std::size_t r = 0; r < br; ++r)
                for (std::size_t c = 0; c < bc; ++c) {
                    double& x = dP[r * bc + c];
                    x = scale * (P[r * bc + c] * (x - D[r0 + r]));
                }
            // dQ_i += dS K_j;  dK_j += dS^T Q_i
            gemm_nn(dP.data(), Kj, prod.data(), br, bc, dk);
            add_into(g.dQ.data() + r0 * dk, prod.data(), br * dk);
            transpose_tile(dP.data(), br, bc, T.data());
            gemm_nn(T.data(), Qi, prod.data(), bc, br, dk);
            add_into(dKj, prod.data(), bc * dk);
        }
    }
    for (const mat* x : {&g.dQ, &g.dK, &g.dV})
        for (double v : *x)
            if (!std::isfinite(v)) fail(fn, "the gradient overflows: scale the inputs down");
    g.counts = tiled_backward_counts(t);
    g.standard = standard_backward_counts(t);
    return g;
}

}  // namespace attn
