// Embind glue for probability: expectation, variance, moments, conditional (no math here).
#include "attn/prob/conditional.hpp"
#include "attn/prob/expectation.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val js_expectation(val a) {
    return guarded("expectation", [&] {
        return val(attn::expectation(get_vec(a, "x"), get_vec(a, "p")));
    });
}

val js_variance(val a) {
    return guarded("variance", [&] { return val(attn::variance(get_vec(a, "x"), get_vec(a, "p"))); });
}

val js_moments(val a) {
    return guarded("moments", [&] {
        const Moments m = attn::moments(get_vec(a, "x"), get_vec(a, "p"));
        val o = val::object();
        put(o, "mean", m.mean);
        put(o, "meanOfSquares", m.meanOfSquares);
        put(o, "varianceCentral", m.varianceCentral);
        put(o, "varianceShortcut", m.varianceShortcut);
        return o;
    });
}

val js_conditional(val a) {
    return guarded("conditional", [&] {
        const Conditionals c = attn::conditional(get_mat(a, "joint"));
        val o = val::object();
        put(o, "pX", from_vec(c.pX));
        put(o, "pY", from_vec(c.pY));
        put(o, "pXgivenY", from_mat(c.pXgivenY));
        put(o, "pYgivenX", from_mat(c.pYgivenX));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_prob) {
    emscripten::function("expectation", &attn::js::js_expectation);
    emscripten::function("variance", &attn::js::js_variance);
    emscripten::function("moments", &attn::js::js_moments);
    emscripten::function("conditional", &attn::js::js_conditional);
}
