// The trainers' optimizer state (options.state / result.state) read from a
// fixture and compared, for both trainers (Model: their parameter record).
#pragma once

#include <catch2/catch.hpp>

#include "attn/train/trainer.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

namespace tc {

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
