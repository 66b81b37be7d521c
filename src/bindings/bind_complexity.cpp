// Embind glue for the complexity area (no math here).
#include <optional>
#include <string>

#include "attn/complexity/cost.hpp"
#include "attn/complexity/sparse.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

std::optional<double> opt_number(const val& a, const char* key) {
    if (has(a, key)) return a[key].as<double>();
    return std::nullopt;
}

void read_cost_options(const val& a, CostOptions& o) {
    if (has(a, "kind")) o.kind = a["kind"].as<std::string>();
    o.window = opt_number(a, "window");
    o.rank = opt_number(a, "rank");
}

val js_sparse_attention(val a) {
    return guarded("sparseAttention", [&] {
        const AttentionSteps s = sparse_attention(to_mat(a["Q"]), to_mat(a["K"]), to_mat(a["V"]),
                                                  opt_number(a, "window"));
        val o = val::object();
        o.set("scores", from_mat(s.scores));
        o.set("scaled", from_mat(s.scaled));
        o.set("weights", from_mat(s.weights));
        o.set("output", from_mat(s.output));
        return o;
    });
}

val js_attention_cost(val a) {
    return guarded("attentionCost", [&] {
        CostOptions o;
        read_cost_options(a, o);
        const AttentionCost c = attention_cost(a["n"].as<double>(), a["d"].as<double>(), o);
        val r = val::object();
        r.set("flops", c.flops);
        r.set("bytes", c.bytes);
        return r;
    });
}

val js_time_attention(val a) {
    return guarded("timeAttention", [&] {
        TimeOptions o;
        read_cost_options(a, o);
        o.repeats = opt_number(a, "repeats");
        const AttentionTiming t = time_attention(a["n"].as<double>(), a["d"].as<double>(), o);
        val r = val::object();
        r.set("ms", t.ms);
        r.set("msMean", t.msMean);
        r.set("msMin", t.msMin);
        r.set("repeats", t.repeats);
        return r;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_complexity) {
    emscripten::function("sparseAttention", &attn::js::js_sparse_attention);
    emscripten::function("attentionCost", &attn::js::js_attention_cost);
    emscripten::function("timeAttention", &attn::js::js_time_attention);
}
