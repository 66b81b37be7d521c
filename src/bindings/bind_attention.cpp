// Embind glue for attention (no math here).
#include "attn/attention/attention.hpp"
#include "attention_options.hpp"
#include "convert.hpp"

#include <utility>

namespace attn::js {

AttentionOptions attention_options(const char* fn, const val& a) {
    AttentionOptions o;
    if (has(a, "mask")) {
        const mat m = get_mat(a, "mask");  // 0/1 doubles from the facade
        o.mask = xt::xtensor<std::uint8_t, 2>::from_shape({m.shape(0), m.shape(1)});
        for (std::size_t i = 0; i < m.size(); ++i) o.mask.data()[i] = m.data()[i] != 0;
    }
    o.causal = has(a, "causal") && flag(a, "causal");
    if (has(a, "scale")) o.scale = num(a, "scale");
    if (has(a, "precision")) o.precision = parse_precision(fn, str(a, "precision"));
    return o;
}

namespace {

// The steps are moved into the results (no copies of the n x m matrices).
val steps_js(AttentionSteps&& s) {
    val o = val::object();
    put(o, "scores", from_mat(std::move(s.scores)));
    put(o, "scaled", from_mat(std::move(s.scaled)));
    put(o, "weights", from_mat(std::move(s.weights)));
    put(o, "output", from_mat(std::move(s.output)));
    return o;
}

val self_js(SelfAttentionSteps&& s) {
    val o = steps_js(std::move(s.att));
    put(o, "Q", from_mat(std::move(s.Q)));
    put(o, "K", from_mat(std::move(s.K)));
    put(o, "V", from_mat(std::move(s.V)));
    return o;
}

val js_attention(val a) {
    return guarded("attention", [&] {
        return steps_js(attention(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"),
                                  attention_options("attention", a)));
    });
}

val js_self_attention(val a) {
    return guarded("selfAttention", [&] {
        return self_js(self_attention(get_mat(a, "X"), get_mat(a, "Wq"), get_mat(a, "Wk"),
                                      get_mat(a, "Wv"), attention_options("selfAttention", a)));
    });
}

val js_multi_head_attention(val a) {
    return guarded("multiHeadAttention", [&] {
        std::vector<HeadWeights> heads;
        const val hs = prop(a, "heads");
        const std::size_t h = static_cast<std::size_t>(num(hs, "length"));
        for (std::size_t i = 0; i < h && i <= max_heads; ++i)
            heads.push_back({get_mat(hs[i], "Wq"), get_mat(hs[i], "Wk"), get_mat(hs[i], "Wv")});
        if (h > max_heads) heads.resize(max_heads + 1);  // let the core report the count
        MultiHeadSteps s = multi_head_attention(get_mat(a, "X"), heads, get_mat(a, "Wo"),
                                                      attention_options("multiHeadAttention", a));
        val o = val::object();
        val per = val::array();
        for (auto& hd : s.heads) push(per, self_js(std::move(hd)));
        put(o, "heads", per);
        put(o, "concat", from_mat(std::move(s.concat)));
        put(o, "output", from_mat(std::move(s.output)));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_attention) {
    emscripten::function("attention", &attn::js::js_attention);
    emscripten::function("selfAttention", &attn::js::js_self_attention);
    emscripten::function("multiHeadAttention", &attn::js::js_multi_head_attention);
}
