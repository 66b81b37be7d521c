// What attention costs: analytic operation and memory counts, and a
// stopwatch run inside the module, for n tokens of width d (Q, K, V all
// n x d, d_k = d_v = d).
//
// attentionCost(n, d, {kind, window, rank, order}) -> {flops, bytes}
//   full    flops = 2 n^2 d        (Q K^T: n^2 dot products of length d)
//                 + 5 n^2          (softmax: scale, max, subtract+exp, sum, divide)
//                 + 2 n^2 d        (weights V)
//                 = 4 n^2 d + 5 n^2
//           bytes = 8 (n^2 + 3 n d)  (the float64 weight matrix plus Q, K, V)
//   sparse  the same with n^2 replaced by the number of (query, key) pairs in
//           the band |i - j| <= w:  nnz = n (2w + 1) - w (w + 1) for w < n
//           (each row has at most w' = min(n, 2w + 1) keys; rows near the
//           ends fewer), nnz = n^2 for w >= n - 1:
//           flops = 4 nnz d + 5 nnz,  bytes = 8 (nnz + 3 n d)
//   lowRank Linformer-style, rank r (k = r projected keys):
//           flops = 2 r n d + 2 r n d  (E K and F V: r x n times n x d)
//                 + 2 n r d + 5 n r + 2 n r d  (attention against r keys)
//                 = 8 n r d + 5 n r
//           bytes = 8 (n r + 3 n d + 2 r n + 2 r d)  (weights, Q K V, E F, E K and F V)
//   tiled   FlashAttention's tiled forward (attn/flash/io_counts.hpp), blocks
//           blockRows, blockCols (default from 98304 elements of fast memory,
//           attn/flash/tiles.hpp):  flops = 4 n^2 d + 4 n^2 + n T_c (d + 2) + n d + 2 n
//           (T_c = ceil(n / B_c)), bytes = 8 (B_r B_c + 3 n d)  (one score tile
//           instead of the n x n weights)
//   linear  phi(x) = elu(x) + 1 on Q and K (1 flop an entry), not causal;
//           order 'left': (phiQ phiK^T) V, rows normalised:
//           flops = 2 n d          (phiQ, phiK)
//                 + 2 n^2 d        (phiQ phiK^T)
//                 + 2 n^2          (row sums, divide)
//                 + 2 n^2 d        (weights V)
//                 = 4 n^2 d + 2 n^2 + 2 n d
//           bytes = 8 (n^2 + 5 n d)  (weights, Q K V, phiQ phiK)
//           order 'right' (the default): phiQ (phiK^T V) / (phiQ z), z = sum_j phi(k_j):
//           flops = 2 n d          (phiQ, phiK)
//                 + 2 n d^2 + n d  (state phiK^T V, z)
//                 + 2 n d^2        (phiQ state)
//                 + 2 n d + n d    (phiQ z, divide)
//                 = 4 n d^2 + 6 n d
//           bytes = 8 (d^2 + d + 5 n d)  (state, z, Q K V, phiQ phiK^T)
//           reads, writes: left as the standard algorithm (2 n^2 + 3 n d, 2 n^2 + n d);
//           right K, V, then Q, state, z read (3 n d + d^2 + d), state, z, output
//           written (n d + d^2 + d)
// reads, writes: elements moved between slow and fast memory, and flops, of
//   the pass asked (pass 'forward', the default, or 'backward'), under the
//   two-level memory model of attn/flash/io_counts.hpp: full = the standard
//   algorithm (S and P written to slow memory), tiled = FlashAttention's;
//   sparse = the standard algorithm on the band (reads 2 nnz + 3 n d, writes
//   2 nnz + n d); lowRank = E K and F V written, then the standard algorithm
//   against r keys (reads 4 n r + 3 n d + 2 r d, writes 2 n r + n d + 2 r d).
//   pass 'backward' is for full and tiled; its flops are the backward's
//   (io_counts.hpp), bytes stay the forward's memory.
// kind defaults to 'full'; 'sparse' requires window (integer >= 1),
// 'lowRank' requires rank (integer 1..n), 'linear' takes order ('left' |
// 'right', default 'right'). An option the kind does not use
// is checked but ignored (a page may pass every slider).
//
// timeAttention(n, d, {kind, window, rank, order, repeats}) -> {ms, msMean, msMin, repeats}
//   Runs the kind's kernel `repeats` times (default 5) on deterministic
//   pseudo-random inputs (uniform in [-1, 1), fixed seed) and times each run
//   with std::chrono::steady_clock. ms is the MEDIAN time per run (robust to
//   a stray pause); msMean and msMin are the mean and the fastest run.
//   Kernels: full = row-blocked attention (32 query rows at a time: the same
//   4 n^2 d work without holding the n x n matrix, so n = 4096 fits in
//   memory); tiled = tiled_forward_raw; sparse = sparse_attention_output; lowRank = Linformer with
//   random E, F (r x n); linear = linear_attention_left (32 query rows of
//   phiQ phiK^T at a time, as full) or linear_attention_right (the d x d state).
//   Caps: n <= 4096 (full, linear left) or 65536 (sparse, lowRank, tiled,
//   linear right); d <= 256;
//   n d <= 2^22 (each input matrix); r n <= 2^22; repeats in 1..1000; and
//   attentionCost(...).flops * repeats <= 2e9 so that one call stays near
//   0.2 s (wasm, ~10 GFLOP/s here): the page never freezes longer.
#pragma once

#include <optional>
#include <string>

namespace attn {

struct CostOptions {
    std::string kind = "full";     // 'full' | 'sparse' | 'lowRank' | 'tiled' | 'linear'
    std::optional<double> window;  // sparse: keys within window positions
    std::optional<double> rank;    // lowRank: number of projected keys
    std::optional<double> blockRows, blockCols;  // tiled: B_r, B_c
    std::optional<double> fastMemory;            // tiled: M, elements (blocks from it)
    std::string pass = "forward";                // 'forward' | 'backward' (full, tiled)
    std::optional<std::string> order;  // linear: 'left' | 'right' (default)
};

struct AttentionCost {
    double flops = 0;
    double bytes = 0;
    double reads = 0, writes = 0;  // elements moved from / to slow memory
};

constexpr double cost_max_n = 16777216;  // 2^24: counts stay exact-ish doubles
constexpr double cost_max_d = 65536;

// Public "attentionCost". n, d integers >= 1 (doubles so any JS number is checked here).
AttentionCost attention_cost(double n, double d, const CostOptions& opt = {});

struct TimeOptions : CostOptions {
    std::optional<double> repeats;  // default 5
};

struct AttentionTiming {
    double ms = 0;      // median milliseconds per run
    double msMean = 0;  // mean milliseconds per run
    double msMin = 0;   // fastest run
    int repeats = 0;
};

constexpr double time_max_n_full = 4096;
constexpr double time_max_n_sparse = 65536;  // also lowRank, tiled, linear right
constexpr double time_max_d = 256;
constexpr double time_max_repeats = 1000;
constexpr double time_max_flops = 2e9;       // flops per run * repeats
constexpr int time_default_repeats = 5;

// Public "timeAttention".
AttentionTiming time_attention(double n, double d, const TimeOptions& opt = {});

}  // namespace attn
