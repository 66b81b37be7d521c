// round_to against NumPy's float16 / float32 casts, torch's bfloat16 cast and
// an FP8 table reference (tests/fixtures/round_*.json, made by
// scripts/fixtures/precision.py: /usr/bin/python3 scripts/gen_fixtures.py
// precision), and a full sweep here: every value of float16, bfloat16, e5m2
// and e4m3, every midpoint between neighbours and the doubles either side of
// it, both signs, against a reference that decodes every bit pattern and
// picks the nearest, ties to the even pattern (the same reference the
// fixture script checks against NumPy and torch on every such point).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "attn/precision/in_format.hpp"
#include "attn/precision/round.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

namespace {

const double inf = std::numeric_limits<double>::infinity();

// Exactly the same number: NaN matches NaN, and the sign of zero counts.
bool same(double got, double want) {
    if (std::isnan(want)) return std::isnan(got);
    return got == want && std::signbit(got) == std::signbit(want);
}

struct Bits {
    int e, m;
    bool has_inf;
};

Bits bits_of(Format f) {
    switch (f) {
        case Format::float16: return {5, 10, true};
        case Format::bfloat16: return {8, 7, true};
        case Format::e5m2: return {5, 2, true};
        case Format::e4m3: return {4, 3, false};
        default: return {0, 0, true};
    }
}

// Value of a bit pattern: IEEE layout; E4M3FN's only non-finite pattern is S.1111.111.
double decode(std::uint32_t code, Bits b) {
    const double sign = (code >> (b.e + b.m)) & 1 ? -1.0 : 1.0;
    const std::uint32_t e = (code >> b.m) & ((1u << b.e) - 1), m = code & ((1u << b.m) - 1);
    const int bias = (1 << (b.e - 1)) - 1;
    const std::uint32_t top = (1u << b.e) - 1;
    if (b.has_inf && e == top) return m == 0 ? sign * inf : std::nan("");
    if (!b.has_inf && e == top && m == (1u << b.m) - 1) return std::nan("");
    if (e == 0) return sign * std::ldexp(m, 1 - bias - b.m);
    return sign * std::ldexp((1u << b.m) + m, static_cast<int>(e) - bias - b.m);
}

// The non-negative finite values in order with their patterns, plus the
// grid point after max (its pattern max's + 1).
struct Table {
    std::vector<double> v;
    std::vector<std::uint32_t> code;
    double max = 0;
    bool has_inf = true;

    explicit Table(Format f) {
        const Bits b = bits_of(f);
        has_inf = b.has_inf;
        const std::uint32_t half = 1u << (b.e + b.m);
        for (std::uint32_t c = 0; c < half; ++c) {
            const double x = decode(c, b);
            if (std::isfinite(x)) v.push_back(x), code.push_back(c);
        }
        // Positive patterns increase with their value: the table is sorted.
        REQUIRE(std::is_sorted(v.begin(), v.end()));
        max = v.back();
        v.push_back(2 * max - v[v.size() - 2]);
        code.push_back(code.back() + 1);
    }

    double round(double x, bool saturate = false) const {
        if (std::isnan(x) || x == 0) return x;
        const double a = std::fabs(x);
        double r;
        if (std::isinf(a)) {
            r = a;
        } else {
            const auto it = std::lower_bound(v.begin(), v.end(), a);
            if (it == v.end()) {
                r = inf;
            } else if (*it == a) {
                r = a;
            } else {
                const std::size_t k = static_cast<std::size_t>(it - v.begin());
                const double lo = v[k - 1], hi = v[k];
                if (a - lo < hi - a) r = lo;
                else if (hi - a < a - lo) r = hi;
                else r = code[k - 1] % 2 == 0 ? lo : hi;
            }
        }
        if (r > max) r = saturate || !has_inf ? max : inf;
        return std::copysign(r, x);
    }
};

// Every value, every midpoint and its two neighbouring doubles, both signs;
// returns how many points were checked.
std::size_t sweep(Format f, bool saturate) {
    const Table t(f);
    std::size_t count = 0;
    auto check = [&](double x) {
        for (double s : {x, -x}) {
            const double got = round_to(s, f, saturate), want = t.round(s, saturate);
            if (!same(got, want)) {
                INFO(format_name(f) << " x = " << s << " (" << std::hexfloat << s << "): got " << got
                                    << ", want " << want);
                REQUIRE(same(got, want));
            }
            ++count;
        }
    };
    for (std::size_t k = 0; k + 1 < t.v.size(); ++k) {
        const double a = t.v[k], b = t.v[k + 1], mid = a + (b - a) / 2;
        check(a);
        check(mid);
        check(std::nextafter(mid, -inf));
        check(std::nextafter(mid, inf));
        check(std::nextafter(a, inf));
        if (a > 0) check(std::nextafter(a, -inf));
    }
    check(t.v.back());
    check(inf);
    check(std::nan(""));
    check(1e300);
    check(std::numeric_limits<double>::denorm_min());
    return count;
}

Format fmt(const fx::Json& k) { return parse_format("test", k["format"].str); }

}  // namespace

TEST_CASE("round_to equals NumPy, torch and the FP8 table on the fixtures", "[precision]") {
    for (const char* stem : {"round_float16", "round_bfloat16", "round_float32", "round_fp8"}) {
        const auto& cases = fx::load(stem)["cases"];
        for (std::size_t c = 0; c < cases.size(); ++c) {
            const auto& k = cases[c];
            SECTION(std::string(stem) + " " + k["format"].str) {
                const Format f = fmt(k);
                const auto& x = k["x"];
                REQUIRE(x.size() > 5);
                for (std::size_t i = 0; i < x.size(); ++i) {
                    const double xi = x[i].number(), want = k["want"][i].number(),
                                 sat = k["saturate"][i].number();
                    INFO(k["format"].str << " x = " << xi << " (" << std::hexfloat << xi << ")");
                    CHECK(same(round_to(xi, f), want));
                    CHECK(same(round_to(xi, f, true), sat));
                }
            }
        }
    }
}

TEST_CASE("the native FP8 decoder is the fixture's table", "[precision]") {
    const auto& cases = fx::load("round_fp8")["cases"];
    std::size_t tables = 0;
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        if (!k.has("table")) continue;
        const Bits b = bits_of(fmt(k));
        REQUIRE(k["table"].size() == 256);
        for (std::uint32_t code = 0; code < 256; ++code) {
            INFO(k["format"].str << " pattern " << code);
            REQUIRE(same(decode(code, b), k["table"][code].number()));
        }
        ++tables;
    }
    REQUIRE(tables == 2);
}

TEST_CASE("round_to on every value and midpoint of float16, bfloat16, e5m2, e4m3", "[precision]") {
    const Format f = GENERATE(Format::float16, Format::bfloat16, Format::e5m2, Format::e4m3);
    const bool saturate = GENERATE(false, true);
    INFO(format_name(f) << (saturate ? " saturated" : ""));
    const std::size_t n = sweep(f, saturate);
    // 2 signs x 6 points for each of the 2^(bits-1) - (non-finite) values.
    CHECK(n > (f == Format::e5m2 || f == Format::e4m3 ? 1400u : 360000u));
}

TEST_CASE("round_to: the table reference's decoder agrees with the hardware float", "[precision]") {
    // bfloat16 patterns are the top 16 bits of a float32: decode through it.
    const Bits b = bits_of(Format::bfloat16);
    for (std::uint32_t c = 0; c < 65536; ++c) {
        const std::uint32_t w = c << 16;
        float f;
        std::memcpy(&f, &w, 4);
        REQUIRE(same(decode(c, b), static_cast<double>(f)));
    }
}

TEST_CASE("round_to float32 equals the C++ cast to float", "[precision]") {
    std::mt19937_64 gen(7);
    std::uniform_real_distribution<double> e(-160, 130);
    std::uniform_int_distribution<std::uint64_t> bits;
    for (int t = 0; t < 200000; ++t) {
        // Log-uniform magnitudes, and arbitrary doubles (any bit pattern) in float's range.
        double x = std::exp2(e(gen)) * (t % 2 ? -1 : 1);
        if (t % 3 == 0) {
            const std::uint64_t u = bits(gen);
            std::memcpy(&x, &u, 8);
            if (!std::isfinite(x)) continue;
        }
        const double want = static_cast<double>(static_cast<float>(x));
        INFO("x = " << std::hexfloat << x);
        REQUIRE(same(round_to(x, Format::float32), want));
    }
    // The midpoints between float32 neighbours (ties to even) and float64 unchanged.
    for (int t = 0; t < 100000; ++t) {
        const float a = static_cast<float>(std::exp2(e(gen)));
        const float b = std::nextafter(a, std::numeric_limits<float>::infinity());
        const double mid = (static_cast<double>(a) + b) / 2;
        REQUIRE(same(round_to(mid, Format::float32), static_cast<double>(static_cast<float>(mid))));
        const double x = std::exp2(e(gen) * 6);
        REQUIRE(same(round_to(x, Format::float64), x));
    }
}

TEST_CASE("round_to properties: monotone, idempotent, within half a step", "[precision]") {
    std::mt19937 gen(11);
    std::uniform_real_distribution<double> e(-30, 20);
    for (Format f : {Format::float32, Format::float16, Format::bfloat16, Format::e5m2, Format::e4m3}) {
        const FormatInfo& i = format_info(f);
        for (int t = 0; t < 20000; ++t) {
            const double x = std::exp2(e(gen)) * (t % 2 ? -1 : 1);
            const double y = std::nextafter(x, inf) + std::fabs(x) * 1e-3 * (t % 5);
            const double rx = round_to(x, f), ry = round_to(y, f);
            INFO(format_name(f) << " x = " << x << ", y = " << y);
            REQUIRE(rx <= ry);
            REQUIRE(same(round_to(rx, f), rx));
            if (std::isfinite(rx) && std::fabs(x) <= i.max) {
                // Half the spacing at x: 2^(max(e, emin) - m - 1).
                const int ex = std::max(std::ilogb(x), i.min_exponent);
                REQUIRE(std::fabs(rx - x) <= std::ldexp(1.0, ex - i.mantissa_bits - 1));
            }
        }
    }
}

TEST_CASE("round_to at the edges of each format", "[precision]") {
    // Overflow: float16 max + half a step (65520) is a tie, to even: Infinity.
    CHECK(round_to(65519.99, Format::float16) == 65504);
    CHECK(round_to(65520, Format::float16) == inf);
    CHECK(round_to(65520, Format::float16, true) == 65504);
    CHECK(round_to(-1e10, Format::float16, true) == -65504);
    // e4m3 has no Infinity: it saturates even without the option.
    CHECK(round_to(464, Format::e4m3) == 448);
    CHECK(round_to(1e9, Format::e4m3) == 448);
    CHECK(round_to(-inf, Format::e4m3) == -448);
    CHECK(round_to(61440, Format::e5m2) == inf);
    CHECK(round_to(61439, Format::e5m2) == 57344);
    CHECK(round_to(inf, Format::float64) == inf);
    CHECK(round_to(-inf, Format::float64, true) == -std::numeric_limits<double>::max());
    CHECK(round_to(inf, Format::float32, true) == std::numeric_limits<float>::max());
    CHECK(round_to(inf, Format::bfloat16) == inf);
    CHECK(round_to(inf, Format::bfloat16, true) == format_info(Format::bfloat16).max);
    // Subnormals: float16's smallest is 2^-24; half of it is a tie with 0 (even).
    CHECK(round_to(std::ldexp(1.0, -24), Format::float16) == std::ldexp(1.0, -24));
    CHECK(same(round_to(std::ldexp(1.0, -25), Format::float16), 0.0));
    CHECK(same(round_to(-std::ldexp(1.0, -25), Format::float16), -0.0));
    CHECK(round_to(std::nextafter(std::ldexp(1.0, -25), 1.0), Format::float16) == std::ldexp(1.0, -24));
    CHECK(round_to(std::ldexp(3.0, -26), Format::float16) == std::ldexp(1.0, -24));
    CHECK(round_to(std::ldexp(3.0, -25), Format::float16) == std::ldexp(1.0, -23));  // tie 1.5 -> 2
    CHECK(same(round_to(std::ldexp(1.0, -10), Format::e4m3), 0.0));  // a tie between 0 (even) and 2^-9
    CHECK(round_to(std::ldexp(3.0, -10), Format::e4m3) == std::ldexp(1.0, -8));  // 1.5 steps -> 2
    CHECK(std::isnan(round_to(std::nan(""), Format::e4m3)));
    CHECK(std::isnan(round_to(std::nan(""), Format::float16, true)));
    CHECK(same(round_to(-0.0, Format::e5m2), -0.0));
    // Ties to even in the middle of the range: 1 + 2^-11 -> 1, 1 + 3 2^-11 -> 1 + 2^-9.
    CHECK(round_to(1 + std::ldexp(1.0, -11), Format::float16) == 1);
    CHECK(round_to(1 + 3 * std::ldexp(1.0, -11), Format::float16) == 1 + std::ldexp(1.0, -9));
    CHECK(round_to(2049, Format::float16) == 2048);
    CHECK(round_to(2051, Format::float16) == 2052);
}
