// The memory and arithmetic counts of standard and tiled attention
// (io_counts.hpp) against the closed forms of scripts/fixtures/flash.py
// (which checks them against a tile-by-tile tally) at the paper's sizes,
// attentionCost's kind 'tiled', and timeAttention's tiled kernel.
// Reference values: tests/fixtures/flash_counts.json and
// flash_attention_cost.json (/usr/bin/python3 scripts/gen_fixtures.py flash).
#include <catch2/catch.hpp>

#include "attn/complexity/cost.hpp"
#include "attn/flash/io_counts.hpp"
#include "fixture_options.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("flash counts equal the closed forms", "[flash]") {
    const auto& cases = fx::load("flash_counts")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        auto sz = [&](const char* key) { return static_cast<std::size_t>(k[key].number()); };
        TileOptions o;
        tc::read_tile_options(k["options"], o);
        INFO("case " << c << ": n " << sz("n") << " m " << sz("m") << " d " << sz("dk") << " causal " << o.causal);
        const Tiling t = plan_tiles("test", sz("n"), sz("m"), sz("dk"), sz("dv"), o);
        REQUIRE(t.Br == sz("blockRows"));
        REQUIRE(t.Bc == sz("blockCols"));
        tc::require_counts(tiled_forward_counts(t), k["forward"]);
        tc::require_counts(standard_forward_counts(t), k["standard"]);
        tc::require_counts(tiled_backward_counts(t), k["backward"]);
        tc::require_counts(standard_backward_counts(t), k["standardBackward"]);
    }
}

TEST_CASE("flash counts at N = 1024, d = 64 (the paper's size), default fast memory", "[flash]") {
    const Tiling t = plan_tiles("test", 1024, 1024, 64, 64, {});
    REQUIRE(t.Bc == 384);  // ceil(98304 / 256)
    REQUIRE(t.Br == 64);   // min(B_c, d)
    const IoCounts s = standard_forward_counts(t), f = tiled_forward_counts(t);
    REQUIRE(s.reads == 2.0 * 1024 * 1024 + 3.0 * 1024 * 64);
    REQUIRE(s.writes == 2.0 * 1024 * 1024 + 1024.0 * 64);
    REQUIRE(s.flops == 4.0 * 1024 * 1024 * 64 + 5.0 * 1024 * 1024);
    REQUIRE(f.reads == 1024.0 * 64 * (1 + 2 * 16));  // Q once, K and V once per row block
    REQUIRE(f.writes == 1024.0 * 64 + 1024);
    // No tile moves more than the standard kernel; causal moves less.
    TileOptions c;
    c.causal = true;
    const IoCounts fc = tiled_forward_counts(plan_tiles("test", 1024, 1024, 64, 64, c));
    REQUIRE(fc.reads < f.reads);
    REQUIRE(fc.flops < f.flops);
}

TEST_CASE("attentionCost kind 'tiled' matches the fixture", "[flash]") {
    const auto& cases = fx::load("flash_attention_cost")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        CostOptions o;
        o.kind = k["kind"].str;
        if (k.has("blockRows")) o.blockRows = k["blockRows"].number();
        if (k.has("blockCols")) o.blockCols = k["blockCols"].number();
        if (k.has("fastMemory")) o.fastMemory = k["fastMemory"].number();
        if (k.has("pass")) o.pass = k["pass"].str;
        INFO("case " << c << ": " << o.kind << " " << o.pass << " n " << k["n"].number());
        const AttentionCost r = attention_cost(k["n"].number(), k["d"].number(), o);
        REQUIRE(r.flops == k["flops"].number());
        REQUIRE(r.bytes == k["bytes"].number());
        REQUIRE(r.reads == k["reads"].number());
        REQUIRE(r.writes == k["writes"].number());
    }
    CostOptions bad;
    bad.kind = "tiled";
    bad.blockRows = 0;
    tc::require_invalid([&] { attention_cost(16, 4, bad); }, "attentionCost: blockRows must be an integer >= 1, got 0");
    bad.blockRows.reset();
    bad.pass = "both";
    tc::require_invalid([&] { attention_cost(16, 4, bad); }, "attentionCost: pass must be 'forward' or 'backward', got 'both'");
    bad.kind = "sparse";
    bad.window = 2;
    bad.pass = "backward";
    tc::require_invalid([&] { attention_cost(16, 4, bad); },
                        "attentionCost: pass 'backward' is counted for kinds 'full' and 'tiled' only, not 'sparse'");
    bad.kind = "dense";
    tc::require_invalid([&] { attention_cost(16, 4, bad); },
                        "attentionCost: kind must be 'full', 'sparse', 'lowRank', 'tiled' or 'linear'");
}

TEST_CASE("timeAttention runs the tiled kernel", "[flash]") {
    TimeOptions o;
    o.kind = "tiled";
    o.blockRows = 8;
    o.blockCols = 24;
    o.repeats = 3;
    const AttentionTiming t = time_attention(100, 8, o);
    REQUIRE(t.repeats == 3);
    REQUIRE(t.msMin <= t.ms);
    REQUIRE(t.msMin >= 0);
    // One 8192 x 8192 tile would be a 512 MB n x n buffer: refused before any allocation.
    o.blockRows = o.blockCols = 8192;
    o.repeats = 1;
    tc::require_invalid([&] { time_attention(8192, 1, o); }, "timeAttention: needs 5");
    o.blockCols = 0.5;
    tc::require_invalid([&] { time_attention(100, 8, o); }, "timeAttention: blockCols must be an integer >= 1, got 0.5");
}
