// Fuzz entry points, the trainers: a few steps; every loss recorded is finite, the run's length is steps + 1 unless it diverged.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/train/train_attention.hpp"
#include "attn/train/train_gat.hpp"

namespace fuzz {

// The trainers: a few steps; every loss recorded is finite, the run's
// length is steps + 1 unless it diverged.
void fuzz_train(Input& in) {
    const std::size_t n = in.dim(6), d = in.dim(6), C = in.dim(4);
    attn::TrainOptions base;
    static const char* methods[] = {"gd", "momentum", "adam", "sgd"};
    base.method = methods[in.u8() % 4];
    base.lr = in.positive();
    base.steps = in.u8() % 8;
    if (in.flag()) {
        std::vector<mat> X;
        for (std::size_t b = 0, B = in.dim(4); b < B; ++b) X.push_back(in.matrix(n, d));
        mat t = in.matrix(X.size(), n);
        for (auto& x : t) x = std::floor(std::fabs(std::fmod(x, double(C))));
        const std::size_t dk = in.dim(4), dv = in.dim(4);
        attn::TrainAttentionOptions o;
        static_cast<attn::TrainOptions&>(o) = base;
        o.causal = in.flag();
        auto model = [&] { return attn::AttentionModel{in.matrix(d, dk), in.matrix(d, dk), in.matrix(d, dv), in.matrix(dv, C)}; };
        const attn::AttentionModel p = model();
        if (in.flag()) {  // a previous run's state, of any method, shapes and values
            attn::TrainState<attn::AttentionModel> st;
            st.method = methods[in.u8() % 4];
            st.t = in.u8();
            if (in.flag()) st.m = model();
            if (in.flag()) st.v = model();
            o.state = st;
        }
        const attn::TrainAttentionResult r = attn::train_attention(X, t, p, o);
        REQUIRE("trainAttention", all_finite(r.loss) && r.loss.size() == (r.diverged ? r.diverged_at : *o.steps + 1),
                "loss " + str(r.loss));
        REQUIRE("trainAttention", r.state.t == (o.state ? o.state->t : 0) + static_cast<double>(r.loss.size() - 1),
                "state.t " + std::to_string(r.state.t));
    } else {
        const mat X = in.matrix(n, d), A = in.adjacency(n);
        vec labels = in.vector(n);
        for (auto& x : labels) x = std::floor(std::fmod(std::fabs(x), double(C + 1))) - 1;
        attn::TrainGatOptions o;
        static_cast<attn::TrainOptions&>(o) = base;
        const attn::TrainGatResult r = attn::train_gat(X, A, labels, {in.matrix(d, C), in.vector(2 * C)}, o);
        REQUIRE("trainGat", all_finite(r.loss) && r.loss.size() == (r.diverged ? r.diverged_at : *o.steps + 1) &&
                                all_finite(r.params.W), "loss " + str(r.loss));
    }
}

}  // namespace fuzz
