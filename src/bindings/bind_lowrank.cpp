// Embind glue for the SVD and low-rank area (no math here).
#include <optional>

#include "attn/lowrank/low_rank.hpp"
#include "attn/lowrank/svd.hpp"
#include "convert.hpp"

namespace attn::js {
namespace {

val svd_js(const SvdResult& s) {
    val o = val::object();
    o.set("U", from_mat(s.U));
    o.set("S", from_vec(s.S));
    o.set("Vt", from_mat(s.Vt));
    return o;
}

val js_svd(val a) {
    return guarded("svd", [&] { return svd_js(svd(to_mat(a["A"]))); });
}

val js_svd_steps(val a) {
    return guarded("svdSteps", [&] {
        const SvdSteps s = svd_steps(to_mat(a["A"]));
        val o = svd_js(s.result);
        o.set("transposed", s.transposed);
        o.set("initialOffNorm", s.initialOffNorm);
        val sweeps = val::array();
        for (const auto& sw : s.sweeps) {
            val rec = val::object();
            rec.set("offNorm", sw.offNorm);
            val rots = val::array();
            for (const auto& r : sw.rotations) {
                val x = val::object();
                x.set("p", static_cast<double>(r.p));
                x.set("q", static_cast<double>(r.q));
                x.set("angle", r.angle);
                rots.call<void>("push", x);
            }
            rec.set("rotations", rots);
            sweeps.call<void>("push", rec);
        }
        o.set("sweeps", sweeps);
        return o;
    });
}

val js_low_rank(val a) {
    return guarded("lowRank", [&] {
        const LowRankResult r = low_rank(to_mat(a["A"]), a["r"].as<double>());
        val o = val::object();
        o.set("Ar", from_mat(r.Ar));
        o.set("errorFro", r.errorFro);
        o.set("error2", r.error2);
        val ey = val::object();
        ey.set("fro", r.eyFro);
        ey.set("spectral", r.eySpectral);
        o.set("eckartYoung", ey);
        return o;
    });
}

val js_low_rank_attention(val a) {
    return guarded("lowRankAttention", [&] {
        std::optional<double> rank;
        if (has(a, "rank")) rank = a["rank"].as<double>();
        const LowRankAttentionResult r =
            low_rank_attention(to_mat(a["Q"]), to_mat(a["K"]), to_mat(a["V"]), rank);
        val o = val::object();
        o.set("weights", from_mat(r.weights));
        o.set("output", from_mat(r.output));
        o.set("exactWeights", from_mat(r.exactWeights));
        o.set("exactOutput", from_mat(r.exactOutput));
        o.set("error", r.error);
        o.set("S", from_vec(r.S));
        return o;
    });
}

val js_linformer_attention(val a) {
    return guarded("linformerAttention", [&] {
        const LinformerResult r = linformer_attention(to_mat(a["Q"]), to_mat(a["K"]),
                                                      to_mat(a["V"]), to_mat(a["E"]),
                                                      to_mat(a["F"]));
        val o = val::object();
        o.set("weights", from_mat(r.weights));
        o.set("output", from_mat(r.output));
        o.set("projectedK", from_mat(r.projectedK));
        o.set("projectedV", from_mat(r.projectedV));
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
