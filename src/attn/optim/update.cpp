#include "attn/optim/update.hpp"

#include <cmath>

#include "attn/common/check.hpp"

namespace attn {

namespace {

void check_unit_interval(const std::string& fn, const char* name, double x) {
    if (!(x >= 0 && x < 1)) fail(fn, name, " must be in [0, 1), got ", x);
}

bool all_finite(const double* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(p[i])) return false;
    return true;
}

}  // namespace

UpdateRule check_update_rule(const std::string& fn, const std::string& method,
                             const std::optional<double>& lr, double beta, double beta1,
                             double beta2, double eps) {
    UpdateRule r;
    if (method == "gd") r.method = Method::gd;
    else if (method == "momentum") r.method = Method::momentum;
    else if (method == "adam") r.method = Method::adam;
    else fail(fn, "unknown method '", method, "' (allowed: gd, momentum, adam)");
    if (!lr) fail(fn, "option lr (the learning rate) is missing");
    check_positive_finite(fn, "lr", *lr);
    check_unit_interval(fn, "beta", beta);
    check_unit_interval(fn, "beta1", beta1);
    check_unit_interval(fn, "beta2", beta2);
    check_positive_finite(fn, "eps", eps);
    r.lr = *lr;
    r.beta = beta;
    r.beta1 = beta1;
    r.beta2 = beta2;
    r.eps = eps;
    return r;
}

bool update_step(const UpdateRule& r, const AdamClock& clock, std::size_t d, const double* x_in,
                 const double* g, double* x_out, const double* m0, const double* v0, double* m,
                 double* v, double* mh, double* vh) {
    const double lr = r.lr;
    switch (r.method) {
        case Method::gd:
            for (std::size_t i = 0; i < d; ++i) x_out[i] = x_in[i] - lr * g[i];
            return all_finite(x_out, d);
        case Method::momentum:
            for (std::size_t i = 0; i < d; ++i) {
                v[i] = r.beta * v0[i] + lr * g[i];
                x_out[i] = x_in[i] - v[i];
            }
            return all_finite(v, d) && all_finite(x_out, d);
        case Method::adam: {
            const double c1 = 1 - clock.b1t, c2 = 1 - clock.b2t;
            const double b1 = r.beta1, b2 = r.beta2, eps = r.eps;
            bool finite = true;
            for (std::size_t i = 0; i < d; ++i) {
                const double mi = b1 * m0[i] + (1 - b1) * g[i];
                const double vi = b2 * v0[i] + (1 - b2) * g[i] * g[i];
                const double mhi = mi / c1, vhi = vi / c2;
                m[i] = mi;
                v[i] = vi;
                if (mh) mh[i] = mhi;
                if (vh) vh[i] = vhi;
                x_out[i] = x_in[i] - lr * mhi / (std::sqrt(vhi) + eps);
                finite = finite && std::isfinite(mhi) && std::isfinite(vhi);
            }
            return finite && all_finite(m, d) && all_finite(v, d) && all_finite(x_out, d);
        }
    }
    return false;
}

}  // namespace attn
