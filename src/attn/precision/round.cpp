#include "attn/precision/round.hpp"

#include <cmath>
#include <limits>

#include "attn/common/check.hpp"

namespace attn {

namespace {

FormatInfo make(int bits, int exponent_bits, int mantissa_bits, int min_exponent, double max,
                bool has_infinity) {
    FormatInfo i;
    i.bits = bits;
    i.exponent_bits = exponent_bits;
    i.mantissa_bits = mantissa_bits;
    i.min_exponent = min_exponent;
    i.max = max;
    i.min_normal = std::ldexp(1.0, min_exponent);
    i.min_subnormal = std::ldexp(1.0, min_exponent - mantissa_bits);
    i.epsilon = std::ldexp(1.0, -mantissa_bits);
    i.has_infinity = has_infinity;
    i.exp_overflow = std::log(max);
    return i;
}

// Largest finite value: (2 - 2^-m) 2^emax; e4m3 loses its top mantissa
// pattern to NaN, so its largest is 1.75 * 2^8 = 448.
const FormatInfo infos[] = {
    make(64, 11, 52, -1022, std::numeric_limits<double>::max(), true),
    make(32, 8, 23, -126, static_cast<double>(std::numeric_limits<float>::max()), true),
    make(16, 5, 10, -14, 65504.0, true),
    make(16, 8, 7, -126, std::ldexp(2.0 - std::ldexp(1.0, -7), 127), true),
    make(8, 5, 2, -14, 57344.0, true),
    make(8, 4, 3, -6, 448.0, false),
};

const char* const names[] = {"float64", "float32", "float16", "bfloat16", "e5m2", "e4m3"};

}  // namespace

Format parse_format(const std::string& fn, const std::string& name) {
    for (int k = 0; k < 6; ++k)
        if (name == names[k]) return static_cast<Format>(k);
    fail(fn, "unknown format '", name,
         "' (one of float64, float32, float16, bfloat16, e4m3, e5m2)");
}

const char* format_name(Format f) { return names[static_cast<int>(f)]; }

const FormatInfo& format_info(Format f) { return infos[static_cast<int>(f)]; }

double round_to(double x, Format f, bool saturate) {
    if (std::isnan(x) || x == 0) return x;
    const FormatInfo& i = format_info(f);
    const bool clamp = saturate || !i.has_infinity;
    if (std::isinf(x)) return clamp ? std::copysign(i.max, x) : x;
    if (f == Format::float64) return x;  // after the Infinity check: saturate clamps it here too
    // x = 1.f * 2^e; the spacing of the format's numbers near x is 2^(e - m)
    // for normal numbers and 2^(emin - m) below the smallest normal.
    int e = std::ilogb(x);
    if (e < i.min_exponent) e = i.min_exponent;
    const int shift = e - i.mantissa_bits;
    // Scaling by a power of two is exact; nearbyint rounds ties to even in
    // the default rounding mode.
    const double r = std::ldexp(std::nearbyint(std::ldexp(x, -shift)), shift);
    if (std::fabs(r) > i.max) return clamp ? std::copysign(i.max, x) : std::copysign(HUGE_VAL, x);
    return r;
}

}  // namespace attn
