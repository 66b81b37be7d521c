// First-order optimizers on the chapter's test problems, recording every
// iterate so that a lesson can replay the run (API.md "Optimization").
//
//   d   dimension of x (quadratic: size of b; rosenbrock, saddle: 2;
//       leastSquares: p + 1, x = [w_1 .. w_p, b]);       d <= max_optim_dim
//   K   steps actually taken (= steps, or fewer when the run diverged)
//   path: (K+1) x d   loss: K+1   grad: (K+1) x d   state fields: K x d
//
// Problems (f and its exact gradient):
//   quadratic     f = 1/2 x^T A x - b^T x          A: d x d, b: d
//                 grad = S x - b with S = (A + A^T) / 2 (= A x - b for
//                 symmetric A, bit for bit)
//   rosenbrock    f = (a - x)^2 + b (y - x^2)^2     a, b scalars (1, 100)
//   saddle        f = x^2 - y^2
//   leastSquares  f = (1/n) sum_i (y_i - (w . X_i + b))^2   X: n x p, y: n
//
// Update rules, exactly the chapter's (g = grad f(x_k), t = k + 1 from 1), implemented
// once in optim/update.hpp and shared with the trainers (train/):
//   gd        x_{k+1} = x_k - lr g
//   momentum  v = beta v + lr g;  x_{k+1} = x_k - v                (v_0 = 0)
//   adam      m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
//             mHat = m / (1 - beta1^t);  vHat = v / (1 - beta2^t)
//             x_{k+1} = x_k - lr mHat / (sqrt(vHat) + eps)      (m_0 = v_0 = 0)
//
// State indexing: row k of the state fields (k = 0 .. K-1) is the optimizer
// state AFTER step k+1, i.e. the state that produced path row k+1. gd has no
// state (the binding sends an empty object per step).
//
// Divergence: step k+1 diverges when x_{k+1}, f(x_{k+1}), grad f(x_{k+1}) or
// the state after the step has a non-finite entry. The run stops there:
// path/loss/grad keep rows 0..k (all finite), the state keeps rows 0..k-1,
// diverged = true and diverged_at = k+1 (the index of the first point NOT
// returned). A non-finite f or gradient at x0 itself is an error.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "attn/common/types.hpp"

namespace attn {

constexpr std::size_t max_optim_dim = 64;         // entries of x
constexpr std::size_t max_optim_steps = 100000;   // optimize's steps
constexpr std::size_t max_optim_points = 4096;    // leastSquares rows of X
// Multiply-adds one call may spend (about 0.3 s in wasm): steps x gradient
// cost (d^2 for quadratic, n d for leastSquares, d otherwise), summed over
// the grid for momentumMap.
constexpr double max_optim_work = 268435456.0;    // 2^28
constexpr std::size_t max_momentum_grid = 64;     // momentumMap: lrs, betas each

// The problem object of optimize(problem, x0, options). Fields that the
// named problem does not use must be absent (the core says which one).
struct OptimProblem {
    std::string name;                 // quadratic | rosenbrock | saddle | leastSquares
    std::optional<mat> A;             // quadratic: d x d (required)
    std::optional<vec> b;             // quadratic: d (required)
    std::optional<double> a;          // rosenbrock: default 1
    std::optional<double> b_scalar;   // rosenbrock's b (JS field "b" given as a number): default 100
    std::optional<mat> X;             // leastSquares: n x p (required)
    std::optional<vec> y;             // leastSquares: n (required)
};

struct OptimOptions {
    std::string method = "gd";    // gd | momentum | adam
    std::optional<double> lr;     // required: > 0, finite
    std::optional<double> steps;  // required: integer 0 .. max_optim_steps
    double beta = 0.9;            // momentum, [0, 1)
    double beta1 = 0.9;           // adam, [0, 1)
    double beta2 = 0.999;         // adam, [0, 1)
    double eps = 1e-8;            // adam, > 0
};

struct OptimizeResult {
    mat path;   // (K+1) x d: x_0 .. x_K
    vec loss;   // K+1: f(x_k)
    mat grad;   // (K+1) x d: grad f(x_k)
    // State after step k+1 in row k (K x d). momentum fills v; adam fills
    // m, v, m_hat, v_hat; unused fields are K x 0.
    mat m, v, m_hat, v_hat;
    bool diverged = false;
    std::size_t diverged_at = 0;  // meaningful only when diverged
};

// optimize(problem, x0, options). x0: d.
OptimizeResult optimize(const OptimProblem& problem, const vec& x0, const OptimOptions& opt);

// Extension: f and its gradient at each row of points (N x d) -> loss: N,
// grad: N x d; for the lessons' contour plots. Non-finite values are
// returned as they are (a plot may show them), never an error.
struct ObjectiveValues {
    vec loss;
    mat grad;
};
ObjectiveValues objective(const OptimProblem& problem, const mat& points);

// Extension: momentumMap(A, b, x0, {lrs, betas, steps, tol}). Runs the
// chapter's momentum on the quadratic (A, b) from x0 for every (lrs[i],
// betas[j]) and returns an L x B matrix: the first k in 0..steps with
// ||grad f(x_k)||_2 < tol, or -1 when the run never gets there or diverges.
// beta = 0 is plain gradient descent. L, B <= max_momentum_grid.
struct MomentumMapOptions {
    vec lrs;                  // required, each > 0
    vec betas;                // required, each in [0, 1)
    double steps = 1000;      // integer 1 .. max_optim_steps
    double tol = 1e-6;        // > 0
};
mat momentum_map(const mat& A, const vec& b, const vec& x0, const MomentumMapOptions& opt);

}  // namespace attn
