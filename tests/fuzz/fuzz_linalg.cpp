// Fuzz entry points, transpose and matmul against a long double sum; det must not crash.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/linalg/det.hpp"
#include "attn/linalg/matmul.hpp"

namespace fuzz {

void fuzz_linalg(Input& in) {
    const std::size_t m = in.dim(), k = in.dim(), n = in.dim();
    const mat A = in.matrix(m, k), B = in.matrix(maybe(in, k), n);
    const mat T = attn::transpose(attn::transpose(A));
    REQUIRE("transpose", T == A, "transpose twice is not the identity");
    const mat C = attn::matmul(A, B);
    REQUIRE("matmul", C.shape(0) == m && C.shape(1) == n, "shape");
    if (max_abs(A.data(), A.size()) <= 1e100 && max_abs(B.data(), B.size()) <= 1e100) {
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                long double s = 0, a = 0;
                for (std::size_t p = 0; p < k; ++p)
                    s += static_cast<long double>(A(i, p)) * B(p, j),
                        a += std::fabs(static_cast<long double>(A(i, p)) * B(p, j));
                REQUIRE("matmul", std::fabs(C(i, j) - static_cast<double>(s)) <= 1e-13 * static_cast<double>(a) + 1e-300,
                        "C(" + std::to_string(i) + ", " + std::to_string(j) + ") = " + num(C(i, j)));
            }
    }
    const double d = attn::det(A);  // may overflow to +-Infinity; must not crash
    (void)d;
}

}  // namespace fuzz
