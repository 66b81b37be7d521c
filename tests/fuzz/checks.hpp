// Invariants shared by several entry points: finiteness, probability rows,
// outputs inside the values' range, an SVD that reconstructs its matrix;
// and the attention options (mask, causal, scale) drawn from the bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "attn/attention/attention.hpp"
#include "attn/lowrank/svd.hpp"
#include "input.hpp"

namespace fuzz {

bool all_finite(const double* p, std::size_t n);
bool all_finite(const mat& m);
bool all_finite(const vec& v);
bool any_nan(const mat& m);
double max_abs(const double* p, std::size_t n);

// Rows of a probability matrix: entries in [0, 1], each row sums to 1 within 1e-9.
void check_stochastic_rows(const char* op, const mat& W);
// out = W V with W row-stochastic: each entry lies within its column's range of V.
void check_convex_output(const char* op, const mat& W, const mat& V, const mat& out);
// Weights stochastic and zero where `allowed` (n x m, or null) forbids; output convex.
void check_attention_steps(const char* op, const attn::AttentionSteps& s, const mat& V,
                           const std::vector<std::uint8_t>* allowed);
// Shapes, descending S, |A - U S Vt|_F / |A|_F small, U and V orthonormal.
void check_svd(const char* op, const mat& A, const attn::SvdResult& r);

// Causal or not, a mask (usually n x m), a scale.
attn::AttentionOptions attention_options(Input& in, std::size_t n, std::size_t m);
// Which of the n x m scores the options let through.
std::vector<std::uint8_t> allowed_of(const attn::AttentionOptions& opt, std::size_t n, std::size_t m);

}  // namespace fuzz
