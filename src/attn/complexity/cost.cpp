#include "attn/complexity/cost.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "attn/common/check.hpp"
#include "attn/complexity/sparse.hpp"
#include "attn/flash/io_counts.hpp"
#include "attn/flash/tiled_forward.hpp"
#include "attn/flash/linear_attention.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax.hpp"

namespace attn {

namespace {

enum class Kind { full, sparse, low_rank, tiled, linear };

struct Plan {
    double n = 0, d = 0;
    Kind kind = Kind::full;
    double w = 0;  // window clamped to n - 1 (sparse)
    double r = 0;  // rank (lowRank)
    Tiling tiles;  // tiled; full's standard counts at the same sizes
    bool backward = false;
    bool right = true;  // order (linear): phiQ (phiK^T V)
};

bool is_int(double x) { return std::isfinite(x) && x == std::floor(x); }

// Whole numbers in full ("16777216", not "1.67772e+07"); anything else as num_str.
std::string int_str(double x) {
    if (!is_int(x) || std::fabs(x) >= 1e17) return num_str(x);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
}

double check_int(const std::string& fn, const std::string& name, double x, double lo, double hi) {
    if (!is_int(x) || x < lo || x > hi)
        fail(fn, name, " must be an integer from ", int_str(lo), " to ", int_str(hi), ", got ", x);
    return x;
}

Plan resolve(const std::string& fn, double n, double d, const CostOptions& opt) {
    Plan p;
    p.n = check_int(fn, "n", n, 1, cost_max_n);
    p.d = check_int(fn, "d", d, 1, cost_max_d);
    if (opt.kind == "full") p.kind = Kind::full;
    else if (opt.kind == "sparse") p.kind = Kind::sparse;
    else if (opt.kind == "lowRank") p.kind = Kind::low_rank;
    else if (opt.kind == "tiled") p.kind = Kind::tiled;
    else if (opt.kind == "linear") p.kind = Kind::linear;
    else fail(fn, "kind must be 'full', 'sparse', 'lowRank', 'tiled' or 'linear', got '", opt.kind, "'");
    if (opt.window && (!is_int(*opt.window) || *opt.window < 1))
        fail(fn, "window must be an integer >= 1, got ", *opt.window);
    if (opt.rank && (!is_int(*opt.rank) || *opt.rank < 1))
        fail(fn, "rank must be an integer >= 1, got ", *opt.rank);
    if (opt.order && *opt.order != "left" && *opt.order != "right")
        fail(fn, "order must be 'left' or 'right', got '", *opt.order, "'");
    p.right = !opt.order || *opt.order == "right";
    if (p.kind == Kind::sparse) {
        if (!opt.window) fail(fn, "kind 'sparse' needs option window (an integer >= 1)");
        p.w = std::min(*opt.window, p.n - 1);
    }
    if (p.kind == Kind::low_rank) {
        if (!opt.rank) fail(fn, "kind 'lowRank' needs option rank (an integer from 1 to n)");
        p.r = check_int(fn, "rank", *opt.rank, 1, p.n);
    }
    if (opt.pass != "forward" && opt.pass != "backward")
        fail(fn, "pass must be 'forward' or 'backward', got '", opt.pass, "'");
    p.backward = opt.pass == "backward";
    if (p.backward && p.kind != Kind::full && p.kind != Kind::tiled)
        fail(fn, "pass 'backward' is counted for kinds 'full' and 'tiled' only, not '", opt.kind, "'");
    TileOptions to;  // checked for every kind, used by 'tiled'
    to.blockRows = opt.blockRows;
    to.blockCols = opt.blockCols;
    to.fastMemory = opt.fastMemory;
    const auto N = static_cast<std::size_t>(p.n), D = static_cast<std::size_t>(p.d);
    p.tiles = plan_tiles(fn, N, N, D, D, to);
    return p;
}

AttentionCost cost_of(const Plan& p) {
    const double n = p.n, d = p.d;
    AttentionCost c;
    switch (p.kind) {
        case Kind::full: {
            c.flops = 4 * n * n * d + 5 * n * n;
            c.bytes = 8 * (n * n + 3 * n * d);
            const IoCounts io = p.backward ? standard_backward_counts(p.tiles) : standard_forward_counts(p.tiles);
            c.reads = io.reads;
            c.writes = io.writes;
            if (p.backward) c.flops = io.flops;
            break;
        }
        case Kind::sparse: {
            const double nnz = n * (2 * p.w + 1) - p.w * (p.w + 1);
            c.flops = 4 * nnz * d + 5 * nnz;
            c.bytes = 8 * (nnz + 3 * n * d);
            c.reads = 2 * nnz + 3 * n * d;
            c.writes = 2 * nnz + n * d;
            break;
        }
        case Kind::low_rank:
            c.flops = 8 * n * p.r * d + 5 * n * p.r;
            c.bytes = 8 * (n * p.r + 3 * n * d + 2 * p.r * n + 2 * p.r * d);
            c.reads = 4 * n * p.r + 3 * n * d + 2 * p.r * d;
            c.writes = 2 * n * p.r + n * d + 2 * p.r * d;
            break;
        case Kind::tiled: {
            const IoCounts io = p.backward ? tiled_backward_counts(p.tiles) : tiled_forward_counts(p.tiles);
            c.flops = io.flops;
            c.reads = io.reads;
            c.writes = io.writes;
            c.bytes = 8 * (static_cast<double>(p.tiles.Br) * p.tiles.Bc + 3 * n * d);
            break;
        }
        case Kind::linear:
            c.flops = p.right ? 4 * n * d * d + 6 * n * d : 4 * n * n * d + 2 * n * n + 2 * n * d;
            c.bytes = p.right ? 8 * (d * d + d + 5 * n * d) : 8 * (n * n + 5 * n * d);
            // left: the standard algorithm's traffic (phiQ phiK^T written, read
            // to normalise, the weights written, read with V); right: K, V read,
            // the state and z written, then read with Q, the output written.
            c.reads = p.right ? 3 * n * d + d * d + d : 2 * n * n + 3 * n * d;
            c.writes = p.right ? n * d + d * d + d : 2 * n * n + n * d;
            break;
    }
    return c;
}

// Deterministic uniform [-1, 1) * amp (splitmix64).
void fill_random(std::vector<double>& x, std::uint64_t seed, double amp) {
    std::uint64_t s = seed;
    for (double& v : x) {
        s += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = s;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        v = (static_cast<double>(z >> 11) * 0x1.0p-53 * 2 - 1) * amp;
    }
}

// Full attention, 32 query rows at a time (the n x n matrix is never held).
void full_output(const std::string& fn, const double* Q, const double* K, const double* V,
                 double* out, std::size_t n, std::size_t d, double scale, std::vector<double>& S) {
    const std::size_t B = 32;
    S.resize(B * n);
    for (std::size_t i0 = 0; i0 < n; i0 += B) {
        const std::size_t b = std::min(B, n - i0);
        gemm_nt(Q + i0 * d, K, S.data(), b, d, n);
        for (std::size_t i = 0; i < b * n; ++i) S[i] *= scale;
        softmax_rows_inplace(fn, S.data(), b, n, nullptr);
        gemm_nn(S.data(), V, out + i0 * d, b, n, d);
    }
}

// Linformer: K' = E K, V' = F V (r x d), then attention against the r rows.
void low_rank_output(const std::string& fn, const double* Q, const double* K, const double* V,
                     const double* E, const double* F, double* out, std::size_t n,
                     std::size_t d, std::size_t r, double scale, std::vector<double>& work) {
    work.resize(2 * r * d + n * r);
    double* Kp = work.data();
    double* Vp = Kp + r * d;
    double* S = Vp + r * d;
    gemm_nn(E, K, Kp, r, n, d);
    gemm_nn(F, V, Vp, r, n, d);
    gemm_nt(Q, Kp, S, n, d, r);
    for (std::size_t i = 0; i < n * r; ++i) S[i] *= scale;
    softmax_rows_inplace(fn, S, n, r, nullptr);
    gemm_nn(S, Vp, out, n, r, d);
}

}  // namespace

AttentionCost attention_cost(double n, double d, const CostOptions& opt) {
    return cost_of(resolve("attentionCost", n, d, opt));
}

AttentionTiming time_attention(double n, double d, const TimeOptions& opt) {
    const std::string fn = "timeAttention";
    const Plan p = resolve(fn, n, d, opt);
    const bool quadratic = p.kind == Kind::full || (p.kind == Kind::linear && !p.right);
    const double max_n = quadratic ? time_max_n_full : time_max_n_sparse;
    if (p.n > max_n)
        fail(fn, "n = ", int_str(p.n), " is more than the limit ", int_str(max_n), " for kind '",
             opt.kind, p.kind == Kind::linear ? (p.right ? "', order 'right'" : "', order 'left'") : "'");
    if (p.d > time_max_d)
        fail(fn, "d = ", int_str(p.d), " is more than the limit ", int_str(time_max_d));
    if (p.n * p.d > static_cast<double>(max_elements))
        fail(fn, "n x d = ", int_str(p.n * p.d),
             " entries per input matrix is more than the limit ", max_elements);
    if (p.kind == Kind::low_rank && p.r * p.n > static_cast<double>(max_elements))
        fail(fn, "rank x n = ", int_str(p.r * p.n), " entries in E and F is more than the limit ",
             max_elements);
    if (p.backward) fail(fn, "pass 'backward' is not timed (only the forward kernels)");
    const double repeats = opt.repeats
                               ? check_int(fn, "repeats", *opt.repeats, 1, time_max_repeats)
                               : time_default_repeats;
    const double work = cost_of(p).flops * repeats;
    if (work > time_max_flops)
        fail(fn, "about ", int_str(work), " flops (", int_str(repeats),
             " repeats) is more than the budget of ", int_str(time_max_flops),
             " per call: lower n, d or repeats");
    if (p.kind == Kind::tiled)  // Q, K, V, the output and the kernel's tile (a 4096 x 4096 one is 128 MB)
        check_memory(fn, 8 * (4 * static_cast<std::uint64_t>(p.n * p.d) +
                              std::uint64_t{p.tiles.Br} * p.tiles.Bc + 2 * std::uint64_t{p.tiles.Br} * p.tiles.dv));

    const std::size_t N = static_cast<std::size_t>(p.n), D = static_cast<std::size_t>(p.d);
    const std::size_t W = static_cast<std::size_t>(p.w), R = static_cast<std::size_t>(p.r);
    const double scale = 1.0 / std::sqrt(p.d);
    std::vector<double> Q(N * D), K(N * D), V(N * D), out(N * D), E, F, work_buf;
    fill_random(Q, 1, 1.0);
    fill_random(K, 2, 1.0);
    fill_random(V, 3, 1.0);
    if (p.kind == Kind::low_rank) {
        E.resize(R * N);
        F.resize(R * N);
        fill_random(E, 4, 1.0 / std::sqrt(p.n));
        fill_random(F, 5, 1.0 / std::sqrt(p.n));
    }

    const int reps = static_cast<int>(repeats);
    std::vector<double> ms(reps);
    volatile double sink = 0;  // keeps the work observable
    for (int t = 0; t < reps; ++t) {
        const auto t0 = std::chrono::steady_clock::now();
        switch (p.kind) {
            case Kind::full:
                full_output(fn, Q.data(), K.data(), V.data(), out.data(), N, D, scale, work_buf);
                break;
            case Kind::sparse:
                sparse_attention_output(fn, Q.data(), K.data(), V.data(), out.data(), N, N, D, D, W,
                                        scale);
                break;
            case Kind::low_rank:
                low_rank_output(fn, Q.data(), K.data(), V.data(), E.data(), F.data(), out.data(), N,
                                D, R, scale, work_buf);
                break;
            case Kind::tiled:
                tiled_forward_raw(fn, Q.data(), K.data(), V.data(), p.tiles, scale, FlashFormats{},
                                  out.data(), nullptr);
                break;
            case Kind::linear:
                if (p.right)
                    linear_attention_right(Q.data(), K.data(), V.data(), out.data(), N, D, work_buf);
                else
                    linear_attention_left(Q.data(), K.data(), V.data(), out.data(), N, D, work_buf);
                break;
        }
        const auto t1 = std::chrono::steady_clock::now();
        ms[t] = std::chrono::duration<double, std::milli>(t1 - t0).count();
        sink = sink + out[0] + out[N * D - 1];
    }

    AttentionTiming r;
    r.repeats = reps;
    double sum = 0;
    for (double x : ms) sum += x;
    r.msMean = sum / reps;
    std::sort(ms.begin(), ms.end());
    r.msMin = ms[0];
    r.ms = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
    return r;
}

}  // namespace attn
