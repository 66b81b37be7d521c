// Embind glue for the softmax family (no math here).
#include "attn/softmax/softmax.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

double temperature(const val& a) { return has(a, "temperature") ? num(a, "temperature") : 1.0; }

val js_softmax(val a) {
    return guarded("softmax", [&] { return from_vec(softmax(get_vec(a, "z"), temperature(a))); });
}

val js_softmax_naive(val a) {
    return guarded("softmaxNaive",
                   [&] { return from_vec(softmax_naive(get_vec(a, "z"), temperature(a))); });
}

val js_log_softmax(val a) {
    return guarded("logSoftmax",
                   [&] { return from_vec(log_softmax(get_vec(a, "z"), temperature(a))); });
}

val js_softmax_jacobian(val a) {
    return guarded("softmaxJacobian",
                   [&] { return from_mat(softmax_jacobian(get_vec(a, "z"), temperature(a))); });
}

val js_softmax_steps(val a) {
    return guarded("softmaxSteps", [&] {
        const SoftmaxSteps s = softmax_steps(get_vec(a, "z"), temperature(a));
        val o = val::object();
        put(o, "max", s.max);
        put(o, "shifted", from_vec(s.shifted));
        put(o, "exps", from_vec(s.exps));
        put(o, "sum", s.sum);
        put(o, "probs", from_vec(s.probs));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_softmax) {
    emscripten::function("softmax", &attn::js::js_softmax);
    emscripten::function("softmaxNaive", &attn::js::js_softmax_naive);
    emscripten::function("logSoftmax", &attn::js::js_log_softmax);
    emscripten::function("softmaxJacobian", &attn::js::js_softmax_jacobian);
    emscripten::function("softmaxSteps", &attn::js::js_softmax_steps);
}
