// Embind glue for the complexity area (no math here).
#include <optional>
#include <string>

#include "attn/complexity/cost.hpp"
#include "attn/complexity/sparse.hpp"
#include "convert.hpp"

#include <utility>

namespace attn::js {
namespace {

std::optional<double> opt_number(const val& a, const char* key) {
    if (has(a, key)) return num(a, key);
    return std::nullopt;
}

void read_cost_options(const val& a, CostOptions& o) {
    if (has(a, "kind")) o.kind = str(a, "kind");
    o.window = opt_number(a, "window");
    o.rank = opt_number(a, "rank");
    o.blockRows = opt_number(a, "blockRows");
    o.blockCols = opt_number(a, "blockCols");
    o.fastMemory = opt_number(a, "fastMemory");
    if (has(a, "pass")) o.pass = str(a, "pass");
    if (has(a, "order")) o.order = str(a, "order");
}

val js_sparse_attention(val a) {
    return guarded("sparseAttention", [&] {
        AttentionSteps s = sparse_attention(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"),
                                            opt_number(a, "window"));
        val o = val::object();
        put(o, "scores", from_mat(std::move(s.scores)));
        put(o, "scaled", from_mat(std::move(s.scaled)));
        put(o, "weights", from_mat(std::move(s.weights)));
        put(o, "output", from_mat(std::move(s.output)));
        return o;
    });
}

val js_attention_cost(val a) {
    return guarded("attentionCost", [&] {
        CostOptions o;
        read_cost_options(a, o);
        const AttentionCost c = attention_cost(num(a, "n"), num(a, "d"), o);
        val r = val::object();
        put(r, "flops", c.flops);
        put(r, "bytes", c.bytes);
        put(r, "reads", c.reads);
        put(r, "writes", c.writes);
        return r;
    });
}

val js_time_attention(val a) {
    return guarded("timeAttention", [&] {
        TimeOptions o;
        read_cost_options(a, o);
        o.repeats = opt_number(a, "repeats");
        const AttentionTiming t = time_attention(num(a, "n"), num(a, "d"), o);
        val r = val::object();
        put(r, "ms", t.ms);
        put(r, "msMean", t.msMean);
        put(r, "msMin", t.msMin);
        put(r, "repeats", t.repeats);
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
