// The backward pass of tiled attention with recomputation (FlashAttention-2
// backward): the gradients of L = sum(dOutput ⊙ output) for output =
// softmax(scale Q K^T + causal mask) V, without the n x m weights.
//
//   forward (tiled_attention.hpp): O and the row logsumexp L
//   D = rowsum(dO ⊙ O)                                       (n)
//   dQ = 0
//   for each key column block j:                             (outer loop)
//     dK_j = 0, dV_j = 0                                     (B_c x d_k, B_c x d_v)
//     for each query row block i (skipped tiles left out):  (inner loop)
//       S = scale Q_i K_j^T (masked -inf);  P = exp(S - L_i)
//       dV_j += P^T dO_i;  dP = dO_i V_j^T;  dS = P ⊙ (dP - D_i)
//       dQ_i += scale dS K_j;  dK_j += scale dS^T Q_i
//
// P = exp(S - L_i) is the softmax itself (L_i = log sum_j exp S_ij), and
// rowsum(P ⊙ dP) = rowsum(P ⊙ (dO V^T)) = rowsum(dO ⊙ O): D replaces the
// stored P of the standard backward. Counts: io_counts.hpp (the forward that
// produces O and L is not counted in them, as the standard backward does
// not count the forward that stored P).
// Extra memory besides inputs and outputs: O, L, D (n d_v + 2 n: what the
// forward stores) and the tiles S/P, P^T or dS^T, dP (3 B_r B_c) and one
// product (max(B_r, B_c) max(d_k, d_v)): O(B_r B_c + (B_r + B_c) d).
#pragma once

#include <optional>

#include "attn/common/types.hpp"
#include "attn/flash/io_counts.hpp"
#include "attn/flash/tiles.hpp"

namespace attn {

struct TiledBackwardOptions : TileOptions {
    std::optional<double> scale;  // default 1 / sqrt(d_k)
};

struct TiledGrads {
    mat dQ, dK, dV;
    IoCounts counts, standard;  // tiled and standard backward
};

// Public "tiledAttentionBackward". dOutput: n x d_v.
TiledGrads tiled_attention_backward(const mat& Q, const mat& K, const mat& V, const mat& dOutput,
                                    const TiledBackwardOptions& opt = {});

}  // namespace attn
