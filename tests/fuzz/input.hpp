// What every fuzz entry point shares: the reader of the fuzzer's bytes
// (shapes small, values any double), the invariant check that aborts with
// what failed, and number formatting for its messages.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

#include "attn/common/types.hpp"

namespace fuzz {

using attn::mat;
using attn::vec;

constexpr std::size_t kMaxSide = 16;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

[[noreturn]] inline void violated(const char* op, const std::string& what) {
    std::fprintf(stderr, "fuzz_core: invariant violated in %s: %s\n", op, what.c_str());
    std::fflush(stderr);
    std::abort();
}
#define REQUIRE(op, cond, what) \
    do {                        \
        if (!(cond)) violated(op, std::string(#cond) + " (" + (what) + ")"); \
    } while (0)

inline std::string num(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

inline std::string str(const vec& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + num(v(i));
    return s + "]";
}
inline std::string str(const mat& m) {
    std::string s = "[";
    for (std::size_t i = 0; i < m.shape(0); ++i) {
        s += i ? "; " : "";
        for (std::size_t j = 0; j < m.shape(1); ++j) s += (j ? ", " : "") + num(m(i, j));
    }
    return s + "]";
}

// Reads the fuzzer's bytes; past the end everything reads as 0.
class Input {
  public:
    Input(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
    std::size_t left() const { return n_ - i_; }
    std::uint8_t u8() { return i_ < n_ ? d_[i_++] : 0; }
    bool flag() { return u8() & 1; }

    // 1..max, sometimes 0 (empty inputs must be refused, not crash).
    std::size_t dim(std::size_t max = kMaxSide) {
        const std::uint8_t b = u8();
        return b == 255 ? 0 : 1 + b % max;
    }

    double value() {
        if (left() == 0) return 0.0;
        const std::uint8_t b = u8();
        if (b < 160) return (static_cast<int>(b) - 80) / 8.0;  // -10 .. 9.875, exact
        if (b < 240) {
            static const double special[] = {
                0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-3, 1e3, 1e154, -1e154, 1e300, -1e300,
                1e308, -1e308, DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN, 5e-324, -5e-324, 1e-310,
                kNaN, kInf, -kInf, 1e-300, 3.0, 0.1, 700.0, -700.0, 1e200, 37.0, 1e-20};
            return special[(b - 160) % (sizeof special / sizeof special[0])];
        }
        double x = 0;  // a raw bit pattern
        std::uint8_t raw[8] = {};
        for (auto& r : raw) r = u8();
        std::memcpy(&x, raw, sizeof x);
        return x;
    }

    // A positive number most of the time (temperatures, scales, bases, ...).
    double positive() {
        const std::uint8_t b = u8();
        switch (b % 8) {
            case 0: return value();
            case 1: return 1.0;
            default: return (b / 8 + 1) / 8.0;  // 0.125 .. 4
        }
    }

    vec vector(std::size_t n) {
        vec v = xt::empty<double>({n});
        for (std::size_t i = 0; i < n; ++i) v(i) = value();
        return v;
    }
    mat matrix(std::size_t r, std::size_t c) {
        mat m = xt::empty<double>({r, c});
        for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = value();
        return m;
    }
    // Usually a probability vector (so the invariants get checked), sometimes raw.
    vec distribution(std::size_t n) {
        vec p = xt::zeros<double>({n});
        if (n == 0) return p;
        switch (u8() % 5) {
            case 0: return vector(n);
            case 1: p(u8() % n) = 1.0; return p;
            case 2: p.fill(1.0 / static_cast<double>(n)); return p;
            default: {
                double s = 0;
                for (std::size_t i = 0; i < n; ++i) s += (p(i) = std::fabs(value()));
                if (!(s > 0) || !std::isfinite(s)) p.fill(1.0 / static_cast<double>(n));
                else for (std::size_t i = 0; i < n; ++i) p(i) /= s;
                return p;
            }
        }
    }
    // Nonnegative adjacency weights with many zeros; often symmetric.
    mat adjacency(std::size_t n) {
        mat A = xt::zeros<double>({n, n});
        const bool sym = flag();
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = sym ? i : 0; j < n; ++j) {
                const std::uint8_t b = u8();
                const double w = b % 3 == 0 ? value() : b % 3 == 1 ? 1.0 : 0.0;
                A(i, j) = w;
                if (sym) A(j, i) = w;
            }
        return A;
    }

  private:
    const std::uint8_t* d_;
    std::size_t n_, i_ = 0;
};

// The other side of a shape: usually equal to `want`, sometimes not.
inline std::size_t maybe(Input& in, std::size_t want) { return in.u8() % 16 == 0 ? in.dim() : want; }

}  // namespace fuzz
