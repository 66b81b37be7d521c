// Fuzz entry points, least squares and kernel regression: finite fits, stochastic kernel weights.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/regression/kernel_regression.hpp"
#include "attn/regression/least_squares.hpp"

namespace fuzz {

void fuzz_regression(Input& in) {
    const std::size_t n = in.dim(), p = in.dim(4);
    if (in.flag()) {
        const mat X = in.matrix(n, p);
        const vec y = in.vector(maybe(in, n));
        const attn::LeastSquaresFit f = attn::least_squares(X, y);
        REQUIRE("leastSquares", f.w.size() == p && f.rank >= 1 && f.rank <= p + 1, "shape/rank");
        REQUIRE("leastSquares", all_finite(f.w) && std::isfinite(f.b), "non-finite solution");
        // The loss is evaluated on the unscaled data: accepted to overflow (even to
        // NaN, Infinity - Infinity) when |w . X_i| + |b| + |y_i| can exceed DBL_MAX.
        double bound = std::fabs(f.b) + max_abs(y.data(), y.size());
        for (std::size_t j = 0; j < p; ++j) {
            double cmax = 0;
            for (std::size_t i = 0; i < n; ++i) cmax = std::max(cmax, std::fabs(X(i, j)));
            bound += std::fabs(f.w(j)) * cmax;
        }
        if (bound < 1e150)
            REQUIRE("leastSquares", !std::isnan(f.loss) && f.loss >= 0, "loss " + num(f.loss) + ", X = " + str(X) + ", y = " + str(y) + ", b = " + num(f.b));
    } else {
        const vec xt = in.vector(n), yt = in.vector(maybe(in, n)), xq = in.vector(in.dim());
        attn::KernelRegressionOptions opt;
        static const char* kernels[] = {"gaussian", "boxcar", "epanechnikov", "cosine"};
        opt.kernel = kernels[in.u8() % 4];
        opt.bandwidth = in.positive();
        const attn::KernelRegressionResult r = attn::kernel_regression(xt, yt, xq, opt);
        for (std::size_t q = 0; q < xq.size(); ++q) {
            double s = 0;
            for (std::size_t j = 0; j < n; ++j) {
                REQUIRE("kernelRegression", r.weights(q, j) >= 0 && r.weights(q, j) <= 1, "weight");
                s += r.weights(q, j);
            }
            REQUIRE("kernelRegression", r.valid[q] ? std::fabs(s - 1) <= 1e-9 : s == 0, "row sum " + num(s));
        }
    }
}

}  // namespace fuzz
