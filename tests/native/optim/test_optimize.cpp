// optimize / objective / momentumMap against PyTorch trajectories, plus
// properties and bad input.
// Reference values:
// tests/fixtures/{optimize,optimize_diverge,optim_objective,momentum_map}.json,
// made by scripts/fixtures/optim.py
// (/usr/bin/python3 scripts/gen_fixtures.py optim).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "attn/optim/optimize.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/train_state.hpp"

using namespace attn;

namespace {

OptimProblem problem_of(const fx::Json& j) {
    OptimProblem p;
    p.name = j["name"].str;
    if (j.has("A")) p.A = j["A"].mat();
    if (j.has("b")) {
        if (j["b"].kind == fx::Json::Array) p.b = j["b"].vec();
        else p.b_scalar = j["b"].number();
    }
    if (j.has("a")) p.a = j["a"].number();
    if (j.has("X")) p.X = j["X"].mat();
    if (j.has("y")) p.y = j["y"].vec();
    return p;
}

OptimOptions options_of(const fx::Json& j) { return tc::optimizer_options<OptimOptions>(j); }

void require_run(const OptimizeResult& r, const fx::Json& k) {
    const std::size_t K = k["path"].size() - 1;
    REQUIRE(r.path.shape(0) == K + 1);
    REQUIRE(r.diverged == k["diverged"].b);
    if (r.diverged) REQUIRE(r.diverged_at == static_cast<std::size_t>(k["divergedAt"].number()));
    tc::require_close(r.path, k["path"].mat());
    tc::require_close(r.loss, k["loss"].vec());
    tc::require_close(r.grad, k["grad"].mat());
    const std::string method = k["options"]["method"].str;
    if (method == "gd") {
        REQUIRE(r.v.shape(1) == 0);
        REQUIRE(r.m.shape(1) == 0);
    } else {
        tc::require_close(r.v, k["v"].mat());
    }
    if (method == "adam") {
        tc::require_close(r.m, k["m"].mat());
        tc::require_close(r.m_hat, k["mHat"].mat());
        tc::require_close(r.v_hat, k["vHat"].mat());
    }
    REQUIRE(r.v.shape(0) == K);
    REQUIRE(r.m.shape(0) == K);
}

double norm2(const double* g, std::size_t d) {
    double s = 0;
    for (std::size_t i = 0; i < d; ++i) s += g[i] * g[i];
    return std::sqrt(s);
}

}  // namespace

TEST_CASE("optimize matches torch trajectories (gd, momentum, adam)", "[optim]") {
    const auto& cases = fx::load("optimize")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            require_run(optimize(problem_of(k["problem"]), k["x0"].vec(), options_of(k["options"])), k);
        }
    }
}

TEST_CASE("optimize stops a diverging run at the first non-finite point", "[optim]") {
    const auto& cases = fx::load("optimize_diverge")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const auto r = optimize(problem_of(k["problem"]), k["x0"].vec(), options_of(k["options"]));
            REQUIRE(r.diverged);
            REQUIRE(r.path.shape(0) == r.diverged_at);  // rows 0 .. divergedAt-1
            for (double x : r.path) REQUIRE(std::isfinite(x));
            for (double x : r.loss) REQUIRE(std::isfinite(x));
            for (double x : r.grad) REQUIRE(std::isfinite(x));
            for (double x : r.v) REQUIRE(std::isfinite(x));
            require_run(r, k);
        }
    }
}

TEST_CASE("objective matches torch autograd", "[optim]") {
    const auto& cases = fx::load("optim_objective")["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto& k = cases[c];
        SECTION(k["name"].str) {
            const auto r = objective(problem_of(k["problem"]), k["points"].mat());
            tc::require_close(r.loss, k["loss"].vec());
            tc::require_close(r.grad, k["grad"].mat());
        }
    }
}

TEST_CASE("momentumMap matches NumPy and optimize", "[optim]") {
    const auto& k = fx::load("momentum_map")["cases"][0];
    MomentumMapOptions o;
    o.lrs = k["lrs"].vec();
    o.betas = k["betas"].vec();
    o.steps = k["steps"].number();
    o.tol = k["tol"].number();
    const mat A = k["A"].mat();
    const vec b = k["b"].vec(), x0 = k["x0"].vec();
    const mat got = momentum_map(A, b, x0, o);
    const mat want = k["result"].mat();
    REQUIRE(got.shape() == want.shape());
    for (std::size_t i = 0; i < got.size(); ++i) REQUIRE(got.data()[i] == want.data()[i]);

    // Each converged cell is the first k with ||grad|| < tol in optimize's run.
    OptimProblem p;
    p.name = "quadratic";
    p.A = A;
    p.b = b;
    for (std::size_t i = 0; i < o.lrs.size(); ++i)
        for (std::size_t j = 0; j < o.betas.size(); ++j) {
            if (got(i, j) < 0) continue;
            OptimOptions oo;
            oo.method = "momentum";
            oo.lr = o.lrs(i);
            oo.beta = o.betas(j);
            oo.steps = got(i, j);
            const auto r = optimize(p, x0, oo);
            const std::size_t kk = static_cast<std::size_t>(got(i, j));
            REQUIRE(norm2(r.grad.data() + kk * 2, 2) < o.tol);
            if (kk > 0) REQUIRE(norm2(r.grad.data() + (kk - 1) * 2, 2) >= o.tol);
        }
}

TEST_CASE("optimize properties over random problems", "[optim]") {
    const int seed = GENERATE(take(100, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> dim(1, 8);
    std::normal_distribution<double> normal;
    const std::size_t d = dim(gen);
    INFO("seed " << seed << " d " << d);
    // A = M M^T + 0.1 I: symmetric positive definite.
    mat M = xt::empty<double>({d, d});
    for (auto& v : M) v = normal(gen);
    mat A = xt::zeros<double>({d, d});
    for (std::size_t i = 0; i < d; ++i)
        for (std::size_t j = 0; j < d; ++j) {
            for (std::size_t k = 0; k < d; ++k) A(i, j) += M(i, k) * M(j, k);
            if (i == j) A(i, j) += 0.1;
        }
    vec b = xt::empty<double>({d}), x0 = xt::empty<double>({d});
    for (auto& v : b) v = normal(gen);
    for (auto& v : x0) v = 3 * normal(gen);
    OptimProblem p;
    p.name = "quadratic";
    p.A = A;
    p.b = b;
    double fro = 0;
    for (double a : A) fro += a * a;

    SECTION("gd with lr <= 1 / lambda_max decreases a convex quadratic's loss monotonically") {
        OptimOptions o;
        o.lr = 1 / std::sqrt(fro);  // ||A||_F >= lambda_max
        o.steps = 200;
        const auto r = optimize(p, x0, o);
        REQUIRE(!r.diverged);
        for (std::size_t k = 1; k < r.loss.size(); ++k)
            REQUIRE(r.loss(k) <= r.loss(k - 1) + 1e-12 * (1 + std::fabs(r.loss(k - 1))));
    }
    SECTION("adam's first step has length lr in every coordinate") {
        OptimOptions o;
        o.method = "adam";
        o.lr = 0.05;
        o.steps = 1;
        const auto r = optimize(p, x0, o);
        for (std::size_t i = 0; i < d; ++i) {
            const double g = std::fabs(r.grad(0, i));
            tc::require_close(std::fabs(r.path(1, i) - r.path(0, i)), 0.05 * g / (g + 1e-8), 1e-12, 1e-15);
            if (g > 1e-3) tc::require_close(std::fabs(r.path(1, i) - r.path(0, i)), 0.05, 1e-4);
        }
    }
    SECTION("momentum with beta = 0 is gd, bit for bit; states line up with the path") {
        OptimOptions o;
        o.lr = 0.01;
        o.steps = 40;
        const auto gd = optimize(p, x0, o);
        o.method = "momentum";
        o.beta = 0;
        const auto mom = optimize(p, x0, o);
        REQUIRE(gd.path == mom.path);
        REQUIRE(mom.v.shape(0) == 40);
        // x_{k+1} = x_k - v_{k+1}: state row k is the velocity of step k+1.
        for (std::size_t k = 0; k < 40; ++k)
            for (std::size_t i = 0; i < d; ++i)
                REQUIRE(mom.path(k + 1, i) == mom.path(k, i) - mom.v(k, i));
    }
    SECTION("objective agrees with the recorded loss and gradient") {
        OptimOptions o;
        o.method = "adam";
        o.lr = 0.1;
        o.steps = 10;
        const auto r = optimize(p, x0, o);
        const auto ev = objective(p, r.path);
        REQUIRE(ev.loss == r.loss);
        REQUIRE(ev.grad == r.grad);
    }
}

TEST_CASE("optimize leastSquares converges to the normal-equation solution", "[optim]") {
    OptimProblem p;
    p.name = "leastSquares";
    p.X = mat{{0.0}, {1.0}, {2.0}, {3.0}};
    p.y = vec{1.0, 3.0, 5.0, 7.0};  // y = 2 x + 1
    OptimOptions o;
    o.lr = 0.1;
    o.steps = 2000;
    const auto r = optimize(p, vec{0.0, 0.0}, o);
    tc::require_close(r.path(2000, 0), 2.0, 1e-9);
    tc::require_close(r.path(2000, 1), 1.0, 1e-9);
    REQUIRE(r.loss(2000) < 1e-18);
}

TEST_CASE("optimize, objective and momentumMap reject bad input", "[optim]") {
    OptimProblem quad;
    quad.name = "quadratic";
    quad.A = mat{{1.0, 0.0}, {0.0, 2.0}};
    quad.b = vec{1.0, 1.0};
    OptimOptions o;
    o.lr = 0.1;
    o.steps = 10;
    const vec x0{1.0, 1.0};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();

    tc::require_invalid([&] { optimize(quad, vec{1.0, nan}, o); }, "optimize: x0 has a non-finite entry (NaN)");
    tc::require_invalid([&] { optimize(quad, vec{inf, 1.0}, o); }, "optimize: x0 has a non-finite entry");
    tc::require_invalid([&] { optimize(quad, vec{1.0, 2.0, 3.0}, o); },
                        "optimize: x0 has 3 entries but problem 'quadratic' has dimension 2");
    for (double lr : {0.0, -0.1, inf, nan}) {
        OptimOptions bad = o;
        bad.lr = lr;
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: lr must be a positive finite number");
    }
    for (double s : {100001.0, -1.0, 2.5, nan}) {
        OptimOptions bad = o;
        bad.steps = s;
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: steps must be an integer from 0 to 100000");
    }
    {
        OptimOptions bad = o;
        bad.method = "sgd";
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: unknown method 'sgd'");
        bad = o;
        bad.lr.reset();
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: option lr");
        bad = o;
        bad.steps.reset();
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: option steps");
        bad = o;
        bad.beta = 1;
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: beta must be in [0, 1), got 1");
        bad = o;
        bad.beta2 = -0.1;
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: beta2 must be in [0, 1)");
        bad = o;
        bad.eps = 0;
        tc::require_invalid([&] { optimize(quad, x0, bad); }, "optimize: eps must be a positive finite number");
    }
    {
        OptimProblem p = quad;
        p.name = "himmelblau";
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: unknown problem 'himmelblau'");
        p = quad;
        p.A = mat{{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}};
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem.A must be square but is 2 x 3");
        p = quad;
        p.b = vec{1.0, 2.0, 3.0};
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem.b has 3 entries but problem.A is 2 x 2");
        p = quad;
        p.A.reset();
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem 'quadratic' needs field A");
        p = quad;
        p.b.reset();
        p.b_scalar = 3;
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem.b must be a vector for 'quadratic'");
        p = quad;
        p.a = 1;
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem 'quadratic' has no field a");
        p = OptimProblem{};
        p.name = "saddle";
        p.X = mat{{1.0}};
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem 'saddle' has no field X");
        p = OptimProblem{};
        p.name = "rosenbrock";
        p.b = vec{1.0, 2.0};
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem.b must be a number for 'rosenbrock'");
        p.b.reset();
        p.a = nan;
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem.a must be a finite number");
        p.a.reset();
        tc::require_invalid([&] { optimize(p, vec{1e200, 1.0}, o); }, "optimize: the loss or gradient at x0 is not finite");
        tc::require_invalid([&] { optimize(p, vec{1.0}, o); },
                            "optimize: x0 has 1 entries but problem 'rosenbrock' has dimension 2");
        p = OptimProblem{};
        p.name = "leastSquares";
        p.X = mat{{1.0}, {2.0}};
        p.y = vec{1.0, 2.0, 3.0};
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem.y has 3 entries but problem.X has 2 rows");
        p.y = vec{1.0, 2.0};
        tc::require_invalid([&] { optimize(p, vec{1.0, 2.0, 3.0}, o); },
                            "optimize: x0 has 3 entries but problem 'leastSquares' has dimension 2");
        p.X = xt::zeros<double>({2, 64});
        tc::require_invalid([&] { optimize(p, xt::zeros<double>({65}), o); },
                            "optimize: problem.X has 64 columns, more than the limit of 63");
        p.y.reset();
        tc::require_invalid([&] { optimize(p, x0, o); }, "optimize: problem 'leastSquares' needs field y");
    }
    {
        OptimProblem big;
        big.name = "quadratic";
        big.A = xt::eye<double>(65);
        big.b = xt::zeros<double>({65});
        tc::require_invalid([&] { optimize(big, xt::zeros<double>({65}), o); },
                            "optimize: problem.A is 65 x 65, more than the limit of 64 dimensions");
        big.A = xt::eye<double>(64);
        big.b = xt::zeros<double>({64});
        OptimOptions many = o;
        many.steps = 100000;
        tc::require_invalid([&] { optimize(big, xt::zeros<double>({64}), many); },
                            "optimize: 100000 steps in dimension 64 would record");
        OptimProblem ls;
        ls.name = "leastSquares";
        ls.X = xt::ones<double>({4096, 20});
        ls.y = xt::ones<double>({4096});
        many.steps = 10000;
        tc::require_invalid([&] { optimize(ls, xt::zeros<double>({21}), many); },
                            "optimize: 10000 steps on this problem take about");
    }
    tc::require_invalid([&] { objective(quad, mat{{1.0, 2.0, 3.0}}); },
                        "objective: each row of points has 3 entries but problem 'quadratic' has dimension 2");

    MomentumMapOptions mm;
    mm.lrs = vec{0.1};
    mm.betas = vec{0.9};
    const mat A = *quad.A;
    const vec b = *quad.b;
    tc::require_invalid([&] { momentum_map(A, vec{1.0}, x0, mm); }, "momentumMap: b has 1 entries but A is 2 x 2");
    tc::require_invalid([&] { momentum_map(A, b, vec{1.0}, mm); }, "momentumMap: x0 has 1 entries but A is 2 x 2");
    {
        MomentumMapOptions bad = mm;
        bad.lrs = vec{0.1, 0.0};
        tc::require_invalid([&] { momentum_map(A, b, x0, bad); }, "momentumMap: lrs[1] must be a positive number, got 0");
        bad = mm;
        bad.betas = vec{1.0};
        tc::require_invalid([&] { momentum_map(A, b, x0, bad); }, "momentumMap: betas[0] must be in [0, 1), got 1");
        bad = mm;
        bad.lrs = xt::ones<double>({65});
        tc::require_invalid([&] { momentum_map(A, b, x0, bad); }, "momentumMap: the grid is 65 lrs x 1 betas");
        bad = mm;
        bad.lrs = vec{};
        tc::require_invalid([&] { momentum_map(A, b, x0, bad); }, "momentumMap: lrs is empty");
        bad = mm;
        bad.tol = 0;
        tc::require_invalid([&] { momentum_map(A, b, x0, bad); }, "momentumMap: tol must be a positive finite number");
        bad = mm;
        bad.steps = 1.5;
        tc::require_invalid([&] { momentum_map(A, b, x0, bad); }, "momentumMap: steps must be an integer");
        bad = mm;
        bad.lrs = xt::ones<double>({64});
        bad.betas = xt::zeros<double>({64});
        bad.steps = 100000;
        tc::require_invalid([&] { momentum_map(A, b, x0, bad); }, "momentumMap: 4096 runs of 100000 steps take about");
    }
}
