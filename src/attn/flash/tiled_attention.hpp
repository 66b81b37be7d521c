// Tiled attention (FlashAttention, Dao et al. 2022; loop order of
// FlashAttention-2): softmax(scale Q K^T + causal mask) V computed one
// B_r x B_c tile of scores at a time, with the online softmax
// (online_softmax.hpp) per query row, so that the n x m score and weight
// matrices are never formed.
//
//   for each query row block i (rows r0..r1):            (outer loop)
//     m = -inf, l = 0, O = 0                               (B_r each; O: B_r x d_v)
//     for each key column block j:                         (inner loop)
//       skipped when causal and the tile is above the diagonal
//       S = scale Q_i K_j^T  (masked entries -inf)         B_r x B_c
//       m_new = max(m, rowmax S);  alpha = exp(m - m_new)
//       P = exp(S - m_new);  l = alpha l + rowsum P;  O = diag(alpha) O + P V_j
//     output_i = O / l;  L_i = m + log l                   (logsumexp, for the backward)
//
// Tiles, their sizes and the memory/arithmetic counts: tiles.hpp, io_counts.hpp;
// the kernel: tiled_forward.hpp. Extra memory besides the inputs and outputs:
// the S/P tile (B_r B_c), O and P V_j (2 B_r d_v) and m, l, alpha (3 B_r):
// O(B_r B_c + B_r d), never n x m.
//
// formats (default all float64: exact double arithmetic) emulate a low-
// precision kernel: the scaled scores are rounded to formats.scores, each
// exp(s - m_new) to formats.exp, the running sum l after each tile's update
// (alpha l + p_1 + ... + p_Bc, summed in double in that order, then rounded)
// to formats.sum, and each accumulator entry after each tile's update
// (alpha O + sum_j p_j v_j, the sum over j in double from j = 0, then
// rounded) to formats.accumulator; m is the max of rounded scores; alpha and
// the final O / l stay in double. Overflow follows the format (float16:
// scores beyond 65504 become Infinity and the row turns NaN).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "attn/common/types.hpp"
#include "attn/flash/io_counts.hpp"
#include "attn/flash/tiled_forward.hpp"
#include "attn/flash/tiles.hpp"

namespace attn {

struct TiledFormatNames {
    std::string scores = "float64", exp = "float64", sum = "float64", accumulator = "float64";
};

struct TiledOptions : TileOptions {
    std::optional<double> scale;       // default 1 / sqrt(d_k); any finite number
    std::optional<double> traceBlock;  // default 0: the row block whose tiles are traced
    TiledFormatNames formats;
};

struct TiledResult {
    mat output;  // n x d_v
    std::size_t blockRows = 0, blockCols = 0;
    std::vector<TileRecord> tiles;  // in execution order
    std::vector<TraceStep> trace;
    IoCounts counts, standard;  // tiled and standard forward (io_counts.hpp)
};

// Caps (besides the matrices' own): tiles T_r T_c and trace entries T_c B_r (d_v + 2).
constexpr std::size_t flash_max_tiles = 1u << 20;

// Public "tiledAttention".
TiledResult tiled_attention(const mat& Q, const mat& K, const mat& V, const TiledOptions& opt = {});

}  // namespace attn
