// trainGat against a PyTorch loop from the same initial parameters (the
// karate club from its two leaders with gd, momentum and Adam; a directed
// graph without self loops), fx_rtol 1e-7; the karate GAT reaches at least
// torch's accuracy; its gradient equals a finite difference of its loss.
// Reference values: tests/fixtures/train_gat.json, made by
// scripts/fixtures/train.py (/usr/bin/python3 scripts/gen_fixtures.py train).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "attn/train/train_gat.hpp"
#include "support/check.hpp"
#include "support/finite_diff.hpp"
#include "support/json.hpp"
#include "support/random.hpp"
#include "support/train_state.hpp"

using namespace attn;

namespace {

constexpr double fx_rtol = 1e-7, fx_atol = 1e-10;

TrainGatOptions options_of(const fx::Json& o) {
    TrainGatOptions t = tc::optimizer_options<TrainGatOptions>(o);
    if (o.has("negativeSlope")) t.negative_slope = o["negativeSlope"].number();
    if (o.has("selfLoops")) t.self_loops = o["selfLoops"].b;
    if (o.has("trainMask"))
        for (const auto& b : o["trainMask"].arr) t.train_mask.push_back(b.b);
    if (o.has("state"))
        t.state = tc::state_of<GatModel>(o["state"], [](const fx::Json& p) { return GatModel{p["W"].mat(), p["a"].vec()}; });
    return t;
}

void require_models(const GatModel& got, const GatModel& want, double rtol, double atol) {
    tc::require_close(got.W, want.W, rtol, atol);
    tc::require_close(got.a, want.a, rtol, atol);
}

}  // namespace

TEST_CASE("trainGat follows the PyTorch loop step for step", "[train]") {
    const auto& fx = fx::load("train_gat");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        const GatModel p{k["params"]["W"].mat(), k["params"]["a"].vec()};
        const auto r = train_gat(k["X"].mat(), k["A"].mat(), k["labels"].vec(), p, options_of(k["options"]));
        REQUIRE(!r.diverged);
        tc::require_close(r.loss, k["loss"].vec(), fx_rtol, fx_atol);
        tc::require_close(r.trainAccuracy, k["trainAccuracy"].vec(), 0, 1e-15);
        tc::require_close(r.accuracy, k["accuracy"].vec(), 0, 1e-15);
        require_models(r.params, {k["finalParams"]["W"].mat(), k["finalParams"]["a"].vec()}, fx_rtol, fx_atol);
        tc::require_state(r.state,
                          tc::state_of<GatModel>(k["finalState"], [](const fx::Json& p) { return GatModel{p["W"].mat(), p["a"].vec()}; }),
                          [](const GatModel& g, const GatModel& w) { require_models(g, w, fx_rtol, fx_atol); });
        tc::require_close(r.alpha, k["alpha"].mat(), fx_rtol, fx_atol);
        tc::require_close(r.predictions, k["predictions"].vec(), 0, 0);
        // From the same start, at least the accuracy torch reaches.
        REQUIRE(r.accuracy(r.accuracy.size() - 1) >= k["accuracy"].vec()(k["accuracy"].size() - 1));
    }
}

TEST_CASE("trainGat: its gradient is the loss's, and small gd steps never raise the loss", "[train]") {
    const int seed = GENERATE(take(30, random(0, 1 << 30)));
    std::mt19937 gen(static_cast<unsigned>(seed));
    std::uniform_int_distribution<std::size_t> nodes(2, 10), feat(1, 5), cls(1, 4);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::size_t n = nodes(gen), F = feat(gen), C = cls(gen);
    mat A = xt::zeros<double>({n, n});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) A(i, j) = i != j && unit(gen) < 0.4 ? 1.0 : 0.0;
    vec labels = xt::empty<double>({n});
    for (auto& l : labels) l = unit(gen) < 0.3 ? -1.0 : static_cast<double>(std::uniform_int_distribution<std::size_t>(0, C - 1)(gen));
    labels(0) = 0;  // at least one labelled node
    const mat X = tc::random_mat(gen, n, F);
    const GatModel p0{tc::random_mat(gen, F, C, 0.5), xt::flatten(tc::random_mat(gen, 1, 2 * C, 0.5))};
    TrainGatOptions o;
    o.lr = 1e-3;
    o.steps = 1;
    INFO("seed " << seed << " n " << n << " F " << F << " C " << C);
    const auto one = train_gat(X, A, labels, p0, o);
    auto loss_at = [&](const GatModel& p) {
        TrainGatOptions z = o;
        z.steps = 0;
        return train_gat(X, A, labels, p, z).loss(0);
    };
    // LeakyReLU kinks: a score within h of 0 spoils the difference; skip such draws.
    const auto s = gat(X, A, p0.W, p0.a);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (std::isfinite(s.e(i, j)) && std::fabs(s.src(i) + s.dst(j)) < 1e-2) return;
    const mat gW = (p0.W - one.params.W) / *o.lr;
    const vec ga = (p0.a - one.params.a) / *o.lr;
    REQUIRE(tc::rel_err(gW, tc::central_diff(p0.W, [&](const mat& w) { return loss_at({w, p0.a}); })) < 1e-6);
    REQUIRE(tc::rel_err(ga, tc::central_diff(p0.a, [&](const vec& a) { return loss_at({p0.W, a}); })) < 1e-6);

    o.steps = 40;
    o.lr = 0.01;
    const auto r = train_gat(X, A, labels, p0, o);
    for (std::size_t k = 0; k + 1 < r.loss.size(); ++k) REQUIRE(r.loss(k + 1) <= r.loss(k) + 1e-15);
}

TEST_CASE("trainGat: a run in chunks (state given back) equals one call, bit for bit", "[train]") {
    const auto& k = fx::load("train_gat")["cases"][0];  // the karate club
    const GatModel p0{k["params"]["W"].mat(), k["params"]["a"].vec()};
    for (const char* method : {"gd", "momentum", "adam"}) {
        INFO(method);
        TrainGatOptions o = options_of(k["options"]);
        o.method = method;
        o.lr = 0.05;
        o.steps = 40;
        const auto whole = train_gat(k["X"].mat(), k["A"].mat(), k["labels"].vec(), p0, o);
        GatModel p = p0;
        std::optional<TrainState<GatModel>> state;
        std::vector<double> loss{whole.loss(0)};
        for (double chunk : {3.0, 0.0, 17.0, 20.0}) {
            TrainGatOptions c = o;
            c.steps = chunk;
            c.state = state;
            const auto r = train_gat(k["X"].mat(), k["A"].mat(), k["labels"].vec(), p, c);
            REQUIRE(r.loss(0) == loss.back());
            for (std::size_t i = 1; i < r.loss.size(); ++i) loss.push_back(r.loss(i));
            p = r.params;
            state = r.state;
        }
        REQUIRE(loss.size() == whole.loss.size());
        for (std::size_t i = 0; i < loss.size(); ++i) REQUIRE(loss[i] == whole.loss(i));
        require_models(p, whole.params, 0, 0);
        tc::require_state(*state, whole.state, [](const GatModel& g, const GatModel& w) { require_models(g, w, 0, 0); });
    }
}

TEST_CASE("trainGat rejects bad input", "[train]") {
    const mat A = {{0, 1, 1}, {1, 0, 0}, {1, 0, 0}}, X = {{1, 0}, {0, 1}, {1, 1}};
    const GatModel p{{{0.5, -0.2}, {0.1, 0.3}}, {0.1, -0.2, 0.3, 0.4}};
    const vec labels = {0, 1, -1};
    TrainGatOptions o;
    o.lr = 0.1;
    o.steps = 5;
    const std::string fn = "trainGat: ";
    tc::require_invalid([&] { train_gat(X, A, vec{0, 1}, p, o); }, fn + "labels has 2 entries but A has 3 nodes");
    tc::require_invalid([&] { train_gat(X, A, vec{0, 2, -1}, p, o); },
                        fn + "labels[1] must be an integer class from 0 to 1 or -1 (unlabelled), got 2");
    tc::require_invalid([&] { train_gat(X, A, vec{0, 0.5, -1}, p, o); }, fn + "labels[1] must be an integer");
    tc::require_invalid([&] { train_gat(X, A, vec{-1, -1, -1}, p, o); }, fn + "no node to train on");
    auto m = o;
    m.train_mask = {1, 0, 1};
    tc::require_invalid([&] { train_gat(X, A, labels, p, m); }, fn + "trainMask[2] is true but node 2 is unlabelled");
    m.train_mask = {1, 0};
    tc::require_invalid([&] { train_gat(X, A, labels, p, m); }, fn + "trainMask has 2 entries but A has 3 nodes");
    m.train_mask = {0, 0, 0};
    tc::require_invalid([&] { train_gat(X, A, labels, p, m); }, fn + "no node to train on");
    tc::require_invalid([&] { train_gat(X, A, labels, GatModel{p.W, vec{1, 2}}, o); }, fn + "params.a has length 2");
    tc::require_invalid([&] { train_gat(X, A, labels, GatModel{mat{{1.0, 0.0}}, p.a}, o); },
                        fn + "params.W has 1 rows but X has 2 columns");
    tc::require_invalid([&] { train_gat(mat{{1.0, NAN}, {0, 1}, {1, 1}}, A, labels, p, o); }, fn + "X has a non-finite entry");
    auto bad = o;
    bad.lr = 0.0;
    tc::require_invalid([&] { train_gat(X, A, labels, p, bad); }, fn + "lr must be a positive finite number");
    bad = o;
    bad.steps = 1e6;
    tc::require_invalid([&] { train_gat(X, A, labels, p, bad); }, fn + "steps must be an integer from 0 to 100000");
    bad = o;
    bad.steps = 2.5;
    tc::require_invalid([&] { train_gat(X, A, labels, p, bad); }, fn + "steps must be an integer");
    bad = o;
    bad.beta = 1.0;
    bad.method = "momentum";
    tc::require_invalid([&] { train_gat(X, A, labels, p, bad); }, fn + "beta must be in [0, 1)");
    bad = o;
    bad.self_loops = false;
    tc::require_invalid([&] { train_gat(X, mat{{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}, labels, p, bad); },
                        fn + "node 2 is isolated");
}

TEST_CASE("trainGat: a learning rate far too large stops as diverged, with finite numbers", "[train]") {
    const mat A = {{0, 1, 1}, {1, 0, 0}, {1, 0, 0}}, X = {{1, 0}, {0, 1}, {1, 1}};
    TrainGatOptions o;
    o.lr = 1e306;
    o.steps = 50;
    const auto r = train_gat(X, A, vec{0, 1, 1}, GatModel{{{0.5, -0.2}, {0.1, 0.3}}, {0.1, -0.2, 0.3, 0.4}}, o);
    REQUIRE(r.diverged);
    REQUIRE(r.loss.size() == r.diverged_at);
    for (double x : r.loss) REQUIRE(std::isfinite(x));
    for (double x : r.params.W) REQUIRE(std::isfinite(x));
}
