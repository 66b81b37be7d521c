#include "attn/analysis/lipschitz.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "attn/common/check.hpp"
#include "attn/linalg/vector_ops.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

namespace {

// Below min_temperature, 1/T (the bound) and z/T overflow a double.
constexpr double min_temperature = 1e-150;

// ||softmax(z1/T) - softmax(z2/T)||_2 / ||z1 - z2||_2 for validated inputs;
// d is scratch of length n. Returns NaN if z1 == z2 or z1 - z2 overflows.
double ratio_unchecked(const vec& z1, const vec& z2, double T, vec& d) {
    const std::size_t n = z1.size();
    for (std::size_t i = 0; i < n; ++i) d(i) = z1(i) - z2(i);
    const double den = norm2_unchecked(d.data(), n);
    if (den == 0.0 || !std::isfinite(den)) return std::numeric_limits<double>::quiet_NaN();
    const vec p1 = softmax(z1, T), p2 = softmax(z2, T);
    for (std::size_t i = 0; i < n; ++i) d(i) = p1(i) - p2(i);
    return norm2_unchecked(d.data(), n) / den;
}

// Standard normals from mt19937_64 by Box-Muller, identical on every C++
// library (std::normal_distribution is implementation-defined).
class Normal {
  public:
    explicit Normal(std::uint64_t seed) : gen_(seed) {}
    double operator()() {
        if (has_spare_) {
            has_spare_ = false;
            return spare_;
        }
        const double u1 = 1.0 - uniform();  // (0, 1]: log is finite
        const double u2 = uniform();
        const double r = std::sqrt(-2.0 * std::log(u1));
        const double t = 6.283185307179586 * u2;
        spare_ = r * std::sin(t);
        has_spare_ = true;
        return r * std::cos(t);
    }

  private:
    double uniform() { return static_cast<double>(gen_() >> 11) * 0x1.0p-53; }  // [0, 1)
    std::mt19937_64 gen_;
    double spare_ = 0;
    bool has_spare_ = false;
};

}  // namespace

double lipschitz_ratio(const vec& z1, const vec& z2, double T) {
    const char* fn = "lipschitzRatio";
    check_vector(fn, "z1", z1);
    check_vector(fn, "z2", z2);
    if (z1.size() != z2.size())
        fail(fn, "z1 has ", z1.size(), " entries but z2 has ", z2.size(),
             " (they must have the same length)");
    check_temperature(fn, T, min_temperature);
    if (z1 == z2) fail(fn, "z1 and z2 are equal, so the ratio is 0 / 0 (pick two different points)");
    vec d = xt::empty<double>({z1.size()});
    const double r = ratio_unchecked(z1, z2, T, d);
    if (!std::isfinite(r)) fail(fn, "z1 - z2 overflows (its entries are too large)");
    return r;
}

double lipschitz_bound(double T) {
    check_temperature("lipschitzBound", T, min_temperature);
    return 0.5 / T;  // not 1 / (2T): 2T overflows for T > DBL_MAX / 2
}

double jacobian_spectral_norm(const vec& z, double T) {
    const char* fn = "jacobianSpectralNorm";
    check_vector(fn, "z", z);
    check_temperature(fn, T, min_temperature);
    const vec p = softmax(z, T);
    const std::size_t n = p.size();
    if (n == 1) return 0.0;  // p = [1]: J = 1 - 1 = 0
    // 1. The two largest probabilities a = p[top] >= b.
    std::size_t top = 0;
    for (std::size_t i = 1; i < n; ++i)
        if (p(i) > p(top)) top = i;
    double b = -1.0;
    for (std::size_t i = 0; i < n; ++i)
        if (i != top) b = std::max(b, p(i));
    const double a = p(top);
    // 2. J T = D - p p^T <= D, so lambda_max <= a; the eigenvalues interlace
    //    with the p_i, so lambda_max >= b. A tie a == b gives exactly a
    //    (eigenvector e_i - e_j, orthogonal to p).
    if (a == b) return a / T;
    // 3. Otherwise lambda_max is the one root in (b, a) of the secular equation
    //    f(l) = 1 - sum_i p_i^2 / (p_i - l), which falls from +inf to -inf there.
    auto f = [&](double l) {
        double s = 1.0;
        for (std::size_t i = 0; i < n; ++i) s -= p(i) * p(i) / (p(i) - l);
        return s;
    };
    double lo = b, hi = a;
    for (int it = 0; it < 2200; ++it) {  // bisection to adjacent doubles
        const double mid = lo + 0.5 * (hi - lo);
        if (mid <= lo || mid >= hi) break;
        if (f(mid) > 0.0) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi) / T;
}

LipschitzSearch lipschitz_search(std::int64_t n, std::int64_t trials, std::int64_t seed,
                                 double T, double scale) {
    const char* fn = "lipschitzSearch";
    if (n < 1 || n > max_search_n)
        fail(fn, "n must be between 1 and ", max_search_n, ", got ", n);
    if (trials < 1 || trials > max_search_trials)
        fail(fn, "trials must be between 1 and ", max_search_trials, ", got ", trials);
    if (n * trials > max_search_work)
        fail(fn, "n * trials = ", n, " * ", trials, " is more than the limit of ", max_search_work,
             " per call (split the search into several calls with different seeds)");
    if (seed < 0) fail(fn, "seed must be a non-negative integer, got ", seed);
    // JS numbers are exact integers only up to 2^53 - 1: larger seeds would alias.
    if (seed > (std::int64_t{1} << 53) - 1)
        fail(fn, "seed must be at most 2^53 - 1 = 9007199254740991, got ", seed);
    check_temperature(fn, T, min_temperature);
    if (!std::isfinite(scale) || scale <= 0 || scale > max_search_scale)
        fail(fn, "scale must be a positive number up to ", max_search_scale, ", got ", scale);

    const std::size_t len = static_cast<std::size_t>(n);
    LipschitzSearch s;
    s.bound = 0.5 / T;
    s.ratios.reserve(std::min<std::size_t>(static_cast<std::size_t>(trials), search_ratios_kept));
    Normal normal(static_cast<std::uint64_t>(seed));
    // Hot loop on raw scratch (no allocation per trial): z1, z2, their
    // softmaxes p1, p2 (softmax_rows_inplace on z / T), and differences d.
    std::vector<double> buf(5 * len);
    double *z1 = buf.data(), *z2 = z1 + len, *p1 = z2 + len, *p2 = p1 + len, *d = p2 + len;
    s.bestZ1 = xt::zeros<double>({len});
    s.bestZ2 = xt::zeros<double>({len});
    for (std::int64_t t = 0; t < trials; ++t) {
        for (std::size_t i = 0; i < len; ++i) z1[i] = scale * normal();
        for (std::size_t i = 0; i < len; ++i) z2[i] = scale * normal();
        // 1. ||z1 - z2||
        for (std::size_t i = 0; i < len; ++i) d[i] = z1[i] - z2[i];
        const double den = norm2_unchecked(d, len);
        if (den == 0.0) continue;  // z1 == z2 exactly: probability 0, skipped
        // 2. softmax(z1 / T), softmax(z2 / T) and ||p1 - p2||
        for (std::size_t i = 0; i < len; ++i) p1[i] = z1[i] / T;
        for (std::size_t i = 0; i < len; ++i) p2[i] = z2[i] / T;
        softmax_rows_inplace(fn, p1, 1, len, nullptr);
        softmax_rows_inplace(fn, p2, 1, len, nullptr);
        for (std::size_t i = 0; i < len; ++i) d[i] = p1[i] - p2[i];
        const double r = norm2_unchecked(d, len) / den;
        if (s.ratios.size() < search_ratios_kept) s.ratios.push_back(r);
        if (r > s.best) {
            s.best = r;
            std::copy(z1, z1 + len, s.bestZ1.data());
            std::copy(z2, z2 + len, s.bestZ2.data());
        }
    }
    return s;
}

}  // namespace attn
