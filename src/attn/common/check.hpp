// Input validation shared by every core function. Each check takes the
// public function name so that the message the learner sees starts with it.
#pragma once

#include <cmath>
#include <string>

#include "attn/common/types.hpp"

namespace attn {

// Largest side of any matrix and length of any vector the core accepts:
// keeps every request far below the wasm module's 256 MB memory cap.
constexpr std::size_t max_dim = 4096;
constexpr std::size_t max_elements = 1u << 22;  // 4M doubles = 32 MB

[[noreturn]] void fail(const std::string& fn, const std::string& what);

std::string shape_str(const mat& m);
std::string num_str(double x);  // %g, with "NaN" / "Infinity" spelled as in JS

void check_vector(const std::string& fn, const char* name, const vec& v);
void check_matrix(const std::string& fn, const char* name, const mat& m);
// Attention's inputs: Q n x d_k, K m x d_k, V m x d_v, each a valid matrix.
void check_qkv(const std::string& fn, const mat& Q, const mat& K, const mat& V);
void check_square(const std::string& fn, const char* name, const mat& m);
void check_positive_finite(const std::string& fn, const char* name, double x);

}  // namespace attn
