// Embind glue for the vector ops, affine map, trace and det (no math here).
#include "attn/linalg/det.hpp"
#include "attn/linalg/vector_ops.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val js_add(val a) {
    return guarded("add", [&] { return from_vec(attn::add(to_vec(a["u"]), to_vec(a["v"]))); });
}

val js_sub(val a) {
    return guarded("sub", [&] { return from_vec(attn::sub(to_vec(a["u"]), to_vec(a["v"]))); });
}

val js_scale(val a) {
    return guarded("scale", [&] {
        return from_vec(attn::scale(a["alpha"].as<double>(), to_vec(a["v"])));
    });
}

val js_dot(val a) {
    return guarded("dot", [&] { return val(attn::dot(to_vec(a["u"]), to_vec(a["v"]))); });
}

val js_norm(val a) {
    return guarded("norm", [&] {
        const double p = has(a, "p") ? a["p"].as<double>() : 2.0;  // Infinity arrives as a double
        return val(attn::norm(to_vec(a["v"]), p));
    });
}

val js_affine(val a) {
    return guarded("affine", [&] {
        const mat W = to_mat(a["W"]);
        const vec x = to_vec(a["x"]);
        return from_vec(has(a, "b") ? attn::affine(W, x, to_vec(a["b"])) : attn::affine(W, x));
    });
}

val js_trace(val a) {
    return guarded("trace", [&] { return val(attn::trace(to_mat(a["A"]))); });
}

val js_det(val a) {
    return guarded("det", [&] { return val(attn::det(to_mat(a["A"]))); });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_linalg_ops) {
    emscripten::function("add", &attn::js::js_add);
    emscripten::function("sub", &attn::js::js_sub);
    emscripten::function("scale", &attn::js::js_scale);
    emscripten::function("dot", &attn::js::js_dot);
    emscripten::function("norm", &attn::js::js_norm);
    emscripten::function("affine", &attn::js::js_affine);
    emscripten::function("trace", &attn::js::js_trace);
    emscripten::function("det", &attn::js::js_det);
}
