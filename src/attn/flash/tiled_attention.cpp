#include "attn/flash/tiled_attention.hpp"

#include <cmath>
#include <cstdint>

#include "attn/common/check.hpp"

namespace attn {

namespace {

FlashFormats parse_formats(const std::string& fn, const TiledFormatNames& n) {
    FlashFormats f;
    f.scores = parse_format(fn + ": formats.scores", n.scores);
    f.exp = parse_format(fn + ": formats.exp", n.exp);
    f.sum = parse_format(fn + ": formats.sum", n.sum);
    f.accumulator = parse_format(fn + ": formats.accumulator", n.accumulator);
    return f;
}

}  // namespace

TiledResult tiled_attention(const mat& Q, const mat& K, const mat& V, const TiledOptions& opt) {
    const std::string fn = "tiledAttention";
    check_qkv(fn, Q, K, V);
    const std::size_t n = Q.shape(0), m = K.shape(0), dk = Q.shape(1), dv = V.shape(1);
    if (opt.scale && !std::isfinite(*opt.scale))
        fail(fn, "scale must be a finite number, got ", *opt.scale);
    const Tiling t = plan_tiles(fn, n, m, dk, dv, opt);
    const FlashFormats f = parse_formats(fn, opt.formats);
    const double tb = opt.traceBlock ? *opt.traceBlock : 0;
    if (!std::isfinite(tb) || tb != std::floor(tb) || tb < 0 || tb > static_cast<double>(t.Tr - 1))
        fail(fn, "traceBlock must be an integer from 0 to ", t.Tr - 1, " (there are ", t.Tr,
             " row blocks of ", t.Br, " rows), got ", tb);
    const std::uint64_t tiles = std::uint64_t{t.Tr} * t.Tc;
    if (tiles > flash_max_tiles)
        fail(fn, tiles, " tiles (", t.Tr, " x ", t.Tc, " blocks) are more than the limit of ",
             flash_max_tiles, ": use larger blocks");
    const std::uint64_t trace = std::uint64_t{t.Tc} * t.Br * (dv + 2);
    if (trace > max_elements)
        fail(fn, "the trace of ", t.Tc, " tiles of ", t.Br, " rows holds ", trace,
             " numbers, more than the limit of ", max_elements,
             ": use larger blockCols or smaller blockRows");
    // Memory: the inputs (the binding's copies), the output, the tile list
    // (3 doubles a tile on the wire), the trace and the kernel's fast memory.
    const std::uint64_t entries = std::uint64_t{n} * dk + std::uint64_t{m} * dk +
                                  std::uint64_t{m} * dv + std::uint64_t{n} * dv + 3 * tiles +
                                  trace + std::uint64_t{t.Br} * t.Bc + 2 * std::uint64_t{t.Br} * dv +
                                  3 * std::uint64_t{t.Br};
    check_memory(fn, 8 * entries);

    TiledResult r;
    r.blockRows = t.Br;
    r.blockCols = t.Bc;
    r.output = xt::empty<double>({n, dv});
    r.tiles.reserve(tiles);
    r.trace.reserve(t.Tc);
    TiledRecorder rec;
    rec.tiles = &r.tiles;
    rec.trace = &r.trace;
    rec.trace_block = static_cast<std::size_t>(tb);
    const double scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));
    tiled_forward_raw(fn, Q.data(), K.data(), V.data(), t, scale, f, r.output.data(), nullptr, &rec);
    if (f.exact())
        for (double x : r.output)
            if (!std::isfinite(x)) fail(fn, "the output overflows: scale V down");
    r.counts = tiled_forward_counts(t);
    r.standard = standard_forward_counts(t);
    return r;
}

}  // namespace attn
