// Fuzz entry points, optimize, objective, momentum map: recorded runs finite, step counts, map entries.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/optim/optimize.hpp"

namespace fuzz {

namespace {

attn::OptimProblem problem(Input& in) {
    attn::OptimProblem p;
    static const char* names[] = {"quadratic", "rosenbrock", "saddle", "leastSquares", "nope"};
    p.name = names[in.u8() % 5];
    const std::size_t d = in.dim(4);
    if (p.name == "quadratic" || in.u8() % 16 == 0) p.A = in.matrix(d, maybe(in, d)), p.b = in.vector(maybe(in, d));
    if (p.name == "rosenbrock") {
        if (in.flag()) p.a = in.value();
        if (in.flag()) p.b_scalar = in.value();
    }
    if (p.name == "leastSquares" || in.u8() % 16 == 0) {
        const std::size_t n = in.dim(8);
        p.X = in.matrix(n, d), p.y = in.vector(maybe(in, n));
    }
    return p;
}

std::size_t problem_dim(const attn::OptimProblem& p) {
    if (p.name == "quadratic" && p.A) return p.A->shape(0);
    if (p.name == "leastSquares" && p.X) return p.X->shape(1) + 1;
    return 2;
}

}  // namespace

void fuzz_optimize(Input& in) {
    const attn::OptimProblem p = problem(in);
    const std::size_t d = maybe(in, problem_dim(p));
    const vec x0 = in.vector(d);
    const std::uint8_t which = in.u8() % 3;
    if (which == 0) {
        attn::OptimOptions opt;
        static const char* methods[] = {"gd", "momentum", "adam", "sgd"};
        opt.method = methods[in.u8() % 4];
        if (in.u8() % 16) opt.lr = in.positive() / 8;
        const std::uint8_t sb = in.u8();
        if (sb % 16) opt.steps = sb % 16 == 1 ? in.value() : static_cast<double>(sb % 33);
        if (in.u8() % 4 == 0) opt.beta = in.value();
        if (in.u8() % 4 == 0) opt.beta1 = in.value();
        if (in.u8() % 4 == 0) opt.beta2 = in.value();
        if (in.u8() % 4 == 0) opt.eps = in.value();
        const attn::OptimizeResult r = attn::optimize(p, x0, opt);
        const std::size_t K = r.path.shape(0) - 1, steps = static_cast<std::size_t>(*opt.steps);
        REQUIRE("optimize", r.path.shape(0) >= 1 && K <= steps && r.loss.size() == K + 1 &&
                                r.grad.shape(0) == K + 1, "shapes");
        REQUIRE("optimize", r.diverged ? r.diverged_at == K + 1 : K == steps, "step count");
        REQUIRE("optimize", all_finite(r.path) && all_finite(r.loss) && all_finite(r.grad),
                "non-finite recorded state");
        for (std::size_t i = 0; i < d; ++i) REQUIRE("optimize", r.path(0, i) == x0(i), "path[0] != x0");
    } else if (which == 1) {
        const mat pts = in.matrix(in.dim(), maybe(in, d));
        const attn::ObjectiveValues v = attn::objective(p, pts);
        REQUIRE("objective", v.loss.size() == pts.shape(0) && v.grad.shape(1) == pts.shape(1), "shapes");
    } else {
        attn::MomentumMapOptions opt;
        opt.lrs = in.vector(in.dim(4));
        for (auto& x : opt.lrs) x = std::fabs(x) / 16;
        opt.betas = in.vector(in.dim(4));
        for (auto& x : opt.betas) x = std::fmod(std::fabs(x), 1.0);
        opt.steps = in.u8() % 64;
        opt.tol = in.flag() ? 1e-6 : in.positive();
        const std::size_t dd = p.A ? p.A->shape(0) : 2;
        const mat A = p.A ? *p.A : in.matrix(dd, dd);
        const vec b = p.b ? *p.b : in.vector(dd);
        const mat M = attn::momentum_map(A, b, x0, opt);
        for (double x : M)
            REQUIRE("momentumMap", x == -1 || (x >= 0 && x <= opt.steps && x == std::floor(x)),
                    "entry " + num(x));
    }
}

}  // namespace fuzz
