// Entropy, cross-entropy and KL divergence of discrete distributions.
//   p, q: n (distributions: entries >= 0, sum 1 within 1e-9)
//   H(P)      = - sum_i p_i log p_i
//   H(P, Q)   = - sum_i p_i log q_i            = H(P) + KL(P || Q)
//   KL(P||Q)  =   sum_i p_i log(p_i / q_i)     >= 0 (Gibbs' inequality)
// Logarithms are to `base` (default 2: bits; Math.E: nats); base must be a
// finite number > 0 and != 1. Conventions: 0 log 0 = 0 and 0 log(0/q) = 0,
// so terms with p_i = 0 vanish whatever q_i is; a term with p_i > 0 and
// q_i = 0 makes H(P, Q) and KL(P || Q) +Infinity (never NaN).
#pragma once

#include <string>

#include "attn/common/types.hpp"

namespace attn {

// H(P). p: n -> scalar >= 0 (for base > 1).
double entropy(const vec& p, double base = 2.0);

// H(P, Q). p, q: n -> scalar (may be +Infinity).
double cross_entropy(const vec& p, const vec& q, double base = 2.0);

// KL(P || Q). p, q: n -> scalar (may be +Infinity). Rounding may leave a
// result of order -1e-17 when Q == P; it is not clamped.
double kl_divergence(const vec& p, const vec& q, double base = 2.0);

// Throws "<fn>: base must be ..." unless base is finite, > 0 and != 1;
// returns ln(base), the divisor that turns nats into the requested unit.
double log_base(const std::string& fn, double base);

// Unchecked helpers in nats (natural log), shared with mutual_information.cpp:
// -sum p_i ln p_i over p_i > 0, and p ln(p / q) for p > 0 computed without
// overflow in p / q.
double entropy_nats_unchecked(const double* p, std::size_t n);
double plogp_over_q(double p, double q);

}  // namespace attn
