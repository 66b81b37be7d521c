#include "attn/text/minibatch_train.hpp"

#include <algorithm>
#include <cmath>

#include "attn/optim/update.hpp"
#include "attn/text/batches.hpp"
#include "attn/transformer/loss.hpp"
#include "attn/transformer/workspace.hpp"

namespace attn::text {

namespace {
mat normal_mat(SplitMix64& rng, std::size_t r, std::size_t c, double sd) {
    mat m = xt::empty<double>({r, c});
    for (auto& x : m) x = sd * rng.normal();
    return m;
}
}  // namespace

TransformerParams init_params(const ModelShape& s, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const double sd_in = 1 / std::sqrt(static_cast<double>(s.d));
    const double sd_out = 1 / std::sqrt(static_cast<double>(s.dh * s.heads * s.layers));
    TransformerParams p;
    p.embed = normal_mat(rng, s.V, s.d, 0.3);
    p.pos = normal_mat(rng, s.P, s.d, 0.3);
    for (std::size_t l = 0; l < s.layers; ++l) {
        p.layers.emplace_back();
        for (std::size_t h = 0; h < s.heads; ++h) {
            TransformerHead hd;
            hd.Wq = normal_mat(rng, s.d, s.dh, sd_in);
            hd.Wk = normal_mat(rng, s.d, s.dh, sd_in);
            hd.Wv = normal_mat(rng, s.d, s.dh, sd_in);
            hd.Wo = normal_mat(rng, s.dh, s.d, sd_out);
            p.layers.back().push_back(std::move(hd));
        }
    }
    p.unembed = normal_mat(rng, s.d, s.V, sd_in);
    return p;
}

void train_minibatch(const std::vector<std::size_t>& stream, TransformerParams& params,
                     const MinibatchOptions& opt, const std::function<void(std::size_t, double)>& progress) {
    const TransformerLayout lay = check_transformer("train_minibatch", params);
    const std::vector<double> scales = layer_scales("train_minibatch", std::nullopt, lay);
    const std::vector<std::uint8_t> ablated(lay.count(), 0);
    std::vector<double> theta = flatten(params, lay), grad(lay.size), m(lay.size, 0), v(lay.size, 0);
    TransformerWorkspace w(lay, opt.batch, opt.n, true);
    SplitMix64 rng(opt.seed);
    UpdateRule rule;
    rule.method = Method::adam;
    AdamClock clock;
    const double pi = 3.141592653589793;
    for (std::size_t k = 1; k <= opt.steps; ++k) {
        const Minibatch mb = mixed_windows(stream, opt.batch, opt.n, opt.repeat, rng);
        const CountedRows counted = counted_rows(mb.targets);
        const TokenLoss tl = transformer_loss_raw(lay, theta.data(), mb.tokens.data(), counted, scales,
                                                  ablated.data(), w, grad.data());
        const double warm = std::min(1.0, static_cast<double>(k) / static_cast<double>(opt.warmup));
        rule.lr = opt.lr * warm *
                  (0.1 + 0.45 * (1 + std::cos(pi * static_cast<double>(k) / static_cast<double>(opt.steps))));
        clock.advance(rule);
        update_step(rule, clock, lay.size, theta.data(), grad.data(), theta.data(), m.data(), v.data(), m.data(),
                    v.data(), nullptr, nullptr);
        if (progress) progress(k, tl.loss);
    }
    params = unflatten(theta.data(), lay);
}

HeldOut heldout_bits(const std::vector<std::size_t>& stream, const TransformerParams& params, std::size_t n) {
    const TransformerLayout lay = check_transformer("heldout_bits", params);
    const std::vector<double> scales = layer_scales("heldout_bits", std::nullopt, lay);
    const std::vector<std::uint8_t> ablated(lay.count(), 0);
    const std::vector<double> theta = flatten(params, lay);
    const std::size_t windows = (stream.size() - 1) / n, chunk = 64;
    double nats = 0;
    for (std::size_t first = 0; first < windows; first += chunk) {
        const std::size_t B = std::min(chunk, windows - first);
        const Minibatch mb = consecutive_windows(stream, first * n, B, n);
        TransformerWorkspace w(lay, B, n, false);
        const TokenLoss tl = transformer_loss_raw(lay, theta.data(), mb.tokens.data(), counted_rows(mb.targets),
                                                  scales, ablated.data(), w, nullptr);
        nats += tl.loss * static_cast<double>(B * n);
    }
    const std::size_t count = windows * n;
    return {nats / static_cast<double>(count) / std::log(2.0), count};
}

}  // namespace attn::text
