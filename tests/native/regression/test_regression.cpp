// leastSquares against numpy.linalg.lstsq and kernelRegression against a
// NumPy Nadaraya-Watson, plus properties and bad input.
// Reference values: tests/fixtures/{least_squares,kernel_regression}.json, made
// by scripts/fixtures/regression.py
// (/usr/bin/python3 scripts/gen_fixtures.py regression).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/regression/kernel_regression.hpp"
#include "attn/regression/least_squares.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

TEST_CASE("leastSquares matches numpy.linalg.lstsq (minimum norm)", "[regression]") {
    const auto& cases = fx::load("least_squares")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const auto fit = least_squares(k["X"].mat(), k["y"].vec());
            REQUIRE(fit.rank == static_cast<std::size_t>(k["rank"].number()));
            tc::require_close(fit.w, k["w"].vec());
            tc::require_close(fit.b, k["b"].number());
            tc::require_close(fit.loss, k["loss"].number());
        }
    }
}

TEST_CASE("kernelRegression matches NumPy Nadaraya-Watson", "[regression]") {
    const auto& cases = fx::load("kernel_regression")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            KernelRegressionOptions o;
            o.kernel = k["kernel"].str;
            o.bandwidth = k["bandwidth"].number();
            const auto r = kernel_regression(k["xTrain"].vec(), k["yTrain"].vec(), k["xQuery"].vec(), o);
            tc::require_close(r.weights, k["weights"].mat());
            tc::require_close(r.yHat, k["yHat"].vec());  // NaN where the row is all 0
            for (std::size_t q = 0; q < r.valid.size(); ++q)
                REQUIRE(bool(r.valid[q]) == std::isfinite(r.yHat(q)));
        }
    }
}

TEST_CASE("leastSquares properties over random designs", "[regression]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> rows(1, 40), cols(1, 6), kind(0, 3);
    std::normal_distribution<double> normal;
    const std::size_t n = rows(gen), p = cols(gen), k = kind(gen);
    mat X = xt::empty<double>({n, p});
    for (auto& v : X) v = normal(gen);
    // Some designs are rank deficient on purpose.
    if (k == 1 && p >= 2) for (std::size_t i = 0; i < n; ++i) X(i, p - 1) = X(i, 0);         // duplicate
    if (k == 2) for (std::size_t i = 0; i < n; ++i) X(i, 0) = 2.5;                           // constant
    if (k == 3 && p >= 2) for (std::size_t i = 0; i < n; ++i) X(i, 1) = 3 * X(i, 0) - 1;    // affine
    vec y = xt::empty<double>({n});
    for (auto& v : y) v = normal(gen);
    INFO("seed " << seed << " n " << n << " p " << p << " kind " << k);

    const auto fit = least_squares(X, y);
    REQUIRE(fit.rank >= 1);
    REQUIRE(fit.rank <= std::min(n, p + 1));
    // The residual is orthogonal to every design column (X's and the ones).
    vec r = xt::empty<double>({n});
    double ynorm = 0, sq = 0;
    for (std::size_t i = 0; i < n; ++i) {
        double pred = fit.b;
        for (std::size_t j = 0; j < p; ++j) pred += fit.w(j) * X(i, j);
        r(i) = y(i) - pred;
        ynorm += y(i) * y(i);
        sq += r(i) * r(i);
    }
    ynorm = std::sqrt(ynorm);
    tc::require_close(fit.loss, sq / static_cast<double>(n), 1e-9, 1e-15);
    double xnorm = std::sqrt(static_cast<double>(n));  // the ones column
    for (double v : X) xnorm = std::max(xnorm, std::fabs(v) * std::sqrt(static_cast<double>(n)));
    for (std::size_t j = 0; j <= p; ++j) {
        double dotr = 0;
        for (std::size_t i = 0; i < n; ++i) dotr += (j < p ? X(i, j) : 1.0) * r(i);
        INFO("column " << j << ": D^T r = " << dotr);
        REQUIRE(std::fabs(dotr) <= 1e-9 * xnorm * (ynorm + 1));
    }
    // Minimum norm: duplicated columns share the weight equally.
    if (k == 1 && p >= 2) tc::require_close(fit.w(p - 1), fit.w(0), 1e-9, 1e-12);
}

TEST_CASE("kernelRegression properties over random inputs", "[regression]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> size(1, 30);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> bw(0.05, 3.0);
    const std::size_t n = size(gen), m = size(gen);
    vec xt_ = xt::empty<double>({n}), yt = xt::empty<double>({n}), xq = xt::empty<double>({m});
    for (auto& v : xt_) v = 2 * normal(gen);
    for (auto& v : yt) v = normal(gen);
    for (auto& v : xq) v = 4 * normal(gen);
    xq(0) = 1e6;  // far from everything
    const double lo = xt::amin(yt)(), hi = xt::amax(yt)();
    KernelRegressionOptions o;
    o.bandwidth = bw(gen);
    INFO("seed " << seed << " n " << n << " m " << m << " h " << o.bandwidth);
    for (const char* kernel : {"gaussian", "boxcar", "epanechnikov"}) {
        o.kernel = kernel;
        INFO("kernel " << kernel);
        const auto r = kernel_regression(xt_, yt, xq, o);
        for (std::size_t q = 0; q < m; ++q) {
            double row = 0;
            for (std::size_t i = 0; i < n; ++i) {
                REQUIRE(r.weights(q, i) >= 0);
                row += r.weights(q, i);
            }
            if (r.valid[q]) {
                tc::require_close(row, 1.0, 1e-12);
                // yHat is a convex combination of the training values.
                REQUIRE((r.yHat(q) >= lo - 1e-12 && r.yHat(q) <= hi + 1e-12));
            } else {
                REQUIRE(row == 0.0);
                REQUIRE(std::isnan(r.yHat(q)));
                REQUIRE(std::string(kernel) != "gaussian");  // the gaussian never goes dead
            }
        }
    }
}

TEST_CASE("kernelRegression gaussian: far queries pick the nearest point", "[regression]") {
    // -u^2/2 is -Infinity for every point: all weight on the nearest one.
    const vec yt{10.0, 20.0, 30.0};
    const auto far = kernel_regression(vec{0.0, 1e299, 3e299}, yt, vec{1e300, -1e300});
    tc::require_close(far.yHat(0), 30.0);
    tc::require_close(far.yHat(1), 10.0);
    REQUIRE(far.weights(0, 2) == 1.0);
    // Finite but far: the shifted softmax still puts (almost) all weight near.
    const auto r = kernel_regression(vec{0.0, 1.0, 3.0}, yt, vec{1e6, 2.0});
    tc::require_close(r.yHat(0), 30.0);
    REQUIRE(r.weights(1, 1) == r.weights(1, 2));  // a tie at equal distance
}

TEST_CASE("leastSquares and kernelRegression reject bad input", "[regression]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const mat X{{1.0}, {2.0}, {3.0}};
    tc::require_invalid([&] { least_squares(X, vec{1.0, 2.0}); }, "leastSquares: y has 2 entries but X has 3 rows");
    tc::require_invalid([&] { least_squares(mat{{1.0}, {nan}}, vec{1.0, 2.0}); },
                        "leastSquares: X has a non-finite entry (NaN)");
    tc::require_invalid([&] { least_squares(X, vec{1.0, nan, 2.0}); }, "leastSquares: y has a non-finite entry");
    tc::require_invalid([&] { least_squares(mat(xt::zeros<double>({0, 2})), vec{}); }, "leastSquares: X is empty");
    tc::require_invalid([&] { least_squares(mat(xt::ones<double>({2, 64})), vec{1.0, 2.0}); },
                        "leastSquares: X has 64 columns, more than the limit of 63");
    tc::require_invalid([&] { least_squares(mat(xt::ones<double>({4097, 1})), vec(xt::ones<double>({4097}))); },
                        "leastSquares: X is 4097 x 1, larger than the limit");

    const vec x{0.0, 1.0}, y{1.0, 2.0};
    KernelRegressionOptions o;
    o.kernel = "triangle";
    tc::require_invalid([&] { kernel_regression(x, y, x, o); }, "kernelRegression: unknown kernel 'triangle'");
    for (double h : {0.0, -1.0, nan}) {
        o = {};
        o.bandwidth = h;
        tc::require_invalid([&] { kernel_regression(x, y, x, o); },
                            "kernelRegression: bandwidth must be a positive finite number");
    }
    tc::require_invalid([&] { kernel_regression(x, vec{1.0}, x); },
                        "kernelRegression: yTrain has 1 entries but xTrain has 2");
    tc::require_invalid([&] { kernel_regression(x, y, vec{nan}); }, "kernelRegression: xQuery has a non-finite entry");
    tc::require_invalid([&] { kernel_regression(vec{}, vec{}, x); }, "kernelRegression: xTrain is empty");
    tc::require_invalid([&] { kernel_regression(x, y, vec(xt::zeros<double>({4097}))); },
                        "kernelRegression: xQuery has 4097 queries, more than the limit of 4096");
    const vec big = xt::zeros<double>({4096});
    tc::require_invalid([&] { kernel_regression(big, big, big); },
                        "kernelRegression: the 4096 x 4096 weight matrix is larger than the limit");
}
