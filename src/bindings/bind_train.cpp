// Embind glue for the trainers (no math here).
//
// Wire format (what web/lib/specs/train.js sends):
//   trainAttention: {data: {X: [matrix], targets: matrix}, params: {Wq, Wk, Wv, Wo},
//                    method?, lr?, steps?, beta?, beta1?, beta2?, eps?, causal?, scale?, record?,
//                    state?}
//     -> {loss, accuracy, params: {Wq, Wk, Wv, Wo}, weights: [matrix],
//         snapshots: [{step, loss, weights: [matrix]}], diverged, divergedAt, state}
//   trainGat: {X, A, labels: vector, params: {W, a}, method?, ..., negativeSlope?,
//              selfLoops?, trainMask?: vector (0/1), state?}
//     -> {loss, trainAccuracy, accuracy, params: {W, a}, alpha, predictions, diverged, divergedAt,
//         state}
//   state: {method, t, m?: params-shaped, v?: params-shaped} (in and out alike)
#include <optional>
#include <utility>

#include "attn/train/train_attention.hpp"
#include "attn/train/train_gat.hpp"
#include "convert.hpp"
#include "optim_options.hpp"
#include "train_glue.hpp"

namespace attn::js {
namespace {

AttentionModel attention_model(const val& p) {
    return {get_mat(p, "Wq"), get_mat(p, "Wk"), get_mat(p, "Wv"), get_mat(p, "Wo")};
}

val attention_model_js(AttentionModel&& m) {
    val ps = val::object();
    put(ps, "Wq", from_mat(std::move(m.Wq)));
    put(ps, "Wk", from_mat(std::move(m.Wk)));
    put(ps, "Wv", from_mat(std::move(m.Wv)));
    put(ps, "Wo", from_mat(std::move(m.Wo)));
    return ps;
}

GatModel gat_model(const val& p) { return {get_mat(p, "W"), get_vec(p, "a")}; }

val gat_model_js(GatModel&& m) {
    val ps = val::object();
    put(ps, "W", from_mat(std::move(m.W)));
    put(ps, "a", from_vec(std::move(m.a)));
    return ps;
}

val js_train_attention(val a) {
    return guarded("trainAttention", [&] {
        const val data = prop(a, "data");
        const val xs = prop(data, "X");
        const std::size_t B = static_cast<std::size_t>(num(xs, "length"));
        check_sequence_count(B);  // before reading them
        std::vector<mat> X;
        for (std::size_t b = 0; b < B; ++b) X.push_back(to_mat(xs[b]));
        const AttentionModel params = attention_model(prop(a, "params"));
        TrainAttentionOptions o;
        optimizer_options(a, o);
        o.causal = has(a, "causal") && flag(a, "causal");
        if (has(a, "scale")) o.scale = num(a, "scale");
        if (has(a, "record")) o.record = num(a, "record");
        o.state = state_in<AttentionModel>(a, attention_model);
        TrainAttentionResult r = train_attention(X, get_mat(data, "targets"), params, o);

        val out = val::object();
        put(out, "loss", from_vec(std::move(r.loss)));
        put(out, "accuracy", from_vec(std::move(r.accuracy)));
        put(out, "params", attention_model_js(std::move(r.params)));
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
        state_out(out, std::move(r.state), attention_model_js);
        return diverged_js(out, r.diverged, r.diverged_at);
    });
}

val js_train_gat(val a) {
    return guarded("trainGat", [&] {
        const GatModel params = gat_model(prop(a, "params"));
        TrainGatOptions o;
        optimizer_options(a, o);
        if (has(a, "negativeSlope")) o.negative_slope = num(a, "negativeSlope");
        if (has(a, "selfLoops")) o.self_loops = flag(a, "selfLoops");
        if (has(a, "trainMask")) {
            const vec m = get_vec(a, "trainMask");  // 0/1 from the facade
            for (double x : m) o.train_mask.push_back(x != 0);
        }
        o.state = state_in<GatModel>(a, gat_model);
        TrainGatResult r = train_gat(get_mat(a, "X"), get_mat(a, "A"), get_vec(a, "labels"), params, o);
        val out = val::object();
        put(out, "loss", from_vec(std::move(r.loss)));
        put(out, "trainAccuracy", from_vec(std::move(r.trainAccuracy)));
        put(out, "accuracy", from_vec(std::move(r.accuracy)));
        put(out, "params", gat_model_js(std::move(r.params)));
        put(out, "alpha", from_mat(std::move(r.alpha)));
        put(out, "predictions", from_vec(std::move(r.predictions)));
        state_out(out, std::move(r.state), gat_model_js);
        return diverged_js(out, r.diverged, r.diverged_at);
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_train) {
    emscripten::function("trainAttention", &attn::js::js_train_attention);
    emscripten::function("trainGat", &attn::js::js_train_gat);
}
