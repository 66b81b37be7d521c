// Fuzz entry points, entropy, cross-entropy, KL, mutual information: signs, bounds and the identities between them.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/info/entropy.hpp"
#include "attn/info/mutual_information.hpp"

namespace fuzz {

void fuzz_information(Input& in) {
    const std::size_t n = in.dim();
    const vec p = in.distribution(n), q = in.distribution(maybe(in, n));
    const double base = in.flag() ? 2.0 : in.positive();
    const double H = attn::entropy(p, base);
    REQUIRE("entropy", !std::isnan(H), "NaN");
    if (base > 1) {
        const double Hmax = std::log(static_cast<double>(n)) / std::log(base);
        REQUIRE("entropy", H >= 0 && H <= Hmax * (1 + 1e-12) + 1e-12,
                "H = " + num(H) + ", log n = " + num(Hmax));
    }
    const double CE = attn::cross_entropy(p, q, base);
    const double KL = attn::kl_divergence(p, q, base);
    REQUIRE("crossEntropy/klDivergence", !std::isnan(CE) && !std::isnan(KL), "NaN");
    if (base > 1) {
        REQUIRE("klDivergence", KL >= -1e-9, "KL = " + num(KL));
        REQUIRE("crossEntropy", CE >= H - 1e-9 * std::max(1.0, std::fabs(H)), "CE < H");
        if (std::isfinite(CE))
            REQUIRE("klDivergence", std::fabs(KL - (CE - H)) <= 1e-8 * std::max(1.0, CE),
                    "KL = " + num(KL) + " but CE - H = " + num(CE - H));
        else
            REQUIRE("klDivergence", KL == kInf, "CE infinite but KL = " + num(KL));
    }
}

void fuzz_joint(Input& in) {
    const std::size_t r = in.dim(), c = in.dim();
    const vec flat = in.distribution(r * c);
    mat J = xt::empty<double>({r, c});
    std::copy(flat.begin(), flat.end(), J.begin());
    const double base = in.flag() ? 2.0 : in.positive();
    const double MI = attn::mutual_information(J, base);
    const attn::ConditionalEntropies h = attn::conditional_entropy(J, base);
    REQUIRE("mutualInformation", !std::isnan(MI), "NaN");
    if (base > 1) {
        const double tol = 1e-9 * std::max(1.0, h.HXY);
        REQUIRE("mutualInformation", MI >= -tol, "MI = " + num(MI));
        REQUIRE("mutualInformation", MI <= std::min(h.HX, h.HY) + tol, "MI > min(HX, HY)");
        REQUIRE("conditionalEntropy", h.HXgivenY >= -tol && h.HYgivenX >= -tol, "negative");
        REQUIRE("conditionalEntropy", std::fabs(h.HXY - (h.HY + h.HXgivenY)) <= tol, "chain rule");
        REQUIRE("conditionalEntropy", std::fabs(MI - (h.HX - h.HXgivenY)) <= tol,
                "MI = " + num(MI) + " but H(X) - H(X|Y) = " + num(h.HX - h.HXgivenY));
    }
}

}  // namespace fuzz
