#include "attn/linalg/matmul.hpp"

#include <algorithm>

#include "attn/common/check.hpp"

namespace attn {

void gemm_nn(const double* A, const double* B, double* C, std::size_t m, std::size_t k,
             std::size_t n) {
    std::fill(C, C + m * n, 0.0);
    for (std::size_t i = 0; i < m; ++i) {
        double* c = C + i * n;
        const double* a = A + i * k;
        for (std::size_t p = 0; p < k; ++p) {
            const double aip = a[p];
            const double* b = B + p * n;
            for (std::size_t j = 0; j < n; ++j) c[j] += aip * b[j];
        }
    }
}

void gemm_nt(const double* A, const double* B, double* C, std::size_t m, std::size_t k,
             std::size_t n) {
    // Each output is a dot product of two contiguous rows.
    for (std::size_t i = 0; i < m; ++i) {
        const double* a = A + i * k;
        for (std::size_t j = 0; j < n; ++j) {
            const double* b = B + j * k;
            double s = 0.0;
            for (std::size_t p = 0; p < k; ++p) s += a[p] * b[p];
            C[i * n + j] = s;
        }
    }
}

mat matmul(const mat& A, const mat& B) {
    check_matrix("matmul", "A", A);
    check_matrix("matmul", "B", B);
    if (A.shape(1) != B.shape(0))
        fail("matmul", "A is " + shape_str(A) + " and B is " + shape_str(B) +
                           ": A's columns must equal B's rows");
    mat C = xt::zeros<double>({A.shape(0), B.shape(1)});
    gemm_nn(A.data(), B.data(), C.data(), A.shape(0), A.shape(1), B.shape(1));
    return C;
}

mat transpose(const mat& A) {
    check_matrix("transpose", "A", A);
    const std::size_t m = A.shape(0), n = A.shape(1);
    mat T = xt::zeros<double>({n, m});
    const double* a = A.data();
    double* t = T.data();
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) t[j * m + i] = a[i * n + j];
    return T;
}

}  // namespace attn
