#include "attn/info/entropy.hpp"

#include <cmath>
#include <limits>

#include "attn/common/check.hpp"
#include "attn/prob/distribution.hpp"

namespace attn {

double log_base(const std::string& fn, double base) {
    if (!std::isfinite(base) || base <= 0.0 || base == 1.0)
        fail(fn, "base must be a finite number > 0 and other than 1 (2 for bits, Math.E for "
                 "nats), got ", base);
    return std::log(base);
}

double entropy_nats_unchecked(const double* p, std::size_t n) {
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        if (p[i] > 0.0) s -= p[i] * std::log(p[i]);  // 0 log 0 = 0: skipped
    return s;
}

double plogp_over_q(double p, double q) {
    if (q == 0.0) return std::numeric_limits<double>::infinity();
    const double r = p / q;
    // log(p / q) is the accurate form (one rounding) unless p / q over- or
    // underflows, e.g. q subnormal; then take the difference of logs.
    if (std::isfinite(r) && r > 0.0 && std::isnormal(r)) return p * std::log(r);
    return p * (std::log(p) - std::log(q));
}

namespace {

void check_pq(const std::string& fn, const vec& p, const vec& q) {
    check_distribution(fn, "p", p);
    check_distribution(fn, "q", q);
    if (p.size() != q.size())
        fail(fn, "p has ", p.size(), " entries but q has ", q.size(),
             " (both must be over the same outcomes)");
}

// +0.0 instead of -0.0 (e.g. H of a one-hot p), so JS sees a plain 0.
double tidy(double x) { return x + 0.0; }

}  // namespace

double entropy(const vec& p, double base) {
    check_distribution("entropy", "p", p);
    const double lb = log_base("entropy", base);
    return tidy(entropy_nats_unchecked(p.data(), p.size()) / lb);
}

double cross_entropy(const vec& p, const vec& q, double base) {
    check_pq("crossEntropy", p, q);
    const double lb = log_base("crossEntropy", base);
    const double *pv = p.data(), *qv = q.data();
    double s = 0.0;
    for (std::size_t i = 0, n = p.size(); i < n; ++i) {
        if (pv[i] == 0.0) continue;  // 0 log q = 0, also for q = 0
        if (qv[i] == 0.0) return tidy(std::numeric_limits<double>::infinity() / lb);
        s -= pv[i] * std::log(qv[i]);
    }
    return tidy(s / lb);
}

double kl_divergence(const vec& p, const vec& q, double base) {
    check_pq("klDivergence", p, q);
    const double lb = log_base("klDivergence", base);
    const double *pv = p.data(), *qv = q.data();
    double s = 0.0;
    for (std::size_t i = 0, n = p.size(); i < n; ++i) {
        if (pv[i] == 0.0) continue;  // 0 log(0 / q) = 0
        if (qv[i] == 0.0) return tidy(std::numeric_limits<double>::infinity() / lb);
        s += plogp_over_q(pv[i], qv[i]);
    }
    return tidy(s / lb);
}

}  // namespace attn
