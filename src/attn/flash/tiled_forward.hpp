// The tiled forward kernel (tiled_attention.hpp describes the algorithm and
// the formats): unchecked raw buffers in, the output and the row logsumexp
// out, optionally recording the tiles and one row block's trace. Shared by
// tiledAttention, tiledAttentionBackward and timeAttention's kind 'tiled'.
// Extra memory: the S/P tile (B_r B_c), O and P V_j (2 B_r d_v), m, l,
// alpha (3 B_r).
#pragma once

#include <string>
#include <vector>

#include "attn/common/types.hpp"
#include "attn/flash/tiles.hpp"
#include "attn/precision/round.hpp"

namespace attn {

struct TileRecord {
    std::size_t rowBlock = 0, colBlock = 0;
    bool skipped = false;
};

// The state of row block traceBlock after one of its tiles (unchanged by a skipped one).
struct TraceStep {
    std::size_t colBlock = 0;
    bool skipped = false;
    vec m, l;  // running max and sum per row of the block
    mat O;     // the unnormalised accumulator (B_r x d_v)
};

// The formats parsed, for the kernel.
struct FlashFormats {
    Format scores = Format::float64, exp = Format::float64, sum = Format::float64,
           accumulator = Format::float64;
    bool exact() const {
        return scores == Format::float64 && exp == Format::float64 && sum == Format::float64 &&
               accumulator == Format::float64;
    }
};

// What the kernel records for the public function (null: nothing).
struct TiledRecorder {
    std::vector<TileRecord>* tiles = nullptr;
    std::vector<TraceStep>* trace = nullptr;
    std::size_t trace_block = 0;
};

// The forward kernel on row-major buffers, unchecked but for overflow of
// Q K^T and of its scaled entries (fails naming fn): O (n x d_v) and, if
// not null, L (n, the row logsumexp).
void tiled_forward_raw(const std::string& fn, const double* Q, const double* K, const double* V,
                       const Tiling& t, double scale, const FlashFormats& f, double* O, double* L,
                       const TiledRecorder* rec = nullptr);

}  // namespace attn
