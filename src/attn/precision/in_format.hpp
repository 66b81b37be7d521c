// Arrays rounded to a number format, and softmax computed step by step in
// one: what float16 does to the naive and the max-subtracted softmax, and to
// a long running sum. Every step is exact in double and then rounded to the
// format (round_to), as hardware that computes each operation exactly and
// rounds its result would.
#pragma once

#include <optional>
#include <string>

#include "attn/common/types.hpp"
#include "attn/precision/round.hpp"

namespace attn {

// Public "roundToFormat" on a vector or matrix: each entry rounded (NaN and
// +-Infinity allowed: showing what a format does with them is the point).
// Sizes as any vector or matrix (max_elements, max_dim); empty is an error.
vec round_vec(const std::string& fn, const vec& x, Format f, bool saturate);
mat round_mat(const std::string& fn, const mat& x, Format f, bool saturate);

struct FormatSoftmax {
    vec shifted;  // round(round(z) - max), or round(z) when subtractMax is false
    vec exps;     // round(exp(shifted))
    vec sums;     // sums[i] = round_sum(sums[i-1] + exps[i]), sums[-1] = 0
    vec weights;  // round(exps / sums[n-1])
};

struct FormatSoftmaxOptions {
    std::optional<std::string> format;  // required
    std::optional<std::string> sum_format;  // default: format
    bool subtract_max = true;
};

// Public "softmaxInFormat". z finite (an ordinary vector); max is the max of
// the rounded z. NaN and Infinity arising in the steps propagate as IEEE
// arithmetic makes them (exp overflowing to Infinity, Infinity / Infinity =
// NaN): the naive float16 softmax of z > 11.09 gives NaN.
FormatSoftmax softmax_in_format(const vec& z, const FormatSoftmaxOptions& opt);

}  // namespace attn
