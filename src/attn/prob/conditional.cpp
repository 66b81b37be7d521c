#include "attn/prob/conditional.hpp"

#include "attn/prob/distribution.hpp"

namespace attn {

Conditionals conditional(const mat& joint) {
    check_joint("conditional", "joint", joint);
    const std::size_t m = joint.shape(0), n = joint.shape(1);
    Conditionals c;
    c.pX = marginal_rows(joint);
    c.pY = marginal_cols(joint);
    c.pXgivenY = xt::empty<double>({m, n});
    c.pYgivenX = xt::empty<double>({m, n});
    const double *a = joint.data(), *px = c.pX.data(), *py = c.pY.data();
    double *xy = c.pXgivenY.data(), *yx = c.pYgivenX.data();
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const double v = a[i * n + j];
            xy[i * n + j] = py[j] > 0.0 ? v / py[j] : 0.0;  // zero marginal: reported as 0
            yx[i * n + j] = px[i] > 0.0 ? v / px[i] : 0.0;
        }
    return c;
}

}  // namespace attn
