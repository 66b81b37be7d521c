// Singular value decomposition, written out (no LAPACK in wasm): one-sided
// Jacobi (Hestenes). The chapter's low-rank section stands on it.
//   A: m x n, k = min(m, n)
//   U: m x k (orthonormal columns)   S: k (descending, >= 0)   Vt: k x n
//   A = U diag(S) Vt   (the thin SVD, as numpy.linalg.svd(A, full_matrices=False))
//
// Method. Take the taller orientation (A itself when m >= n, A^T when
// m < n) so that the L x k working matrix W has k <= L columns. Sweep over
// every column pair (p, q), p < q, cyclically; for each pair compute
// alpha = |w_p|^2, beta = |w_q|^2, gamma = w_p . w_q and, when
// |gamma| > tol sqrt(alpha beta) with tol = sqrt(L) * 2^-52 (the
// convergence test of LAPACK's dgesvj: the two columns are orthogonal to
// machine precision), rotate them by the plane rotation
//   [w_p w_q] <- [w_p w_q] [c s; -s c],  t = tan(theta) = sign(zeta) /
//   (|zeta| + sqrt(1 + zeta^2)),  zeta = (beta - alpha) / (2 gamma),
// which makes them exactly orthogonal; the same rotation accumulates into
// V (started at I). Before pairing column p with the later ones, the
// remaining column of largest norm is swapped into place p (de Rijk's
// pivoting: random 256 x 256 matrices need 10 sweeps instead of 13). A
// sweep with no rotation ends the loop (at most svd_max_sweeps sweeps).
// Then S_j = |w_j| (sorted), V is re-orthonormalized (Gram-Schmidt), and
// u_j is the direction of column j of A V (of w_j itself where S_j <
// sqrt(eps) S_max), re-orthonormalized in order: U S V^T = A to about eps.
// A is first scaled by a power of two (exact) so that its largest entry is
// in [0.5, 1): no overflow or underflow in the squared norms.
//
// Zero singular values. Where S_j <= S_max * L * 2^-52 (numerically zero,
// including an all-zero matrix) w_j / S_j is noise, so u_j is instead
// completed: the next standard basis vector whose part orthogonal to the
// columns already chosen has norm >= 1 / sqrt(2 L), orthogonalized twice
// (Gram-Schmidt) and normalized. U's columns are therefore orthonormal
// for every input. S_j keeps its computed (tiny) value, as NumPy does.
//
// Sign convention (deterministic): in each column of V (row of Vt), the
// first entry whose magnitude is within 1e-9 (relative) of the column's
// largest magnitude is made positive; the matching column of U flips with
// it. Columns are ordered by S descending (ties: original column order).
#pragma once

#include <vector>

#include "attn/common/types.hpp"

namespace attn {

struct SvdResult {
    mat U;   // m x k
    vec S;   // k, descending
    mat Vt;  // k x n
};

// Work cap: min(m, n)^2 * max(m, n) <= 256^3 (e.g. 256 x 256, 1024 x 128,
// 4096 x 64), about a second in the browser.
constexpr double svd_max_work = 256.0 * 256.0 * 256.0;
constexpr int svd_max_sweeps = 60;

// Thin SVD of A (m x n). Public name "svd".
SvdResult svd(const mat& A);

// One Jacobi rotation of a sweep: [w_p w_q] <- [w_p w_q] [c s; -s c] with
// c = cos(angle), s = sin(angle), angle in [-pi/4, pi/4] radians. p and q
// are the columns' ORIGINAL indices in the working matrix (pivoting may
// have moved them; p is the one that was in the earlier position).
struct JacobiRotation {
    std::size_t p = 0, q = 0;
    double angle = 0;
};

struct JacobiSweep {
    double offNorm = 0;  // off-diagonal Frobenius norm of W^T W after the sweep
    std::vector<JacobiRotation> rotations;
};

// The Jacobi iteration step by step, for the 2 x 2 lesson (public
// "svdSteps"). A at most svd_steps_max_dim per side.
struct SvdSteps {
    bool transposed = false;         // true when the sweeps ran on A^T (m < n)
    double initialOffNorm = 0;       // off-diagonal norm of W^T W before sweep 1
    std::vector<JacobiSweep> sweeps; // the last one has no rotations (converged)
    SvdResult result;                // same as svd(A)
};
constexpr std::size_t svd_steps_max_dim = 16;
SvdSteps svd_steps(const mat& A);

// Unchecked: the same SVD for a finite, non-empty A (callers validate and
// enforce svd_max_work). Used by lowRank and lowRankAttention.
SvdResult svd_unchecked(const mat& A);

// Validates A for an SVD under the public name fn (finite, non-empty,
// within svd_max_work); name is how the message calls A.
void check_svd_input(const std::string& fn, const char* name, const mat& A);

}  // namespace attn
