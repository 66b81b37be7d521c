// Matrix product and transpose: the kernels every other concept stands on.
//   A: m x k, B: k x n  ->  A B: m x n
// Inner loops run on raw pointers in i-k-j order (row of B streamed,
// contiguous writes) so that -O3 / -msimd128 vectorize them.
#pragma once

#include "attn/common/types.hpp"

namespace attn {

// C = A B. A: m x k, B: k x n. Checks shapes and finiteness.
mat matmul(const mat& A, const mat& B);

// A^T. A: m x n -> n x m.
mat transpose(const mat& A);

// Unchecked kernels used inside the core after validation.
// C (m x n) = A (m x k) * B (k x n).
void gemm_nn(const double* A, const double* B, double* C, std::size_t m, std::size_t k,
             std::size_t n);
// C (m x n) = A (m x k) * B^T with B stored n x k (rows of B are columns of B^T).
void gemm_nt(const double* A, const double* B, double* C, std::size_t m, std::size_t k,
             std::size_t n);

}  // namespace attn
