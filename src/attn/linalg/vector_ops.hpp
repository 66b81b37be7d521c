// Vector arithmetic and the small matrix reductions of the chapter's
// linear-algebra section: the layer h = W x + b and the trace.
//   u, v: n (vectors)   alpha: scalar   W: m x n   x: n   b: m   A: n x n
// Every function validates its input under its public JS name and returns
// an evaluated result. Call these qualified (attn::norm, attn::trace):
// xtensor has functions of the same names that ADL would otherwise find.
#pragma once

#include <cstddef>

#include "attn/common/types.hpp"

namespace attn {

// u + v. u, v: n -> n.
vec add(const vec& u, const vec& v);

// u - v. u, v: n -> n.
vec sub(const vec& u, const vec& v);

// alpha v. alpha: finite scalar, v: n -> n.
vec scale(double alpha, const vec& v);

// u . v = sum_i u_i v_i. u, v: n -> scalar.
double dot(const vec& u, const vec& v);

// ||v||_p for p = 1 (sum |v_i|), 2 (Euclidean) or +Infinity (max |v_i|);
// any other p is an error. v: n -> scalar. The 2-norm rescales by max |v_i|
// when squaring could overflow or underflow, so it is finite for any finite v.
double norm(const vec& v, double p = 2.0);

// h = W x (+ b). W: m x n, x: n, b: m -> h: m.
vec affine(const mat& W, const vec& x);
vec affine(const mat& W, const vec& x, const vec& b);

// sum_i A_ii. A: n x n (square; a rectangular A is an error).
double trace(const mat& A);

// Unchecked Euclidean norm of x[0..n) with the same overflow-safe scaling
// as norm(v, 2); for use inside the core after validation.
double norm2_unchecked(const double* x, std::size_t n);

}  // namespace attn
