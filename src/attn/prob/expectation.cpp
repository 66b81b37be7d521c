#include "attn/prob/expectation.hpp"

#include <string>

#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"
#include "attn/prob/distribution.hpp"

namespace attn {

namespace {

void check_xp(const std::string& fn, const vec& x, const vec& p) {
    check_vector(fn, "x", x);
    check_distribution(fn, "p", p);
    if (x.size() != p.size())
        fail(fn, "x has ", x.size(), " entries but p has ", p.size(),
             " (one probability per value)");
}

double mean_unchecked(const double* x, const double* p, std::size_t n) {
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) s += p[i] * x[i];
    return s;
}

double central_unchecked(const double* x, const double* p, std::size_t n, double mu) {
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = x[i] - mu;
        s += p[i] * d * d;
    }
    return s;
}

}  // namespace

double expectation(const vec& x, const vec& p) {
    check_xp("expectation", x, p);
    return finite_result("expectation", "E[X]", mean_unchecked(x.data(), p.data(), x.size()));
}

double variance(const vec& x, const vec& p) {
    check_xp("variance", x, p);
    const double mu = finite_result("variance", "E[X]", mean_unchecked(x.data(), p.data(), x.size()));
    return finite_result("variance", "Var(X)", central_unchecked(x.data(), p.data(), x.size(), mu));
}

Moments moments(const vec& x, const vec& p) {
    check_xp("moments", x, p);
    const std::size_t n = x.size();
    const double *xv = x.data(), *pv = p.data();
    Moments m;
    m.mean = mean_unchecked(xv, pv, n);
    for (std::size_t i = 0; i < n; ++i) m.meanOfSquares += pv[i] * xv[i] * xv[i];
    m.varianceCentral = central_unchecked(xv, pv, n, m.mean);
    m.varianceShortcut = m.meanOfSquares - m.mean * m.mean;
    finite_result("moments", "E[X]", m.mean);
    finite_result("moments", "E[X^2]", m.meanOfSquares);
    finite_result("moments", "Var(X)", m.varianceCentral);
    finite_result("moments", "E[X^2] - E[X]^2", m.varianceShortcut);
    return m;
}

}  // namespace attn
