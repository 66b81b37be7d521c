// Fuzz entry points, softmax's Lipschitz bound: the ratio and the Jacobian's norm stay under it.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/analysis/lipschitz.hpp"

namespace fuzz {

void fuzz_lipschitz(Input& in) {
    const std::size_t n = in.dim();
    const vec z1 = in.vector(n), z2 = in.vector(maybe(in, n));
    const double T = in.positive();
    const double bound = attn::lipschitz_bound(T);
    const double r = attn::lipschitz_ratio(z1, z2, T);
    // Slack 1e-300: for a huge T both sides are subnormal, where rounding is absolute.
    REQUIRE("lipschitzRatio", r >= 0 && r <= bound * (1 + 1e-9) + 1e-300, "ratio " + num(r) + " > bound " + num(bound));
    const double s = attn::jacobian_spectral_norm(z1, T);
    REQUIRE("jacobianSpectralNorm", s >= 0 && s <= bound * (1 + 1e-9) + 1e-300, "norm " + num(s) + " > bound " + num(bound));
}

}  // namespace fuzz
