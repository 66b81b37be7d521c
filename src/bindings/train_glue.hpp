// What the trainers' bindings share (bind_train.cpp, bind_transformer.cpp):
// diverged / divergedAt, arrays of matrices, and options.state in and out
// ({method, t, m?, v?}, the moments read and written with the trainer's own
// model reader and writer). Conversion only.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "attn/train/trainer.hpp"
#include "convert.hpp"

namespace attn::js {

inline val diverged_js(val& o, bool diverged, std::size_t at) {
    put(o, "diverged", diverged);
    put(o, "divergedAt", diverged ? val(static_cast<double>(at)) : val::null());
    return o;
}

inline val matrices_js(std::vector<mat>&& ms) {
    val out = val::array();
    for (auto& m : ms) push(out, from_mat(std::move(m)));
    return out;
}

// options.state, read with the trainer's model reader.
template <class Model, class Read>
std::optional<TrainState<Model>> state_in(const val& a, Read read) {
    if (!has(a, "state")) return std::nullopt;
    const val s = prop(a, "state");
    TrainState<Model> st;
    st.method = str(s, "method");
    st.t = num(s, "t");
    if (has(s, "m")) st.m = read(prop(s, "m"));
    if (has(s, "v")) st.v = read(prop(s, "v"));
    return st;
}

template <class Model, class Write>
void state_out(val& out, TrainState<Model>&& st, Write write) {
    val s = val::object();
    put(s, "method", val(st.method));
    put(s, "t", st.t);
    if (st.m) put(s, "m", write(std::move(*st.m)));
    if (st.v) put(s, "v", write(std::move(*st.v)));
    put(out, "state", s);
}

}  // namespace attn::js
