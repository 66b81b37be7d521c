// The softmax family: turns a score vector z (length n) into a probability
// vector p (length n), p_i = exp(z_i / T) / sum_j exp(z_j / T).
// Every function takes a temperature T > 0 (T = 1 is the chapter's softmax).
#pragma once

#include <cstdint>

#include "attn/common/types.hpp"

namespace attn {

// The one temperature check (softmax, analysis): T must be a positive finite
// number, and at least min_T where the caller divides by T (1/T overflows
// below it). The message starts with fn, the public function name.
void check_temperature(const std::string& fn, double T, double min_T = 0);

// Intermediates of the stable softmax, for the lesson's exp -> sum -> divide.
struct SoftmaxSteps {
    double max = 0;  // max_j z_j
    vec shifted;     // (z - max) / T   (all <= 0, so exp cannot overflow)
    vec exps;        // exp(shifted)
    double sum = 0;  // sum_j exps_j   (>= 1: the max term is exp(0))
    vec probs;       // exps / sum
};

SoftmaxSteps softmax_steps(const vec& z, double T = 1.0);

// Stable softmax: shifts by max(z) first. z: n -> n.
vec softmax(const vec& z, double T = 1.0);

// Textbook formula without the shift: overflows to Infinity/NaN for large z
// (e.g. z = [1000, 1001, 1002]). Kept for teaching.
vec softmax_naive(const vec& z, double T = 1.0);

// log softmax(z / T), computed as shifted - log(sum exp(shifted)).
vec log_softmax(const vec& z, double T = 1.0);

// J_ij = dp_i / dz_j = (p_i (delta_ij - p_j)) / T, i.e. (diag(p) - p p^T) / T. n x n.
mat softmax_jacobian(const vec& z, double T = 1.0);

// Row-wise stable softmax in place over an rows x cols block. allowed
// (may be null) marks with 1 the entries that may receive weight; the
// others get exactly 0. A row with no allowed entry throws invalid_input
// naming fn. Unchecked otherwise: callers validate first. T = double or
// float (attention's float32 path: exp, sum and divide in float).
template <class T>
void softmax_rows_inplace(const std::string& fn, T* S, std::size_t rows, std::size_t cols,
                          const std::uint8_t* allowed);
extern template void softmax_rows_inplace<double>(const std::string&, double*, std::size_t,
                                                  std::size_t, const std::uint8_t*);
extern template void softmax_rows_inplace<float>(const std::string&, float*, std::size_t,
                                                 std::size_t, const std::uint8_t*);

}  // namespace attn
