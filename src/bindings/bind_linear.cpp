// Embind glue for linear attention (no math here).
#include "attn/flash/linear_attention.hpp"
#include <string>
#include <utility>

#include "convert.hpp"

namespace attn::js {
namespace {

val js_linear_attention(val a) {
    return guarded("linearAttention", [&] {
        LinearAttentionOptions o;
        if (has(a, "causal")) o.causal = flag(a, "causal");
        if (has(a, "order")) o.order = str(a, "order");
        LinearAttentionResult r = linear_attention(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"), o);
        val v = val::object();
        put(v, "output", from_mat(std::move(r.output)));
        put(v, "featuresQ", from_mat(std::move(r.featuresQ)));
        put(v, "featuresK", from_mat(std::move(r.featuresK)));
        put(v, "weights", from_mat(std::move(r.weights)));
        put(v, "state", from_mat(std::move(r.state)));
        put(v, "normalizer", from_vec(std::move(r.normalizer)));
        return v;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_linear) {
    emscripten::function("linearAttention", &attn::js::js_linear_attention);
}
