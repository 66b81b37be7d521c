// Embind glue for the SVD and low-rank area (no math here).
#include <optional>

#include "attn/lowrank/low_rank.hpp"
#include "attn/lowrank/svd.hpp"
#include "convert.hpp"

#include <utility>

namespace attn::js {
namespace {

val svd_js(SvdResult&& s) {  // moved into the results (no copies)
    val o = val::object();
    put(o, "U", from_mat(std::move(s.U)));
    put(o, "S", from_vec(std::move(s.S)));
    put(o, "Vt", from_mat(std::move(s.Vt)));
    return o;
}

val js_svd(val a) {
    return guarded("svd", [&] { return svd_js(svd(get_mat(a, "A"))); });
}

val js_svd_steps(val a) {
    return guarded("svdSteps", [&] {
        SvdSteps s = svd_steps(get_mat(a, "A"));
        val o = svd_js(std::move(s.result));
        put(o, "transposed", s.transposed);
        put(o, "initialOffNorm", s.initialOffNorm);
        val sweeps = val::array();
        for (const auto& sw : s.sweeps) {
            val rec = val::object();
            put(rec, "offNorm", sw.offNorm);
            val rots = val::array();
            for (const auto& r : sw.rotations) {
                val x = val::object();
                put(x, "p", static_cast<double>(r.p));
                put(x, "q", static_cast<double>(r.q));
                put(x, "angle", r.angle);
                push(rots, x);
            }
            put(rec, "rotations", rots);
            push(sweeps, rec);
        }
        put(o, "sweeps", sweeps);
        return o;
    });
}

val js_low_rank(val a) {
    return guarded("lowRank", [&] {
        LowRankResult r = low_rank(get_mat(a, "A"), num(a, "r"));
        val o = val::object();
        put(o, "Ar", from_mat(std::move(r.Ar)));
        put(o, "errorFro", r.errorFro);
        put(o, "error2", r.error2);
        val ey = val::object();
        put(ey, "fro", r.eyFro);
        put(ey, "spectral", r.eySpectral);
        put(o, "eckartYoung", ey);
        return o;
    });
}

val js_low_rank_attention(val a) {
    return guarded("lowRankAttention", [&] {
        std::optional<double> rank;
        if (has(a, "rank")) rank = num(a, "rank");
        LowRankAttentionResult r =
            low_rank_attention(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"), rank);
        val o = val::object();
        put(o, "weights", from_mat(std::move(r.weights)));
        put(o, "output", from_mat(std::move(r.output)));
        put(o, "exactWeights", from_mat(std::move(r.exactWeights)));
        put(o, "exactOutput", from_mat(std::move(r.exactOutput)));
        put(o, "error", r.error);
        put(o, "S", from_vec(std::move(r.S)));
        return o;
    });
}

val js_linformer_attention(val a) {
    return guarded("linformerAttention", [&] {
        LinformerResult r = linformer_attention(get_mat(a, "Q"), get_mat(a, "K"), get_mat(a, "V"),
                                                get_mat(a, "E"), get_mat(a, "F"));
        val o = val::object();
        put(o, "weights", from_mat(std::move(r.weights)));
        put(o, "output", from_mat(std::move(r.output)));
        put(o, "projectedK", from_mat(std::move(r.projectedK)));
        put(o, "projectedV", from_mat(std::move(r.projectedV)));
        return o;
    });
}

}  // namespace
}  // namespace attn::js

EMSCRIPTEN_BINDINGS(attn_lowrank) {
    emscripten::function("svd", &attn::js::js_svd);
    emscripten::function("svdSteps", &attn::js::js_svd_steps);
    emscripten::function("lowRank", &attn::js::js_low_rank);
    emscripten::function("lowRankAttention", &attn::js::js_low_rank_attention);
    emscripten::function("linformerAttention", &attn::js::js_linformer_attention);
}
