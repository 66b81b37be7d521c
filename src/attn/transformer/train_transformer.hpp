// trainTransformer (API.md "Transformers"): the attention-only transformer
// trained full-batch on next-token targets with the chapter's optimizers,
// through the trainers' one loop (train/trainer.hpp: run_training).
//
//   data: tokens B x n, targets B x n (-1: ignored)
//   K = steps actually taken (steps, or fewer if the run diverged)
//   loss, accuracy: K + 1 (at the parameters after k updates)
//   snapshots: every `record` steps, the attention [l][h] (n x n) of data's
//   first sequence
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "attn/train/trainer.hpp"
#include "attn/transformer/model.hpp"

namespace attn {

struct TrainTransformerOptions : TrainOptions, TransformerOptions {
    std::vector<std::string> freeze;  // among "embed", "pos", "unembed": kept fixed
    std::optional<double> record;     // a snapshot every `record` steps (k = 0, r, 2r, ...)
    std::optional<TrainState<TransformerParams>> state;  // continue a run
};

struct TransformerSnapshot {
    std::size_t step = 0;  // from the run's start (a continued run: state.t + k)
    double loss = 0;
    std::vector<std::vector<mat>> attention;  // [l][h] n x n, of the first sequence
};

struct TrainTransformerResult {
    vec loss, accuracy;         // K + 1
    TransformerParams params;   // after K updates
    TrainState<TransformerParams> state;
    bool diverged = false;
    std::size_t diverged_at = 0;  // the first update not taken (meaningful if diverged)
    std::vector<TransformerSnapshot> snapshots;
};

// trainTransformer({tokens, targets}, params, options).
TrainTransformerResult train_transformer(const mat& tokens, const mat& targets,
                                         const TransformerParams& params,
                                         const TrainTransformerOptions& opt);

}  // namespace attn
