// Embind glue for linear regression and kernel regression (no math here).
//
// Wire format (what web/lib/specs/regression.js sends):
//   leastSquares:     {X: matrix, y: vector} -> {w: vector, b, loss, rank}
//   kernelRegression: {xTrain, yTrain, xQuery: vector, kernel?: string, bandwidth?: number}
//     -> {weights: matrix, yHat: Array<number | null>}
//     yHat is a plain JS array (not a result vector) so that a query with no
//     kernel mass can be null: the facade's readResult keeps null as it is.
#include "attn/regression/kernel_regression.hpp"
#include "attn/regression/least_squares.hpp"
#include "convert.hpp"

#include <utility>

namespace attn::js {
namespace {

val js_least_squares(val a) {
    return guarded("leastSquares", [&] {
        const LeastSquaresFit f = least_squares(get_mat(a, "X"), get_vec(a, "y"));
        val out = val::object();
        put(out, "w", from_vec(f.w));
        put(out, "b", f.b);
        put(out, "loss", f.loss);
        put(out, "rank", static_cast<double>(f.rank));
        return out;
    });
}

val js_kernel_regression(val a) {
    return guarded("kernelRegression", [&] {
        KernelRegressionOptions o;
        if (has(a, "kernel")) o.kernel = str(a, "kernel");
        if (has(a, "bandwidth")) o.bandwidth = num(a, "bandwidth");
        KernelRegressionResult r =
            kernel_regression(get_vec(a, "xTrain"), get_vec(a, "yTrain"), get_vec(a, "xQuery"), o);
        val yhat = val::array();
        for (std::size_t q = 0; q < r.yHat.size(); ++q)
            push(yhat, r.valid[q] ? val(r.yHat(q)) : val::null());
        val out = val::object();
        put(out, "weights", from_mat(std::move(r.weights)));
        put(out, "yHat", yhat);
        return out;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_regression) {
    emscripten::function("leastSquares", &attn::js::js_least_squares);
    emscripten::function("kernelRegression", &attn::js::js_kernel_regression);
}
