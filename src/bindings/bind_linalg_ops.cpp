// Embind glue for the vector ops, affine map, trace and det (no math here).
#include "attn/linalg/det.hpp"
#include "attn/linalg/vector_ops.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val js_add(val a) {
    return guarded("add", [&] { return from_vec(attn::add(get_vec(a, "u"), get_vec(a, "v"))); });
}

val js_sub(val a) {
    return guarded("sub", [&] { return from_vec(attn::sub(get_vec(a, "u"), get_vec(a, "v"))); });
}

val js_scale(val a) {
    return guarded("scale", [&] {
        return from_vec(attn::scale(num(a, "alpha"), get_vec(a, "v")));
    });
}

val js_dot(val a) {
    return guarded("dot", [&] { return val(attn::dot(get_vec(a, "u"), get_vec(a, "v"))); });
}

val js_norm(val a) {
    return guarded("norm", [&] {
        const double p = has(a, "p") ? num(a, "p") : 2.0;  // Infinity arrives as a double
        return val(attn::norm(get_vec(a, "v"), p));
    });
}

val js_affine(val a) {
    return guarded("affine", [&] {
        const mat W = get_mat(a, "W");
        const vec x = get_vec(a, "x");
        return from_vec(has(a, "b") ? attn::affine(W, x, get_vec(a, "b")) : attn::affine(W, x));
    });
}

val js_trace(val a) {
    return guarded("trace", [&] { return val(attn::trace(get_mat(a, "A"))); });
}

val js_det(val a) {
    return guarded("det", [&] { return val(attn::det(get_mat(a, "A"))); });
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
