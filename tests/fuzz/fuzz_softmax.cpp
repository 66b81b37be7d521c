// Fuzz entry points, softmax, log-softmax and the Jacobian: probabilities, sums, symmetry.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/softmax/softmax.hpp"

namespace fuzz {

void fuzz_softmax(Input& in) {
    const std::size_t n = in.dim();
    const vec z = in.vector(n);
    const double T = in.positive();
    const vec p = attn::softmax(z, T);
    REQUIRE("softmax", p.size() == n, "size");
    double s = 0;
    for (double x : p) {
        REQUIRE("softmax", x >= 0 && x <= 1, "p = " + num(x) + ", T = " + num(T));
        s += x;
    }
    REQUIRE("softmax", std::fabs(s - 1) <= 1e-9, "sum " + num(s) + ", T = " + num(T));
    const attn::SoftmaxSteps st = attn::softmax_steps(z, T);
    REQUIRE("softmaxSteps", st.sum >= 1 && std::isfinite(st.sum), "sum " + num(st.sum));
    const vec naive = attn::softmax_naive(z, T);  // may be NaN (the lesson's point)
    REQUIRE("softmaxNaive", naive.size() == n, "size");
}

void fuzz_log_softmax(Input& in) {
    const std::size_t n = in.dim();
    const vec z = in.vector(n);
    const double T = in.positive();
    const vec l = attn::log_softmax(z, T);
    double s = 0;
    for (double x : l) {
        REQUIRE("logSoftmax", !std::isnan(x) && x <= 0, "entry " + num(x));
        s += std::exp(x);
    }
    REQUIRE("logSoftmax", std::fabs(s - 1) <= 1e-9, "sum of exp " + num(s));
}

void fuzz_softmax_jacobian(Input& in) {
    const std::size_t n = in.dim();
    const vec z = in.vector(n);
    const double T = in.positive();
    const mat J = attn::softmax_jacobian(z, T);
    REQUIRE("softmaxJacobian", J.shape(0) == n && J.shape(1) == n, "shape");
    REQUIRE("softmaxJacobian", !any_nan(J), "NaN");
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            REQUIRE("softmaxJacobian", J(i, j) == J(j, i), "not symmetric");
    const vec p = attn::softmax(z, T);
    if (all_finite(J))
        for (std::size_t i = 0; i < n; ++i) {
            // Row i sums to (p_i - p_i sum_j p_j) / T = 0, up to rounding of size p_i / T.
            double s = 0, a = p(i) / T;
            for (std::size_t j = 0; j < n; ++j) s += J(i, j), a += std::fabs(J(i, j));
            REQUIRE("softmaxJacobian", std::fabs(s) <= 1e-9 * a + 1e-300,  // + subnormal rounding
                    "row " + std::to_string(i) + " sums to " + num(s));
        }
}

}  // namespace fuzz
