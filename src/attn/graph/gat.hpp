// Graph attention (GAT, Velickovic et al. 2018): attention restricted to a
// graph's edges. Node i attends to its neighbours j (edges i -> j, plus
// i -> i with self loops) with scores from a shared vector a:
//   Wh = X W                                         (n x f')
//   e_ij = LeakyReLU(a^T [Wh_i || Wh_j]) = LeakyReLU(src_i + dst_j)
//   alpha_i = softmax_j(e_ij) over j in N(i)         (0 off the graph)
//   output_i = sum_j alpha_ij Wh_j
//
//   X: n x f (node features, one row per node)   A: n x n (edge i -> j where
//   A[i][j] != 0; weights are ignored, only the pattern counts)
//   W: f x f'   a: 2 f' (a_1 = a[0, f'), a_2 = a[f', 2 f'))
//   Wh: n x f'  src, dst: n  e, alpha: n x n  output: n x f'
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/common/types.hpp"

namespace attn {

struct GatOptions {
    double negative_slope = 0.2;  // LeakyReLU(x) = x for x >= 0, slope * x below
    bool self_loops = true;       // add the edge i -> i to every node
};

struct GatSteps {
    mat Wh;      // 1. X W                                          n x f'
    vec src;     // 2. a_1^T Wh_i, the score node i gives as a query  n
    vec dst;     //    a_2^T Wh_j, the score node j gets as a neighbour n
    mat e;       // 3. LeakyReLU(src_i + dst_j) on edges, -Infinity elsewhere
    mat alpha;   // 4. row-wise softmax of e over N(i): rows sum to 1, exactly 0 off the graph
    mat output;  // 5. alpha Wh                                     n x f'
};

// A node without any out-edge (and no self loop) is an error naming it.
GatSteps gat(const mat& X, const mat& A, const mat& W, const vec& a,
             const GatOptions& opt = {});

// For gatBackward and trainGat: the checks and the forward pass under the
// public name fn. gat_edges validates X, A and the options and returns the
// edge pattern (n x n, 1 where i attends to j); check_gat_head validates W, a
// against X (named prefix + "W", prefix + "a"); gat_forward runs steps 1-5 (unchecked otherwise; overflow is
// an error naming fn).
std::vector<std::uint8_t> gat_edges(const std::string& fn, const mat& X, const mat& A,
                                    const GatOptions& opt);
void check_gat_head(const std::string& fn, const std::string& prefix, const mat& X, const mat& W,
                    const vec& a);
GatSteps gat_forward(const std::string& fn, const mat& X, const std::vector<std::uint8_t>& edge,
                     const mat& W, const vec& a, double negative_slope);

struct GatHead {
    mat W;  // f x f'_h
    vec a;  // 2 f'_h
};

struct MultiHeadGatOptions : GatOptions {
    bool concat = true;  // concatenate the heads (n x sum f'_h) or average them (n x f')
};

struct MultiHeadGatSteps {
    std::vector<GatSteps> heads;
    mat output;  // [out_0 | out_1 | ...] or (1/H) sum_h out_h
};

// At most max_gat_heads heads; averaging needs the same f' in every head.
constexpr std::size_t max_gat_heads = 16;
MultiHeadGatSteps multi_head_gat(const mat& X, const mat& A, const std::vector<GatHead>& heads,
                                 const MultiHeadGatOptions& opt = {});

}  // namespace attn
