// The trainers' optimizer options and state (options.state / result.state)
// read from a fixture, and the state compared, for every trainer (Model:
// its parameter record).
#pragma once

#include <catch2/catch.hpp>

#include "attn/train/trainer.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

namespace tc {

// The optimizer options of a fixture case (method, lr, steps, beta, beta1,
// beta2, eps), into T (optimize's options or a trainer's).
template <class T>
T optimizer_options(const fx::Json& o) {
    T t;
    t.method = o["method"].str;
    t.lr = o["lr"].number();
    t.steps = o["steps"].number();
    if (o.has("beta")) t.beta = o["beta"].number();
    if (o.has("beta1")) t.beta1 = o["beta1"].number();
    if (o.has("beta2")) t.beta2 = o["beta2"].number();
    if (o.has("eps")) t.eps = o["eps"].number();
    return t;
}

template <class Model, class Read>
attn::TrainState<Model> state_of(const fx::Json& s, Read read) {
    attn::TrainState<Model> st;
    st.method = s["method"].str;
    st.t = s["t"].number();
    if (s.has("m")) st.m = read(s["m"]);
    if (s.has("v")) st.v = read(s["v"]);
    return st;
}

// each(got, want) compares two models field by field.
template <class Model, class Each>
void require_state(const attn::TrainState<Model>& got, const attn::TrainState<Model>& want, Each each) {
    REQUIRE(got.method == want.method);
    REQUIRE(got.t == want.t);
    REQUIRE(got.m.has_value() == want.m.has_value());
    REQUIRE(got.v.has_value() == want.v.has_value());
    if (want.m) each(*got.m, *want.m);
    if (want.v) each(*got.v, *want.v);
}

}  // namespace tc
