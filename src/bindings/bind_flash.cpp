// Embind glue for online softmax and tiled (FlashAttention) attention (no math here).
//
// Wire format (what web/lib/specs/flash.js sends and its post() reads):
//   onlineSoftmax:          {z} -> {weights, m, l}
//   tiledAttention:         {Q, K, V, blockRows?, blockCols?, fastMemory?, causal?, scale?,
//                            traceBlock?, formats?: {scores?, exp?, sum?, accumulator?}}
//                           -> {output, blockRows, blockCols, tiles: vector of (rowBlock,
//                               colBlock, skipped) triples, trace: [{colBlock, skipped, m, l, O}],
//                               counts, standard}
//   tiledAttentionBackward: {Q, K, V, dOutput, blockRows?, blockCols?, fastMemory?, causal?,
//                            scale?} -> {dQ, dK, dV, counts, standard}
#include <optional>
#include <utility>

#include "attn/flash/online_softmax.hpp"
#include "attn/flash/tiled_attention.hpp"
#include "attn/flash/tiled_backward.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

std::optional<double> opt_number(const val& a, const char* key) {
    if (has(a, key)) return num(a, key);
    return std::nullopt;
}

void read_tile_options(const val& a, TileOptions& o) {
    o.blockRows = opt_number(a, "blockRows");
    o.blockCols = opt_number(a, "blockCols");
    o.fastMemory = opt_number(a, "fastMemory");
    if (has(a, "causal")) o.causal = flag(a, "causal");
}

val counts(const IoCounts& c) {
    val o = val::object();
    put(o, "reads", c.reads);
    put(o, "writes", c.writes);
    put(o, "flops", c.flops);
    return o;
}

val js_online_softmax(val a) {
    return guarded("onlineSoftmax", [&] {
        OnlineSoftmax r = online_softmax(get_vec(a, "z"));
        val o = val::object();
        put(o, "weights", from_vec(std::move(r.weights)));
        put(o, "m", from_vec(std::move(r.m)));
        put(o, "l", from_vec(std::move(r.l)));
        return o;
    });
}

val js_tiled_attention(val a) {
    return guarded("tiledAttention", [&] {
        TiledOptions opt;
        read_tile_options(a, opt);
        opt.scale = opt_number(a, "scale");
        opt.traceBlock = opt_number(a, "traceBlock");
        if (has(a, "formats")) {
            const val f = prop(a, "formats");
            if (has(f, "scores")) opt.formats.scores = str(f, "scores");
            if (has(f, "exp")) opt.formats.exp = str(f, "exp");
            if (has(f, "sum")) opt.formats.sum = str(f, "sum");
            if (has(f, "accumulator")) opt.formats.accumulator = str(f, "accumulator");
        }
        TiledResult r = tiled_attention(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"), opt);
        vec tiles = xt::empty<double>({3 * r.tiles.size()});
        for (std::size_t k = 0; k < r.tiles.size(); ++k) {
            tiles(3 * k) = static_cast<double>(r.tiles[k].rowBlock);
            tiles(3 * k + 1) = static_cast<double>(r.tiles[k].colBlock);
            tiles(3 * k + 2) = r.tiles[k].skipped ? 1 : 0;
        }
        val trace = val::array();
        for (TraceStep& s : r.trace) {
            val t = val::object();
            put(t, "colBlock", s.colBlock);
            put(t, "skipped", s.skipped);
            put(t, "m", from_vec(std::move(s.m)));
            put(t, "l", from_vec(std::move(s.l)));
            put(t, "O", from_mat(std::move(s.O)));
            push(trace, t);
        }
        val o = val::object();
        put(o, "output", from_mat(std::move(r.output)));
        put(o, "blockRows", r.blockRows);
        put(o, "blockCols", r.blockCols);
        put(o, "tiles", from_vec(std::move(tiles)));
        put(o, "trace", trace);
        put(o, "counts", counts(r.counts));
        put(o, "standard", counts(r.standard));
        return o;
    });
}

val js_tiled_attention_backward(val a) {
    return guarded("tiledAttentionBackward", [&] {
        TiledBackwardOptions opt;
        read_tile_options(a, opt);
        opt.scale = opt_number(a, "scale");
        TiledGrads g = tiled_attention_backward(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"),
                                                get_mat(a, "dOutput"), opt);
        val o = val::object();
        put(o, "dQ", from_mat(std::move(g.dQ)));
        put(o, "dK", from_mat(std::move(g.dK)));
        put(o, "dV", from_mat(std::move(g.dV)));
        put(o, "counts", counts(g.counts));
        put(o, "standard", counts(g.standard));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_flash) {
    emscripten::function("onlineSoftmax", &attn::js::js_online_softmax);
    emscripten::function("tiledAttention", &attn::js::js_tiled_attention);
    emscripten::function("tiledAttentionBackward", &attn::js::js_tiled_attention_backward);
}
