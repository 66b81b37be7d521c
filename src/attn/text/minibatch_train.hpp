// Minibatch Adam for the text models (issue 31): the attention-only
// transformer (transformer/) trained on random windows of a token stream,
// deterministic for a seed; and its held-out loss.
//
//   init: embed, pos ~ N(0, 0.3^2); Wq, Wk, Wv ~ N(0, 1/d); Wo ~ N(0, 1/(d_h H L));
//         unembed ~ N(0, 1/d)   (one SplitMix64 stream, theta's order)
//   step k = 1..steps: a minibatch (batches.hpp mixed_windows: a share opt.repeat
//   of it repeats), transformer_loss_raw's gradient, Adam (optim/update.hpp) at lr_k = lr min(1, k / warmup)
//   (0.1 + 0.9 (1 + cos(pi k / steps)) / 2)
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "attn/transformer/model.hpp"

namespace attn::text {

struct ModelShape {
    std::size_t V = 0, P = 64, d = 64, layers = 2, heads = 4, dh = 16;
};

TransformerParams init_params(const ModelShape& s, std::uint64_t seed);

struct MinibatchOptions {
    std::size_t steps = 2000, batch = 32, n = 64, warmup = 100;
    double lr = 3e-3;
    double repeat = 0;  // the share of each minibatch's windows that are repeats (batches.hpp mixed_windows)
    std::uint64_t seed = 1;
};

// Trains params in place; progress(k, loss of minibatch k) after each step.
void train_minibatch(const std::vector<std::size_t>& stream, TransformerParams& params,
                     const MinibatchOptions& opt,
                     const std::function<void(std::size_t, double)>& progress = {});

// Mean cross-entropy in bits per token over the windows of n tokens at
// 0, n, 2n, ... (floor((N - 1) / n) of them; every token of a window is
// counted, its target the next token), and how many targets that was.
struct HeldOut {
    double bits = 0;
    std::size_t targets = 0;
};
HeldOut heldout_bits(const std::vector<std::size_t>& stream, const TransformerParams& params, std::size_t n);

}  // namespace attn::text
