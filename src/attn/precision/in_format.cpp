#include "attn/precision/in_format.hpp"

#include <cmath>

#include "attn/common/check.hpp"

namespace attn {

namespace {

void check_size(const std::string& fn, const char* name, std::size_t rows, std::size_t cols,
                bool matrix) {
    if (rows == 0 || cols == 0) fail(fn, name, " is empty");
    if (matrix && (rows > max_dim || cols > max_dim || rows * cols > max_elements))
        fail(fn, name, " is ", rows, " x ", cols, ", larger than the limit of ", max_dim,
             " per side and ", max_elements, " entries");
    if (!matrix && cols > max_elements)
        fail(fn, name, " has ", cols, " entries, more than the limit ", max_elements);
}

}  // namespace

vec round_vec(const std::string& fn, const vec& x, Format f, bool saturate) {
    check_size(fn, "x", 1, x.size(), false);
    vec r = xt::empty<double>({x.size()});
    for (std::size_t i = 0; i < x.size(); ++i) r(i) = round_to(x(i), f, saturate);
    return r;
}

mat round_mat(const std::string& fn, const mat& x, Format f, bool saturate) {
    check_size(fn, "x", x.shape(0), x.shape(1), true);
    mat r = xt::empty<double>({x.shape(0), x.shape(1)});
    for (std::size_t i = 0; i < x.size(); ++i) r.data()[i] = round_to(x.data()[i], f, saturate);
    return r;
}

FormatSoftmax softmax_in_format(const vec& z, const FormatSoftmaxOptions& opt) {
    const std::string fn = "softmaxInFormat";
    check_vector(fn, "z", z);
    if (!opt.format) fail(fn, "option format is required (float64, float32, float16, bfloat16, e4m3 or e5m2)");
    const Format f = parse_format(fn, *opt.format);
    const Format fs = opt.sum_format ? parse_format(fn, *opt.sum_format) : f;
    const std::size_t n = z.size();
    FormatSoftmax s;
    s.shifted = xt::empty<double>({n});
    s.exps = xt::empty<double>({n});
    s.sums = xt::empty<double>({n});
    s.weights = xt::empty<double>({n});
    // The max of the rounded z (a max is exact in any format); a rounded z
    // may be +-Infinity (float16 above 65520), and then Infinity - Infinity
    // is NaN, as in the format itself.
    double m = -HUGE_VAL;
    for (std::size_t i = 0; i < n; ++i) {
        s.shifted(i) = round_to(z(i), f);
        if (s.shifted(i) > m) m = s.shifted(i);
    }
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (opt.subtract_max) s.shifted(i) = round_to(s.shifted(i) - m, f);
        s.exps(i) = round_to(std::exp(s.shifted(i)), f);
        sum = round_to(sum + s.exps(i), fs);
        s.sums(i) = sum;
    }
    for (std::size_t i = 0; i < n; ++i) s.weights(i) = round_to(s.exps(i) / sum, f);
    return s;
}

}  // namespace attn
