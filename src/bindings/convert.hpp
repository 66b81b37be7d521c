// The only place that knows both JS and xtensor: conversions between the
// facade's plain objects and core types, and the error boundary.
//
// Wire format (what web/lib/facade.js sends and receives):
//   vector  -> Float64Array in; out: {wasmPtr, length}, a result array
//   matrix  -> {data: vector (row-major), rows, cols}
//   result  -> {ok: true, value} | {ok: false, error: "fn: message"}
// Result arrays stay in wasm memory (kept by this module) until
// releaseResults() or the next call: the facade reads them straight from
// HEAPF64 into number[] or its own Float64Array copies. Handing out a new
// Float64Array per array (an ArrayBuffer each, plus its GC) cost more than
// many kernels: 1,024 softmax calls 61 ms against 14 ms in the core.
// No C++ exception ever crosses into JS (that leaks and arrives as a number).
//
// Every helper is defined out of line in convert.cpp (bindings are built
// without LTO, so they stay calls): each inline emscripten::val operation
// expands to several imports and handle releases at every use, which made
// the glue a third of the module's code (measured: 85 KB of 298 KB).
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstddef>
#include <string>
#include <type_traits>

#include "attn/common/types.hpp"

namespace attn::js {

using emscripten::val;

vec to_vec(const val& a);
mat to_mat(const val& m);
// Results: a copy, or (rvalues) the array itself, kept until releaseResults().
val from_doubles(const double* data, std::size_t n);
val from_vec(const vec& v);
val from_vec(vec&& v);
val from_mat(const mat& m);
val from_mat(mat&& m);
void release_results();

// Reading a property of a wire object.
val prop(const val& o, const char* key);
vec get_vec(const val& o, const char* key);
mat get_mat(const val& o, const char* key);
double num(const val& o, const char* key);
bool flag(const val& o, const char* key);
std::string str(const val& o, const char* key);

// One property read (an Embind call each; hasOwnProperty would add a method
// call per option). Prototype pollution cannot reach this: the facade builds
// every wire object with Object.create(null) (web/lib/convert.js).
bool has(const val& o, const char* key);

// Writing a property of a result object.
void put(val& o, const char* key, const val& v);
void put(val& o, const char* key, double v);
void put(val& o, const char* key, bool v);
inline void put(val& o, const char* key, std::size_t v) { put(o, key, static_cast<double>(v)); }
inline void put(val& o, const char* key, int v) { put(o, key, static_cast<double>(v)); }
// Anything else (a const char*, a pointer) would silently become a bool.
template <class T>
void put(val& o, const char* key, T v) = delete;
void push(val& array, const val& v);
void push(val& array, double v);

// Runs call(ctx) and wraps its result or its error. fn names the public
// function for errors that the core could not name itself (out of memory).
val guarded_call(const char* fn, val (*call)(void*), void* ctx);

template <class F>
val guarded(const char* fn, F&& f) {
    using Fn = std::remove_reference_t<F>;
    return guarded_call(fn, [](void* c) -> val { return (*static_cast<Fn*>(c))(); }, &f);
}

}  // namespace attn::js
