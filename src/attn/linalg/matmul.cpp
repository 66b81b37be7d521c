#include "attn/linalg/matmul.hpp"

#include <algorithm>
#include <cfloat>
#include <cstring>
#include <vector>

#include "attn/common/check.hpp"

namespace attn {

namespace {

// Micro-tile of C kept in locals: MR rows x NR columns, NR = NV 128-bit
// vectors (f64x2 / f32x4 in wasm, SSE2 natively): 8 accumulator vectors
// plus 2 of B and one broadcast of A fit x86-64's 16 registers, which V8
// also allocates from. Measured at 256^3 (wasm in Node 20 and g++ -O3):
// 4 x 2 vectors beats 6 x 2, 4 x 3, 3 x 4 and 2 x 4 (those spill in V8).
template <class T>
struct Tile {
    static constexpr std::size_t MR = 4, NV = 2, NR = NV * 16 / sizeof(T);
};

// Cache blocking: a packed block of B is at most KC x NC (256 x 128 doubles
// = 256 KB, stays in L2) and is reused by every MR-row strip of A; one
// panel of it (KC x NR, 8 KB) is streamed per micro-tile.
constexpr std::size_t KC = 256;
constexpr std::size_t NC_BYTES = 256 * 1024;

// Packs the block rows p0 .. p0+kc, columns j0 .. j0+nc of op(B) into
// panels of NR columns: panel q holds op(B)(p0 + p, j0 + q + jj) at
// out[q * kc + p * NR + jj]; columns past nc are zero.
// op(B) = B (k x n, row stride ld) or, Trans, B^T with B stored n x k.
template <class T, bool Trans>
void pack_b(const T* B, std::size_t ld, std::size_t p0, std::size_t kc, std::size_t j0,
            std::size_t nc, T* out) {
    constexpr std::size_t NR = Tile<T>::NR;
    for (std::size_t q = 0; q < nc; q += NR) {
        const std::size_t w = std::min(NR, nc - q);
        T* dst = out + q * kc;
        if (Trans) {
            for (std::size_t jj = 0; jj < w; ++jj) {
                const T* src = B + (j0 + q + jj) * ld + p0;
                for (std::size_t p = 0; p < kc; ++p) dst[p * NR + jj] = src[p];
            }
            for (std::size_t jj = w; jj < NR; ++jj)
                for (std::size_t p = 0; p < kc; ++p) dst[p * NR + jj] = T(0);
        } else {
            for (std::size_t p = 0; p < kc; ++p) {
                const T* src = B + (p0 + p) * ld + j0 + q;
                for (std::size_t jj = 0; jj < w; ++jj) dst[p * NR + jj] = src[jj];
                for (std::size_t jj = w; jj < NR; ++jj) dst[p * NR + jj] = T(0);
            }
        }
    }
}

// 128-bit vectors through the GCC / clang vector extension (f64x2 / f32x4
// in wasm with -msimd128, SSE2 natively): one portable source; element-wise
// IEEE arithmetic, so results equal the scalar loop's.
template <class T>
struct Vec;
template <>
struct Vec<double> {
    typedef double type __attribute__((vector_size(16)));
};
template <>
struct Vec<float> {
    typedef float type __attribute__((vector_size(16)));
};

template <class T>
inline typename Vec<T>::type load(const T* p) {
    typename Vec<T>::type v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class T>
inline void store(T* p, typename Vec<T>::type v) {
    std::memcpy(p, &v, sizeof v);
}

// C[0..MR) x [0..NR) (row stride ldc) = (first ? 0 : C) + A-strip * panel,
// summed in k order. a: MR rows with stride lda; bp: kc x NR packed.
template <class T, std::size_t MR>
inline void micro(const T* a, std::size_t lda, const T* bp, std::size_t kc, T* c,
                  std::size_t ldc, bool first) {
    using V = typename Vec<T>::type;
    constexpr std::size_t W = sizeof(V) / sizeof(T), NV = Tile<T>::NV, NR = Tile<T>::NR;
    static_assert(NR == NV * W, "a micro-tile row is NV vectors");
    V acc[MR][NV];
    for (std::size_t r = 0; r < MR; ++r)
        for (std::size_t v = 0; v < NV; ++v) acc[r][v] = first ? V{} : load(c + r * ldc + v * W);
    for (std::size_t p = 0; p < kc; ++p) {
        V b[NV];
        for (std::size_t v = 0; v < NV; ++v) b[v] = load(bp + p * NR + v * W);
        for (std::size_t r = 0; r < MR; ++r) {
            const T ar = a[r * lda + p];
            for (std::size_t v = 0; v < NV; ++v) acc[r][v] += b[v] * ar;
        }
    }
    for (std::size_t r = 0; r < MR; ++r)
        for (std::size_t v = 0; v < NV; ++v) store(c + r * ldc + v * W, acc[r][v]);
}

// One micro-tile with mr <= MR valid rows and nr <= NR valid columns; a
// partial tile goes through a local buffer so the kernel keeps fixed sizes.
template <class T>
void tile(const T* a, std::size_t lda, const T* bp, std::size_t kc, T* c, std::size_t ldc,
          std::size_t mr, std::size_t nr, bool first) {
    constexpr std::size_t MR = Tile<T>::MR, NR = Tile<T>::NR;
    if (mr == MR && nr == NR) {
        micro<T, MR>(a, lda, bp, kc, c, ldc, first);
        return;
    }
    T buf[MR * NR] = {};
    if (!first)
        for (std::size_t r = 0; r < mr; ++r)
            for (std::size_t j = 0; j < nr; ++j) buf[r * NR + j] = c[r * ldc + j];
    static_assert(MR == 4, "the switch below covers mr = 1 .. 4");
    switch (mr) {
        case 1: micro<T, 1>(a, lda, bp, kc, buf, NR, first); break;
        case 2: micro<T, 2>(a, lda, bp, kc, buf, NR, first); break;
        case 3: micro<T, 3>(a, lda, bp, kc, buf, NR, first); break;
        default: micro<T, 4>(a, lda, bp, kc, buf, NR, first); break;
    }
    for (std::size_t r = 0; r < mr; ++r)
        for (std::size_t j = 0; j < nr; ++j) c[r * ldc + j] = buf[r * NR + j];
}

// C = A op(B), blocked. Trans: op(B) = B^T, B stored n x k.
template <class T, bool Trans>
void gemm_blocked(const T* A, const T* B, T* C, std::size_t m, std::size_t k, std::size_t n) {
    constexpr std::size_t MR = Tile<T>::MR, NR = Tile<T>::NR;
    const std::size_t nc_max = std::max(NR, NC_BYTES / sizeof(T) / KC / NR * NR);
    const std::size_t kc_max = std::min(KC, k);
    const std::size_t nc_cap = std::min(nc_max, (n + NR - 1) / NR * NR);
    std::vector<T> packed(kc_max * nc_cap);
    for (std::size_t jc = 0; jc < n; jc += nc_max) {
        const std::size_t nc = std::min(nc_max, n - jc);
        for (std::size_t pc = 0; pc < k; pc += KC) {
            const std::size_t kc = std::min(KC, k - pc);
            pack_b<T, Trans>(B, Trans ? k : n, pc, kc, jc, nc, packed.data());
            for (std::size_t i = 0; i < m; i += MR) {
                const std::size_t mr = std::min(MR, m - i);
                const T* a = A + i * k + pc;
                for (std::size_t q = 0; q < nc; q += NR)
                    tile(a, k, packed.data() + q * kc, kc, C + i * n + jc + q, n, mr,
                         std::min(NR, nc - q), pc == 0);
            }
        }
    }
}

}  // namespace

template <class T>
void gemm_nn(const T* A, const T* B, T* C, std::size_t m, std::size_t k, std::size_t n) {
    if (m >= Tile<T>::MR && k > 0) return gemm_blocked<T, false>(A, B, C, m, k, n);
    // A few rows (sparse attention calls this per query): packing would not pay.
    std::fill(C, C + m * n, T(0));
    for (std::size_t i = 0; i < m; ++i) {
        T* c = C + i * n;
        const T* a = A + i * k;
        for (std::size_t p = 0; p < k; ++p) {
            const T aip = a[p];
            const T* b = B + p * n;
            for (std::size_t j = 0; j < n; ++j) c[j] += aip * b[j];
        }
    }
}

template <class T>
void gemm_nt(const T* A, const T* B, T* C, std::size_t m, std::size_t k, std::size_t n) {
    if (m >= Tile<T>::MR && k > 0) return gemm_blocked<T, true>(A, B, C, m, k, n);
    // Each output is a dot product of two contiguous rows.
    for (std::size_t i = 0; i < m; ++i) {
        const T* a = A + i * k;
        for (std::size_t j = 0; j < n; ++j) {
            const T* b = B + j * k;
            T s = T(0);
            for (std::size_t p = 0; p < k; ++p) s += a[p] * b[p];
            C[i * n + j] = s;
        }
    }
}

template void gemm_nn<double>(const double*, const double*, double*, std::size_t, std::size_t,
                              std::size_t);
template void gemm_nn<float>(const float*, const float*, float*, std::size_t, std::size_t,
                             std::size_t);
template void gemm_nt<double>(const double*, const double*, double*, std::size_t, std::size_t,
                              std::size_t);
template void gemm_nt<float>(const float*, const float*, float*, std::size_t, std::size_t,
                             std::size_t);

Precision parse_precision(const std::string& fn, const std::string& s) {
    if (s == "float64") return Precision::float64;
    if (s == "float32") return Precision::float32;
    fail(fn, "precision must be 'float64' or 'float32', got '", s, "'");
}

xt::xtensor<float, 2> to_float32(const std::string& fn, const std::string& name, const mat& M) {
    const std::size_t rows = M.shape(0), cols = M.shape(1);
    auto F = xt::xtensor<float, 2>::from_shape({rows, cols});
    const double* src = M.data();
    float* dst = F.data();
    for (std::size_t i = 0; i < rows * cols; ++i) {
        if (!(std::fabs(src[i]) <= FLT_MAX))
            fail(fn, name, " has an entry beyond the float32 range (", src[i], " at (", i / cols,
                 ", ", i % cols, ")): use precision 'float64'");
        dst[i] = static_cast<float>(src[i]);
    }
    return F;
}

mat to_float64(const xt::xtensor<float, 2>& M) {
    mat D = xt::empty<double>({M.shape(0), M.shape(1)});
    std::copy(M.data(), M.data() + M.size(), D.data());
    return D;
}

mat matmul(const mat& A, const mat& B, Precision precision) {
    check_matrix("matmul", "A", A);
    check_matrix("matmul", "B", B);
    if (A.shape(1) != B.shape(0))
        fail("matmul", "A is ", shape_str(A), " and B is ", shape_str(B),
             ": A's columns must equal B's rows");
    const std::size_t m = A.shape(0), k = A.shape(1), n = B.shape(1);
    if (precision == Precision::float32) {
        const auto Af = to_float32("matmul", "A", A), Bf = to_float32("matmul", "B", B);
        auto Cf = xt::xtensor<float, 2>::from_shape({m, n});
        gemm_nn(Af.data(), Bf.data(), Cf.data(), m, k, n);
        for (std::size_t i = 0; i < m * n; ++i)
            if (!std::isfinite(Cf.data()[i]))
                fail("matmul", "A B overflows float32 at (", i / n, ", ", i % n,
                     "): use precision 'float64'");
        return to_float64(Cf);
    }
    mat C = xt::empty<double>({m, n});
    gemm_nn(A.data(), B.data(), C.data(), m, k, n);
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
