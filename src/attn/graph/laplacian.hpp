// Graphs as matrices: degree matrix, graph Laplacian (plain and
// normalized), its spectrum, and connected components, so that a lesson can
// show "number of zero eigenvalues of L = number of connected components".
//
//   A: n x n adjacency matrix, n <= max_graph_nodes. A[i][j] is the weight
//      of the edge i -> j: 0 = no edge, 1 = an edge, any other value >= 0 = a
//      weighted edge. Directed graphs have A != A^T; an undirected graph is
//      a symmetric A. A[i][i] != 0 is a self loop.
//   D: n x n diagonal, D_ii = sum_j A_ij (out-degree / weighted degree)
//   L: n x n, L = D - A
//   L_sym: n x n, D^-1/2 (D - A) D^-1/2 = I - D^-1/2 A D^-1/2 at every node
//      of positive degree. A node of degree 0 gets D^-1/2 = 0, i.e. an all-
//      zero row and column (diagonal 0, exactly as networkx's
//      normalized_laplacian_matrix), so that it still counts as one zero
//      eigenvalue = one component.
#pragma once

#include <cstddef>
#include <vector>

#include "attn/common/types.hpp"

namespace attn {

// Largest graph the graph functions accept (A is n x n, the spectrum is O(n^3)).
constexpr std::size_t max_graph_nodes = 512;

// Validates an adjacency matrix under the public name fn: square, finite,
// n <= max_graph_nodes, every entry >= 0.
void check_adjacency(const std::string& fn, const mat& A);

// D (n x n diagonal) with D_ii = sum_j A_ij. A: n x n.
mat degree_matrix(const mat& A);

// L = D - A (normalized = false) or D^-1/2 (D - A) D^-1/2 (normalized = true). A: n x n.
mat laplacian(const mat& A, bool normalized = false);

// Eigenvalues of laplacian(A, normalized), ascending (length n). A must be
// symmetric (an undirected graph): the Laplacian of a directed graph is not
// symmetric and its eigenvalues may be complex. Cyclic Jacobi, ~1e-15 * ||L||.
vec laplacian_eigenvalues(const mat& A, bool normalized = false);

struct Components {
    std::size_t count = 0;            // number of connected components
    std::vector<std::size_t> labels;  // labels[i] in 0..count-1; components are
                                      // numbered by their smallest node
};

// Connected components of the undirected view of A: i and j are joined
// when A[i][j] != 0 or A[j][i] != 0 (weak components of a directed graph).
Components connected_components(const mat& A);

// Unchecked kernel: eigenvalues of the symmetric n x n matrix S (row-major;
// only its upper triangle is read) by cyclic Jacobi rotations, written
// ascending to out[0..n). O(n^3) per sweep, typically 6-14 sweeps.
void symmetric_eigenvalues_jacobi(const double* S, std::size_t n, double* out);

}  // namespace attn
