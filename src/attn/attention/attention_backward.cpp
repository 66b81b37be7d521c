#include "attn/attention/attention_backward.hpp"

#include <cmath>

#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax_backward.hpp"

namespace attn {

void transpose_into(const double* A, std::size_t rows, std::size_t cols, double* out) {
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) out[j * rows + i] = A[i * cols + j];
}

void attention_backward_raw(const double* Q, const double* K, const double* V, const double* P,
                            const double* dO, std::size_t n, std::size_t m, std::size_t dk,
                            std::size_t dv, double scale, double* dQ, double* dK, double* dV,
                            double* dP, double* dS, std::vector<double>& work) {
    work.resize(n * m);
    double* T = work.data();  // m x n: P^T, then (scale dS)^T
    // 1. dV = P^T dO (m x d_v)
    transpose_into(P, n, m, T);
    gemm_nn(T, dO, dV, m, n, dv);
    // 2. dP = dO V^T (n x m)
    gemm_nt(dO, V, dP, n, dv, m);
    // 3. dS (the gradient at the scaled scores)
    softmax_rows_backward(P, dP, dS, n, m);
    // 4. dQ = scale dS K;  5. dK = scale dS^T Q (the scale folded into the transpose)
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j) T[j * n + i] = scale * dS[i * m + j];
    gemm_nn(T, Q, dK, m, n, dk);
    // dS itself is returned (dScaled): scale the product instead of a copy of dS.
    gemm_nn(dS, K, dQ, n, m, dk);
    for (std::size_t i = 0; i < n * dk; ++i) dQ[i] *= scale;
}

void projection_backward(const double* XT, const double* W, const double* dY, std::size_t n,
                         std::size_t d, std::size_t c, double* dW, double* dX,
                         std::vector<double>& work) {
    gemm_nn(XT, dY, dW, d, n, c);
    if (!dX) return;
    work.resize(n * d);
    gemm_nt(dY, W, work.data(), n, c, d);  // dY W^T, W stored d x c
    for (std::size_t i = 0; i < n * d; ++i) dX[i] += work[i];
}

namespace {

void check_upstream(const std::string& fn, const mat& dO, std::size_t n, std::size_t dv) {
    check_matrix(fn, "dOutput", dO);
    if (dO.shape(0) != n || dO.shape(1) != dv)
        fail(fn, "dOutput is ", shape_str(dO), " but the output is ", n, " x ", dv,
             " (the upstream gradient has the output's shape)");
}

double scale_of(const AttentionOptions& opt, std::size_t dk) {
    return opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));
}

void finite(const std::string& fn, const char* name, const mat& M) {
    finite_results(fn, name, M.data(), M.size());
}

}  // namespace

AttentionGrads attention_backward(const mat& Q, const mat& K, const mat& V, const mat& dOutput,
                                  const AttentionOptions& opt) {
    const std::string fn = "attentionBackward";
    AttentionOptions o = opt;
    o.precision = Precision::float64;
    const AttentionSteps s = attention_named(fn, Q, K, V, o);
    const std::size_t n = Q.shape(0), m = K.shape(0), dk = Q.shape(1), dv = V.shape(1);
    check_upstream(fn, dOutput, n, dv);
    AttentionGrads g;
    g.dQ = xt::empty<double>({n, dk});
    g.dK = xt::empty<double>({m, dk});
    g.dV = xt::empty<double>({m, dv});
    g.dWeights = xt::empty<double>({n, m});
    g.dScaled = xt::empty<double>({n, m});
    std::vector<double> work;
    attention_backward_raw(Q.data(), K.data(), V.data(), s.weights.data(), dOutput.data(), n, m,
                           dk, dv, scale_of(o, dk), g.dQ.data(), g.dK.data(), g.dV.data(),
                           g.dWeights.data(), g.dScaled.data(), work);
    finite(fn, "dWeights", g.dWeights);
    finite(fn, "dQ", g.dQ);
    finite(fn, "dK", g.dK);
    finite(fn, "dV", g.dV);
    return g;
}

SelfAttentionGrads self_attention_backward(const mat& X, const mat& Wq, const mat& Wk,
                                           const mat& Wv, const mat& dOutput,
                                           const AttentionOptions& opt) {
    const std::string fn = "selfAttentionBackward";
    AttentionOptions o = opt;
    o.precision = Precision::float64;
    check_matrix(fn, "X", X);
    const SelfAttentionSteps s = self_attention_as(fn, X, Wq, Wk, Wv, o);
    const std::size_t n = X.shape(0), d = X.shape(1), dk = Wq.shape(1), dv = Wv.shape(1);
    check_upstream(fn, dOutput, n, dv);
    mat dQ = xt::empty<double>({n, dk}), dK = xt::empty<double>({n, dk});
    mat dV = xt::empty<double>({n, dv});
    mat dP = xt::empty<double>({n, n}), dS = xt::empty<double>({n, n});
    std::vector<double> work;
    attention_backward_raw(s.Q.data(), s.K.data(), s.V.data(), s.att.weights.data(),
                           dOutput.data(), n, n, dk, dv, scale_of(o, dk), dQ.data(), dK.data(),
                           dV.data(), dP.data(), dS.data(), work);
    SelfAttentionGrads g;
    g.dX = xt::zeros<double>({n, d});
    g.dWq = xt::empty<double>({d, dk});
    g.dWk = xt::empty<double>({d, dk});
    g.dWv = xt::empty<double>({d, dv});
    std::vector<double> XT(d * n);
    transpose_into(X.data(), n, d, XT.data());
    projection_backward(XT.data(), Wq.data(), dQ.data(), n, d, dk, g.dWq.data(), g.dX.data(), work);
    projection_backward(XT.data(), Wk.data(), dK.data(), n, d, dk, g.dWk.data(), g.dX.data(), work);
    projection_backward(XT.data(), Wv.data(), dV.data(), n, d, dv, g.dWv.data(), g.dX.data(), work);
    finite(fn, "dX", g.dX);
    finite(fn, "dWq", g.dWq);
    finite(fn, "dWk", g.dWk);
    finite(fn, "dWv", g.dWv);
    return g;
}

}  // namespace attn
