// Embind glue for number formats (no math here).
#include "attn/precision/in_format.hpp"
#include "attn/precision/round.hpp"
#include <string>
#include <utility>

#include "convert.hpp"

namespace attn::js {
namespace {

val js_round_to_format(val a) {
    return guarded("roundToFormat", [&] {
        const std::string fn = "roundToFormat";
        const Format f = parse_format(fn, str(a, "format"));
        const bool sat = has(a, "saturate") && flag(a, "saturate");
        // The facade sends a number, a Float64Array (vector) or {data, rows, cols}.
        const val x = prop(a, "x");
        if (x.isNumber()) return val(round_to(x.as<double>(), f, sat));
        if (has(x, "rows")) return from_mat(round_mat(fn, to_mat(x), f, sat));
        return from_vec(round_vec(fn, to_vec(x), f, sat));
    });
}

val js_format_info(val a) {
    return guarded("formatInfo", [&] {
        const FormatInfo& i = format_info(parse_format("formatInfo", str(a, "format")));
        val o = val::object();
        put(o, "bits", i.bits);
        put(o, "exponentBits", i.exponent_bits);
        put(o, "mantissaBits", i.mantissa_bits);
        put(o, "max", i.max);
        put(o, "minNormal", i.min_normal);
        put(o, "minSubnormal", i.min_subnormal);
        put(o, "epsilon", i.epsilon);
        put(o, "hasInfinity", i.has_infinity);
        put(o, "expOverflow", i.exp_overflow);
        return o;
    });
}

val js_softmax_in_format(val a) {
    return guarded("softmaxInFormat", [&] {
        FormatSoftmaxOptions o;
        if (has(a, "format")) o.format = str(a, "format");
        if (has(a, "sumFormat")) o.sum_format = str(a, "sumFormat");
        if (has(a, "subtractMax")) o.subtract_max = flag(a, "subtractMax");
        FormatSoftmax s = softmax_in_format(get_vec(a, "z"), o);
        val r = val::object();
        put(r, "shifted", from_vec(std::move(s.shifted)));
        put(r, "exps", from_vec(std::move(s.exps)));
        put(r, "sums", from_vec(std::move(s.sums)));
        put(r, "weights", from_vec(std::move(s.weights)));
        return r;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_precision) {
    emscripten::function("roundToFormat", &attn::js::js_round_to_format);
    emscripten::function("formatInfo", &attn::js::js_format_info);
    emscripten::function("softmaxInFormat", &attn::js::js_softmax_in_format);
}
