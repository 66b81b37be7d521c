// Embind glue for optimization (no math here).
//
// Wire format (what web/lib/specs/optim.js sends):
//   problem = {name: string, A?: matrix, b?: vector | number, a?: number,
//              X?: matrix, y?: vector}
//     b is a vector for 'quadratic' and a number for 'rosenbrock'; the
//     binding routes a number to OptimProblem::b_scalar, an array to ::b,
//     and the core reports a field that does not belong to the problem.
//   optimize:    {problem, x0: vector, method?, lr?, steps?, beta?, beta1?, beta2?, eps?}
//     -> {path: matrix, loss: vector, grad: matrix,
//         state: [{} | {v} | {m, v, mHat, vHat}] (entry k = after step k+1),
//         diverged: boolean, divergedAt: number | null}
//   objective:   {problem, points: matrix} -> {loss: vector, grad: matrix}
//   momentumMap: {A, b, x0, lrs?, betas?, steps?, tol?} -> {steps: matrix}
#include "attn/optim/optimize.hpp"
#include "convert.hpp"
#include "optim_options.hpp"

namespace attn::js {
namespace {

OptimProblem problem_of(const val& p) {
    OptimProblem o;
    if (has(p, "name")) o.name = str(p, "name");
    if (has(p, "A")) o.A = get_mat(p, "A");
    if (has(p, "b")) {
        if (prop(p, "b").isNumber()) o.b_scalar = num(p, "b");
        else o.b = get_vec(p, "b");
    }
    if (has(p, "a")) o.a = num(p, "a");
    if (has(p, "X")) o.X = get_mat(p, "X");
    if (has(p, "y")) o.y = get_vec(p, "y");
    return o;
}

val js_optimize(val a) {
    return guarded("optimize", [&] {
        OptimOptions o;
        optimizer_options(a, o);
        const OptimizeResult r = optimize(problem_of(prop(a, "problem")), get_vec(a, "x0"), o);

        val out = val::object();
        put(out, "path", from_mat(r.path));
        put(out, "loss", from_vec(r.loss));
        put(out, "grad", from_mat(r.grad));
        // The optimizer state as whole matrices (row k = after step k): the
        // facade (web/lib/specs/optim.js) splits them into per-step objects,
        // which costs microseconds in JS against ~1 ms through Embind.
        val state = val::object();
        if (r.m.shape(1) > 0) {
            put(state, "m", from_mat(r.m));
            put(state, "mHat", from_mat(r.m_hat));
            put(state, "vHat", from_mat(r.v_hat));
        }
        if (r.v.shape(1) > 0) put(state, "v", from_mat(r.v));
        put(out, "state", state);
        put(out, "diverged", r.diverged);
        put(out, "divergedAt", r.diverged ? val(static_cast<double>(r.diverged_at)) : val::null());
        return out;
    });
}

val js_objective(val a) {
    return guarded("objective", [&] {
        const ObjectiveValues r = objective(problem_of(prop(a, "problem")), get_mat(a, "points"));
        val out = val::object();
        put(out, "loss", from_vec(r.loss));
        put(out, "grad", from_mat(r.grad));
        return out;
    });
}

val js_momentum_map(val a) {
    return guarded("momentumMap", [&] {
        MomentumMapOptions o;
        if (has(a, "lrs")) o.lrs = get_vec(a, "lrs");
        if (has(a, "betas")) o.betas = get_vec(a, "betas");
        if (has(a, "steps")) o.steps = num(a, "steps");
        if (has(a, "tol")) o.tol = num(a, "tol");
        val out = val::object();
        put(out, "steps", from_mat(momentum_map(get_mat(a, "A"), get_vec(a, "b"), get_vec(a, "x0"), o)));
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
