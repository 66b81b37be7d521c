#include "attn/flash/io_counts.hpp"

namespace attn {

namespace {

// The sums A, R, C of io_counts.hpp, and K', over the row blocks.
struct TileSums {
    double A = 0, R = 0, C = 0, Kp = 0;
};

TileSums tile_sums(const Tiling& t) {
    TileSums s;
    for (std::size_t i = 0; i < t.Tr; ++i) {
        const std::size_t r1 = t.row0(i) + t.rows(i) - 1;
        const std::size_t c = t.causal ? std::min(t.Tc, r1 / t.Bc + 1) : t.Tc;
        const double k = static_cast<double>(std::min(t.m, c * t.Bc));
        s.R += k;
        s.A += static_cast<double>(t.rows(i)) * k;
        s.C += static_cast<double>(t.rows(i)) * static_cast<double>(c);
    }
    s.Kp = t.causal ? static_cast<double>(std::min(t.m, ((t.n - 1) / t.Bc + 1) * t.Bc))
                    : static_cast<double>(t.m);
    return s;
}

struct Dims {
    double n, m, dk, dv;
};
Dims dims(const Tiling& t) {
    return {static_cast<double>(t.n), static_cast<double>(t.m), static_cast<double>(t.dk),
            static_cast<double>(t.dv)};
}

}  // namespace

IoCounts standard_forward_counts(const Tiling& t) {
    const auto [n, m, dk, dv] = dims(t);
    return {2 * n * m + n * dk + m * dk + m * dv, 2 * n * m + n * dv, n * m * (2 * dk + 2 * dv + 5)};
}

IoCounts tiled_forward_counts(const Tiling& t) {
    const auto [n, m, dk, dv] = dims(t);
    (void)m;
    const TileSums s = tile_sums(t);
    return {n * dk + s.R * (dk + dv), n * dv + n,
            s.A * (2 * dk + 2 * dv + 4) + s.C * (dv + 2) + n * dv + 2 * n};
}

IoCounts standard_backward_counts(const Tiling& t) {
    const auto [n, m, dk, dv] = dims(t);
    return {5 * n * m + n * dk + m * dk + m * dv + 2 * n * dv, 2 * n * m + n * dk + m * dk + m * dv,
            n * m * (4 * dk + 4 * dv + 5)};
}

IoCounts tiled_backward_counts(const Tiling& t) {
    const auto [n, m, dk, dv] = dims(t);
    const TileSums s = tile_sums(t);
    return {2 * n * dv + s.Kp * (dk + dv) + s.C * (2 * dk + dv + 2),
            n + n * dk + m * (dk + dv) + s.C * dk, 2 * n * dv + s.A * (6 * dk + 4 * dv + 5)};
}

}  // namespace attn
