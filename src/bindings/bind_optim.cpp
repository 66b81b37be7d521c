// Embind glue for optimization (no math here).
//
// Wire format (what web/lib/specs/optim.js sends):
//   problem = {name: string, A?: matrix, b?: vector | number, a?: number,
//              X?: matrix, y?: vector}
//     b is a vector for 'quadratic' and a number for 'rosenbrock'; the
//     binding routes a number to OptimProblem::b_scalar, an array to ::b,
//     and the core reports a field that does not belong to the problem.
//   optimize:    {problem, x0: vector, method?, lr?, steps?, beta?, beta1?, beta2?, eps?}
//     -> {path: matrix, loss: Float64Array, grad: matrix,
//         state: [{} | {v} | {m, v, mHat, vHat}] (entry k = after step k+1),
//         diverged: boolean, divergedAt: number | null}
//   objective:   {problem, points: matrix} -> {loss: Float64Array, grad: matrix}
//   momentumMap: {A, b, x0, lrs?, betas?, steps?, tol?} -> {steps: matrix}
#include "attn/optim/optimize.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

OptimProblem problem_of(const val& p) {
    OptimProblem o;
    if (has(p, "name")) o.name = p["name"].as<std::string>();
    if (has(p, "A")) o.A = to_mat(p["A"]);
    if (has(p, "b")) {
        if (p["b"].isNumber()) o.b_scalar = p["b"].as<double>();
        else o.b = to_vec(p["b"]);
    }
    if (has(p, "a")) o.a = p["a"].as<double>();
    if (has(p, "X")) o.X = to_mat(p["X"]);
    if (has(p, "y")) o.y = to_vec(p["y"]);
    return o;
}

val js_optimize(val a) {
    return guarded("optimize", [&] {
        OptimOptions o;
        if (has(a, "method")) o.method = a["method"].as<std::string>();
        if (has(a, "lr")) o.lr = a["lr"].as<double>();
        if (has(a, "steps")) o.steps = a["steps"].as<double>();
        if (has(a, "beta")) o.beta = a["beta"].as<double>();
        if (has(a, "beta1")) o.beta1 = a["beta1"].as<double>();
        if (has(a, "beta2")) o.beta2 = a["beta2"].as<double>();
        if (has(a, "eps")) o.eps = a["eps"].as<double>();
        const OptimizeResult r = optimize(problem_of(a["problem"]), to_vec(a["x0"]), o);

        val out = val::object();
        out.set("path", from_mat(r.path));
        out.set("loss", from_vec(r.loss));
        out.set("grad", from_mat(r.grad));
        // The optimizer state as whole matrices (row k = after step k): the
        // facade (web/lib/specs/optim.js) splits them into per-step objects,
        // which costs microseconds in JS against ~1 ms through Embind.
        val state = val::object();
        if (r.m.shape(1) > 0) {
            state.set("m", from_mat(r.m));
            state.set("mHat", from_mat(r.m_hat));
            state.set("vHat", from_mat(r.v_hat));
        }
        if (r.v.shape(1) > 0) state.set("v", from_mat(r.v));
        out.set("state", state);
        out.set("diverged", r.diverged);
        out.set("divergedAt", r.diverged ? val(static_cast<double>(r.diverged_at)) : val::null());
        return out;
    });
}

val js_objective(val a) {
    return guarded("objective", [&] {
        const ObjectiveValues r = objective(problem_of(a["problem"]), to_mat(a["points"]));
        val out = val::object();
        out.set("loss", from_vec(r.loss));
        out.set("grad", from_mat(r.grad));
        return out;
    });
}

val js_momentum_map(val a) {
    return guarded("momentumMap", [&] {
        MomentumMapOptions o;
        if (has(a, "lrs")) o.lrs = to_vec(a["lrs"]);
        if (has(a, "betas")) o.betas = to_vec(a["betas"]);
        if (has(a, "steps")) o.steps = a["steps"].as<double>();
        if (has(a, "tol")) o.tol = a["tol"].as<double>();
        val out = val::object();
        out.set("steps", from_mat(momentum_map(to_mat(a["A"]), to_vec(a["b"]), to_vec(a["x0"]), o)));
        return out;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_optim) {
    emscripten::function("optimize", &attn::js::js_optimize);
    emscripten::function("objective", &attn::js::js_objective);
    emscripten::function("momentumMap", &attn::js::js_momentum_map);
}
