// Embind glue for probability: expectation, variance, moments, conditional (no math here).
#include "attn/prob/conditional.hpp"
#include "attn/prob/expectation.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val js_expectation(val a) {
    return guarded("expectation", [&] {
        return val(attn::expectation(to_vec(a["x"]), to_vec(a["p"])));
    });
}

val js_variance(val a) {
    return guarded("variance", [&] { return val(attn::variance(to_vec(a["x"]), to_vec(a["p"]))); });
}

val js_moments(val a) {
    return guarded("moments", [&] {
        const Moments m = attn::moments(to_vec(a["x"]), to_vec(a["p"]));
        val o = val::object();
        o.set("mean", m.mean);
        o.set("meanOfSquares", m.meanOfSquares);
        o.set("varianceCentral", m.varianceCentral);
        o.set("varianceShortcut", m.varianceShortcut);
        return o;
    });
}

val js_conditional(val a) {
    return guarded("conditional", [&] {
        const Conditionals c = attn::conditional(to_mat(a["joint"]));
        val o = val::object();
        o.set("pX", from_vec(c.pX));
        o.set("pY", from_vec(c.pY));
        o.set("pXgivenY", from_mat(c.pXgivenY));
        o.set("pYgivenX", from_mat(c.pYgivenX));
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
