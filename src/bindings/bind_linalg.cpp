// Embind glue for linear algebra (no math here).
#include "attn/linalg/matmul.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val js_matmul(val a) {
    return guarded("matmul", [&] {
        const Precision p = has(a, "precision")
                                ? parse_precision("matmul", a["precision"].as<std::string>())
                                : Precision::float64;
        return from_mat(matmul(to_mat(a["A"]), to_mat(a["B"]), p));
    });
}

val js_transpose(val a) {
    return guarded("transpose", [&] { return from_mat(attn::transpose(to_mat(a["A"]))); });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_linalg) {
    emscripten::function("matmul", &attn::js::js_matmul);
    emscripten::function("transpose", &attn::js::js_transpose);
}
