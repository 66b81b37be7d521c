// How tiled (FlashAttention) attention cuts the n x m score matrix into
// tiles: query rows in blocks of B_r, keys in blocks of B_c; the last block
// of each is short when B does not divide the side.
//
// Block sizes: given (blockRows, blockCols: integers >= 1, clamped to n and
// m), or from the fast memory M (fastMemory, in elements) as FlashAttention
// (Dao et al. 2022, Algorithm 1, line 1):
//     B_c = ceil(M / (4 d)),   B_r = min(B_c, d),   d = max(d_k, d_v)
// so that Q_i, K_j, V_j and O_i (about 4 B_c d elements) fit in M. The
// default M = 98304 elements = 192 KB of float16: the shared memory of one
// A100 streaming multiprocessor (the paper's GPU); at d = 64 it gives
// B_c = 384, B_r = 64. fastMemory is an integer from 1 to 2^30.
//
// Causal (key j allowed for query i when j <= i, as attention's causal): a
// tile whose first key comes after its last query lies entirely above the
// diagonal and is skipped (neither read nor computed).
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>

namespace attn {

constexpr double flash_default_fast_memory = 98304;
constexpr double flash_max_fast_memory = 1 << 30;

struct TileOptions {
    std::optional<double> blockRows, blockCols;  // B_r, B_c
    std::optional<double> fastMemory;            // M, elements
    bool causal = false;
};

struct Tiling {
    std::size_t n = 0, m = 0, dk = 0, dv = 0;  // queries, keys, widths
    std::size_t Br = 0, Bc = 0;                // block sizes (<= n, <= m)
    std::size_t Tr = 0, Tc = 0;                // numbers of row and column blocks
    bool causal = false;

    std::size_t row0(std::size_t i) const { return i * Br; }
    std::size_t rows(std::size_t i) const { return std::min(Br, n - i * Br); }
    std::size_t col0(std::size_t j) const { return j * Bc; }
    std::size_t cols(std::size_t j) const { return std::min(Bc, m - j * Bc); }
    bool skipped(std::size_t i, std::size_t j) const {
        return causal && col0(j) > row0(i) + rows(i) - 1;
    }
};

// Validates the options (messages start with fn) and plans the tiles.
Tiling plan_tiles(const std::string& fn, std::size_t n, std::size_t m, std::size_t dk,
                  std::size_t dv, const TileOptions& opt);

}  // namespace attn
