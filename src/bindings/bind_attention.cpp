// Embind glue for attention (no math here).
#include "attn/attention/attention.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

AttentionOptions options(const char* fn, const val& a) {
    AttentionOptions o;
    if (has(a, "mask")) {
        const mat m = to_mat(a["mask"]);  // 0/1 doubles from the facade
        o.mask = xt::xtensor<std::uint8_t, 2>::from_shape({m.shape(0), m.shape(1)});
        for (std::size_t i = 0; i < m.size(); ++i) o.mask.data()[i] = m.data()[i] != 0;
    }
    o.causal = has(a, "causal") && a["causal"].as<bool>();
    if (has(a, "scale")) o.scale = a["scale"].as<double>();
    if (has(a, "precision")) o.precision = parse_precision(fn, a["precision"].as<std::string>());
    return o;
}

val steps_js(const AttentionSteps& s) {
    val o = val::object();
    o.set("scores", from_mat(s.scores));
    o.set("scaled", from_mat(s.scaled));
    o.set("weights", from_mat(s.weights));
    o.set("output", from_mat(s.output));
    return o;
}

val self_js(const SelfAttentionSteps& s) {
    val o = steps_js(s.att);
    o.set("Q", from_mat(s.Q));
    o.set("K", from_mat(s.K));
    o.set("V", from_mat(s.V));
    return o;
}

val js_attention(val a) {
    return guarded("attention", [&] {
        return steps_js(attention(to_mat(a["Q"]), to_mat(a["K"]), to_mat(a["V"]), options("attention", a)));
    });
}

val js_self_attention(val a) {
    return guarded("selfAttention", [&] {
        return self_js(self_attention(to_mat(a["X"]), to_mat(a["Wq"]), to_mat(a["Wk"]),
                                      to_mat(a["Wv"]), options("selfAttention", a)));
    });
}

val js_multi_head_attention(val a) {
    return guarded("multiHeadAttention", [&] {
        std::vector<HeadWeights> heads;
        const val hs = a["heads"];
        const std::size_t h = hs["length"].as<std::size_t>();
        for (std::size_t i = 0; i < h && i <= max_heads; ++i)
            heads.push_back({to_mat(hs[i]["Wq"]), to_mat(hs[i]["Wk"]), to_mat(hs[i]["Wv"])});
        if (h > max_heads) heads.resize(max_heads + 1);  // let the core report the count
        const MultiHeadSteps s = multi_head_attention(to_mat(a["X"]), heads, to_mat(a["Wo"]), options("multiHeadAttention", a));
        val o = val::object();
        val per = val::array();
        for (const auto& hd : s.heads) per.call<void>("push", self_js(hd));
        o.set("heads", per);
        o.set("concat", from_mat(s.concat));
        o.set("output", from_mat(s.output));
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
