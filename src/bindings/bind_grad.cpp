// Embind glue for the gradients (no math here).
//
// Wire format (what web/lib/specs/grad.js sends):
//   softmaxBackward:       {z, dp, temperature?} -> vector dz
//   softmaxCrossEntropy:   {logits: matrix, targets: vector} -> {loss, probs, dLogits}
//   attentionBackward:     {Q, K, V, dOutput, mask?, causal?, scale?} -> {dQ, dK, dV, dWeights, dScaled}
//   selfAttentionBackward: {X, Wq, Wk, Wv, dOutput, mask?, causal?, scale?} -> {dX, dWq, dWk, dWv}
//   gatBackward:           {X, A, W, a, dOutput, negativeSlope?, selfLoops?} -> {dX, dW, da}
#include <utility>

#include "attention_options.hpp"
#include "attn/attention/attention_backward.hpp"
#include "attn/graph/gat_backward.hpp"
#include "attn/softmax/softmax_backward.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val js_softmax_backward(val a) {
    return guarded("softmaxBackward", [&] {
        const double T = has(a, "temperature") ? num(a, "temperature") : 1.0;
        return from_vec(softmax_backward(get_vec(a, "z"), get_vec(a, "dp"), T));
    });
}

val js_softmax_cross_entropy(val a) {
    return guarded("softmaxCrossEntropy", [&] {
        CrossEntropyResult r = softmax_cross_entropy(get_mat(a, "logits"), get_vec(a, "targets"));
        val o = val::object();
        put(o, "loss", r.loss);
        put(o, "probs", from_mat(std::move(r.probs)));
        put(o, "dLogits", from_mat(std::move(r.dLogits)));
        return o;
    });
}

val js_attention_backward(val a) {
    return guarded("attentionBackward", [&] {
        AttentionGrads g = attention_backward(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"),
                                              get_mat(a, "dOutput"),
                                              attention_options("attentionBackward", a));
        val o = val::object();
        put(o, "dQ", from_mat(std::move(g.dQ)));
        put(o, "dK", from_mat(std::move(g.dK)));
        put(o, "dV", from_mat(std::move(g.dV)));
        put(o, "dWeights", from_mat(std::move(g.dWeights)));
        put(o, "dScaled", from_mat(std::move(g.dScaled)));
        return o;
    });
}

val js_self_attention_backward(val a) {
    return guarded("selfAttentionBackward", [&] {
        SelfAttentionGrads g = self_attention_backward(
            get_mat(a, "X"), get_mat(a, "Wq"), get_mat(a, "Wk"), get_mat(a, "Wv"),
            get_mat(a, "dOutput"), attention_options("selfAttentionBackward", a));
        val o = val::object();
        put(o, "dX", from_mat(std::move(g.dX)));
        put(o, "dWq", from_mat(std::move(g.dWq)));
        put(o, "dWk", from_mat(std::move(g.dWk)));
        put(o, "dWv", from_mat(std::move(g.dWv)));
        return o;
    });
}

val js_gat_backward(val a) {
    return guarded("gatBackward", [&] {
        GatOptions opt;
        if (has(a, "negativeSlope")) opt.negative_slope = num(a, "negativeSlope");
        if (has(a, "selfLoops")) opt.self_loops = flag(a, "selfLoops");
        GatGrads g = gat_backward(get_mat(a, "X"), get_mat(a, "A"), get_mat(a, "W"),
                                  get_vec(a, "a"), get_mat(a, "dOutput"), opt);
        val o = val::object();
        put(o, "dX", from_mat(std::move(g.dX)));
        put(o, "dW", from_mat(std::move(g.dW)));
        put(o, "da", from_vec(std::move(g.da)));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_grad) {
    emscripten::function("softmaxBackward", &attn::js::js_softmax_backward);
    emscripten::function("softmaxCrossEntropy", &attn::js::js_softmax_cross_entropy);
    emscripten::function("attentionBackward", &attn::js::js_attention_backward);
    emscripten::function("selfAttentionBackward", &attn::js::js_self_attention_backward);
    emscripten::function("gatBackward", &attn::js::js_gat_backward);
}
