// Nadaraya-Watson kernel regression: attention pooling with a fixed kernel
// (API.md "Linear regression and attention pooling"). Query q attends to
// training point i ("key" xTrain[i], "value" yTrain[i]) with weight
//   weights[q][i] = K(u_qi) / sum_j K(u_qj),   u_qi = (xQuery[q] - xTrain[i]) / h
//   yHat[q] = sum_i weights[q][i] yTrain[i]
//   xTrain, yTrain: n    xQuery: m    weights: m x n    yHat: m
//
// Kernels K(u): gaussian exp(-u^2/2), boxcar 1 if |u| <= 1 else 0,
// epanechnikov max(0, 1 - u^2).
//
// The gaussian weights are computed as a softmax of -u^2/2 (shifted by the
// row maximum), so a query far from every training point still gets weights
// (concentrated on the nearest points) instead of 0/0. Should -u^2/2 be
// -Infinity for every point (|u| > ~1e154), all weight goes to the nearest
// training point(s), the limit of that softmax. The compact kernels can be
// 0 for every point: such a query gets a row of 0 weights and yHat NaN
// (the binding sends null), and `valid` marks it false.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/common/types.hpp"

namespace attn {

constexpr std::size_t max_kernel_points = 4096;   // n (training points)
constexpr std::size_t max_kernel_queries = 4096;  // m (queries); also m n <= max_elements

struct KernelRegressionOptions {
    std::string kernel = "gaussian";  // gaussian | boxcar | epanechnikov
    double bandwidth = 1;             // h > 0
};

struct KernelRegressionResult {
    mat weights;  // m x n, rows sum to 1 (or are all 0)
    vec yHat;     // m, NaN where the row is all 0
    std::vector<std::uint8_t> valid;  // m: 1 if the query had some kernel mass
};

// kernelRegression(xTrain, yTrain, xQuery, options).
KernelRegressionResult kernel_regression(const vec& xTrain, const vec& yTrain, const vec& xQuery,
                                         const KernelRegressionOptions& opt = {});

}  // namespace attn
