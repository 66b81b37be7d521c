// Out-of-line conversions and the error boundary (see convert.hpp).
#include "convert.hpp"

#include <algorithm>
#include <cstdint>
#include <new>
#include <vector>

namespace attn::js {

namespace {

// The result arrays of the current call (see convert.hpp).
std::vector<xt::uvector<double>>& kept() {
    static std::vector<xt::uvector<double>> arrays;
    return arrays;
}

// {wasmPtr, length}: numbers, not a memory view, since a later allocation in
// the same call may grow the memory and detach every view made before it.
val keep(xt::uvector<double>&& storage) {
    kept().push_back(std::move(storage));
    const auto& a = kept().back();
    val o = val::object();
    put(o, "wasmPtr", static_cast<double>(reinterpret_cast<std::uintptr_t>(a.data())));
    put(o, "length", a.size());
    return o;
}

// Above this many entries, fill() drops the glue's reference to its source.
constexpr std::size_t forget_after = std::size_t{1} << 16;  // 512 KB

void fill(std::size_t n, double* data, const val& source) {
    if (!n) return;
    val view(emscripten::typed_memory_view(n, data));
    view.call<void>("set", source);
    // Emscripten 3.1.6's glue passes a method's arguments in one array per
    // signature (argN in __emval_get_method_caller) and never clears it: the
    // source stayed alive until the next call of a void(val) method (128 MB of
    // JS arrays after a refused 2048 x 2048 selfAttention). An empty array in
    // its place (set([]) copies nothing) lets it be collected.
    if (n > forget_after) view.call<void>("set", val::array());
}

}  // namespace

vec to_vec(const val& a) {
    const std::size_t n = a["length"].as<std::size_t>();
    vec v = xt::empty<double>({n});
    fill(n, v.data(), a);
    return v;
}

mat to_mat(const val& m) {
    const std::size_t rows = m["rows"].as<std::size_t>(), cols = m["cols"].as<std::size_t>();
    mat out = xt::empty<double>({rows, cols});
    fill(rows * cols, out.data(), m["data"]);
    return out;
}

val from_doubles(const double* data, std::size_t n) {
    xt::uvector<double> a(n);
    std::copy(data, data + n, a.data());
    return keep(std::move(a));
}

val from_vec(const vec& v) { return from_doubles(v.data(), v.size()); }
val from_vec(vec&& v) { return keep(std::move(v.storage())); }

namespace {

val matrix(std::size_t rows, std::size_t cols, val data) {
    val o = val::object();
    put(o, "rows", rows);
    put(o, "cols", cols);
    put(o, "data", data);
    return o;
}

}  // namespace

val from_mat(const mat& m) { return matrix(m.shape(0), m.shape(1), from_doubles(m.data(), m.size())); }
val from_mat(mat&& m) {
    const std::size_t rows = m.shape(0), cols = m.shape(1);
    return matrix(rows, cols, keep(std::move(m.storage())));
}

// The list's own capacity is given back after a call with many results (a
// transformer's forward pass returns B (1 + heads) arrays: at B = 1024 the
// list held ~100 KB for the rest of the session).
void release_results() {
    auto& k = kept();
    k.clear();
    if (k.capacity() > 1024) std::vector<xt::uvector<double>>().swap(k);
}

val prop(const val& o, const char* key) { return o[key]; }
vec get_vec(const val& o, const char* key) { return to_vec(o[key]); }
mat get_mat(const val& o, const char* key) { return to_mat(o[key]); }
double num(const val& o, const char* key) { return o[key].as<double>(); }
bool flag(const val& o, const char* key) { return o[key].as<bool>(); }
std::string str(const val& o, const char* key) { return o[key].as<std::string>(); }

bool has(const val& o, const char* key) {
    const val v = o[key];
    return !v.isUndefined() && !v.isNull();
}

void put(val& o, const char* key, const val& v) { o.set(key, v); }
void put(val& o, const char* key, double v) { o.set(key, v); }
void put(val& o, const char* key, bool v) { o.set(key, v); }
void push(val& array, const val& v) { array.call<void>("push", v); }
void push(val& array, double v) { array.call<void>("push", v); }

val guarded_call(const char* fn, val (*call)(void*), void* ctx) {
    release_results();  // a caller that never released (the raw module in tests)
    val r = val::object();
    try {
        put(r, "value", call(ctx));
        put(r, "ok", true);
    } catch (const std::bad_alloc&) {
        put(r, "ok", false);
        put(r, "error", val(std::string(fn) + ": out of memory (the input is too large)"));
    } catch (const std::exception& e) {
        put(r, "ok", false);
        put(r, "error", val(std::string(e.what())));
    }
    return r;
}

}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_results) {
    emscripten::function("releaseResults", &attn::js::release_results);
}
