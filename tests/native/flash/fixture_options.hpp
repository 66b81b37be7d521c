// The "options" object of the flash fixtures (tests/fixtures/flash_*.json)
// as the core's option structs.
#pragma once

#include "attn/flash/tiled_attention.hpp"
#include "attn/flash/tiled_backward.hpp"
#include "support/json.hpp"

namespace tc {

inline void read_tile_options(const fx::Json& o, attn::TileOptions& t) {
    if (o.has("blockRows")) t.blockRows = o["blockRows"].number();
    if (o.has("blockCols")) t.blockCols = o["blockCols"].number();
    if (o.has("fastMemory")) t.fastMemory = o["fastMemory"].number();
    if (o.has("causal")) t.causal = o["causal"].b;
}

inline attn::TiledOptions tiled_options(const fx::Json& o) {
    attn::TiledOptions t;
    read_tile_options(o, t);
    if (o.has("scale")) t.scale = o["scale"].number();
    if (o.has("traceBlock")) t.traceBlock = o["traceBlock"].number();
    if (o.has("formats")) {
        const auto& f = o["formats"];
        if (f.has("scores")) t.formats.scores = f["scores"].str;
        if (f.has("exp")) t.formats.exp = f["exp"].str;
        if (f.has("sum")) t.formats.sum = f["sum"].str;
        if (f.has("accumulator")) t.formats.accumulator = f["accumulator"].str;
    }
    return t;
}

inline attn::TiledBackwardOptions backward_options(const fx::Json& o) {
    attn::TiledBackwardOptions t;
    read_tile_options(o, t);
    if (o.has("scale")) t.scale = o["scale"].number();
    return t;
}

inline void require_counts(const attn::IoCounts& got, const fx::Json& want) {
    INFO("reads " << got.reads << " writes " << got.writes << " flops " << got.flops);
    REQUIRE(got.reads == want["reads"].number());
    REQUIRE(got.writes == want["writes"].number());
    REQUIRE(got.flops == want["flops"].number());
}

}  // namespace tc
