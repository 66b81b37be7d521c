// trainAttention against a PyTorch loop from the same initial parameters
// with the chapter's update rules (>= 50 steps of gd, momentum and Adam,
// fx_rtol 1e-7), and properties: its gradient equals a finite difference of
// its own loss, gd with a small step never increases the loss, a diverging
// run stops with finite numbers.
// Reference values: tests/fixtures/train_attention.json, made by
// scripts/fixtures/train.py (/usr/bin/python3 scripts/gen_fixtures.py train).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/train/train_attention.hpp"
#include "support/check.hpp"
#include "support/finite_diff.hpp"
#include "support/json.hpp"
#include "support/random.hpp"
#include "support/train_state.hpp"

using namespace attn;

namespace {

constexpr double fx_rtol = 1e-7, fx_atol = 1e-10;  // the rtol after 50+ steps

TrainAttentionOptions options_of(const fx::Json& o) {
    TrainAttentionOptions t = tc::optimizer_options<TrainAttentionOptions>(o);
    if (o.has("causal")) t.causal = o["causal"].b;
    if (o.has("scale")) t.scale = o["scale"].number();
    if (o.has("record")) t.record = o["record"].number();
    return t;
}

std::vector<mat> sequences(const fx::Json& X) {
    std::vector<mat> out;
    for (const auto& x : X.arr) out.push_back(x.mat());
    return out;
}

AttentionModel model_of(const fx::Json& p) {
    return {p["Wq"].mat(), p["Wk"].mat(), p["Wv"].mat(), p["Wo"].mat()};
}

AttentionModel model_of(const fx::Json& p);

TrainAttentionOptions with_state(TrainAttentionOptions t, const fx::Json& o) {
    if (o.has("state")) t.state = tc::state_of<AttentionModel>(o["state"], model_of);
    return t;
}

void require_models(const AttentionModel& got, const AttentionModel& want, double rtol, double atol) {
    tc::require_close(got.Wq, want.Wq, rtol, atol);
    tc::require_close(got.Wk, want.Wk, rtol, atol);
    tc::require_close(got.Wv, want.Wv, rtol, atol);
    tc::require_close(got.Wo, want.Wo, rtol, atol);
}

// A random "copy the first token" data set: one-hot token | position.
struct Data {
    std::vector<mat> X;
    mat targets;
};
Data copy_first_data(std::mt19937& gen, std::size_t B, std::size_t n, std::size_t vocab) {
    std::uniform_int_distribution<std::size_t> tok(0, vocab - 1);
    Data d;
    d.targets = xt::empty<double>({B, n});
    for (std::size_t b = 0; b < B; ++b) {
        mat x = xt::zeros<double>({n, vocab + n});
        std::size_t first = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t t = tok(gen);
            if (i == 0) first = t;
            x(i, t) = 1;
            x(i, vocab + i) = 1;
        }
        for (std::size_t i = 0; i < n; ++i) d.targets(b, i) = static_cast<double>(first);
        d.X.push_back(x);
    }
    return d;
}

AttentionModel random_model(std::mt19937& gen, std::size_t d, std::size_t dk, std::size_t dv, std::size_t C) {
    return {tc::random_mat(gen, d, dk, 0.5), tc::random_mat(gen, d, dk, 0.5), tc::random_mat(gen, d, dv, 0.5),
            tc::random_mat(gen, dv, C, 0.5)};
}

}  // namespace

TEST_CASE("trainAttention follows the PyTorch loop step for step", "[train]") {
    const auto& fx = fx::load("train_attention");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        const auto r = train_attention(sequences(k["X"]), k["targets"].mat(), model_of(k["params"]),
                                       with_state(options_of(k["options"]), k["options"]));
        REQUIRE(!r.diverged);
        tc::require_state(r.state, tc::state_of<AttentionModel>(k["finalState"], model_of),
                          [](const AttentionModel& g, const AttentionModel& w) { require_models(g, w, fx_rtol, fx_atol); });
        tc::require_close(r.loss, k["loss"].vec(), fx_rtol, fx_atol);
        tc::require_close(r.accuracy, k["accuracy"].vec(), 0, 1e-15);
        require_models(r.params, model_of(k["finalParams"]), fx_rtol, fx_atol);
        REQUIRE(r.weights.size() == k["weights"].size());
        for (std::size_t b = 0; b < r.weights.size(); ++b)
            tc::require_close(r.weights[b], k["weights"][b].mat(), fx_rtol, fx_atol);
        if (!k.has("snapshots")) {
            REQUIRE(r.snapshots.empty());
            continue;
        }
        REQUIRE(r.snapshots.size() == k["snapshots"].size());
        for (std::size_t s = 0; s < r.snapshots.size(); ++s) {
            const auto& ks = k["snapshots"][s];
            REQUIRE(r.snapshots[s].step == static_cast<std::size_t>(ks["step"].number()));
            tc::require_close(r.snapshots[s].loss, ks["loss"].number(), fx_rtol, fx_atol);
            for (std::size_t b = 0; b < r.weights.size(); ++b)
                tc::require_close(r.snapshots[s].weights[b], ks["weights"][b].mat(), fx_rtol, fx_atol);
        }
    }
}

TEST_CASE("trainAttention: its gradient is the loss's, and small gd steps never raise the loss", "[train]") {
    const int seed = GENERATE(take(30, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> small(1, 4), len(2, 5);
    const std::size_t B = small(gen), n = len(gen), vocab = small(gen) + 1, dk = small(gen), dv = small(gen);
    const Data data = copy_first_data(gen, B, n, vocab);
    const AttentionModel p0 = random_model(gen, vocab + n, dk, dv, vocab);
    TrainAttentionOptions o;
    o.causal = seed % 2 == 0;
    o.lr = 1e-3;
    o.steps = 1;
    INFO("seed " << seed << " B " << B << " n " << n);
    // One gd step: theta_1 = theta_0 - lr g, so g = (theta_0 - theta_1) / lr.
    const auto one = train_attention(data.X, data.targets, p0, o);
    auto loss_at = [&](const AttentionModel& p) {
        TrainAttentionOptions z = o;
        z.steps = 0;
        return train_attention(data.X, data.targets, p, z).loss(0);
    };
    const mat gWq = (p0.Wq - one.params.Wq) / *o.lr, gWo = (p0.Wo - one.params.Wo) / *o.lr;
    const mat fdWq = tc::central_diff(p0.Wq, [&](const mat& w) { AttentionModel p = p0; p.Wq = w; return loss_at(p); });
    const mat fdWo = tc::central_diff(p0.Wo, [&](const mat& w) { AttentionModel p = p0; p.Wo = w; return loss_at(p); });
    // The step's rounding (theta_0 - lr g, then / lr) costs ~1e-13 / lr relative.
    REQUIRE(tc::rel_err(gWq, fdWq) < 1e-6);
    REQUIRE(tc::rel_err(gWo, fdWo) < 1e-6);

    o.steps = 40;
    o.lr = 0.01;
    const auto r = train_attention(data.X, data.targets, p0, o);
    for (std::size_t k = 0; k + 1 < r.loss.size(); ++k) REQUIRE(r.loss(k + 1) <= r.loss(k) + 1e-15);
}

TEST_CASE("trainAttention: a learning rate far too large stops as diverged, with finite numbers", "[train]") {
    std::mt19937 gen(7);
    const Data data = copy_first_data(gen, 3, 4, 3);
    TrainAttentionOptions o;
    o.method = "gd";
    o.lr = 1e300;
    o.steps = 50;
    o.record = 1;
    const auto r = train_attention(data.X, data.targets, random_model(gen, 7, 3, 3, 3), o);
    REQUIRE(r.diverged);
    REQUIRE(r.diverged_at >= 1);
    REQUIRE(r.loss.size() == r.diverged_at);
    REQUIRE(r.snapshots.size() == r.diverged_at);
    for (double x : r.loss) REQUIRE(std::isfinite(x));
    for (double x : r.params.Wq) REQUIRE(std::isfinite(x));
}

TEST_CASE("trainAttention: a run in chunks (state given back) equals one call, bit for bit", "[train]") {
    std::mt19937 gen(11);
    const Data data = copy_first_data(gen, 4, 5, 3);
    const AttentionModel p0 = random_model(gen, 8, 3, 3, 3);
    for (const char* method : {"gd", "momentum", "adam"}) {
        INFO(method);
        TrainAttentionOptions o;
        o.method = method;
        o.lr = 0.05;
        o.steps = 37;
        o.causal = true;
        const auto whole = train_attention(data.X, data.targets, p0, o);
        AttentionModel p = p0;
        std::optional<TrainState<AttentionModel>> state;
        std::vector<double> loss{whole.loss(0)};
        for (double chunk : {1.0, 10.0, 0.0, 26.0}) {  // 37 in all; a 0-step call keeps the state
            TrainAttentionOptions c = o;
            c.steps = chunk;
            c.state = state;
            const auto r = train_attention(data.X, data.targets, p, c);
            REQUIRE(r.loss(0) == loss.back());
            for (std::size_t k = 1; k < r.loss.size(); ++k) loss.push_back(r.loss(k));
            p = r.params;
            state = r.state;
        }
        REQUIRE(state->t == 37);
        REQUIRE(loss.size() == whole.loss.size());
        for (std::size_t k = 0; k < loss.size(); ++k) REQUIRE(loss[k] == whole.loss(k));
        require_models(p, whole.params, 0, 0);
        tc::require_state(*state, whole.state,
                          [](const AttentionModel& g, const AttentionModel& w) { require_models(g, w, 0, 0); });
    }
}

TEST_CASE("trainAttention: a diverging run in one-update calls stops where one call stops", "[train]") {
    // The loss after update 1 is finite but its gradient overflows: one call
    // and a call per update must both stop before that update.
    const std::vector<mat> X = {mat{{1e104}}, mat{{2e104}}, mat{{3e104}}};
    const mat targets = {{0}, {1}, {0}};
    const AttentionModel p0{mat{{0.0}}, mat{{0.0}}, mat{{1e-200}}, mat{{0.0, 0.0}}};
    TrainAttentionOptions o;
    o.method = "gd";
    o.lr = 1e300;
    o.steps = 2;
    const auto whole = train_attention(X, targets, p0, o);
    REQUIRE(whole.diverged);
    o.steps = 1;
    AttentionModel p = p0;
    std::optional<TrainState<AttentionModel>> state;
    std::vector<double> loss{whole.loss(0)};
    for (int call = 0; call < 2; ++call) {
        auto c = o;
        c.state = state;
        const auto r = train_attention(X, targets, p, c);
        for (std::size_t k = 1; k < r.loss.size(); ++k) loss.push_back(r.loss(k));
        p = r.params;
        state = r.state;
        if (r.diverged) break;
    }
    REQUIRE(loss.size() == whole.loss.size());
    for (std::size_t k = 0; k < loss.size(); ++k) REQUIRE(loss[k] == whole.loss(k));
    REQUIRE(state->t == whole.state.t);
}

TEST_CASE("trainAttention: a diverged run hands back the state of its last accepted update", "[train]") {
    std::mt19937 gen(5);
    const Data data = copy_first_data(gen, 3, 4, 3);
    TrainAttentionOptions o;
    o.method = "momentum";
    o.lr = 1e300;
    o.steps = 50;
    const auto r = train_attention(data.X, data.targets, random_model(gen, 7, 3, 3, 3), o);
    REQUIRE(r.diverged);
    REQUIRE(r.state.t == static_cast<double>(r.loss.size() - 1));
    for (double x : r.state.v->Wq) REQUIRE(std::isfinite(x));
    // and the state continues: a sane step from there is accepted
    TrainAttentionOptions c = o;
    c.lr = 1e-3;
    c.beta = 0;
    c.steps = 1;
    c.state = r.state;
    REQUIRE_NOTHROW(train_attention(data.X, data.targets, r.params, c));
}

TEST_CASE("trainAttention rejects bad input", "[train]") {
    std::mt19937 gen(3);
    const Data data = copy_first_data(gen, 2, 3, 2);  // d = 5, C = 2
    const AttentionModel p = random_model(gen, 5, 2, 2, 2);
    TrainAttentionOptions o;
    o.lr = 0.1;
    o.steps = 5;
    const std::string fn = "trainAttention: ";
    tc::require_invalid([&] { train_attention({}, data.targets, p, o); }, fn + "data.X is empty");
    tc::require_invalid([&] { train_attention({data.X[0], mat(xt::ones<double>({4, 5}))}, data.targets, p, o); },
                        fn + "data.X[1] is 4 x 5 but data.X[0] is 3 x 5");
    tc::require_invalid([&] { train_attention(data.X, mat(xt::zeros<double>({2, 4})), p, o); },
                        fn + "data.targets is 2 x 4 but data.X has 2 sequences of 3 positions");
    mat t = data.targets;
    t(1, 2) = 2;
    tc::require_invalid([&] { train_attention(data.X, t, p, o); },
                        fn + "data.targets[1][2] must be an integer class from 0 to 1, got 2");
    t(1, 2) = 0.5;
    tc::require_invalid([&] { train_attention(data.X, t, p, o); }, fn + "data.targets[1][2] must be an integer");
    AttentionModel q = p;
    q.Wk = tc::random_mat(gen, 5, 3);
    tc::require_invalid([&] { train_attention(data.X, data.targets, q, o); },
                        fn + "params.Wk has 3 columns but params.Wq has 2");
    q = p;
    q.Wo = tc::random_mat(gen, 3, 2);
    tc::require_invalid([&] { train_attention(data.X, data.targets, q, o); },
                        fn + "params.Wo has 3 rows but params.Wv has 2 columns");
    q = p;
    q.Wv = tc::random_mat(gen, 4, 2);
    tc::require_invalid([&] { train_attention(data.X, data.targets, q, o); },
                        fn + "params.Wv has 4 rows but data.X[0] has 5 columns");
    q = p;
    q.Wq(0, 0) = NAN;
    tc::require_invalid([&] { train_attention(data.X, data.targets, q, o); }, fn + "params.Wq has a non-finite entry");
    auto bad = o;
    bad.lr = 0.0;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, bad); }, fn + "lr must be a positive finite number");
    bad = o;
    bad.lr = -1.0;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, bad); }, fn + "lr must be a positive finite number");
    bad = o;
    bad.lr.reset();
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, bad); }, fn + "option lr");
    bad = o;
    bad.steps = 100001.0;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, bad); }, fn + "steps must be an integer from 0 to 100000");
    bad = o;
    bad.method = "sgd";
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, bad); }, fn + "unknown method 'sgd'");
    bad = o;
    bad.record = 0.0;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, bad); }, fn + "record must be an integer from 1");
    bad = o;
    bad.scale = INFINITY;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, bad); }, fn + "scale must be a finite number");
    bad = o;
    bad.steps = 100000.0;
    const Data big = copy_first_data(gen, 64, 32, 8);
    tc::require_invalid([&] { train_attention(big.X, big.targets, random_model(gen, 40, 16, 16, 8), bad); },
                        fn + "100000 steps of this model take about");

    // options.state (our extension)
    auto adam = o;
    adam.method = "adam";
    const auto st = train_attention(data.X, data.targets, p, adam).state;
    auto with = [&](TrainState<AttentionModel> s, const std::string& method = "adam") {
        auto c = o;
        c.method = method;
        c.state = s;
        return c;
    };
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, with(st, "momentum")); },
                        fn + "state comes from method 'adam' but this call's method is 'momentum'");
    auto s = st;
    s.t = -1;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, with(s)); }, fn + "state.t must be an integer from 0 to");
    s.t = 2.5;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, with(s)); }, fn + "state.t must be an integer");
    s = st;
    s.m.reset();
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, with(s)); }, fn + "a state of method 'adam' must have m and v");
    s = st;
    s.v->Wk = tc::random_mat(gen, 5, 3);
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, with(s)); },
                        fn + "state.v.Wk is 5 x 3 but params.Wk is 5 x 2");
    s = st;
    s.m->Wo(0, 0) = NAN;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, with(s)); }, fn + "state.m has a non-finite entry");
    s = st;
    s.v->Wo(0, 0) = -1;
    tc::require_invalid([&] { train_attention(data.X, data.targets, p, with(s)); }, fn + "state.v is Adam's second moment");
}
