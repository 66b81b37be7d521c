// Fuzz entry point, flash attention: onlineSoftmax's weights a distribution
// and its m the running max; tiledAttention with any blocks, causal, scale
// and formats, its output (float64) attention's wherever attention accepts
// the same input, convex in V; tiledAttentionBackward's shapes and finiteness.
#include <algorithm>
#include <cmath>
#include <string>

#include "attn/attention/attention.hpp"
#include "attn/flash/online_softmax.hpp"
#include "attn/flash/tiled_attention.hpp"
#include "attn/flash/tiled_backward.hpp"
#include "entries.hpp"

namespace fuzz {

namespace {

const char* const formats[] = {"float64", "float32", "float16", "bfloat16", "e4m3", "e5m2", "float8"};

void tile_options(Input& in, attn::TileOptions& o) {
    const std::uint8_t b = in.u8();
    if (b & 1) o.blockRows = in.u8() % 4 == 0 ? in.value() : static_cast<double>(in.dim(20));
    if (b & 2) o.blockCols = in.u8() % 4 == 0 ? in.value() : static_cast<double>(in.dim(20));
    if (b & 4) o.fastMemory = in.u8() % 4 == 0 ? in.value() : static_cast<double>(in.u8()) + 1;
    o.causal = b & 8;
}

void online(Input& in) {
    const vec z = in.vector(in.dim());
    const attn::OnlineSoftmax r = attn::online_softmax(z);
    double s = 0, mx = -INFINITY;
    for (std::size_t i = 0; i < z.size(); ++i) {
        mx = std::max(mx, z(i));
        REQUIRE("onlineSoftmax", r.m(i) == mx, "m is the running max");
        REQUIRE("onlineSoftmax", r.l(i) >= 1 && std::isfinite(r.l(i)), "l in [1, i + 1]");
        REQUIRE("onlineSoftmax", r.weights(i) >= 0 && r.weights(i) <= 1, "weights in [0, 1]");
        s += r.weights(i);
    }
    REQUIRE("onlineSoftmax", std::fabs(s - 1) < 1e-9, "weights sum to 1");
}

void forward(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk), K = in.matrix(m, maybe(in, dk)), V = in.matrix(maybe(in, m), dv);
    attn::TiledOptions o;
    tile_options(in, o);
    if (in.flag()) o.scale = in.positive();
    if (in.flag()) o.traceBlock = static_cast<double>(in.u8() % 4);
    const bool low = in.u8() % 3 == 0;
    if (low) {
        o.formats.scores = formats[in.u8() % 7];
        o.formats.exp = formats[in.u8() % 7];
        o.formats.sum = formats[in.u8() % 7];
        o.formats.accumulator = formats[in.u8() % 7];
    }
    const attn::TiledResult r = attn::tiled_attention(Q, K, V, o);
    REQUIRE("tiledAttention", r.output.shape(0) == n && r.output.shape(1) == dv, "output shape");
    REQUIRE("tiledAttention", r.tiles.size() == ((n + r.blockRows - 1) / r.blockRows) * ((m + r.blockCols - 1) / r.blockCols), "tile count");
    REQUIRE("tiledAttention", r.counts.writes == static_cast<double>(n * dv + n), "writes: O and L once");
    if (low) return;  // float16 may overflow to Infinity and NaN: that is the lesson
    attn::AttentionOptions ao;
    ao.causal = o.causal;
    ao.scale = o.scale;
    attn::AttentionSteps a;
    try {
        a = attn::attention(Q, K, V, ao);
    } catch (const attn::invalid_input&) {
        return;  // attention refuses more (an overflow in a tile that tiled skips)
    }
    const double vmax = max_abs(V.data(), V.size());
    for (std::size_t i = 0; i < r.output.size(); ++i)
        REQUIRE("tiledAttention", std::fabs(r.output.data()[i] - a.output.data()[i]) <= 1e-9 * vmax + 1e-300,
                "output equals attention's");
    check_convex_output("tiledAttention", a.weights, V, r.output);
}

void backward(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk), K = in.matrix(m, maybe(in, dk)), V = in.matrix(maybe(in, m), dv);
    const mat dO = in.matrix(maybe(in, n), dv);
    attn::TiledBackwardOptions o;
    tile_options(in, o);
    if (in.flag()) o.scale = in.positive();
    const attn::TiledGrads g = attn::tiled_attention_backward(Q, K, V, dO, o);
    REQUIRE("tiledAttentionBackward", g.dQ.shape() == Q.shape() && g.dK.shape() == K.shape() && g.dV.shape() == V.shape(), "shapes");
    REQUIRE("tiledAttentionBackward", all_finite(g.dQ) && all_finite(g.dK) && all_finite(g.dV), "finite gradients");
}

}  // namespace

void fuzz_flash(Input& in) {
    switch (in.u8() % 3) {
        case 0: online(in); break;
        case 1: forward(in); break;
        default: backward(in); break;
    }
}

}  // namespace fuzz
