// Embind glue for the transformer (API.md "Transformers"; no math here).
//
// Wire format (what web/lib/specs/transformer.js sends):
//   params: {embed, pos, layers: [[{Wq, Wk, Wv, Wo}]], unembed} (matrices)
//   transformerForward: {tokens: matrix, params, scale?, ablate?: matrix (k x 2)}
//     -> {logits: [matrix], attention: [[[matrix]]]}   ([b][l][h])
//   transformerLoss: {data: {tokens, targets}, params, scale?, ablate?}
//     -> {loss, accuracy, grads: params-shaped}
//   trainTransformer: {data, params, method?, lr?, steps?, beta?, beta1?, beta2?, eps?,
//                      scale?, ablate?, freeze?: [string], record?, state?}
//     -> {loss, accuracy, params, state, diverged, divergedAt,
//         snapshots: [{step, loss, attention: [[matrix]]}]}
//   headScores: {tokens, attention: [[[matrix]]]} -> {previousToken, prefixMatch, firstToken, sameToken: [vector]}
#include <string>
#include <utility>
#include <vector>

#include "attn/transformer/forward.hpp"
#include "attn/transformer/head_scores.hpp"
#include "attn/transformer/loss.hpp"
#include "attn/transformer/train_transformer.hpp"
#include "convert.hpp"
#include "optim_options.hpp"
#include "train_glue.hpp"

namespace attn::js {
namespace {

std::size_t length(const val& a) { return static_cast<std::size_t>(num(a, "length")); }

TransformerParams transformer_params(const val& p) {
    TransformerParams m{get_mat(p, "embed"), get_mat(p, "pos"), {}, get_mat(p, "unembed")};
    const val layers = prop(p, "layers");
    for (std::size_t l = 0, L = length(layers); l < L; ++l) {
        const val layer = layers[l];
        m.layers.emplace_back();
        for (std::size_t h = 0, H = length(layer); h < H; ++h) {
            const val w = layer[h];
            m.layers.back().push_back({get_mat(w, "Wq"), get_mat(w, "Wk"), get_mat(w, "Wv"), get_mat(w, "Wo")});
        }
    }
    return m;
}

val transformer_params_js(TransformerParams&& m) {
    val p = val::object();
    put(p, "embed", from_mat(std::move(m.embed)));
    put(p, "pos", from_mat(std::move(m.pos)));
    val layers = val::array();
    for (auto& layer : m.layers) {
        val heads = val::array();
        for (auto& h : layer) {
            val w = val::object();
            put(w, "Wq", from_mat(std::move(h.Wq)));
            put(w, "Wk", from_mat(std::move(h.Wk)));
            put(w, "Wv", from_mat(std::move(h.Wv)));
            put(w, "Wo", from_mat(std::move(h.Wo)));
            push(heads, w);
        }
        push(layers, heads);
    }
    put(p, "layers", layers);
    put(p, "unembed", from_mat(std::move(m.unembed)));
    return p;
}

// [l][h] matrices and back.
val layers_js(std::vector<std::vector<mat>>&& maps) {
    val out = val::array();
    for (auto& layer : maps) push(out, matrices_js(std::move(layer)));
    return out;
}

void model_options(const val& a, TransformerOptions& o) {
    if (has(a, "scale")) o.scale = num(a, "scale");
    if (has(a, "ablate")) o.ablate = get_mat(a, "ablate");
}

val js_transformer_forward(val a) {
    return guarded("transformerForward", [&] {
        TransformerOptions o;
        model_options(a, o);
        TransformerForwardResult r = transformer_forward(get_mat(a, "tokens"), transformer_params(prop(a, "params")), o);
        val attention = val::array();
        for (auto& per_layer : r.attention) push(attention, layers_js(std::move(per_layer)));
        val out = val::object();
        put(out, "logits", matrices_js(std::move(r.logits)));
        put(out, "attention", attention);
        return out;
    });
}

val js_transformer_loss(val a) {
    return guarded("transformerLoss", [&] {
        const val data = prop(a, "data");
        TransformerOptions o;
        model_options(a, o);
        TransformerLossResult r = transformer_loss(get_mat(data, "tokens"), get_mat(data, "targets"),
                                                   transformer_params(prop(a, "params")), o);
        val out = val::object();
        put(out, "loss", r.loss);
        put(out, "accuracy", r.accuracy);
        put(out, "grads", transformer_params_js(std::move(r.grads)));
        return out;
    });
}

val js_train_transformer(val a) {
    return guarded("trainTransformer", [&] {
        const val data = prop(a, "data");
        TrainTransformerOptions o;
        optimizer_options(a, o);
        model_options(a, o);
        if (has(a, "freeze")) {
            const val f = prop(a, "freeze");
            for (std::size_t k = 0, K = length(f); k < K; ++k) o.freeze.push_back(f[k].as<std::string>());
        }
        if (has(a, "record")) o.record = num(a, "record");
        o.state = state_in<TransformerParams>(a, transformer_params);
        TrainTransformerResult r = train_transformer(get_mat(data, "tokens"), get_mat(data, "targets"),
                                                     transformer_params(prop(a, "params")), o);
        val out = val::object();
        put(out, "loss", from_vec(std::move(r.loss)));
        put(out, "accuracy", from_vec(std::move(r.accuracy)));
        put(out, "params", transformer_params_js(std::move(r.params)));
        val snaps = val::array();
        for (auto& s : r.snapshots) {
            val so = val::object();
            put(so, "step", s.step);
            put(so, "loss", s.loss);
            put(so, "attention", layers_js(std::move(s.attention)));
            push(snaps, so);
        }
        put(out, "snapshots", snaps);
        state_out(out, std::move(r.state), transformer_params_js);
        return diverged_js(out, r.diverged, r.diverged_at);
    });
}

val js_head_scores(val a) {
    return guarded("headScores", [&] {
        const val att = prop(a, "attention");
        std::vector<std::vector<std::vector<mat>>> maps;
        for (std::size_t b = 0, B = length(att); b < B; ++b) {
            const val seq = att[b];
            maps.emplace_back();
            for (std::size_t l = 0, L = length(seq); l < L; ++l) {
                const val layer = seq[l];
                maps.back().emplace_back();
                for (std::size_t h = 0, H = length(layer); h < H; ++h) maps.back().back().push_back(to_mat(layer[h]));
            }
        }
        HeadScores r = head_scores(get_mat(a, "tokens"), maps);
        const auto layers = [](std::vector<vec>& per_layer) {
            val a = val::array();
            for (auto& v : per_layer) push(a, from_vec(std::move(v)));
            return a;
        };
        val out = val::object();
        put(out, "previousToken", layers(r.previous_token));
        put(out, "prefixMatch", layers(r.prefix_match));
        put(out, "firstToken", layers(r.first_token));
        put(out, "sameToken", layers(r.same_token));
        return out;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_transformer) {
    emscripten::function("transformerForward", &attn::js::js_transformer_forward);
    emscripten::function("transformerLoss", &attn::js::js_transformer_loss);
    emscripten::function("trainTransformer", &attn::js::js_train_transformer);
    emscripten::function("headScores", &attn::js::js_head_scores);
}
