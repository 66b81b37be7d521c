#include "attn/transformer/forward.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

bool transformer_forward_raw(const TransformerLayout& lay, const double* theta,
                             const std::size_t* tokens, const std::vector<double>& scales,
                             const std::uint8_t* ablated, TransformerWorkspace& w) {
    const std::size_t n = w.n, R = w.R, d = lay.d, nn = n * n;
    // 1. x_0 = embed[t] + pos[i]
    const double* embed = theta;
    const double* pos = theta + lay.pos;
    for (std::size_t r = 0; r < R; ++r) {
        const double* e = embed + tokens[r] * d;
        const double* p = pos + (r % n) * d;
        double* x = w.x.data() + r * d;
        for (std::size_t k = 0; k < d; ++k) x[k] = e[k] + p[k];
    }
    // 2. per layer: x_{l+1} = x_l + the heads' outputs
    for (std::size_t l = 0; l < lay.L; ++l) {
        const double* x = w.x.data() + l * R * d;
        double* out = w.x.data() + (l + 1) * R * d;
        std::copy(x, x + R * d, out);
        const std::size_t dh = lay.dh[l];
        for (std::size_t g = lay.first[l]; g < lay.first[l] + lay.heads[l]; ++g) {
            double* Q = w.qkvz.data() + w.qkvz_at[g];
            double* K = Q + R * dh;
            double* V = K + R * dh;
            double* Z = V + R * dh;
            gemm_nn(x, theta + lay.at[g], Q, R, d, dh);
            gemm_nn(x, theta + lay.wk(g), K, R, d, dh);
            gemm_nn(x, theta + lay.wv(g), V, R, d, dh);
            for (std::size_t b = 0; b < w.B; ++b) {
                double* A = w.att.data() + (g * w.B + b) * nn;
                gemm_nt(Q + b * n * dh, K + b * n * dh, A, n, dh, n);
                for (std::size_t i = 0; i < nn; ++i) {
                    A[i] *= scales[l];
                    if (!std::isfinite(A[i]) && w.causal[i]) return false;
                }
                softmax_rows_inplace("transformer", A, n, n, w.causal.data());
                gemm_nn(A, V + b * n * dh, Z + b * n * dh, n, n, dh);
            }
            if (ablated[g]) continue;  // its pattern is kept, its output left out
            gemm_nn(Z, theta + lay.wo(g), w.tmp.data(), R, dh, d);
            const double* o = w.tmp.data();
            for (std::size_t i = 0; i < R * d; ++i) out[i] += o[i];
        }
    }
    // 3. logits = x_L unembed
    gemm_nn(w.x.data() + lay.L * R * d, theta + lay.unembed, w.logits.data(), R, d, lay.V);
    return true;
}

mat attention_map(const TransformerWorkspace& w, std::size_t g, std::size_t b) {
    mat A = xt::empty<double>({w.n, w.n});
    const double* src = w.att.data() + (g * w.B + b) * w.n * w.n;
    std::copy(src, src + w.n * w.n, A.data());
    return A;
}

TransformerForwardResult transformer_forward(const mat& tokens, const TransformerParams& params,
                                             const TransformerOptions& opt) {
    const std::string fn = "transformerForward";
    const TransformerLayout lay = check_transformer(fn, params);
    const TokenBatch batch = check_tokens(fn, "tokens", tokens, lay);
    const std::vector<std::uint8_t> ablated = check_ablate(fn, opt.ablate, lay);
    const std::vector<double> scales = layer_scales(fn, opt.scale, lay);
    const std::size_t B = batch.B, n = batch.n, G = lay.count();
    check_transformer_size(fn, lay, B, n, 1);
    // Inputs (tokens, params, theta), the workspace, and the results.
    const double results = static_cast<double>(B * n * lay.V + G * B * n * n);
    check_memory(fn, static_cast<std::uint64_t>(
                         8 * (static_cast<double>(B * n + 2 * lay.size) +
                              transformer_workspace_doubles(lay, B, n, false) + results)));

    const std::vector<double> theta = flatten(params, lay);
    TransformerWorkspace w(lay, B, n, false);
    if (!transformer_forward_raw(lay, theta.data(), batch.tokens.data(), scales, ablated.data(), w))
        fail(fn, "the attention scores overflow: scale the weights down");
    finite_results(fn, "the logits", w.logits.data(), w.logits.size());
    TransformerForwardResult r;
    for (std::size_t b = 0; b < B; ++b) {
        mat L = xt::empty<double>({n, lay.V});
        std::copy(w.logits.data() + b * n * lay.V, w.logits.data() + (b + 1) * n * lay.V, L.data());
        r.logits.push_back(std::move(L));
        std::vector<std::vector<mat>> per_layer(lay.L);
        for (std::size_t g = 0; g < G; ++g) per_layer[lay.layer_of[g]].push_back(attention_map(w, g, b));
        r.attention.push_back(std::move(per_layer));
    }
    return r;
}

}  // namespace attn
