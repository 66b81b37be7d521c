#include "attn/prob/distribution.hpp"

#include <cmath>
#include <cstdio>

#include "attn/common/check.hpp"

namespace attn {

namespace {

// Enough digits to show how far a sum is from 1 (num_str's %g shows 6).
std::string precise(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

void check_entries(const std::string& fn, const char* name, const double* p, std::size_t n,
                   std::size_t cols) {
    for (std::size_t i = 0; i < n; ++i)
        if (p[i] < 0.0) {
            const std::string where =
                cols ? cat("(", i / cols, ", ", i % cols, ")") : cat("index ", i);
            fail(fn, name, " has a negative entry (", p[i], ") at ", where,
                 "; probabilities must be >= 0");
        }
    const double s = compensated_sum(p, n);
    if (!(std::fabs(s - 1.0) <= prob_sum_tolerance))
        fail(fn, name, " sums to ", precise(s), ", not 1 (a distribution must sum to 1 within ",
             prob_sum_tolerance, ")");
}

}  // namespace

double compensated_sum(const double* x, std::size_t n) {
    double s = 0.0, c = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double t = s + x[i];
        c += std::fabs(s) >= std::fabs(x[i]) ? (s - t) + x[i] : (x[i] - t) + s;
        s = t;
    }
    return s + c;
}

void check_distribution(const std::string& fn, const char* name, const vec& p) {
    check_vector(fn, name, p);
    check_entries(fn, name, p.data(), p.size(), 0);
}

void check_joint(const std::string& fn, const char* name, const mat& joint) {
    check_matrix(fn, name, joint);
    check_entries(fn, name, joint.data(), joint.size(), joint.shape(1));
}

vec marginal_rows(const mat& joint) {
    const std::size_t m = joint.shape(0), n = joint.shape(1);
    vec pX = xt::empty<double>({m});
    for (std::size_t i = 0; i < m; ++i) pX(i) = compensated_sum(joint.data() + i * n, n);
    return pX;
}

vec marginal_cols(const mat& joint) {
    const std::size_t m = joint.shape(0), n = joint.shape(1);
    // Row by row (contiguous), one Neumaier compensation term per column.
    vec pY = xt::zeros<double>({n});
    vec comp = xt::zeros<double>({n});
    const double* a = joint.data();
    double *y = pY.data(), *c = comp.data();
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const double x = a[i * n + j], t = y[j] + x;
            c[j] += std::fabs(y[j]) >= std::fabs(x) ? (y[j] - t) + x : (x - t) + y[j];
            y[j] = t;
        }
    for (std::size_t j = 0; j < n; ++j) y[j] += c[j];
    return pY;
}

}  // namespace attn
