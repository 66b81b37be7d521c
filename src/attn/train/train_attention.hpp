// trainAttention (API.md "Training"): a one-head attention-only model
// trained full-batch on B sequences with the chapter's optimizers.
//
//   B sequences, each X_b: n x d     targets: B x n classes in 0..C-1
//   Wq, Wk: d x d_k   Wv: d x d_v   Wo: d_v x C
//   per sequence: Q, K = X_b Wq, X_b Wk (n x d_k), V = X_b Wv (n x d_v)
//     P_b = softmax_rows(scale Q K^T, masked j > i if causal)   n x n
//     H = P_b V (n x d_v),  logits = H Wo (n x C)
//   loss = mean cross-entropy over all B n positions
//   K = steps actually taken (steps, or fewer if the run diverged)
//   loss, accuracy: K + 1 (at the parameters after k updates)
#pragma once

#include <optional>
#include <vector>

#include "attn/train/trainer.hpp"

namespace attn {

constexpr std::size_t max_train_sequences = 1024;  // B

// B <= max_train_sequences, else an error (for the binding, before it reads them).
void check_sequence_count(std::size_t B);

struct AttentionModel {
    mat Wq, Wk, Wv, Wo;
};

struct TrainAttentionOptions : TrainOptions {
    bool causal = false;
    std::optional<double> scale;   // default 1 / sqrt(d_k); any finite number
    std::optional<double> record;  // a snapshot every `record` steps (k = 0, r, 2r, ...)
    std::optional<TrainState<AttentionModel>> state;  // extension: continue a run
};

struct AttentionSnapshot {
    std::size_t step = 0;
    double loss = 0;
    std::vector<mat> weights;  // B matrices n x n
};

struct TrainAttentionResult {
    vec loss, accuracy;              // K + 1
    AttentionModel params;           // after K updates
    std::vector<mat> weights;        // B final n x n attention matrices
    std::vector<AttentionSnapshot> snapshots;
    bool diverged = false;           // extension, as optimize: stopped at a non-finite step
    std::size_t diverged_at = 0;     // the first update not taken (meaningful if diverged)
    TrainState<AttentionModel> state;  // extension: the optimizer after K updates
};

// trainAttention({X, targets}, {Wq, Wk, Wv, Wo}, options). targets: B x n.
TrainAttentionResult train_attention(const std::vector<mat>& X, const mat& targets,
                                     const AttentionModel& params,
                                     const TrainAttentionOptions& opt);

}  // namespace attn
