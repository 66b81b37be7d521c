// Central finite differences for the gradient checks (tests/native/grad,
// tests/native/train): df/dx_i ~ (f(x + h e_i) - f(x - h e_i)) / (2 h),
// h = 1e-5 (1 + |x_i|): truncation O(h^2) and rounding O(eps / h), both
// far below the 1e-6 relative error the tests ask for.
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
        const double h = 1e-5 * (1 + std::fabs(x.data()[i]));
        xp.data()[i] = x.data()[i] + h;
        const double up = f(xp);
        xp.data()[i] = x.data()[i] - h;
        const double down = f(xp);
        xp.data()[i] = x.data()[i];
        g.data()[i] = (up - down) / (2 * h);
    }
    return g;
}

// ||got - want||_2 / max(||got||_2, ||want||_2), 0 when both are 0.
template <class A, class B>
double rel_err(const A& got, const B& want) {
    double d = 0, ng = 0, nw = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double a = got.data()[i], b = want.data()[i];
        d += (a - b) * (a - b);
        ng += a * a;
        nw += b * b;
    }
    const double scale = std::sqrt(std::max(ng, nw));
    return scale == 0 ? 0 : std::sqrt(d) / scale;
}

// sum(G ⊙ Y): the scalar whose gradient the backward functions return.
template <class A, class B>
double dot_all(const A& G, const B& Y) {
    double s = 0;
    for (std::size_t i = 0; i < G.size(); ++i) s += G.data()[i] * Y.data()[i];
    return s;
}

}  // namespace tc
