// trainGat (API.md "Training"): one GAT layer straight to class logits,
// trained full-batch on the labelled nodes of one graph (semi-supervised
// node classification, e.g. Zachary's karate club from two labels).
//
//   X: n x F   A: n x n   labels: n (class 0..C-1, or -1 = unlabelled)
//   W: F x C   a: 2 C     logits = gat(X, A, W, a).output: n x C
//   trainMask: n flags (default: every labelled node); each must be labelled
//   loss = mean cross-entropy over the trainMask nodes
//   K = steps actually taken; loss, trainAccuracy, accuracy: K + 1
#pragma once

#include <cstdint>
#include <vector>

#include "attn/graph/gat.hpp"
#include "attn/train/trainer.hpp"

namespace attn {

struct GatModel {
    mat W;  // F x C
    vec a;  // 2 C
};

struct TrainGatOptions : TrainOptions {
    double negative_slope = 0.2;
    bool self_loops = true;
    std::vector<std::uint8_t> train_mask;  // empty: every labelled node
    std::optional<TrainState<GatModel>> state;  // extension: continue a run
};

struct TrainGatResult {
    vec loss;           // K + 1: over the trainMask nodes
    vec trainAccuracy;  // K + 1: share of trainMask nodes whose argmax is their label
    vec accuracy;       // K + 1: the same over every labelled node
    GatModel params;    // after K updates
    mat alpha;          // n x n, at the final parameters
    vec predictions;    // n argmax classes at the final parameters
    bool diverged = false;        // extension, as optimize
    std::size_t diverged_at = 0;  // the first update not taken (meaningful if diverged)
    TrainState<GatModel> state;   // extension: the optimizer after K updates
};

TrainGatResult train_gat(const mat& X, const mat& A, const vec& labels, const GatModel& params,
                         const TrainGatOptions& opt);

}  // namespace attn
