// What counts as a probability distribution in the core, and the checks
// every probability / information function shares.
//   p: n (a discrete distribution)   joint: m x n, joint(i, j) = P(X=i, Y=j)
// A distribution has finite entries >= 0 that sum to 1 within
// prob_sum_tolerance (sum taken with compensated summation).
#pragma once

#include <cstddef>
#include <string>

#include "attn/common/types.hpp"

namespace attn {

constexpr double prob_sum_tolerance = 1e-9;

// Neumaier-compensated sum of x[0..n): accurate even for millions of terms.
double compensated_sum(const double* x, std::size_t n);

// Throws "<fn>: <name> ..." unless p is a valid distribution (non-empty,
// finite, entries >= 0, |sum - 1| <= prob_sum_tolerance).
void check_distribution(const std::string& fn, const char* name, const vec& p);

// The same for a joint table (every entry >= 0, the whole table sums to 1).
void check_joint(const std::string& fn, const char* name, const mat& joint);

// Marginals of a joint table: pX(i) = sum_j joint(i, j) (length m),
// pY(j) = sum_i joint(i, j) (length n). Unchecked.
vec marginal_rows(const mat& joint);
vec marginal_cols(const mat& joint);

}  // namespace attn
