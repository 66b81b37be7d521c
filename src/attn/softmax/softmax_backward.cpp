#include "attn/softmax/softmax_backward.hpp"

#include <cmath>
#include <limits>

#include "attn/common/check.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

void softmax_rows_backward(const double* P, const double* dP, double* dS, std::size_t rows,
                           std::size_t cols) {
    for (std::size_t i = 0; i < rows; ++i) {
        const double* p = P + i * cols;
        const double* g = dP + i * cols;
        double* o = dS + i * cols;
        double s = 0;
        for (std::size_t j = 0; j < cols; ++j) s += p[j] * g[j];
        for (std::size_t j = 0; j < cols; ++j) o[j] = p[j] * (g[j] - s);
    }
}

vec softmax_backward(const vec& z, const vec& dp, double T) {
    const std::string fn = "softmaxBackward";
    check_vector(fn, "z", z);
    check_vector(fn, "dp", dp);
    check_temperature(fn, T);
    if (dp.size() != z.size())
        fail(fn, "dp has ", dp.size(), " entries but z has ", z.size(),
             " (the upstream gradient has softmax's shape)");
    const vec p = softmax(z, T);
    vec dz = xt::empty<double>({z.size()});
    softmax_rows_backward(p.data(), dp.data(), dz.data(), 1, z.size());
    for (double& x : dz) x /= T;  // d(z/T)/dz
    for (std::size_t i = 0; i < dz.size(); ++i)
        if (!std::isfinite(dz(i)))
            fail(fn, "dz overflows at entry ", i, " (", dz(i), "): scale dp down");
    return dz;
}

void check_targets(const std::string& fn, const std::string& name, const double* t,
                   std::size_t n, std::size_t C) {
    for (std::size_t i = 0; i < n; ++i)
        if (!(t[i] >= 0 && t[i] < static_cast<double>(C) && std::floor(t[i]) == t[i]))
            fail(fn, name, "[", i, "] must be an integer class from 0 to ", C - 1, ", got ", t[i]);
}

double cross_entropy_rows(double* logits, const double* t, std::size_t rows, std::size_t C,
                          double w, double* dL) {
    double sum = 0;
    for (std::size_t i = 0; i < rows; ++i) {
        double* z = logits + i * C;
        double mx = z[0];
        for (std::size_t j = 1; j < C; ++j) mx = std::max(mx, z[j]);
        double se = 0;
        for (std::size_t j = 0; j < C; ++j) se += std::exp(z[j] - mx);
        const std::size_t c = static_cast<std::size_t>(t[i]);
        sum += std::log(se) - (z[c] - mx);  // -log softmax(z)[c], as log-sum-exp
        const double inv = 1 / se;
        for (std::size_t j = 0; j < C; ++j) z[j] = std::exp(z[j] - mx) * inv;
        if (dL)
            for (std::size_t j = 0; j < C; ++j) dL[i * C + j] = w * (z[j] - (j == c ? 1.0 : 0.0));
    }
    return sum;
}

CrossEntropyResult softmax_cross_entropy(const mat& logits, const vec& targets) {
    const std::string fn = "softmaxCrossEntropy";
    check_matrix(fn, "logits", logits);
    const std::size_t n = logits.shape(0), C = logits.shape(1);
    if (targets.size() != n)
        fail(fn, "targets has ", targets.size(), " entries but logits has ", n,
             " rows (one class per row)");
    check_targets(fn, "targets", targets.data(), n, C);
    CrossEntropyResult r;
    r.probs = logits;
    r.dLogits = xt::empty<double>({n, C});
    const double sum = cross_entropy_rows(r.probs.data(), targets.data(), n, C,
                                          1.0 / static_cast<double>(n), r.dLogits.data());
    r.loss = sum / static_cast<double>(n);
    if (!std::isfinite(r.loss)) fail(fn, "the loss overflows (", r.loss, "): scale the logits down");
    return r;
}

}  // namespace attn
