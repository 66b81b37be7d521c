// The only place that knows both JS and xtensor: conversions between the
// facade's plain objects and core types, and the error boundary.
//
// Wire format (what web/lib/facade.js sends and receives):
//   vector  -> Float64Array
//   matrix  -> {data: Float64Array (row-major), rows, cols}
//   result  -> {ok: true, value} | {ok: false, error: "fn: message"}
// No C++ exception ever crosses into JS (that leaks and arrives as a number).
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <new>
#include <string>

#include "attn/common/types.hpp"

namespace attn::js {

using emscripten::val;

inline vec to_vec(const val& a) {
    const std::size_t n = a["length"].as<std::size_t>();
    vec v = xt::empty<double>({n});
    if (n) val(emscripten::typed_memory_view(n, v.data())).call<void>("set", a);
    return v;
}

inline mat to_mat(const val& m) {
    const std::size_t rows = m["rows"].as<std::size_t>(), cols = m["cols"].as<std::size_t>();
    mat out = xt::empty<double>({rows, cols});
    if (rows * cols)
        val(emscripten::typed_memory_view(rows * cols, out.data())).call<void>("set", m["data"]);
    return out;
}

inline val from_vec(const vec& v) {
    return val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

inline val from_mat(const mat& m) {
    val o = val::object();
    o.set("rows", m.shape(0));
    o.set("cols", m.shape(1));
    o.set("data",
          val::global("Float64Array").new_(emscripten::typed_memory_view(m.size(), m.data())));
    return o;
}

// One property read (an Embind call each; hasOwnProperty would add a method
// call per option). Prototype pollution cannot reach this: the facade builds
// every wire object with Object.create(null) (web/lib/convert.js).
inline bool has(const val& o, const char* key) {
    const val v = o[key];
    return !v.isUndefined() && !v.isNull();
}

// Runs f() and wraps its result or its error. fn names the public function
// for errors that the core could not name itself (out of memory).
template <class F>
val guarded(const char* fn, F&& f) {
    val r = val::object();
    try {
        r.set("value", f());
        r.set("ok", true);
    } catch (const std::bad_alloc&) {
        r.set("ok", false);
        r.set("error", std::string(fn) + ": out of memory (the input is too large)");
    } catch (const std::exception& e) {
        r.set("ok", false);
        r.set("error", std::string(e.what()));
    }
    return r;
}

}  // namespace attn::js
