// Fuzz entry points, number formats and linear attention: rounding is
// monotone, idempotent and within the format; softmax in a format keeps its
// running sums ordered; linear attention's two orders agree.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "attn/flash/linear_attention.hpp"
#include "attn/precision/in_format.hpp"
#include "attn/precision/round.hpp"

namespace fuzz {

namespace {
const char* const kFormats[] = {"float64", "float32", "float16", "bfloat16", "e5m2", "e4m3"};
}

void fuzz_round_to(Input& in) {
    const attn::Format f = attn::parse_format("roundToFormat", kFormats[in.u8() % 6]);
    const attn::FormatInfo& info = attn::format_info(f);
    const bool sat = in.flag();
    const vec x = in.vector(in.dim());
    const vec r = attn::round_vec("roundToFormat", x, f, sat);
    const std::string fn = std::string("roundToFormat ") + attn::format_name(f);
    for (std::size_t i = 0; i < x.size(); ++i) {
        const std::string at = "x = " + num(x(i)) + " -> " + num(r(i));
        REQUIRE(fn.c_str(), std::isnan(x(i)) == std::isnan(r(i)), at);
        if (std::isnan(x(i))) continue;
        REQUIRE(fn.c_str(), attn::round_to(r(i), f, sat) == r(i), "not idempotent: " + at);
        REQUIRE(fn.c_str(), std::fabs(r(i)) <= info.max || (std::isinf(r(i)) && info.has_infinity && !sat), at);
        REQUIRE(fn.c_str(), r(i) == 0 || std::signbit(r(i)) == std::signbit(x(i)), "sign: " + at);
        for (std::size_t j = 0; j < x.size(); ++j)
            if (!std::isnan(x(j)) && x(i) < x(j)) REQUIRE(fn.c_str(), r(i) <= r(j), "not monotone: " + at);
    }
}

void fuzz_softmax_in_format(Input& in) {
    attn::FormatSoftmaxOptions o;
    o.format = kFormats[in.u8() % 6];
    if (in.flag()) o.sum_format = kFormats[in.u8() % 6];
    o.subtract_max = !in.flag();
    const vec z = in.vector(in.dim());
    const attn::FormatSoftmax s = attn::softmax_in_format(z, o);
    const std::size_t n = z.size();
    REQUIRE("softmaxInFormat", s.shifted.size() == n && s.exps.size() == n && s.sums.size() == n &&
                                   s.weights.size() == n, "sizes");
    for (std::size_t i = 0; i < n; ++i) {
        REQUIRE("softmaxInFormat", std::isnan(s.exps(i)) || s.exps(i) >= 0, "exp " + num(s.exps(i)));
        if (i > 0 && !std::isnan(s.sums(i))) REQUIRE("softmaxInFormat", s.sums(i) >= s.sums(i - 1), "sums decrease");
        if (o.subtract_max) REQUIRE("softmaxInFormat", !(s.shifted(i) > 0), "shifted " + num(s.shifted(i)));
    }
    // Max-subtracted, with every z finite in the format (1e300 is Infinity in
    // float16, and Infinity - Infinity NaN), the largest exp is exactly 1:
    // the sum is >= 1, no NaN.
    bool fits = true;
    for (double x : z) fits = fits && std::isfinite(attn::round_to(x, attn::parse_format("t", *o.format)));
    if (o.subtract_max && fits) {
        REQUIRE("softmaxInFormat", s.sums(n - 1) >= 1, "sum " + num(s.sums(n - 1)));
        for (double w : s.weights) REQUIRE("softmaxInFormat", w >= 0 && w <= 1, "weight " + num(w));
    }
}

void fuzz_linear_attention(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk), K = in.matrix(m, maybe(in, dk)), V = in.matrix(maybe(in, m), dv);
    attn::LinearAttentionOptions o;
    o.causal = in.flag();
    o.order = "left";
    const attn::LinearAttentionResult L = attn::linear_attention(Q, K, V, o);
    o.order = "right";
    const attn::LinearAttentionResult R = attn::linear_attention(Q, K, V, o);
    REQUIRE("linearAttention", all_finite(L.output) && all_finite(R.output) && all_finite(R.weights), "non-finite");
    REQUIRE("linearAttention", L.output.shape() == R.output.shape(), "shapes");
    for (std::size_t i = 0; i < n; ++i) {
        double s = 0;
        for (std::size_t j = 0; j < m; ++j) s += R.weights(i, j);
        REQUIRE("linearAttention", std::fabs(s - 1) <= 1e-12, "row " + std::to_string(i) + " sums to " + num(s));
        for (std::size_t b = 0; b < dv; ++b) {
            // Both are convex combinations of V's column: they differ by rounding of its size.
            double scale = 0;
            for (std::size_t j = 0; j < m; ++j) scale = std::max(scale, std::fabs(V(j, b)));
            REQUIRE("linearAttention", std::fabs(L.output(i, b) - R.output(i, b)) <= 1e-9 * scale + 1e-300,
                    "left " + num(L.output(i, b)) + " right " + num(R.output(i, b)));
        }
    }
}

}  // namespace fuzz
