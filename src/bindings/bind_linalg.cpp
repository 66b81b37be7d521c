// Embind glue for linear algebra (no math here).
#include "attn/linalg/matmul.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val js_matmul(val a) {
    return guarded("matmul", [&] {
        const Precision p = has(a, "precision")
                                ? parse_precision("matmul", str(a, "precision"))
                                : Precision::float64;
        return from_mat(matmul(get_mat(a, "A"), get_mat(a, "B"), p));
    });
}

val js_transpose(val a) {
    return guarded("transpose", [&] { return from_mat(attn::transpose(get_mat(a, "A"))); });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_linalg) {
    emscripten::function("matmul", &attn::js::js_matmul);
    emscripten::function("transpose", &attn::js::js_transpose);
}
