// Embind glue for information theory (no math here).
#include "attn/info/entropy.hpp"
#include "attn/info/mutual_information.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

double base(const val& a) { return has(a, "base") ? num(a, "base") : 2.0; }

val js_entropy(val a) {
    return guarded("entropy", [&] { return val(attn::entropy(get_vec(a, "p"), base(a))); });
}

val js_cross_entropy(val a) {
    return guarded("crossEntropy", [&] {
        return val(attn::cross_entropy(get_vec(a, "p"), get_vec(a, "q"), base(a)));
    });
}

val js_kl_divergence(val a) {
    return guarded("klDivergence", [&] {
        return val(attn::kl_divergence(get_vec(a, "p"), get_vec(a, "q"), base(a)));
    });
}

val js_mutual_information(val a) {
    return guarded("mutualInformation", [&] {
        return val(attn::mutual_information(get_mat(a, "joint"), base(a)));
    });
}

val js_conditional_entropy(val a) {
    return guarded("conditionalEntropy", [&] {
        const ConditionalEntropies h = attn::conditional_entropy(get_mat(a, "joint"), base(a));
        val o = val::object();
        put(o, "HX", h.HX);
        put(o, "HY", h.HY);
        put(o, "HXgivenY", h.HXgivenY);
        put(o, "HYgivenX", h.HYgivenX);
        put(o, "HXY", h.HXY);
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
