// Out-of-line conversions and the error boundary (see convert.hpp).
#include "convert.hpp"

#include <new>

namespace attn::js {

val from_doubles(const double* data, std::size_t n) {
    return val::global("Float64Array").new_(emscripten::typed_memory_view(n, data));
}

namespace {

void fill(std::size_t n, double* data, const val& source) {
    if (n) val(emscripten::typed_memory_view(n, data)).call<void>("set", source);
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

val from_vec(const vec& v) { return from_doubles(v.data(), v.size()); }

val from_mat(const mat& m) {
    val o = val::object();
    put(o, "rows", m.shape(0));
    put(o, "cols", m.shape(1));
    put(o, "data", from_doubles(m.data(), m.size()));
    return o;
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
