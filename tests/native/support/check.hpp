// Float comparisons used by every test: rtol 1e-9 against fixtures,
// absolute 1e-12 near zero (DESIGN.md), non-finite values must match exactly.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "attn/common/types.hpp"

namespace tc {

inline bool close(double got, double want, double rtol = 1e-9, double atol = 1e-12) {
    if (std::isnan(want)) return std::isnan(got);
    if (std::isinf(want)) return got == want;
    return std::fabs(got - want) <= atol + rtol * std::fabs(want);
}

template <class E1, class E2>
void require_close(const E1& got, const E2& want, double rtol = 1e-9, double atol = 1e-12) {
    REQUIRE(got.shape() == want.shape());
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double g = got.data()[i], w = want.data()[i];
        INFO("flat index " << i << ": got " << g << ", want " << w);
        REQUIRE(close(g, w, rtol, atol));
    }
}

inline void require_close(double got, double want, double rtol = 1e-9, double atol = 1e-12) {
    INFO("got " << got << ", want " << want);
    REQUIRE(close(got, want, rtol, atol));
}

// Requires that f() throws attn::invalid_input whose message starts with prefix.
template <class F>
void require_invalid(F&& f, const std::string& prefix) {
    try {
        f();
    } catch (const attn::invalid_input& e) {
        const std::string msg = e.what();
        INFO("message: " << msg);
        REQUIRE(msg.rfind(prefix, 0) == 0);
        return;
    }
    FAIL("expected attn::invalid_input starting with '" << prefix << "'");
}

}  // namespace tc
