// Embind glue for graphs: Laplacians and graph attention (no math here).
#include "attn/graph/gat.hpp"
#include "attn/graph/laplacian.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

bool normalized(const val& a) { return has(a, "normalized") && a["normalized"].as<bool>(); }

template <class O>
O gat_options(const val& a) {
    O o;
    if (has(a, "negativeSlope")) o.negative_slope = a["negativeSlope"].as<double>();
    if (has(a, "selfLoops")) o.self_loops = a["selfLoops"].as<bool>();
    return o;
}

val gat_js(const GatSteps& s) {
    val o = val::object();
    o.set("Wh", from_mat(s.Wh));
    o.set("src", from_vec(s.src));
    o.set("dst", from_vec(s.dst));
    o.set("e", from_mat(s.e));
    o.set("alpha", from_mat(s.alpha));
    o.set("output", from_mat(s.output));
    return o;
}

val js_degree_matrix(val a) {
    return guarded("degreeMatrix", [&] { return from_mat(degree_matrix(to_mat(a["A"]))); });
}

val js_laplacian(val a) {
    return guarded("laplacian", [&] { return from_mat(laplacian(to_mat(a["A"]), normalized(a))); });
}

val js_laplacian_eigenvalues(val a) {
    return guarded("laplacianEigenvalues", [&] {
        return from_vec(laplacian_eigenvalues(to_mat(a["A"]), normalized(a)));
    });
}

val js_connected_components(val a) {
    return guarded("connectedComponents", [&] {
        const Components c = connected_components(to_mat(a["A"]));
        val labels = val::array();
        for (std::size_t l : c.labels) labels.call<void>("push", static_cast<double>(l));
        val o = val::object();
        o.set("count", static_cast<double>(c.count));
        o.set("labels", labels);
        return o;
    });
}

val js_gat(val a) {
    return guarded("gat", [&] {
        return gat_js(gat(to_mat(a["X"]), to_mat(a["A"]), to_mat(a["W"]), to_vec(a["a"]),
                          gat_options<GatOptions>(a)));
    });
}

val js_multi_head_gat(val a) {
    return guarded("multiHeadGat", [&] {
        std::vector<GatHead> heads;
        const val hs = a["heads"];
        const std::size_t h = hs["length"].as<std::size_t>();
        for (std::size_t i = 0; i < h && i < max_gat_heads; ++i)
            heads.push_back({to_mat(hs[i]["W"]), to_vec(hs[i]["a"])});
        heads.resize(h);  // past the cap: empty heads, so that the core reports the true count
        auto opt = gat_options<MultiHeadGatOptions>(a);
        if (has(a, "concat")) opt.concat = a["concat"].as<bool>();
        const MultiHeadGatSteps s = multi_head_gat(to_mat(a["X"]), to_mat(a["A"]), heads, opt);
        val o = val::object();
        val per = val::array();
        for (const auto& hd : s.heads) per.call<void>("push", gat_js(hd));
        o.set("heads", per);
        o.set("output", from_mat(s.output));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_graph) {
    emscripten::function("degreeMatrix", &attn::js::js_degree_matrix);
    emscripten::function("laplacian", &attn::js::js_laplacian);
    emscripten::function("laplacianEigenvalues", &attn::js::js_laplacian_eigenvalues);
    emscripten::function("connectedComponents", &attn::js::js_connected_components);
    emscripten::function("gat", &attn::js::js_gat);
    emscripten::function("multiHeadGat", &attn::js::js_multi_head_gat);
}
