#include "attn/flash/online_softmax.hpp"

#include <cmath>
#include <limits>

#include "attn/common/check.hpp"

namespace attn {

OnlineSoftmax online_softmax(const vec& z) {
    const std::string fn = "onlineSoftmax";
    check_vector(fn, "z", z);
    const std::size_t n = z.size();
    OnlineSoftmax r;
    r.m = xt::empty<double>({n});
    r.l = xt::empty<double>({n});
    r.weights = xt::empty<double>({n});
    double m = -std::numeric_limits<double>::infinity(), l = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double m_new = std::max(m, z(i));
        // exp(-inf) = 0 on the first entry: l starts from 0 either way.
        l = l * std::exp(m - m_new) + std::exp(z(i) - m_new);
        m = m_new;
        r.m(i) = m;
        r.l(i) = l;
    }
    for (std::size_t i = 0; i < n; ++i) r.weights(i) = std::exp(z(i) - m) / l;
    return r;
}

}  // namespace attn
