// Central finite differences for the gradient checks (tests/native/grad,
// tests/native/train), the five-point stencil
//   df/dx_i ~ (-f(x + 2h) + 8 f(x + h) - 8 f(x - h) + f(x - 2h)) / (12 h),
// h = 2e-4 (1 + |x_i|): truncation O(h^4) ~ 1e-15 f^(5) and rounding
// ~ eps |f| / h ~ 5e-13 |f|, both far below the 1e-6 relative error the
// tests ask for (the three-point rule's eps / h, at its best h, is not).
#pragma once

#include <algorithm>
#include <cmath>

#include "attn/common/types.hpp"

namespace tc {

// The gradient of the scalar f(x) (x: any xtensor) by central differences.
template <class T, class F>
T central_diff(const T& x, F&& f) {
    T g = x;
    T xp = x;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double xi = x.data()[i], h = 2e-4 * (1 + std::fabs(xi));
        auto at = [&](double t) {
            xp.data()[i] = xi + t;
            return f(xp);
        };
        const double d = -at(2 * h) + 8 * at(h) - 8 * at(-h) + at(-2 * h);
        xp.data()[i] = xi;
        g.data()[i] = d / (12 * h);
    }
    return g;
}

// ||got - want||_2 / max(||got||_2, ||want||_2, floor). The floor: a
// gradient of norm 1e-6 (a saturated softmax row) is compared absolutely
// (1e-10), as the difference's rounding noise allows.
template <class A, class B>
double rel_err(const A& got, const B& want, double floor = 1e-4) {
    double d = 0, ng = 0, nw = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double a = got.data()[i], b = want.data()[i];
        d += (a - b) * (a - b);
        ng += a * a;
        nw += b * b;
    }
    return std::sqrt(d) / std::max(std::sqrt(std::max(ng, nw)), floor);
}

// sum(G ⊙ Y): the scalar whose gradient the backward functions return.
template <class A, class B>
double dot_all(const A& G, const B& Y) {
    double s = 0;
    for (std::size_t i = 0; i < G.size(); ++i) s += G.data()[i] * Y.data()[i];
    return s;
}

}  // namespace tc
