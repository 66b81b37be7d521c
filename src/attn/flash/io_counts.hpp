// Elements moved between slow and fast memory, and arithmetic, of standard
// and tiled attention: the counts tiledAttention and tiledAttentionBackward
// return, and attentionCost's kind 'tiled'.
//
// Memory model: two levels, a slow memory (GPU HBM) holding the inputs and
// outputs, and a fast memory (on-chip SRAM) of M elements where all
// arithmetic happens. reads / writes count ELEMENTS moved from / to slow
// memory (one element = one number, whatever its format). FLOPs:
// multiply-add = 2, and 1 for each elementwise scale, max, exp(x - y) (the
// shift counted with its exp, as attentionCost 'full' does), add, subtract,
// multiply, divide, log.
//
// Sizes: Q n x d_k, K m x d_k, V m x d_v, dO, O n x d_v; tiles as in
// tiles.hpp. Over the tiles that are not skipped (all of them unless causal):
//   A = sum of B_r(i) B_c(j)   (score entries computed; n m unless causal)
//   R = sum of B_c(j)          (keys loaded, over all row blocks; T_r m unless causal)
//   C = sum of B_r(i)          (query rows processed, over all tiles; n T_c unless causal)
// Per row block i (rows r0..r1): its tiles j = 0 .. c_i - 1 are computed,
// c_i = T_c, or causal min(T_c, floor(r1 / B_c) + 1), so with k_i =
// min(m, c_i B_c): R = sum_i k_i, A = sum_i B_r(i) k_i, C = sum_i B_r(i) c_i.
//
// Standard forward (FlashAttention paper, Algorithm 0): read Q, K; write
// S = scale Q K^T (n x m); read S; write P = softmax(S); read P, V; write O.
//   reads  = 2 n m + n d_k + m d_k + m d_v      (2N^2 + 3Nd at n = m, d_k = d_v = d)
//   writes = 2 n m + n d_v                      (2N^2 + Nd)
//   flops  = n m (2 d_k + 2 d_v + 5)            (4N^2 d + 5N^2, as attentionCost 'full':
//            Q K^T and P V multiply-adds; scale, max, exp, sum, divide per entry)
//   causal: the mask is applied while S is written; the counts do not change.
//
// Tiled forward (FlashAttention-2 order: outer loop over query row blocks,
// inner over key column blocks): Q_i read once; K_j, V_j read per computed
// tile; O_i, the running max m_i and sum l_i stay in fast memory; O_i and
// the row logsumexp L_i = m_i + log l_i written once.
//   reads  = n d_k + R (d_k + d_v)              (Nd (1 + 2 T_r) at n = m)
//   writes = n d_v + n
//   flops  = A (2 d_k + 2 d_v + 4)              (S_ij and P_ij V_j; scale, max, exp, row sum)
//          + C (d_v + 2)                        (per tile and row: alpha = exp(m_old - m_new),
//                                                l * alpha, O_i row * alpha; also on the first tile)
//          + n d_v + 2 n                        (O_i / l_i; L_i = m_i + log l_i)
//
// Standard backward (FlashAttention paper, Algorithm 3: P stored by the
// forward): dV = P^T dO; dP = dO V^T (written); dS = P ⊙ (dP - rowsum(P ⊙ dP))
// (written); dQ = scale dS K; dK = scale dS^T Q.
//   reads  = 5 n m + n d_k + m d_k + m d_v + 2 n d_v
//   writes = 2 n m + n d_k + m d_k + m d_v
//   flops  = n m (4 d_k + 4 d_v + 5)            (four products; D: 2, dS: 2, scale: 1 per entry)
//
// Tiled backward (FlashAttention-2 backward, recomputation: outer loop over
// key column blocks, inner over row blocks; from L and D = rowsum(dO ⊙ O)):
// D first (read O, dO, write D); dQ starts as zeros in slow memory; per
// column block with a computed tile read K_j, V_j, and at its end write
// dK_j, dV_j (zeros for a column block with none); per computed tile read
// Q_i, dO_i, L_i, D_i and dQ_i, recompute S and P = exp(S - L_i), and write dQ_i.
//   reads  = 2 n d_v + K' (d_k + d_v) + C (2 d_k + d_v + 2)
//   writes = n + n d_k + m (d_k + d_v) + C d_k
//   flops  = 2 n d_v + A (6 d_k + 4 d_v + 5)    (D; S, dV, dP, dQ, dK products; scale, exp,
//                                                dP - D, ⊙ P, scale of dS per entry)
// where K' = keys in column blocks with a computed tile: m, or causal
// min(m, B_c (floor((n - 1) / B_c) + 1)).
//
// Extra fast memory of the kernels (tiled_attention.cpp, tiled_backward.cpp):
// O(B_r B_c + (B_r + B_c) d) elements besides inputs and outputs; no n x m
// buffer anywhere.
#pragma once

#include "attn/flash/tiles.hpp"

namespace attn {

struct IoCounts {
    double reads = 0;   // elements read from slow memory
    double writes = 0;  // elements written to slow memory
    double flops = 0;
};

IoCounts standard_forward_counts(const Tiling& t);
IoCounts tiled_forward_counts(const Tiling& t);
IoCounts standard_backward_counts(const Tiling& t);
IoCounts tiled_backward_counts(const Tiling& t);

}  // namespace attn
