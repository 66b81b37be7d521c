#include "attn/flash/linear_attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "attn/common/check.hpp"
#include "attn/linalg/matmul.hpp"

namespace attn {

namespace {

double phi(double x) { return x > 0 ? x + 1 : std::exp(x); }

void features(const double* X, double* F, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) F[i] = phi(X[i]);
}

void check_denominator(const std::string& fn, std::size_t i, double den) {
    // Below the smallest normal double the sum has lost its digits (the two
    // orders would disagree), so a subnormal normalizer counts as underflow.
    if (!(den >= std::numeric_limits<double>::min()) || !std::isfinite(den))
        fail(fn, "row ", i, ": the normalizer phi(q_", i, ") . sum phi(k_j) is ", den,
             (std::isfinite(den) ? " (the features underflow: entries of Q or K below about -350)"
                                 : " (it overflows: scale Q and K down)"));
}

}  // namespace

LinearAttentionResult linear_attention(const mat& Q, const mat& K, const mat& V,
                                       const LinearAttentionOptions& opt) {
    const std::string fn = "linearAttention";
    check_qkv(fn, Q, K, V);
    bool right = true;
    if (opt.order) {
        if (*opt.order == "left") right = false;
        else if (*opt.order != "right")
            fail(fn, "order must be 'left' or 'right', got '", *opt.order, "'");
    }
    const std::size_t n = Q.shape(0), m = K.shape(0), dk = Q.shape(1), dv = V.shape(1);
    if (n * m > max_elements)
        fail(fn, "the ", n, " x ", m, " weight matrix is larger than the limit of ", max_elements,
             " entries");
    // Inputs, features, weights, output, state and normalizer.
    const std::uint64_t entries = 2 * (std::uint64_t{n} * dk + std::uint64_t{m} * dk) +
                                  std::uint64_t{m} * dv + std::uint64_t{n} * m +
                                  std::uint64_t{n} * dv + std::uint64_t{dk} * dv + dk;
    check_memory(fn, 8 * entries);

    LinearAttentionResult r;
    r.featuresQ = xt::empty<double>({n, dk});
    r.featuresK = xt::empty<double>({m, dk});
    features(Q.data(), r.featuresQ.data(), n * dk);
    features(K.data(), r.featuresK.data(), m * dk);
    const double* fq = r.featuresQ.data();
    const double* fk = r.featuresK.data();

    // Weights: the left order's n x m matrix, rows normalised (shown in
    // both orders; its row sums are checked as the right order's are).
    r.weights = xt::zeros<double>({n, m});
    double* W = r.weights.data();
    gemm_nt(fq, fk, W, n, dk, m);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t len = opt.causal ? std::min(i + 1, m) : m;
        double* w = W + i * m;
        std::fill(w + len, w + m, 0.0);
        double s = 0;
        for (std::size_t j = 0; j < len; ++j) s += w[j];
        check_denominator(fn, i, s);
        for (std::size_t j = 0; j < len; ++j) w[j] /= s;
    }

    r.output = xt::zeros<double>({n, dv});
    r.state = xt::zeros<double>({dk, dv});
    r.normalizer = xt::zeros<double>({dk});
    double* S = r.state.data();
    double* z = r.normalizer.data();
    // S += phi(k_j)^T v_j, z += phi(k_j)
    auto add_key = [&](std::size_t j) {
        for (std::size_t a = 0; a < dk; ++a) {
            const double f = fk[j * dk + a];
            z[a] += f;
            for (std::size_t b = 0; b < dv; ++b) S[a * dv + b] += f * V(j, b);
        }
    };
    // output_i = phi(q_i) S / (phi(q_i) . z)
    auto read_query = [&](std::size_t i) {
        double den = 0;
        for (std::size_t a = 0; a < dk; ++a) den += fq[i * dk + a] * z[a];
        check_denominator(fn, i, den);
        double* o = r.output.data() + i * dv;
        gemm_nn(fq + i * dk, S, o, 1, dk, dv);
        for (std::size_t b = 0; b < dv; ++b) o[b] /= den;
    };
    if (!opt.causal) {
        for (std::size_t j = 0; j < m; ++j) add_key(j);
        if (right)
            for (std::size_t i = 0; i < n; ++i) read_query(i);
    } else {
        // The running sums, one key per query: the state after the last query.
        for (std::size_t i = 0; i < n; ++i) {
            if (i < m) add_key(i);
            if (right) read_query(i);
        }
    }
    if (!right) gemm_nn(W, V.data(), r.output.data(), n, m, dv);

    for (double x : r.state)
        if (!std::isfinite(x)) fail(fn, "the state phi(K)^T V overflows: scale K or V down");
    for (double x : r.normalizer)
        if (!std::isfinite(x)) fail(fn, "the normalizer sum phi(k_j) overflows: scale K down");
    for (double x : r.output)
        if (!std::isfinite(x)) fail(fn, "the output overflows: scale V down");
    return r;
}

void linear_attention_left(const double* Q, const double* K, const double* V, double* out,
                           std::size_t n, std::size_t d, std::vector<double>& work) {
    const std::size_t B = 32;
    work.resize(2 * n * d + B * n);
    double* fq = work.data();
    double* fk = fq + n * d;
    double* A = fk + n * d;
    features(Q, fq, n * d);
    features(K, fk, n * d);
    for (std::size_t i0 = 0; i0 < n; i0 += B) {
        const std::size_t b = std::min(B, n - i0);
        gemm_nt(fq + i0 * d, fk, A, b, d, n);
        for (std::size_t i = 0; i < b; ++i) {
            double* a = A + i * n;
            double s = 0;
            for (std::size_t j = 0; j < n; ++j) s += a[j];
            for (std::size_t j = 0; j < n; ++j) a[j] /= s;
        }
        gemm_nn(A, V, out + i0 * d, b, n, d);
    }
}

void linear_attention_right(const double* Q, const double* K, const double* V, double* out,
                            std::size_t n, std::size_t d, std::vector<double>& work) {
    work.resize(2 * n * d + d * d + d);
    double* fq = work.data();
    double* fkt = fq + n * d;  // phi(K)^T, d x n
    double* S = fkt + n * d;
    double* z = S + d * d;
    features(Q, fq, n * d);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t a = 0; a < d; ++a) fkt[a * n + j] = phi(K[j * d + a]);
    gemm_nn(fkt, V, S, d, n, d);
    for (std::size_t a = 0; a < d; ++a) {
        double s = 0;
        for (std::size_t j = 0; j < n; ++j) s += fkt[a * n + j];
        z[a] = s;
    }
    gemm_nn(fq, S, out, n, d, d);
    for (std::size_t i = 0; i < n; ++i) {
        double den = 0;
        for (std::size_t a = 0; a < d; ++a) den += fq[i * d + a] * z[a];
        for (std::size_t b = 0; b < d; ++b) out[i * d + b] /= den;
    }
}

}  // namespace attn
