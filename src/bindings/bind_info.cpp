// Embind glue for information theory (no math here).
#include "attn/info/entropy.hpp"
#include "attn/info/mutual_information.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

double base(const val& a) { return has(a, "base") ? a["base"].as<double>() : 2.0; }

val js_entropy(val a) {
    return guarded("entropy", [&] { return val(attn::entropy(to_vec(a["p"]), base(a))); });
}

val js_cross_entropy(val a) {
    return guarded("crossEntropy", [&] {
        return val(attn::cross_entropy(to_vec(a["p"]), to_vec(a["q"]), base(a)));
    });
}

val js_kl_divergence(val a) {
    return guarded("klDivergence", [&] {
        return val(attn::kl_divergence(to_vec(a["p"]), to_vec(a["q"]), base(a)));
    });
}

val js_mutual_information(val a) {
    return guarded("mutualInformation", [&] {
        return val(attn::mutual_information(to_mat(a["joint"]), base(a)));
    });
}

val js_conditional_entropy(val a) {
    return guarded("conditionalEntropy", [&] {
        const ConditionalEntropies h = attn::conditional_entropy(to_mat(a["joint"]), base(a));
        val o = val::object();
        o.set("HX", h.HX);
        o.set("HY", h.HY);
        o.set("HXgivenY", h.HXgivenY);
        o.set("HYgivenX", h.HYgivenX);
        o.set("HXY", h.HXY);
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_info) {
    emscripten::function("entropy", &attn::js::js_entropy);
    emscripten::function("crossEntropy", &attn::js::js_cross_entropy);
    emscripten::function("klDivergence", &attn::js::js_kl_divergence);
    emscripten::function("mutualInformation", &attn::js::js_mutual_information);
    emscripten::function("conditionalEntropy", &attn::js::js_conditional_entropy);
}
