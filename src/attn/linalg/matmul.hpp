// Matrix product and transpose: the kernels every other concept stands on.
//   A: m x k, B: k x n  ->  A B: m x n
// gemm_nn / gemm_nt pack B into narrow column panels and run a register-
// blocked micro-kernel (MR rows x NR columns of C held in locals, B's panel
// streamed in k order), which -O3 / -msimd128 turn into f64x2 / f32x4 code.
// Every C entry is still summed sequentially over k from 0, exactly as the
// textbook loop: results are bit-identical to the naive kernels.
#pragma once

#include <string>

#include "attn/common/types.hpp"

namespace attn {

// Arithmetic of matmul and the attention family: float64 (the default) or
// float32 (inputs rounded to float, computed in float, results widened back
// to double: the API's types stay the same).
enum class Precision { float64, float32 };

// Option precision: "float64" | "float32" -> Precision; anything else fails naming fn.
Precision parse_precision(const std::string& fn, const std::string& s);

// C = A B. A: m x k, B: k x n. Checks shapes and finiteness (and, in
// float32, that entries and results fit in float).
mat matmul(const mat& A, const mat& B, Precision precision = Precision::float64);

// A^T. A: m x n -> n x m.
mat transpose(const mat& A);

// Unchecked kernels used inside the core after validation (T = double or float).
// C (m x n) = A (m x k) * B (k x n).
template <class T>
void gemm_nn(const T* A, const T* B, T* C, std::size_t m, std::size_t k, std::size_t n);
// C (m x n) = A (m x k) * B^T with B stored n x k (rows of B are columns of B^T).
template <class T>
void gemm_nt(const T* A, const T* B, T* C, std::size_t m, std::size_t k, std::size_t n);

extern template void gemm_nn<double>(const double*, const double*, double*, std::size_t,
                                     std::size_t, std::size_t);
extern template void gemm_nn<float>(const float*, const float*, float*, std::size_t, std::size_t,
                                    std::size_t);
extern template void gemm_nt<double>(const double*, const double*, double*, std::size_t,
                                     std::size_t, std::size_t);
extern template void gemm_nt<float>(const float*, const float*, float*, std::size_t, std::size_t,
                                    std::size_t);

// float32 helpers for the float paths: rounds a checked matrix to float
// (fails naming fn and name if an entry is beyond float's range), and
// widens back.
xt::xtensor<float, 2> to_float32(const std::string& fn, const std::string& name, const mat& M);
mat to_float64(const xt::xtensor<float, 2>& M);

}  // namespace attn
