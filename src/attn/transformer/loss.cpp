#include "attn/transformer/loss.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "attn/attention/attention_backward.hpp"
#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax_backward.hpp"
#include "attn/train/trainer.hpp"
#include "attn/transformer/forward.hpp"

namespace attn {

namespace {

void add_into(double* acc, const double* x, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) acc[i] += x[i];
}

// Passes 2 and 3 of the header, from w.dX = the gradient at x_L.
void backward_layers(const TransformerLayout& lay, const double* theta, const std::size_t* tokens,
                     const std::vector<double>& scales, const std::uint8_t* ablated,
                     TransformerWorkspace& w, double* grad) {
    const std::size_t n = w.n, R = w.R, d = lay.d, nn = n * n;
    for (std::size_t l = lay.L; l-- > 0;) {
        const double* x = w.x.data() + l * R * d;
        const std::size_t dh = lay.dh[l];
        // dx_l starts as the residual path's dx_{l+1}; x_l^T once for the layer.
        std::copy(w.dX.begin(), w.dX.end(), w.dX_prev.begin());
        transpose_into(x, R, d, w.T.data());
        for (std::size_t g = lay.first[l]; g < lay.first[l] + lay.heads[l]; ++g) {
            double* gq = grad + lay.at[g];
            if (ablated[g]) {  // no path from its weights to the loss
                std::fill(gq, gq + 4 * d * dh, 0.0);
                continue;
            }
            const double* Q = w.qkvz.data() + w.qkvz_at[g];
            const double* K = Q + R * dh;
            const double* V = K + R * dh;
            const double* Z = V + R * dh;
            // dZ = dx Wo^T; dWo = Z^T dx
            gemm_nt(w.dX.data(), theta + lay.wo(g), w.dZ.data(), R, d, dh);
            transpose_into(Z, R, dh, w.ZT.data());
            gemm_nn(w.ZT.data(), w.dX.data(), grad + lay.wo(g), dh, R, d);
            for (std::size_t b = 0; b < w.B; ++b) {
                const std::size_t o = b * n * dh;
                attention_backward_raw(Q + o, K + o, V + o, w.att.data() + (g * w.B + b) * nn,
                                       w.dZ.data() + o, n, n, dh, dh, scales[l], w.dQ.data() + o,
                                       w.dK.data() + o, w.dV.data() + o, w.dP.data(), w.dS.data(),
                                       w.work);
            }
            const std::pair<const double*, std::size_t> projections[] = {
                {w.dQ.data(), lay.at[g]}, {w.dK.data(), lay.wk(g)}, {w.dV.data(), lay.wv(g)}};
            for (const auto& [dY, at] : projections) {
                gemm_nn(w.T.data(), dY, grad + at, d, R, dh);           // dW = x_l^T dY
                gemm_nt(dY, theta + at, w.tmp.data(), R, dh, d);       // dY W^T
                add_into(w.dX_prev.data(), w.tmp.data(), R * d);
            }
        }
        w.dX.swap(w.dX_prev);
    }
    // 3. embed and pos: sums of dx_0 over the rows that read them.
    double* ge = grad;
    double* gp = grad + lay.pos;
    std::fill(ge, ge + lay.V * d, 0.0);
    std::fill(gp, gp + lay.P * d, 0.0);
    for (std::size_t r = 0; r < R; ++r) {
        const double* dx = w.dX.data() + r * d;
        add_into(ge + tokens[r] * d, dx, d);
        add_into(gp + (r % n) * d, dx, d);
    }
}

}  // namespace

CountedRows counted_rows(const std::vector<long>& targets) {
    CountedRows c;
    for (std::size_t r = 0; r < targets.size(); ++r)
        if (targets[r] >= 0) {
            c.rows.push_back(r);
            c.targets.push_back(static_cast<double>(targets[r]));
        }
    return c;
}

TokenLoss transformer_loss_raw(const TransformerLayout& lay, const double* theta,
                               const std::size_t* tokens, const CountedRows& counted,
                               const std::vector<double>& scales, const std::uint8_t* ablated,
                               TransformerWorkspace& w, double* grad) {
    TokenLoss out;
    if (!transformer_forward_raw(lay, theta, tokens, scales, ablated, w)) return {NAN, 0};
    const std::size_t V = lay.V, M = counted.rows.size(), R = w.R, d = lay.d;
    for (std::size_t k = 0; k < M; ++k) {
        const double* z = w.logits.data() + counted.rows[k] * V;
        std::copy(z, z + V, w.ce.data() + k * V);
        if (argmax(z, V) == static_cast<std::size_t>(counted.targets[k])) ++out.correct;
    }
    const double wgt = 1.0 / static_cast<double>(M);  // d(mean)/d(one position's loss)
    out.loss = cross_entropy_rows(w.ce.data(), counted.targets.data(), M, V, wgt,
                                  grad ? w.ce_grad.data() : nullptr) * wgt;
    if (!grad || !std::isfinite(out.loss)) return out;
    // 1. the logits' gradient (0 on ignored rows), then unembed and x_L.
    std::fill(w.dlogits.begin(), w.dlogits.end(), 0.0);
    for (std::size_t k = 0; k < M; ++k)
        std::copy(w.ce_grad.data() + k * V, w.ce_grad.data() + (k + 1) * V,
                  w.dlogits.data() + counted.rows[k] * V);
    transpose_into(w.x.data() + lay.L * R * d, R, d, w.T.data());
    gemm_nn(w.T.data(), w.dlogits.data(), grad + lay.unembed, d, R, V);
    gemm_nt(w.dlogits.data(), theta + lay.unembed, w.dX.data(), R, V, d);
    backward_layers(lay, theta, tokens, scales, ablated, w, grad);
    return out;
}

TransformerLossResult transformer_loss(const mat& tokens, const mat& targets,
                                       const TransformerParams& params,
                                       const TransformerOptions& opt) {
    const std::string fn = "transformerLoss";
    const TransformerLayout lay = check_transformer(fn, params);
    const TokenBatch batch = check_tokens(fn, "data.tokens", tokens, lay);
    const CountedRows counted = counted_rows(check_token_targets(fn, targets, batch, lay.V));
    const std::vector<std::uint8_t> ablated = check_ablate(fn, opt.ablate, lay);
    const std::vector<double> scales = layer_scales(fn, opt.scale, lay);
    check_transformer_size(fn, lay, batch.B, batch.n, 3);
    // Inputs (tokens, targets, params, theta), the workspace, gradient and grads.
    check_memory(fn, static_cast<std::uint64_t>(
                         8 * (static_cast<double>(2 * batch.B * batch.n + 4 * lay.size) +
                              transformer_workspace_doubles(lay, batch.B, batch.n, true))));

    const std::vector<double> theta = flatten(params, lay);
    std::vector<double> grad(lay.size);
    TransformerWorkspace w(lay, batch.B, batch.n, true);
    const TokenLoss tl = transformer_loss_raw(lay, theta.data(), batch.tokens.data(), counted,
                                              scales, ablated.data(), w, grad.data());
    TransformerLossResult r;
    r.loss = finite_result(fn, "the loss", tl.loss);
    finite_results(fn, "the gradient", grad.data(), grad.size());
    r.accuracy = static_cast<double>(tl.correct) / static_cast<double>(counted.rows.size());
    r.grads = unflatten(grad.data(), lay);
    return r;
}

}  // namespace attn
