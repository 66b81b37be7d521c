// formatInfo against np.finfo / torch.finfo / the OCP FP8 spec, roundToFormat
// on vectors and matrices, and softmaxInFormat against a NumPy float16
// emulation (tests/fixtures/format_info.json, round_shapes.json,
// softmax_in_format.json, made by scripts/fixtures/precision.py:
// /usr/bin/python3 scripts/gen_fixtures.py precision).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/precision/in_format.hpp"
#include "attn/precision/round.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

namespace {

// Exactly (NaN matches NaN).
template <class E1, class E2>
void require_same(const E1& got, const E2& want) {
    REQUIRE(got.shape() == want.shape());
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double g = got.data()[i], w = want.data()[i];
        INFO("flat index " << i << ": got " << g << ", want " << w);
        REQUIRE((std::isnan(w) ? std::isnan(g) : g == w));
    }
}

}  // namespace

TEST_CASE("formatInfo matches finfo and the FP8 spec", "[precision]") {
    const auto& cases = fx::load("format_info")["cases"];
    REQUIRE(cases.size() == 6);
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["format"].str) {
            const FormatInfo& i = format_info(parse_format("formatInfo", k["format"].str));
            CHECK(format_name(parse_format("formatInfo", k["format"].str)) == k["format"].str);
            CHECK(i.bits == k["bits"].number());
            CHECK(i.exponent_bits == k["exponentBits"].number());
            CHECK(i.mantissa_bits == k["mantissaBits"].number());
            CHECK(i.max == k["max"].number());
            CHECK(i.min_normal == k["minNormal"].number());
            CHECK(i.min_subnormal == k["minSubnormal"].number());
            CHECK(i.epsilon == k["epsilon"].number());
            CHECK(i.has_infinity == k["hasInfinity"].b);
            tc::require_close(i.exp_overflow, k["expOverflow"].number(), 1e-15, 0);
            // The format's own numbers round to themselves; exp overflows just above expOverflow.
            for (double x : {i.max, i.min_normal, i.min_subnormal, 1 + i.epsilon})
                CHECK(round_to(x, parse_format("t", k["format"].str)) == x);
        }
    }
}

TEST_CASE("parse_format names the function and the formats", "[precision]") {
    tc::require_invalid([] { parse_format("roundToFormat", "fp16"); },
                        "roundToFormat: unknown format 'fp16' (one of float64, float32, float16, bfloat16, e4m3, e5m2)");
    tc::require_invalid([] { parse_format("formatInfo", ""); }, "formatInfo: unknown format ''");
    tc::require_invalid([] { parse_format("formatInfo", "Float16"); }, "formatInfo: unknown format 'Float16'");
}

TEST_CASE("roundToFormat keeps the shape of vectors and matrices", "[precision]") {
    const auto& cases = fx::load("round_shapes")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const Format f = parse_format("t", k["format"].str);
            const bool sat = k["saturate"].b;
            if (k["x"].kind == fx::Json::Number) {
                CHECK(round_to(k["x"].number(), f, sat) == k["want"].number());
            } else if (k["x"][0].kind == fx::Json::Array) {
                require_same(round_mat("roundToFormat", k["x"].mat(), f, sat), k["want"].mat());
            } else {
                require_same(round_vec("roundToFormat", k["x"].vec(), f, sat), k["want"].vec());
            }
        }
    }
    // Non-finite entries are allowed here.
    vec x = {std::nan(""), INFINITY, -INFINITY, 1e6};
    const vec r = round_vec("roundToFormat", x, Format::float16, false);
    CHECK(std::isnan(r(0)));
    CHECK(r(1) == INFINITY);
    CHECK(r(2) == -INFINITY);
    CHECK(r(3) == INFINITY);
    tc::require_invalid([] { round_vec("roundToFormat", vec(), Format::float16, false); }, "roundToFormat: x is empty");
    tc::require_invalid([] { round_mat("roundToFormat", mat(xt::zeros<double>({0, 3})), Format::e4m3, false); },
                        "roundToFormat: x is empty");
    tc::require_invalid([] { round_mat("roundToFormat", mat(xt::zeros<double>({1, 5000})), Format::e4m3, false); },
                        "roundToFormat: x is 1 x 5000, larger than the limit");
}

TEST_CASE("softmaxInFormat matches the NumPy emulation", "[precision]") {
    const auto& cases = fx::load("softmax_in_format")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            FormatSoftmaxOptions o;
            o.format = k["format"].str;
            if (k.has("sumFormat")) o.sum_format = k["sumFormat"].str;
            o.subtract_max = k["subtractMax"].b;
            const FormatSoftmax s = softmax_in_format(k["z"].vec(), o);
            if (*o.format == "float64") {
                // Nothing to round to: C++'s exp and NumPy's may differ in the last bit.
                tc::require_close(s.shifted, k["shifted"].vec(), 0, 0);
                tc::require_close(s.exps, k["exps"].vec(), 1e-15, 0);
                tc::require_close(s.sums, k["sums"].vec(), 1e-15, 0);
                tc::require_close(s.weights, k["weights"].vec(), 1e-15, 0);
                return;
            }
            require_same(s.shifted, k["shifted"].vec());
            require_same(s.exps, k["exps"].vec());
            require_same(s.sums, k["sums"].vec());
            require_same(s.weights, k["weights"].vec());
        }
    }
}

TEST_CASE("softmaxInFormat: the lessons of float16", "[precision]") {
    FormatSoftmaxOptions o;
    o.format = "float16";
    // Naive: exp(z) overflows above ln(65504) = 11.09, Infinity / Infinity is NaN.
    o.subtract_max = false;
    auto s = softmax_in_format(vec{12.0, 0.0}, o);
    CHECK(std::isinf(s.exps(0)));
    CHECK(std::isnan(s.weights(0)));
    CHECK(s.weights(1) == 0);
    s = softmax_in_format(vec{11.08, 0.0}, o);
    CHECK(std::isfinite(s.weights(0)));
    // Max-subtracted: any z.
    o.subtract_max = true;
    s = softmax_in_format(vec{1000.0, 999.0}, o);
    CHECK(s.weights(0) > s.weights(1));
    CHECK_THAT(s.weights(0) + s.weights(1), Catch::Matchers::WithinAbs(1, 1e-3));
    // In float64 it is softmax.
    std::mt19937 gen(3);
    o.format = "float64";
    std::normal_distribution<double> normal(0, 3);
    vec z = xt::empty<double>({50});
    for (double& v : z) v = normal(gen);
    s = softmax_in_format(z, o);
    const vec e = xt::exp(z - xt::amax(z)());
    tc::require_close(s.weights, vec(e / xt::sum(e)()), 1e-13, 1e-15);
    // Each sum is the format's rounding of the previous plus the term.
    o.format = "float16";
    o.sum_format = "bfloat16";
    s = softmax_in_format(z, o);
    double prev = 0;
    for (std::size_t i = 0; i < z.size(); ++i) {
        CHECK(s.sums(i) == round_to(prev + s.exps(i), Format::bfloat16));
        CHECK(s.exps(i) == round_to(std::exp(s.shifted(i)), Format::float16));
        prev = s.sums(i);
    }
}

TEST_CASE("softmaxInFormat rejects bad input", "[precision]") {
    FormatSoftmaxOptions o;
    tc::require_invalid([&] { softmax_in_format(vec{1.0}, o); }, "softmaxInFormat: option format is required");
    o.format = "half";
    tc::require_invalid([&] { softmax_in_format(vec{1.0}, o); }, "softmaxInFormat: unknown format 'half'");
    o.format = "float16";
    o.sum_format = "float8";
    tc::require_invalid([&] { softmax_in_format(vec{1.0}, o); }, "softmaxInFormat: unknown format 'float8'");
    o.sum_format.reset();
    tc::require_invalid([&] { softmax_in_format(vec(), o); }, "softmaxInFormat: z is empty");
    tc::require_invalid([&] { softmax_in_format(vec{1.0, NAN}, o); }, "softmaxInFormat: z");
}
