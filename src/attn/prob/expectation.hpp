// Expectation and variance of a discrete random variable X that takes the
// value x_i with probability p_i.
//   x: n (values, finite)   p: n (a distribution, see prob/distribution.hpp)
//   E[X] = sum_i p_i x_i      Var[X] = E[(X - E[X])^2] = E[X^2] - E[X]^2
// Call these qualified (attn::variance): on xtensor arguments ADL also finds
// xt::variance(e, axes), which wins overload resolution and fails to compile.
#pragma once

#include "attn/common/types.hpp"

namespace attn {

// E[X] = sum_i p_i x_i. x, p: n -> scalar.
double expectation(const vec& x, const vec& p);

// Var[X] = sum_i p_i (x_i - E[X])^2 (the centred form: never negative).
double variance(const vec& x, const vec& p);

// The two ways to the variance, for the lesson. x, p: n.
struct Moments {
    double mean = 0;              // E[X]
    double meanOfSquares = 0;     // E[X^2]
    double varianceCentral = 0;   // E[(X - E[X])^2]
    double varianceShortcut = 0;  // E[X^2] - E[X]^2 (may lose digits to
                                  // cancellation when |E[X]| >> sd: the lesson's point)
};
Moments moments(const vec& x, const vec& p);

}  // namespace attn
