// trainTransformer against a PyTorch loop from the same initial parameters
// with the chapter's update rules (50-60 steps of gd, momentum and Adam, with
// freeze, ablate, scale, record, and runs continued from a state; rtol 1e-7),
// and properties: chunks of a run equal one call bit for bit, frozen
// parameters and their moments never move, a diverging run stops with
// finite numbers.
// Reference values: tests/fixtures/train_transformer.json, made by
// scripts/fixtures/transformer.py (/usr/bin/python3 scripts/gen_fixtures.py transformer).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/transformer/train_transformer.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/train_state.hpp"
#include "support/transformer.hpp"

using namespace attn;

namespace {

constexpr double fx_rtol = 1e-7, fx_atol = 1e-10;  // the rtol after 50+ steps

TrainTransformerOptions options_of(const fx::Json& o) {
    TrainTransformerOptions t = tc::optimizer_options<TrainTransformerOptions>(o);
    if (o.has("record")) t.record = o["record"].number();
    if (o.has("freeze"))
        for (const auto& f : o["freeze"].arr) t.freeze.push_back(f.str);
    if (o.has("state")) t.state = tc::state_of<TransformerParams>(o["state"], tc::params_of);
    tc::transformer_options(o, t);
    return t;
}

void require_same(const TransformerParams& a, const TransformerParams& b) { tc::require_params_close(a, b, 0, 0); }

// Repeated halves, next-token targets (-1 at the end).
struct Data {
    mat tokens, targets;
};
Data copy_data(std::mt19937& gen, std::size_t B, std::size_t n, std::size_t V) {
    Data d{tc::random_tokens(gen, B, n, V), xt::empty<double>({B, n})};
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t i = 0; i < n; ++i) {
            if (i >= n / 2) d.tokens(b, i) = d.tokens(b, i - n / 2);
        }
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t i = 0; i < n; ++i) d.targets(b, i) = i + 1 < n ? d.tokens(b, i + 1) : -1;
    return d;
}

}  // namespace

TEST_CASE("trainTransformer follows the PyTorch loop step for step", "[transformer]") {
    const auto& fx = fx::load("train_transformer");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        const auto r = train_transformer(k["tokens"].mat(), k["targets"].mat(), tc::params_of(k["params"]),
                                         options_of(k["options"]));
        REQUIRE(!r.diverged);
        tc::require_close(r.loss, k["loss"].vec(), fx_rtol, fx_atol);
        tc::require_close(r.accuracy, k["accuracy"].vec(), 0, 1e-15);
        tc::require_params_close(r.params, tc::params_of(k["finalParams"]), fx_rtol, fx_atol);
        tc::require_state(r.state, tc::state_of<TransformerParams>(k["finalState"], tc::params_of),
                          [](const TransformerParams& g, const TransformerParams& w) {
                              tc::require_params_close(g, w, fx_rtol, fx_atol);
                          });
        const std::size_t snaps = k.has("snapshots") ? k["snapshots"].size() : 0;
        REQUIRE(r.snapshots.size() == snaps);
        for (std::size_t s = 0; s < snaps; ++s) {
            const auto& ks = k["snapshots"][s];
            REQUIRE(r.snapshots[s].step == static_cast<std::size_t>(ks["step"].number()));
            tc::require_close(r.snapshots[s].loss, ks["loss"].number(), fx_rtol, fx_atol);
            for (std::size_t l = 0; l < ks["attention"].size(); ++l)
                for (std::size_t h = 0; h < ks["attention"][l].size(); ++h)
                    tc::require_close(r.snapshots[s].attention[l][h], ks["attention"][l][h].mat(), fx_rtol, fx_atol);
        }
    }
}

TEST_CASE("trainTransformer: a run in chunks (state given back) equals one call, bit for bit", "[transformer]") {
    std::mt19937 gen(21);
    const Data data = copy_data(gen, 3, 6, 4);
    const TransformerParams p0 = tc::random_params(gen, 4, 6, 4, {{2, 2}, {1, 3}});
    for (const char* method : {"gd", "momentum", "adam"}) {
        INFO(method);
        TrainTransformerOptions o;
        o.method = method;
        o.lr = 0.05;
        o.steps = 23;
        o.record = 4;
        o.freeze = {"pos"};
        o.ablate = mat{{1, 0}};
        const auto whole = train_transformer(data.tokens, data.targets, p0, o);
        TransformerParams p = p0;
        std::optional<TrainState<TransformerParams>> state;
        std::vector<double> loss{whole.loss(0)};
        std::vector<TransformerSnapshot> snaps;
        for (double chunk : {1.0, 7.0, 0.0, 15.0}) {  // 23 in all; a 0-step call keeps the state
            TrainTransformerOptions c = o;
            c.steps = chunk;
            c.state = state;
            const auto r = train_transformer(data.tokens, data.targets, p, c);
            REQUIRE(r.loss(0) == loss.back());
            for (std::size_t k = 1; k < r.loss.size(); ++k) loss.push_back(r.loss(k));
            for (const auto& s : r.snapshots)
                if (snaps.empty() || s.step > snaps.back().step) snaps.push_back(s);
            p = r.params;
            state = r.state;
        }
        REQUIRE(state->t == 23);
        REQUIRE(loss.size() == whole.loss.size());
        for (std::size_t k = 0; k < loss.size(); ++k) REQUIRE(loss[k] == whole.loss(k));
        require_same(p, whole.params);
        tc::require_state(*state, whole.state, require_same);
        REQUIRE(snaps.size() == whole.snapshots.size());
        for (std::size_t s = 0; s < snaps.size(); ++s) {
            REQUIRE(snaps[s].step == whole.snapshots[s].step);
            REQUIRE(snaps[s].loss == whole.snapshots[s].loss);
        }
        // pos is frozen: it and its moments never moved
        tc::require_close(whole.params.pos, p0.pos, 0, 0);
        if (whole.state.v) REQUIRE(xt::all(xt::equal(whole.state.v->pos, 0.0)));
    }
}

TEST_CASE("trainTransformer: a learning rate far too large stops as diverged, with finite numbers", "[transformer]") {
    std::mt19937 gen(7);
    const Data data = copy_data(gen, 2, 4, 3);
    TrainTransformerOptions o;
    o.lr = 1e300;
    o.steps = 20;
    o.record = 1;
    const auto r = train_transformer(data.tokens, data.targets, tc::random_params(gen, 3, 4, 3, {{1, 2}, {1, 2}}), o);
    REQUIRE(r.diverged);
    REQUIRE(r.diverged_at >= 1);
    REQUIRE(r.loss.size() == r.diverged_at);
    REQUIRE(r.snapshots.size() == r.diverged_at);
    for (double x : r.loss) REQUIRE(std::isfinite(x));
    for (const mat* M : tc::matrices(r.params))
        for (double x : *M) REQUIRE(std::isfinite(x));
}

TEST_CASE("trainTransformer rejects bad input", "[transformer]") {
    std::mt19937 gen(3);
    const Data data = copy_data(gen, 2, 4, 3);
    const TransformerParams p = tc::random_params(gen, 3, 4, 3, {{2, 2}});
    TrainTransformerOptions o;
    o.lr = 0.1;
    o.steps = 5;
    const std::string fn = "trainTransformer: ";
    auto with = [&](auto change) {
        TrainTransformerOptions c = o;
        change(c);
        return [=] { train_transformer(data.tokens, data.targets, p, c); };
    };
    tc::require_invalid(with([](auto& c) { c.freeze = {"embed", "Wq"}; }),
                        fn + "freeze names an unknown parameter 'Wq' (allowed: embed, pos, unembed)");
    tc::require_invalid(with([](auto& c) { c.lr = 0.0; }), fn + "lr must be a positive finite number");
    tc::require_invalid(with([](auto& c) { c.lr.reset(); }), fn + "option lr");
    tc::require_invalid(with([](auto& c) { c.steps = 100001.0; }), fn + "steps must be an integer from 0 to 100000");
    tc::require_invalid(with([](auto& c) { c.steps = 2.5; }), fn + "steps must be an integer");
    tc::require_invalid(with([](auto& c) { c.method = "sgd"; }), fn + "unknown method 'sgd'");
    tc::require_invalid(with([](auto& c) { c.record = 0.0; }), fn + "record must be an integer from 1");
    tc::require_invalid(with([](auto& c) { c.ablate = mat{{0, 2}}; }), fn + "ablate[0] names head 2 of layer 0");
    TrainTransformerOptions many = o;
    many.steps = 100000.0;
    const Data big = copy_data(gen, 64, 16, 16);
    tc::require_invalid([&] { train_transformer(big.tokens, big.targets, tc::random_params(gen, 16, 16, 32, {{2, 16}, {2, 16}}), many); },
                        fn + "100000 steps of this model take about");
    TrainTransformerOptions adam = o;
    adam.method = "adam";
    const auto st = train_transformer(data.tokens, data.targets, p, adam).state;
    tc::require_invalid(with([&](auto& c) { c.method = "momentum"; c.state = st; }),
                        fn + "state comes from method 'adam' but this call's method is 'momentum'");
    auto bad = st;
    bad.m->layers[0][1].Wv = tc::random_mat(gen, 3, 3);
    tc::require_invalid(with([&](auto& c) { c.method = "adam"; c.state = bad; }),
                        fn + "state.m.layers[0][1].Wv is 3 x 3 but params.layers[0][1].Wv is 3 x 2");
    bad = st;
    bad.v->layers.clear();
    tc::require_invalid(with([&](auto& c) { c.method = "adam"; c.state = bad; }),
                        fn + "state.v.layers has 0 layers but params.layers has 1");
    bad = st;
    bad.v->unembed(0, 0) = -1;
    tc::require_invalid(with([&](auto& c) { c.method = "adam"; c.state = bad; }), fn + "state.v is Adam's second moment");
    tc::require_invalid([&] { train_transformer(data.tokens, mat(xt::zeros<double>({2, 3})), p, o); },
                        fn + "data.targets is 2 x 3 but data.tokens is 2 x 4");
}
