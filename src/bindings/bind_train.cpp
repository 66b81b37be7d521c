// Embind glue for the trainers (no math here).
//
// Wire format (what web/lib/specs/train.js sends):
//   trainAttention: {data: {X: [matrix], targets: matrix}, params: {Wq, Wk, Wv, Wo},
//                    method?, lr?, steps?, beta?, beta1?, beta2?, eps?, causal?, scale?, record?}
//     -> {loss, accuracy, params: {Wq, Wk, Wv, Wo}, weights: [matrix],
//         snapshots: [{step, loss, weights: [matrix]}], diverged, divergedAt}
//   trainGat: {X, A, labels: vector, params: {W, a}, method?, ..., negativeSlope?,
//              selfLoops?, trainMask?: vector (0/1)}
//     -> {loss, trainAccuracy, accuracy, params: {W, a}, alpha, predictions, diverged, divergedAt}
#include <utility>

#include "attn/train/train_attention.hpp"
#include "attn/train/train_gat.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

template <class O>
void train_options(const val& a, O& o) {
    if (has(a, "method")) o.method = str(a, "method");
    if (has(a, "lr")) o.lr = num(a, "lr");
    if (has(a, "steps")) o.steps = num(a, "steps");
    if (has(a, "beta")) o.beta = num(a, "beta");
    if (has(a, "beta1")) o.beta1 = num(a, "beta1");
    if (has(a, "beta2")) o.beta2 = num(a, "beta2");
    if (has(a, "eps")) o.eps = num(a, "eps");
}

val diverged_js(val& o, bool diverged, std::size_t at) {
    put(o, "diverged", diverged);
    put(o, "divergedAt", diverged ? val(static_cast<double>(at)) : val::null());
    return o;
}

val matrices_js(std::vector<mat>&& ms) {
    val out = val::array();
    for (auto& m : ms) push(out, from_mat(std::move(m)));
    return out;
}

val js_train_attention(val a) {
    return guarded("trainAttention", [&] {
        const val data = prop(a, "data");
        const val xs = prop(data, "X");
        const std::size_t B = static_cast<std::size_t>(num(xs, "length"));
        check_sequence_count(B);  // before reading them
        std::vector<mat> X;
        for (std::size_t b = 0; b < B; ++b) X.push_back(to_mat(xs[b]));
        const val p = prop(a, "params");
        const AttentionModel params{get_mat(p, "Wq"), get_mat(p, "Wk"), get_mat(p, "Wv"), get_mat(p, "Wo")};
        TrainAttentionOptions o;
        train_options(a, o);
        o.causal = has(a, "causal") && flag(a, "causal");
        if (has(a, "scale")) o.scale = num(a, "scale");
        if (has(a, "record")) o.record = num(a, "record");
        TrainAttentionResult r = train_attention(X, get_mat(data, "targets"), params, o);

        val out = val::object();
        put(out, "loss", from_vec(std::move(r.loss)));
        put(out, "accuracy", from_vec(std::move(r.accuracy)));
        val ps = val::object();
        put(ps, "Wq", from_mat(std::move(r.params.Wq)));
        put(ps, "Wk", from_mat(std::move(r.params.Wk)));
        put(ps, "Wv", from_mat(std::move(r.params.Wv)));
        put(ps, "Wo", from_mat(std::move(r.params.Wo)));
        put(out, "params", ps);
        put(out, "weights", matrices_js(std::move(r.weights)));
        val snaps = val::array();
        for (auto& s : r.snapshots) {
            val so = val::object();
            put(so, "step", s.step);
            put(so, "loss", s.loss);
            put(so, "weights", matrices_js(std::move(s.weights)));
            push(snaps, so);
        }
        put(out, "snapshots", snaps);
        return diverged_js(out, r.diverged, r.diverged_at);
    });
}

val js_train_gat(val a) {
    return guarded("trainGat", [&] {
        const val p = prop(a, "params");
        const GatModel params{get_mat(p, "W"), get_vec(p, "a")};
        TrainGatOptions o;
        train_options(a, o);
        if (has(a, "negativeSlope")) o.negative_slope = num(a, "negativeSlope");
        if (has(a, "selfLoops")) o.self_loops = flag(a, "selfLoops");
        if (has(a, "trainMask")) {
            const vec m = get_vec(a, "trainMask");  // 0/1 from the facade
            for (double x : m) o.train_mask.push_back(x != 0);
        }
        TrainGatResult r = train_gat(get_mat(a, "X"), get_mat(a, "A"), get_vec(a, "labels"), params, o);
        val out = val::object();
        put(out, "loss", from_vec(std::move(r.loss)));
        put(out, "trainAccuracy", from_vec(std::move(r.trainAccuracy)));
        put(out, "accuracy", from_vec(std::move(r.accuracy)));
        val ps = val::object();
        put(ps, "W", from_mat(std::move(r.params.W)));
        put(ps, "a", from_vec(std::move(r.params.a)));
        put(out, "params", ps);
        put(out, "alpha", from_mat(std::move(r.alpha)));
        put(out, "predictions", from_vec(std::move(r.predictions)));
        return diverged_js(out, r.diverged, r.diverged_at);
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_train) {
    emscripten::function("trainAttention", &attn::js::js_train_attention);
    emscripten::function("trainGat", &attn::js::js_train_gat);
}
