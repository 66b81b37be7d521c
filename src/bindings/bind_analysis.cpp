// Embind glue for the softmax Lipschitz analysis (no math here).
#include <cmath>
#include <cstdint>

#include "attn/analysis/lipschitz.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

double temperature(const val& a) { return has(a, "temperature") ? num(a, "temperature") : 1.0; }

// A JS integer (already checked by the facade) -> int64, saturating so that
// e.g. 1e300 reaches the core's range check instead of an undefined cast.
std::int64_t to_int64(const val& v) {
    const double d = v.as<double>();
    if (std::isnan(d)) return -1;
    if (d >= 9.2e18) return INT64_MAX;
    if (d <= -9.2e18) return INT64_MIN;
    return static_cast<std::int64_t>(d);
}

val js_lipschitz_ratio(val a) {
    return guarded("lipschitzRatio", [&] {
        return val(attn::lipschitz_ratio(get_vec(a, "z1"), get_vec(a, "z2"), temperature(a)));
    });
}

val js_lipschitz_bound(val a) {
    return guarded("lipschitzBound", [&] { return val(attn::lipschitz_bound(temperature(a))); });
}

val js_jacobian_spectral_norm(val a) {
    return guarded("jacobianSpectralNorm", [&] {
        return val(attn::jacobian_spectral_norm(get_vec(a, "z"), temperature(a)));
    });
}

val js_lipschitz_search(val a) {
    return guarded("lipschitzSearch", [&] {
        const double scale = has(a, "scale") ? num(a, "scale") : 1.0;
        const LipschitzSearch s = attn::lipschitz_search(
            to_int64(prop(a, "n")), to_int64(prop(a, "trials")), to_int64(prop(a, "seed")),
            temperature(a), scale);
        val o = val::object();
        put(o, "best", s.best);
        put(o, "bound", s.bound);
        put(o, "ratios", from_doubles(s.ratios.data(), s.ratios.size()));
        put(o, "bestZ1", from_vec(s.bestZ1));
        put(o, "bestZ2", from_vec(s.bestZ2));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_analysis) {
    emscripten::function("lipschitzRatio", &attn::js::js_lipschitz_ratio);
    emscripten::function("lipschitzBound", &attn::js::js_lipschitz_bound);
    emscripten::function("jacobianSpectralNorm", &attn::js::js_jacobian_spectral_norm);
    emscripten::function("lipschitzSearch", &attn::js::js_lipschitz_search);
}
