// How fast can softmax change? Its Lipschitz constant in the 2-norm.
//   z, z1, z2: n (logits)   T > 0 (temperature)   p = softmax(z / T)
//   J(z) = (diag(p) - p p^T) / T   (n x n, symmetric positive semidefinite)
//   ||softmax(z1) - softmax(z2)||_2 <= L ||z1 - z2||_2 with the tight
//   L = sup_z ||J(z)||_2 = 1 / (2T)   (reached as two equal logits dominate)
#pragma once

#include <cstdint>
#include <vector>

#include "attn/common/types.hpp"

namespace attn {

// ||softmax(z1/T) - softmax(z2/T)||_2 / ||z1 - z2||_2. z1, z2: n, z1 != z2.
double lipschitz_ratio(const vec& z1, const vec& z2, double T = 1.0);

// 1 / (2T): the smallest L that works for every n and every z1, z2.
double lipschitz_bound(double T = 1.0);

// ||J(z)||_2 = the largest eigenvalue of the softmax Jacobian at z (J is
// symmetric PSD). Computed exactly from the structure D - p p^T (a diagonal
// minus a rank-one matrix) by bisection on the secular equation
// 1 = sum_i p_i^2 / (p_i - lambda) between the two largest p_i: O(n) per
// step, about 60 steps, accurate to a few ulps; no n x n matrix is formed.
double jacobian_spectral_norm(const vec& z, double T = 1.0);

// Random search for the worst ratio: `trials` independent pairs z1, z2 with
// entries scale * N(0, 1), from a mt19937_64 seeded with `seed` (normals by
// Box-Muller on its 53-bit uniforms, so the sequence does not depend on the
// C++ standard library).
constexpr std::int64_t max_search_n = 1024;
constexpr std::int64_t max_search_trials = 100000;
// And n * trials <= max_search_work logits per vector per call: measured
// ~0.4 us per logit in wasm at -O1, so a call stays under about a second;
// a page that wants more runs several calls (other seeds) between frames.
constexpr std::int64_t max_search_work = std::int64_t{1} << 21;
constexpr double max_search_scale = 1e6;  // logits beyond that only saturate softmax
constexpr std::size_t search_ratios_kept = 200;

struct LipschitzSearch {
    double best = 0;            // the largest ratio found (<= bound)
    double bound = 0;           // 1 / (2T)
    std::vector<double> ratios; // the first min(trials, 200) ratios, in order
    vec bestZ1, bestZ2;         // the pair that gave `best`
};

// n in [1, 1024], trials in [1, 100000], n * trials <= 2^21, seed >= 0,
// T > 0 finite, scale in (0, 1e6].
LipschitzSearch lipschitz_search(std::int64_t n, std::int64_t trials, std::int64_t seed,
                                 double T = 1.0, double scale = 1.0);

}  // namespace attn
