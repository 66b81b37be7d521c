// tiledAttention against torch (float64 output), a NumPy emulation of the
// tiles (order, skipped tiles, the trace of m, l and O; float16/float32
// formats rounded at the same points), the closed-form counts; and
// equality with attention over random shapes, blocks, causal and scales.
// Reference values: tests/fixtures/flash_tiled_attention.json and
// flash_tiled_formats.json, made by scripts/fixtures/flash.py
// (/usr/bin/python3 scripts/gen_fixtures.py flash).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/attention/attention.hpp"
#include "attn/flash/tiled_attention.hpp"
#include "fixture_options.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

using namespace attn;

namespace {

void require_trace(const std::vector<TraceStep>& got, const fx::Json& want, double rtol) {
    REQUIRE(got.size() == want.size());
    for (std::size_t s = 0; s < got.size(); ++s) {
        INFO("trace step " << s);
        REQUIRE(got[s].colBlock == static_cast<std::size_t>(want[s]["colBlock"].number()));
        REQUIRE(got[s].skipped == want[s]["skipped"].b);
        tc::require_close(got[s].m, want[s]["m"].vec(), rtol, 0);
        tc::require_close(got[s].l, want[s]["l"].vec(), rtol, 0);
        tc::require_close(got[s].O, want[s]["O"].mat(), rtol, 1e-15);
    }
}

}  // namespace

TEST_CASE("tiledAttention matches torch and the NumPy tiles", "[flash]") {
    const auto& cases = fx::load("flash_tiled_attention")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const TiledResult r =
                tiled_attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(), tc::tiled_options(k["options"]));
            tc::require_close(r.output, k["output"].mat(), 1e-12, 1e-14);
            REQUIRE(r.blockRows == static_cast<std::size_t>(k["blockRows"].number()));
            REQUIRE(r.blockCols == static_cast<std::size_t>(k["blockCols"].number()));
            const auto& tiles = k["tiles"];
            REQUIRE(r.tiles.size() == tiles.size());
            for (std::size_t t = 0; t < tiles.size(); ++t) {
                REQUIRE(r.tiles[t].rowBlock == static_cast<std::size_t>(tiles[t]["rowBlock"].number()));
                REQUIRE(r.tiles[t].colBlock == static_cast<std::size_t>(tiles[t]["colBlock"].number()));
                REQUIRE(r.tiles[t].skipped == tiles[t]["skipped"].b);
            }
            require_trace(r.trace, k["trace"], 1e-12);
            tc::require_counts(r.counts, k["counts"]);
            tc::require_counts(r.standard, k["standard"]);
        }
    }
}

TEST_CASE("tiledAttention formats match NumPy's float16/float32 emulation", "[flash]") {
    const auto& cases = fx::load("flash_tiled_formats")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const TiledResult r =
                tiled_attention(k["Q"].mat(), k["K"].mat(), k["V"].mat(), tc::tiled_options(k["options"]));
            // Same roundings in the same order: equal but for exp's last bit
            // between libms, which a rounding to float16 almost never sees.
            tc::require_close(r.output, k["output"].mat(), 1e-14, 1e-15);
            require_trace(r.trace, k["trace"], 1e-14);
        }
    }
}

TEST_CASE("tiledAttention equals attention for any blocks", "[flash]") {
    const int seed = GENERATE(take(150, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 24), small(1, 9);
    const std::size_t n = dim(gen), m = dim(gen), dk = small(gen), dv = small(gen);
    TiledOptions o;
    o.causal = gen() % 2;
    if (gen() % 4) o.blockRows = static_cast<double>(std::uniform_int_distribution<std::size_t>(1, n + 3)(gen));
    if (gen() % 4) o.blockCols = static_cast<double>(std::uniform_int_distribution<std::size_t>(1, m + 3)(gen));
    else if (gen() % 2) o.fastMemory = static_cast<double>(std::uniform_int_distribution<int>(1, 400)(gen));
    if (gen() % 3 == 0) o.scale = std::uniform_real_distribution<double>(-2, 2)(gen);
    const double sd = std::uniform_real_distribution<double>(0.1, 5.0)(gen);
    const mat Q = tc::random_mat(gen, n, dk, sd), K = tc::random_mat(gen, m, dk, sd), V = tc::random_mat(gen, m, dv);
    const TiledResult r0 = tiled_attention(Q, K, V, o);
    o.traceBlock = static_cast<double>(std::uniform_int_distribution<std::size_t>(0, (n - 1) / r0.blockRows)(gen));
    INFO("seed " << seed << " n " << n << " m " << m << " blocks " << r0.blockRows << " x "
                 << r0.blockCols << " causal " << o.causal << " trace " << *o.traceBlock);
    const TiledResult r = tiled_attention(Q, K, V, o);
    AttentionOptions ao;
    ao.causal = o.causal;
    ao.scale = o.scale;
    const AttentionSteps a = attention(Q, K, V, ao);
    tc::require_close(r.output, a.output, 1e-12, 1e-14);

    // Tiles in FlashAttention-2 order; skipped exactly when above the diagonal.
    const std::size_t Br = r.blockRows, Bc = r.blockCols, Tr = (n + Br - 1) / Br, Tc = (m + Bc - 1) / Bc;
    REQUIRE(r.tiles.size() == Tr * Tc);
    for (std::size_t t = 0; t < r.tiles.size(); ++t) {
        const std::size_t i = t / Tc, j = t % Tc;
        REQUIRE(r.tiles[t].rowBlock == i);
        REQUIRE(r.tiles[t].colBlock == j);
        const std::size_t last_row = std::min(n, (i + 1) * Br) - 1;
        REQUIRE(r.tiles[t].skipped == (o.causal && j * Bc > last_row));
    }
    // The trace ends in the block's output: O / l, and L's m the row max.
    const std::size_t tb = static_cast<std::size_t>(*o.traceBlock), r0w = tb * Br;
    REQUIRE(r.trace.size() == Tc);
    const TraceStep& last = r.trace.back();
    for (std::size_t q = 0; q < last.O.shape(0); ++q) {
        double mx = -INFINITY;
        for (std::size_t j = 0; j < m; ++j)
            if (!o.causal || j <= r0w + q) mx = std::max(mx, a.scaled(r0w + q, j));
        tc::require_close(last.m(q), mx, 1e-14, 1e-300);
        for (std::size_t c = 0; c < dv; ++c)
            tc::require_close(last.O(q, c) / last.l(q), a.output(r0w + q, c), 1e-12, 1e-14);
    }
    // A skipped tile leaves the state as it was.
    for (std::size_t s = 1; s < r.trace.size(); ++s)
        if (r.trace[s].skipped) {
            REQUIRE((r.trace[s].m == r.trace[s - 1].m));
            REQUIRE((r.trace[s].l == r.trace[s - 1].l));
            REQUIRE((r.trace[s].O == r.trace[s - 1].O));
        }
}

TEST_CASE("tiledAttention in float64 formats is the exact kernel; float16 is not", "[flash]") {
    std::mt19937 gen(7);
    const mat Q = tc::random_mat(gen, 10, 4), K = tc::random_mat(gen, 10, 4), V = tc::random_mat(gen, 10, 4);
    TiledOptions o;
    o.blockRows = 3;
    o.blockCols = 4;
    const TiledResult exact = tiled_attention(Q, K, V, o);
    o.formats.scores = o.formats.exp = o.formats.sum = o.formats.accumulator = "float64";
    REQUIRE((tiled_attention(Q, K, V, o).output == exact.output));
    o.formats.accumulator = "float16";
    const mat half = tiled_attention(Q, K, V, o).output;
    REQUIRE((half != exact.output));
    tc::require_close(half, exact.output, 1e-2, 1e-2);
}

TEST_CASE("tiledAttention rejects bad input with clear messages", "[flash]") {
    const mat Q = {{1, 0}, {0, 1}, {1, 1}}, K = {{1, 1}, {0, 2}, {1, 0}}, V = {{1}, {2}, {3}};
    auto with = [&](auto set) {
        TiledOptions o;
        set(o);
        return [=] { tiled_attention(Q, K, V, o); };
    };
    tc::require_invalid(with([](TiledOptions& o) { o.blockRows = 0; }),
                        "tiledAttention: blockRows must be an integer >= 1, got 0");
    tc::require_invalid(with([](TiledOptions& o) { o.blockCols = 1.5; }),
                        "tiledAttention: blockCols must be an integer >= 1, got 1.5");
    tc::require_invalid(with([](TiledOptions& o) { o.fastMemory = 0; }),
                        "tiledAttention: fastMemory must be an integer from 1 to 1073741824");
    tc::require_invalid(with([](TiledOptions& o) { o.fastMemory = 2e9; }),
                        "tiledAttention: fastMemory must be an integer from 1 to 1073741824");
    tc::require_invalid(with([](TiledOptions& o) { o.blockRows = 2; o.traceBlock = 2; }),
                        "tiledAttention: traceBlock must be an integer from 0 to 1 (there are 2 row blocks of 2 rows), got 2");
    tc::require_invalid(with([](TiledOptions& o) { o.traceBlock = -1; }),
                        "tiledAttention: traceBlock must be an integer from 0 to 1");
    tc::require_invalid(with([](TiledOptions& o) { o.scale = INFINITY; }),
                        "tiledAttention: scale must be a finite number, got Infinity");
    tc::require_invalid(with([](TiledOptions& o) { o.formats.exp = "float8"; }),
                        "tiledAttention: formats.exp: unknown format 'float8'");
    tc::require_invalid([&] { tiled_attention(Q, mat{{1, 1, 1}}, V); },
                        "tiledAttention: K has 3 columns but Q has 2");
    tc::require_invalid([&] { tiled_attention(Q, K, mat{{1}}); }, "tiledAttention: V has 1 rows but K has 3");
    tc::require_invalid([&] { tiled_attention(mat{{1e200, 1e200}}, mat{{1e200, 1e200}}, mat{{1}}); },
                        "tiledAttention: Q K^T overflows at (0, 0)");
    TiledOptions big;
    big.scale = 1e308;
    tc::require_invalid([&] { tiled_attention(Q, K, V, big); }, "tiledAttention: Q K^T * scale overflows at (1, 1)");
    // 2^21 tiles of one entry: over the tile cap before anything is allocated.
    const mat Z = xt::zeros<double>({2048, 1}), Z2 = xt::zeros<double>({1024, 1});
    TiledOptions ones;
    ones.blockRows = ones.blockCols = 1;
    tc::require_invalid([&] { tiled_attention(Z, Z2, Z2, ones); },
                        "tiledAttention: 2097152 tiles (2048 x 1024 blocks) are more than the limit of 1048576");
    // One 4096 x 4096 tile is an n x n buffer: the memory check refuses it at d = 512.
    const mat W = xt::zeros<double>({4096, 512});
    TiledOptions whole;
    whole.blockRows = whole.blockCols = 4096;
    tc::require_invalid([&] { tiled_attention(W, W, W, whole); }, "tiledAttention: needs 2");
}
