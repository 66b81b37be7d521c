// attentionCost against pair-by-pair counts and timeAttention's result
// shape, caps and budget.
// Reference values: tests/fixtures/attention_cost.json, made by
// scripts/fixtures/complexity.py
// (/usr/bin/python3 scripts/gen_fixtures.py complexity).
#include <catch2/catch.hpp>
#include <cmath>

#include "attn/complexity/cost.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("attentionCost matches the counts of the fixture", "[complexity]") {
    const auto& cases = fx::load("attention_cost")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        CostOptions o;
        o.kind = k["kind"].str;
        if (k.has("window")) o.window = k["window"].number();
        if (k.has("rank")) o.rank = k["rank"].number();
        INFO("case " << c << ": " << o.kind << " n " << k["n"].number() << " d " << k["d"].number());
        const AttentionCost r = attention_cost(k["n"].number(), k["d"].number(), o);
        tc::require_close(r.flops, k["flops"].number(), 1e-15, 0);
        tc::require_close(r.bytes, k["bytes"].number(), 1e-15, 0);
        REQUIRE(r.reads == k["reads"].number());
        REQUIRE(r.writes == k["writes"].number());
    }
}

TEST_CASE("attentionCost properties", "[complexity]") {
    const double n = GENERATE(1.0, 2.0, 17.0, 512.0, 4096.0, 100000.0);
    const double d = GENERATE(1.0, 64.0);
    const AttentionCost full = attention_cost(n, d);
    tc::require_close(full.flops, 4 * n * n * d + 5 * n * n, 1e-15, 0);
    CostOptions sp;
    sp.kind = "sparse";
    double prev = 0;
    for (double w : {1.0, 2.0, 8.0, n - 1, n, 10 * n}) {
        if (w < 1) continue;
        sp.window = w;
        const AttentionCost s = attention_cost(n, d, sp);
        REQUIRE(s.flops >= prev);  // grows with the window ...
        REQUIRE(s.flops <= full.flops);  // ... up to full attention
        if (w >= n - 1) {
            tc::require_close(s.flops, full.flops, 1e-15, 0);
            tc::require_close(s.bytes, full.bytes, 1e-15, 0);
        }
        prev = s.flops;
    }
    // Linear in n for a fixed window / rank.
    sp.window = 4.0;
    CostOptions lr;
    lr.kind = "lowRank";
    lr.rank = 1.0;
    if (n >= 512) {
        const double s1 = attention_cost(n, d, sp).flops, s2 = attention_cost(2 * n, d, sp).flops;
        REQUIRE(s2 / s1 < 2.01);
        const double l1 = attention_cost(n, d, lr).flops, l2 = attention_cost(2 * n, d, lr).flops;
        tc::require_close(l2 / l1, 2.0, 1e-15, 0);
    }
    // A window or rank that the kind does not use is ignored.
    CostOptions extra;
    extra.window = 3.0;
    extra.rank = 1.0;
    tc::require_close(attention_cost(n, d, extra).flops, full.flops, 0, 0);
}

TEST_CASE("attentionCost rejects bad input with clear messages", "[complexity]") {
    tc::require_invalid([] { attention_cost(0, 4); }, "attentionCost: n must be an integer from 1 to 16777216, got 0");
    tc::require_invalid([] { attention_cost(2.5, 4); }, "attentionCost: n must be an integer");
    tc::require_invalid([] { attention_cost(1e9, 4); }, "attentionCost: n must be an integer from 1 to 16777216, got 1e+09");
    tc::require_invalid([] { attention_cost(4, 0); }, "attentionCost: d must be an integer from 1 to 65536, got 0");
    CostOptions o;
    o.kind = "dense";
    tc::require_invalid([&] { attention_cost(4, 4, o); },
                        "attentionCost: kind must be 'full', 'sparse', 'lowRank', 'tiled' or 'linear', got 'dense'");
    o.kind = "sparse";
    tc::require_invalid([&] { attention_cost(4, 4, o); }, "attentionCost: kind 'sparse' needs option window");
    o.window = 0.0;
    tc::require_invalid([&] { attention_cost(4, 4, o); }, "attentionCost: window must be an integer >= 1, got 0");
    o = CostOptions{};
    o.kind = "lowRank";
    tc::require_invalid([&] { attention_cost(4, 4, o); }, "attentionCost: kind 'lowRank' needs option rank");
    o.rank = 5.0;
    tc::require_invalid([&] { attention_cost(4, 4, o); }, "attentionCost: rank must be an integer from 1 to 4, got 5");
    o.rank = 0.5;
    tc::require_invalid([&] { attention_cost(4, 4, o); }, "attentionCost: rank must be an integer >= 1, got 0.5");
}

TEST_CASE("timeAttention measures every kind", "[complexity]") {
    TimeOptions o;
    o.repeats = 3.0;
    for (const char* kind : {"full", "sparse", "lowRank"}) {
        o.kind = kind;
        o.window = 2.0;
        o.rank = 4.0;
        const AttentionTiming t = time_attention(64, 8, o);
        INFO(kind << ": " << t.ms << " ms");
        REQUIRE(t.repeats == 3);
        REQUIRE(t.ms >= 0);
        REQUIRE(std::isfinite(t.ms));
        REQUIRE(t.msMin <= t.ms);
        REQUIRE(t.msMin <= t.msMean);
    }
    o = TimeOptions{};
    REQUIRE(time_attention(16, 4, o).repeats == time_default_repeats);
    // Long sequences are fine for the linear kinds.
    o.kind = "sparse";
    o.window = 1.0;
    o.repeats = 1.0;
    REQUIRE(time_attention(65536, 2, o).ms >= 0);
}

TEST_CASE("timeAttention rejects bad input and oversized work", "[complexity]") {
    TimeOptions o;
    tc::require_invalid([&] { time_attention(4097, 8, o); },
                        "timeAttention: n = 4097 is more than the limit 4096 for kind 'full'");
    tc::require_invalid([&] { time_attention(8, 257, o); }, "timeAttention: d = 257 is more than the limit 256");
    o.repeats = 0.0;
    tc::require_invalid([&] { time_attention(8, 8, o); }, "timeAttention: repeats must be an integer from 1 to 1000, got 0");
    o.repeats = 1001.0;
    tc::require_invalid([&] { time_attention(8, 8, o); }, "timeAttention: repeats must be an integer from 1 to 1000");
    o.repeats = 2.0;
    tc::require_invalid([&] { time_attention(4096, 256, o); }, "timeAttention: about 34527510528 flops (2 repeats) is more than the budget of 2000000000");
    tc::require_invalid([&] { time_attention(1024, 256, o); }, "timeAttention: about 2157969408 flops (2 repeats) is more than the budget of 2000000000");
    o = TimeOptions{};
    o.kind = "sparse";
    o.window = 1.0;
    tc::require_invalid([&] { time_attention(65537, 2, o); },
                        "timeAttention: n = 65537 is more than the limit 65536 for kind 'sparse'");
    tc::require_invalid([&] { time_attention(65536, 128, o); },
                        "timeAttention: n x d = 8388608 entries per input matrix is more than the limit");
    o.kind = "lowRank";
    o.rank = 128.0;
    tc::require_invalid([&] { time_attention(65536, 4, o); },
                        "timeAttention: rank x n = 8388608 entries in E and F is more than the limit");
    o.kind = "bogus";
    tc::require_invalid([&] { time_attention(8, 8, o); }, "timeAttention: kind must be");
}
