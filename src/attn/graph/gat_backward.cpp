#include "attn/graph/gat_backward.hpp"

#include <cmath>

#include "attn/attention/attention_backward.hpp"  // transpose_into
#include "attn/common/check.hpp"
#include "attn/common/overflow.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax_backward.hpp"

namespace attn {

void gat_backward_raw(const double* X, const double* W, const double* a, const GatSteps& s,
                      const double* dO, std::size_t f, double slope, double* dX, double* dW,
                      double* da, std::vector<double>& work) {
    const std::size_t n = s.Wh.shape(0), fp = s.Wh.shape(1);
    const double* wh = s.Wh.data();
    const double* alpha = s.alpha.data();
    // work: dAlpha / de (n x n) | alpha^T (n x n) | dWh (n x f') | dsrc, ddst (n each) | X^T (f x n)
    work.resize(2 * n * n + n * fp + 2 * n + f * n);
    double* dA = work.data();
    double* T = dA + n * n;
    double* dWh = T + n * n;
    double* dsrc = dWh + n * fp;
    double* ddst = dsrc + n;
    double* XT = ddst + n;

    gemm_nt(dO, wh, dA, n, fp, n);          // 1. dAlpha = dO Wh^T
    transpose_into(alpha, n, n, T);
    gemm_nn(T, dO, dWh, n, n, fp);          // 2. dWh = alpha^T dO
    softmax_rows_backward(alpha, dA, dA, n, n);  // 3. de, in place

    // 4-5. through the LeakyReLU to the two halves of the score
    const double* src = s.src.data();
    const double* dst = s.dst.data();
    for (std::size_t j = 0; j < n; ++j) ddst[j] = 0;
    for (std::size_t i = 0; i < n; ++i) {
        double acc = 0;
        const double* de = dA + i * n;
        for (std::size_t j = 0; j < n; ++j) {
            if (de[j] == 0) continue;  // off the graph (or no gradient)
            const double dx = src[i] + dst[j] > 0 ? de[j] : slope * de[j];
            acc += dx;
            ddst[j] += dx;
        }
        dsrc[i] = acc;
    }
    const double* a1 = a;
    const double* a2 = a + fp;
    for (std::size_t k = 0; k < 2 * fp; ++k) da[k] = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double* w = wh + i * fp;
        double* g = dWh + i * fp;
        for (std::size_t k = 0; k < fp; ++k) {
            da[k] += w[k] * dsrc[i];
            da[fp + k] += w[k] * ddst[i];
            g[k] += dsrc[i] * a1[k] + ddst[i] * a2[k];
        }
    }

    // 6. dW = X^T dWh, dX = dWh W^T
    transpose_into(X, n, f, XT);
    gemm_nn(XT, dWh, dW, f, n, fp);
    if (dX) gemm_nt(dWh, W, dX, n, fp, f);
}

GatGrads gat_backward(const mat& X, const mat& A, const mat& W, const vec& a, const mat& dOutput,
                      const GatOptions& opt) {
    const std::string fn = "gatBackward";
    const auto edge = gat_edges(fn, X, A, opt);
    check_gat_head(fn, "", X, W, a);
    const std::size_t n = X.shape(0), f = X.shape(1), fp = W.shape(1);
    check_matrix(fn, "dOutput", dOutput);
    if (dOutput.shape(0) != n || dOutput.shape(1) != fp)
        fail(fn, "dOutput is ", shape_str(dOutput), " but the output is ", n, " x ", fp,
             " (the upstream gradient has the output's shape)");
    const GatSteps s = gat_forward(fn, X, edge, W, a, opt.negative_slope);
    GatGrads g;
    g.dX = xt::empty<double>({n, f});
    g.dW = xt::empty<double>({f, fp});
    g.da = xt::empty<double>({2 * fp});
    std::vector<double> work;
    gat_backward_raw(X.data(), W.data(), a.data(), s, dOutput.data(), f, opt.negative_slope,
                     g.dX.data(), g.dW.data(), g.da.data(), work);
    finite_results(fn, "dX", g.dX.data(), g.dX.size());
    finite_results(fn, "dW", g.dW.data(), g.dW.size());
    finite_results(fn, "da", g.da.data(), g.da.size());
    return g;
}

}  // namespace attn
