#include "attn/flash/tiled_forward.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attn/common/check.hpp"
#include "attn/linalg/matmul.hpp"

namespace attn {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

inline double rnd(double x, Format f) { return f == Format::float64 ? x : round_to(x, f); }

// Allowed keys of global row g in a tile starting at key c0 with bc keys.
inline std::size_t allowed_cols(const Tiling& t, std::size_t g, std::size_t c0, std::size_t bc) {
    if (!t.causal) return bc;
    return g < c0 ? 0 : std::min(bc, g - c0 + 1);
}

}  // namespace

void tiled_forward_raw(const std::string& fn, const double* Q, const double* K, const double* V,
                       const Tiling& t, double scale, const FlashFormats& f, double* out, double* L,
                       const TiledRecorder* rec) {
    const std::size_t dk = t.dk, dv = t.dv, Br = t.Br, Bc = t.Bc;
    const bool exact = f.exact();
    // The fast memory: one tile of S/P, the accumulator, P V_j, and m, l, alpha.
    std::vector<double> S(Br * Bc), O(Br * dv), PV(Br * dv), m(Br), l(Br), alpha(Br);
    for (std::size_t i = 0; i < t.Tr; ++i) {
        const std::size_t r0 = t.row0(i), br = t.rows(i);
        const double* Qi = Q + r0 * dk;
        std::fill(m.begin(), m.end(), -inf);
        std::fill(l.begin(), l.end(), 0.0);
        std::fill(O.begin(), O.end(), 0.0);
        const bool traced = rec && rec->trace && rec->trace_block == i;
        for (std::size_t j = 0; j < t.Tc; ++j) {
            const bool skip = t.skipped(i, j);
            if (rec && rec->tiles) rec->tiles->push_back({i, j, skip});
            if (!skip) {
                const std::size_t c0 = t.col0(j), bc = t.cols(j);
                gemm_nt(Qi, K + c0 * dk, S.data(), br, dk, bc);
                for (std::size_t r = 0; r < br; ++r) {
                    double* s = S.data() + r * bc;
                    const std::size_t g = r0 + r, na = allowed_cols(t, g, c0, bc);
                    for (std::size_t c = 0; c < bc; ++c)
                        if (!std::isfinite(s[c]))
                            fail(fn, "Q K^T overflows at (", g, ", ", c0 + c, "): scale Q and K down");
                    double mx = m[r];
                    for (std::size_t c = 0; c < na; ++c) {
                        const double x = s[c] * scale;
                        if (!std::isfinite(x))
                            fail(fn, "Q K^T * scale overflows at (", g, ", ", c0 + c,
                                 "): use a smaller scale");
                        s[c] = exact ? x : rnd(x, f.scores);
                        mx = std::max(mx, s[c]);
                    }
                    // Tile 0 always holds key 0, allowed for every row, so mx is a
                    // value by the time a row meets a tile with no allowed key.
                    const double a = std::exp(m[r] - mx);
                    double sum = a * l[r];
                    for (std::size_t c = 0; c < na; ++c) {
                        const double p = exact ? std::exp(s[c] - mx) : rnd(std::exp(s[c] - mx), f.exp);
                        s[c] = p;
                        sum += p;
                    }
                    for (std::size_t c = na; c < bc; ++c) s[c] = 0.0;
                    l[r] = exact ? sum : rnd(sum, f.sum);
                    m[r] = mx;
                    alpha[r] = a;
                }
                gemm_nn(S.data(), V + c0 * dv, PV.data(), br, bc, dv);
                for (std::size_t r = 0; r < br; ++r) {
                    double* o = O.data() + r * dv;
                    const double* pv = PV.data() + r * dv;
                    const double a = alpha[r];
                    if (exact)
                        for (std::size_t c = 0; c < dv; ++c) o[c] = a * o[c] + pv[c];
                    else
                        for (std::size_t c = 0; c < dv; ++c) o[c] = rnd(a * o[c] + pv[c], f.accumulator);
                }
            }
            if (traced) {
                TraceStep st;
                st.colBlock = j;
                st.skipped = skip;
                st.m = xt::empty<double>({br});
                st.l = xt::empty<double>({br});
                st.O = xt::empty<double>({br, dv});
                std::copy(m.begin(), m.begin() + br, st.m.begin());
                std::copy(l.begin(), l.begin() + br, st.l.begin());
                std::copy(O.begin(), O.begin() + br * dv, st.O.begin());
                rec->trace->push_back(std::move(st));
            }
        }
        for (std::size_t r = 0; r < br; ++r) {
            double* o = out + (r0 + r) * dv;
            for (std::size_t c = 0; c < dv; ++c) o[c] = O[r * dv + c] / l[r];
            if (L) L[r0 + r] = m[r] + std::log(l[r]);
        }
    }
}

}  // namespace attn
