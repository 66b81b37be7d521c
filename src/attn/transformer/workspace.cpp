#include "attn/transformer/workspace.hpp"

#include <algorithm>

#include "attn/common/check.hpp"
#include "attn/train/trainer.hpp"

namespace attn {

namespace {

std::size_t max_dh(const TransformerLayout& lay) {
    std::size_t m = 0;
    for (std::size_t dh : lay.dh) m = std::max(m, dh);
    return m;
}

std::size_t sum_dh(const TransformerLayout& lay) {
    std::size_t s = 0;
    for (std::size_t g = 0; g < lay.count(); ++g) s += lay.dh[lay.layer_of[g]];
    return s;
}

}  // namespace

TransformerWorkspace::TransformerWorkspace(const TransformerLayout& lay, std::size_t B_,
                                           std::size_t n_, bool backward)
    : B(B_), n(n_), R(B_ * n_), x((lay.L + 1) * R * lay.d), qkvz(4 * R * sum_dh(lay)),
      att(lay.count() * B * n * n), logits(R * lay.V), tmp(R * lay.d), causal(n * n, 0), ce(R * lay.V),
      ce_targets(R) {
    std::size_t at = 0;
    for (std::size_t g = 0; g < lay.count(); ++g) {
        qkvz_at.push_back(at);
        at += 4 * R * lay.dh[lay.layer_of[g]];
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) causal[i * n + j] = 1;
    if (!backward) return;
    const std::size_t dh = max_dh(lay), wide = std::max({lay.d, dh, lay.V});
    ce_grad.resize(R * lay.V);
    dlogits.resize(R * lay.V);
    dX.resize(R * lay.d);
    dX_prev.resize(R * lay.d);
    for (auto* buf : {&dQ, &dK, &dV, &dZ, &ZT}) buf->resize(R * dh);
    T.resize(R * wide);
    dP.resize(n * n);
    dS.resize(n * n);
    work.resize(n * n);
}

double transformer_workspace_doubles(const TransformerLayout& lay, std::size_t B, std::size_t n,
                                     bool backward) {
    const double R = static_cast<double>(B * n), d = static_cast<double>(lay.d),
                 V = static_cast<double>(lay.V), nn = static_cast<double>(n * n);
    double total = (lay.L + 1) * R * d + 4 * R * sum_dh(lay) +
                   static_cast<double>(lay.count()) * B * nn + 2 * R * V + R + R * d + nn / 8;
    if (backward) {
        const double dh = static_cast<double>(max_dh(lay));
        total += 2 * R * V + 2 * R * d + 5 * R * dh + R * std::max({d, dh, V}) + 3 * nn;
    }
    return total;
}

void check_transformer_size(const std::string& fn, const TransformerLayout& lay, std::size_t B,
                            std::size_t n, double passes) {
    const double R = static_cast<double>(B * n), limit = static_cast<double>(max_elements);
    if (R * static_cast<double>(lay.d) > limit)
        fail(fn, "the residual stream of ", B, " sequences of ", n, " tokens, width ", lay.d,
             ", has more entries than the limit of ", max_elements);
    if (R * static_cast<double>(lay.V) > limit)
        fail(fn, "the logits of ", B, " sequences of ", n, " tokens over ", lay.V,
             " tokens have more entries than the limit of ", max_elements);
    if (static_cast<double>(lay.count() * B) * static_cast<double>(n * n) > limit)
        fail(fn, "the attention maps of ", lay.count(), " heads on ", B, " sequences of ", n,
             " tokens have more entries than the limit of ", max_elements);
    const double work = passes * transformer_forward_cost(lay, B, n);
    if (work > max_train_work)
        fail(fn, "this call takes about ", work, " multiply-adds, more than the limit of ",
             max_train_work, ": a smaller batch or model");
}

double transformer_forward_cost(const TransformerLayout& lay, std::size_t B, std::size_t n) {
    const double R = static_cast<double>(B * n), d = static_cast<double>(lay.d);
    double cost = R * d * static_cast<double>(lay.V) + R * d;  // unembed, embed + pos
    for (std::size_t g = 0; g < lay.count(); ++g) {
        const double dh = static_cast<double>(lay.dh[lay.layer_of[g]]);
        cost += 4 * R * d * dh + 2 * static_cast<double>(B * n * n) * dh + R * d;
    }
    return cost;
}

}  // namespace attn
