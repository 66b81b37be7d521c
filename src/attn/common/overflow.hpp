// Results that overflow although every input was finite (a variance of
// +-1e308, a loss at 1e200) are errors naming the function, like the core's
// other "overflows: scale down" checks, rather than Infinity or NaN handed on
// to the learner as if they were answers.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

#include "attn/common/check.hpp"

namespace attn {

inline double finite_result(const std::string& fn, const std::string& what, double x) {
    if (!std::isfinite(x)) fail(fn, what, " overflows (", x, "): scale the inputs down");
    return x;
}

inline void finite_results(const std::string& fn, const std::string& what, const double* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(p[i]))
            fail(fn, what, " overflows at entry ", i, " (", p[i], "): scale the inputs down");
}

}  // namespace attn
