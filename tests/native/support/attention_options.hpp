// AttentionOptions from a fixture case's "mask" (0/1 matrix), "causal" and
// "scale", as scripts/gen_fixtures.py writes them.
#pragma once

#include <cstdint>

#include "attn/attention/attention.hpp"
#include "support/json.hpp"

namespace fx {

inline attn::AttentionOptions attention_options(const Json& k) {
    attn::AttentionOptions o;
    if (k.has("mask")) {
        const attn::mat m = k["mask"].mat();
        o.mask = xt::xtensor<std::uint8_t, 2>::from_shape({m.shape(0), m.shape(1)});
        for (std::size_t i = 0; i < m.size(); ++i) o.mask.data()[i] = m.data()[i] != 0;
    }
    if (k.has("causal")) o.causal = k["causal"].b;
    if (k.has("scale")) o.scale = k["scale"].number();
    return o;
}

}  // namespace fx
