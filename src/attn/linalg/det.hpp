// Determinant of a square matrix by LU factorisation with partial pivoting
// (Gaussian elimination, the way LAPACK's getrf + numpy.linalg.det do it):
//   P A = L U,  det(A) = (-1)^(number of row swaps) * prod_i U_ii.
//   A: n x n -> scalar.
#pragma once

#include <cstddef>

#include "attn/common/types.hpp"

namespace attn {

// Largest n for det: elimination costs about n^3 / 3 multiply-adds
// (1024 -> ~0.36 GFLOP, well under a second).
constexpr std::size_t max_det_dim = 1024;

// det(A). A: n x n, finite. An exactly singular A gives 0; the result may
// overflow to +-Infinity or underflow to 0 for large n (IEEE arithmetic).
double det(const mat& A);

// Unchecked kernel: overwrites a (n x n, row-major) with its LU factors
// (unit-lower L below the diagonal, U on and above) and returns det(A).
// Stops early and returns 0 at the first exactly zero pivot column.
double lu_det_inplace(double* a, std::size_t n);

}  // namespace attn
