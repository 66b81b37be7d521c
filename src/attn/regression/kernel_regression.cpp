#include "attn/regression/kernel_regression.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attn/common/check.hpp"

namespace attn {

KernelRegressionResult kernel_regression(const vec& xTrain, const vec& yTrain, const vec& xQuery,
                                         const KernelRegressionOptions& opt) {
    const std::string fn = "kernelRegression";
    enum class Kernel { gaussian, boxcar, epanechnikov } kernel = Kernel::gaussian;
    if (opt.kernel == "gaussian") kernel = Kernel::gaussian;
    else if (opt.kernel == "boxcar") kernel = Kernel::boxcar;
    else if (opt.kernel == "epanechnikov") kernel = Kernel::epanechnikov;
    else fail(fn, "unknown kernel '", opt.kernel, "' (allowed: gaussian, boxcar, epanechnikov)");
    check_positive_finite(fn, "bandwidth", opt.bandwidth);
    check_vector(fn, "xTrain", xTrain);
    check_vector(fn, "yTrain", yTrain);
    check_vector(fn, "xQuery", xQuery);
    const std::size_t n = xTrain.size(), m = xQuery.size();
    if (yTrain.size() != n)
        fail(fn, "yTrain has ", yTrain.size(), " entries but xTrain has ", n,
             " (one value per key)");
    if (n > max_kernel_points)
        fail(fn, "xTrain has ", n, " points, more than the limit of ", max_kernel_points);
    if (m > max_kernel_queries)
        fail(fn, "xQuery has ", m, " queries, more than the limit of ", max_kernel_queries);
    if (m * n > max_elements)
        fail(fn, "the ", m, " x ", n, " weight matrix is larger than the limit of ", max_elements,
             " entries");

    const double h = opt.bandwidth;
    const double* xt_ = xTrain.data();
    const double* yt = yTrain.data();
    KernelRegressionResult r;
    r.weights = xt::empty<double>({m, n});
    r.yHat = xt::empty<double>({m});
    r.valid.assign(m, 1);
    const double ninf = -std::numeric_limits<double>::infinity();
    for (std::size_t q = 0; q < m; ++q) {
        double* w = r.weights.data() + q * n;
        const double xq = xQuery(q);
        // 1. kernel values (gaussian: the logits -u^2/2, softmaxed below)
        double mx = ninf;
        for (std::size_t i = 0; i < n; ++i) {
            const double u = (xq - xt_[i]) / h;
            switch (kernel) {
                case Kernel::gaussian: w[i] = -(u * u) / 2; mx = std::max(mx, w[i]); break;
                case Kernel::boxcar: w[i] = std::fabs(u) <= 1 ? 1.0 : 0.0; break;
                case Kernel::epanechnikov: w[i] = std::max(0.0, 1 - u * u); break;
            }
        }
        // 2. normalize
        double sum = 0;
        if (kernel == Kernel::gaussian && mx == ninf) {
            // every u^2 overflowed: the softmax's limit puts all weight on the
            // nearest point(s)
            double dmin = std::numeric_limits<double>::infinity();
            for (std::size_t i = 0; i < n; ++i) dmin = std::min(dmin, std::fabs(xq - xt_[i]));
            for (std::size_t i = 0; i < n; ++i) sum += w[i] = std::fabs(xq - xt_[i]) == dmin ? 1.0 : 0.0;
        } else if (kernel == Kernel::gaussian) {
            for (std::size_t i = 0; i < n; ++i) sum += w[i] = std::exp(w[i] - mx);  // max term is 1
        } else {
            for (std::size_t i = 0; i < n; ++i) sum += w[i];
        }
        if (sum == 0) {  // compact kernel, no training point within the bandwidth
            r.valid[q] = 0;
            r.yHat(q) = std::numeric_limits<double>::quiet_NaN();
            continue;  // the row is already all 0
        }
        // 3. weights and the pooled value
        double yh = 0;
        for (std::size_t i = 0; i < n; ++i) {
            w[i] /= sum;
            yh += w[i] * yt[i];
        }
        r.yHat(q) = yh;
    }
    return r;
}

}  // namespace attn
