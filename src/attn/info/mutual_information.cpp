#include "attn/info/mutual_information.hpp"

#include <cmath>

#include "attn/info/entropy.hpp"
#include "attn/prob/distribution.hpp"

namespace attn {

double mutual_information(const mat& joint, double base) {
    check_joint("mutualInformation", "joint", joint);
    const double lb = log_base("mutualInformation", base);
    const std::size_t m = joint.shape(0), n = joint.shape(1);
    const vec pX = marginal_rows(joint), pY = marginal_cols(joint);
    const double* a = joint.data();
    double s = 0.0;
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const double v = a[i * n + j];
            if (v == 0.0) continue;  // 0 log 0 = 0
            // v > 0 implies pX(i), pY(j) > 0; the product may underflow, so
            // go through two ratios: log(v / (px py)) = log((v / px) / py).
            s += plogp_over_q(v / pX(i), pY(j)) * pX(i);
        }
    return s / lb + 0.0;
}

ConditionalEntropies conditional_entropy(const mat& joint, double base) {
    check_joint("conditionalEntropy", "joint", joint);
    const double lb = log_base("conditionalEntropy", base);
    const std::size_t m = joint.shape(0), n = joint.shape(1);
    const vec pX = marginal_rows(joint), pY = marginal_cols(joint);
    const double* a = joint.data();
    ConditionalEntropies h;
    h.HX = entropy_nats_unchecked(pX.data(), m);
    h.HY = entropy_nats_unchecked(pY.data(), n);
    h.HXY = entropy_nats_unchecked(a, m * n);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const double v = a[i * n + j];
            if (v == 0.0) continue;
            h.HXgivenY -= v * std::log(v / pY(j));  // log P(X=i | Y=j)
            h.HYgivenX -= v * std::log(v / pX(i));  // log P(Y=j | X=i)
        }
    h.HX = h.HX / lb + 0.0;
    h.HY = h.HY / lb + 0.0;
    h.HXY = h.HXY / lb + 0.0;
    h.HXgivenY = h.HXgivenY / lb + 0.0;
    h.HYgivenX = h.HYgivenX / lb + 0.0;
    return h;
}

}  // namespace attn
