// Embind glue for graphs: Laplacians and graph attention (no math here).
#include "attn/graph/gat.hpp"
#include "attn/graph/laplacian.hpp"
#include "convert.hpp"

#include <utility>

namespace attn::js {
namespace {

bool normalized(const val& a) { return has(a, "normalized") && flag(a, "normalized"); }

template <class O>
O gat_options(const val& a) {
    O o;
    if (has(a, "negativeSlope")) o.negative_slope = num(a, "negativeSlope");
    if (has(a, "selfLoops")) o.self_loops = flag(a, "selfLoops");
    return o;
}

val gat_js(GatSteps&& s) {  // moved into the results (no copies)
    val o = val::object();
    put(o, "Wh", from_mat(std::move(s.Wh)));
    put(o, "src", from_vec(std::move(s.src)));
    put(o, "dst", from_vec(std::move(s.dst)));
    put(o, "e", from_mat(std::move(s.e)));
    put(o, "alpha", from_mat(std::move(s.alpha)));
    put(o, "output", from_mat(std::move(s.output)));
    return o;
}

val js_degree_matrix(val a) {
    return guarded("degreeMatrix", [&] { return from_mat(degree_matrix(get_mat(a, "A"))); });
}

val js_laplacian(val a) {
    return guarded("laplacian", [&] { return from_mat(laplacian(get_mat(a, "A"), normalized(a))); });
}

val js_laplacian_eigenvalues(val a) {
    return guarded("laplacianEigenvalues", [&] {
        return from_vec(laplacian_eigenvalues(get_mat(a, "A"), normalized(a)));
    });
}

val js_connected_components(val a) {
    return guarded("connectedComponents", [&] {
        const Components c = connected_components(get_mat(a, "A"));
        val labels = val::array();
        for (std::size_t l : c.labels) push(labels, static_cast<double>(l));
        val o = val::object();
        put(o, "count", static_cast<double>(c.count));
        put(o, "labels", labels);
        return o;
    });
}

val js_gat(val a) {
    return guarded("gat", [&] {
        return gat_js(gat(get_mat(a, "X"), get_mat(a, "A"), get_mat(a, "W"), get_vec(a, "a"),
                          gat_options<GatOptions>(a)));
    });
}

val js_multi_head_gat(val a) {
    return guarded("multiHeadGat", [&] {
        std::vector<GatHead> heads;
        const val hs = prop(a, "heads");
        const std::size_t h = static_cast<std::size_t>(num(hs, "length"));
        for (std::size_t i = 0; i < h && i < max_gat_heads; ++i)
            heads.push_back({get_mat(hs[i], "W"), get_vec(hs[i], "a")});
        heads.resize(h);  // past the cap: empty heads, so that the core reports the true count
        auto opt = gat_options<MultiHeadGatOptions>(a);
        if (has(a, "concat")) opt.concat = flag(a, "concat");
        MultiHeadGatSteps s = multi_head_gat(get_mat(a, "X"), get_mat(a, "A"), heads, opt);
        val o = val::object();
        val per = val::array();
        for (auto& hd : s.heads) push(per, gat_js(std::move(hd)));
        put(o, "heads", per);
        put(o, "output", from_mat(std::move(s.output)));
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
