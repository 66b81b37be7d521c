// Low-precision number formats emulated in double precision: a value is
// rounded to the nearest number the format can hold, ties to even, with the
// format's subnormals, and overflow as the format defines it.
//   format    bits  exponent  mantissa  max            overflow
//   float64    64     11        52      1.8e308        Infinity
//   float32    32      8        23      3.4e38         Infinity
//   float16    16      5        10      65504          Infinity
//   bfloat16   16      8         7      3.39e38        Infinity
//   e5m2        8      5         2      57344          Infinity
//   e4m3        8      4         3      448            448 (no Infinity: it saturates)
// e4m3 is the OCP "E4M3FN" variant (no infinities, one NaN pattern per sign),
// converted with saturation as NVIDIA's satfinite conversion does. saturate
// makes every format clamp to +-max instead of overflowing to Infinity.
#pragma once

#include <string>

namespace attn {

enum class Format { float64, float32, float16, bfloat16, e5m2, e4m3 };

struct FormatInfo {
    int bits = 0;
    int exponent_bits = 0;
    int mantissa_bits = 0;  // stored fraction bits (precision is one more)
    int min_exponent = 0;   // exponent of the smallest normal number
    double max = 0;         // largest finite value
    double min_normal = 0;
    double min_subnormal = 0;
    double epsilon = 0;       // 2^-mantissa_bits: the gap after 1
    bool has_infinity = false;
    double exp_overflow = 0;  // ln(max): exp(x) overflows (or saturates) above it
};

// "fn: unknown format 'x' (one of float64, float32, float16, bfloat16, e4m3, e5m2)"
Format parse_format(const std::string& fn, const std::string& name);
const char* format_name(Format f);
const FormatInfo& format_info(Format f);

// x rounded to f (NaN stays NaN; +-Infinity stays, or becomes +-max when the
// format has no infinity or saturate is set).
double round_to(double x, Format f, bool saturate = false);

}  // namespace attn
