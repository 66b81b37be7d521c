// Linear regression in closed form (API.md "Linear regression and attention
// pooling"): the least-squares fit y ~ X w + b with an intercept.
//   X: n x p (one row per point)   y: n   w: p   b: scalar
//   design D = [X 1]: n x (p+1)
//
// The answer is the minimum-norm solution of D [w; b] ~ y, the one
// numpy.linalg.lstsq(D, y) returns: singular values of D at or below
// rcond * s_max with rcond = DBL_EPSILON * max(n, p+1) (NumPy's default)
// count as zero, so a rank-deficient X (all x equal, duplicated columns,
// more features than points) is not an error. Computed with a one-sided
// Jacobi SVD of D, which is accurate for columns of very different scale.
#pragma once

#include <cstddef>

#include "attn/common/types.hpp"

namespace attn {

constexpr std::size_t max_regression_points = 4096;  // rows of X
constexpr std::size_t max_regression_features = 63;  // columns of X (p + 1 <= 64)

struct LeastSquaresFit {
    vec w;             // p
    double b = 0;      // intercept
    double loss = 0;   // (1/n) sum_i (y_i - (w . X_i + b))^2, as optimize's leastSquares
    std::size_t rank = 0;  // numerical rank of D = [X 1] (1 .. p+1)
};

// leastSquares(X, y). X: n x p, y: n.
LeastSquaresFit least_squares(const mat& X, const vec& y);

}  // namespace attn
