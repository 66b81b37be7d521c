#include "attn/flash/tiles.hpp"

#include <cmath>

#include "attn/common/check.hpp"

namespace attn {

namespace {

// An integer option >= 1 (any size: a block larger than the side is clamped).
void check_block(const std::string& fn, const char* name, std::optional<double> x) {
    if (x && (!std::isfinite(*x) || *x != std::floor(*x) || *x < 1))
        fail(fn, name, " must be an integer >= 1, got ", *x);
}

std::size_t clamp_to(double x, std::size_t side) {
    return x >= static_cast<double>(side) ? side : static_cast<std::size_t>(x);
}

}  // namespace

Tiling plan_tiles(const std::string& fn, std::size_t n, std::size_t m, std::size_t dk,
                  std::size_t dv, const TileOptions& opt) {
    check_block(fn, "blockRows", opt.blockRows);
    check_block(fn, "blockCols", opt.blockCols);
    if (opt.fastMemory) {
        const double M = *opt.fastMemory;
        if (!std::isfinite(M) || M != std::floor(M) || M < 1 || M > flash_max_fast_memory)
            fail(fn, "fastMemory must be an integer from 1 to 1073741824 (elements), got ", M);
    }
    const double M = opt.fastMemory ? *opt.fastMemory : flash_default_fast_memory;
    const double d = static_cast<double>(std::max(dk, dv));
    const double bc = std::ceil(M / (4 * d));
    const double br = std::min(bc, d);
    Tiling t;
    t.n = n;
    t.m = m;
    t.dk = dk;
    t.dv = dv;
    t.causal = opt.causal;
    t.Br = clamp_to(opt.blockRows ? *opt.blockRows : br, n);
    t.Bc = clamp_to(opt.blockCols ? *opt.blockCols : bc, m);
    t.Tr = (n + t.Br - 1) / t.Br;
    t.Tc = (m + t.Bc - 1) / t.Bc;
    return t;
}

}  // namespace attn
