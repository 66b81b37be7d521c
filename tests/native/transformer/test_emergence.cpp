// The circuits lesson's default run in the core alone: its data and start
// rebuilt from the seed as web/lessons/circuits/data.js and the probe
// (scripts/probes/induction.py) build them, one Adam update per fresh
// batch, the 2-layer model beside the 1-layer control. The losses and head
// scores equal the float64 PyTorch probe at each checkpoint of its fixture
// (tests/fixtures/lessons/circuits_probe.json), and by update 450 the
// induction head has formed in layer 2 and not in the control.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "attn/transformer/forward.hpp"
#include "attn/transformer/head_scores.hpp"
#include "attn/transformer/loss.hpp"
#include "attn/transformer/train_transformer.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

namespace {

// JavaScript's usual mulberry32 (u32 arithmetic), as data.js.
struct Mulberry32 {
    std::uint32_t a;
    double rand() {
        a += 0x6D2B79F5u;
        std::uint32_t t = (a ^ (a >> 15)) * (1u | a);
        t = (t + (t ^ (t >> 7)) * (61u | t)) ^ t;
        return static_cast<double>(t ^ (t >> 14)) / 4294967296.0;
    }
    std::size_t below(std::size_t k) { return static_cast<std::size_t>(std::floor(rand() * static_cast<double>(k))); }
    double uniform(double s) { return s * (2 * rand() - 1); }
};

struct Setting {
    std::size_t V, n, Lmin, Lmax, d, dh, H, B, Btest, every;
    double init, initW, lr;
};

Setting setting_of(const fx::Json& s) {
    const auto z = [&](const char* k) { return static_cast<std::size_t>(s[k].number()); };
    return {z("V"), z("n"), z("Lmin"), z("Lmax"), z("d"), z("dh"), z("H"), z("B"), z("Btest"), z("every"),
            s["init"].number(), s["initW"].number(), s["lr"].number()};
}

// B sequences: filler, a segment of L tokens, the segment again. targets:
// the next token (-1 at the end); first / repeat: the targets before / from
// the repeat's start.
struct Batch {
    mat tokens, targets, first, repeat;
};

Batch make_batch(Mulberry32& rng, std::size_t B, const Setting& s) {
    Batch b{xt::zeros<double>({B, s.n}), xt::zeros<double>({B, s.n}), {}, {}};
    b.first = b.repeat = b.targets;
    for (std::size_t r = 0; r < B; ++r) {
        const std::size_t L = s.Lmin + rng.below(s.Lmax - s.Lmin + 1), start = s.n - L;
        for (std::size_t i = 0; i < s.n - 2 * L; ++i) b.tokens(r, i) = static_cast<double>(rng.below(s.V));
        for (std::size_t i = 0; i < L; ++i) b.tokens(r, start - L + i) = b.tokens(r, start + i) = static_cast<double>(rng.below(s.V));
        for (std::size_t i = 0; i < s.n; ++i) {
            const double y = i + 1 < s.n ? b.tokens(r, i + 1) : -1;
            b.targets(r, i) = y;
            b.first(r, i) = i < start ? y : -1;
            b.repeat(r, i) = i >= start ? y : -1;
        }
    }
    return b;
}

mat uniform_mat(Mulberry32& rng, std::size_t r, std::size_t c, double s) {
    mat m = xt::zeros<double>({r, c});
    for (std::size_t i = 0; i < r; ++i)
        for (std::size_t j = 0; j < c; ++j) m(i, j) = rng.uniform(s);
    return m;
}

// The 2-layer start (embed, pos, unembed, then layer by layer Wq Wk Wv Wo).
TransformerParams start_of(std::uint32_t seed, const Setting& s) {
    Mulberry32 rng{seed};
    TransformerParams p;
    p.embed = uniform_mat(rng, s.V, s.d, s.init);
    p.pos = uniform_mat(rng, s.n, s.d, s.init);
    p.unembed = uniform_mat(rng, s.d, s.V, s.init);
    for (int l = 0; l < 2; ++l) {
        p.layers.emplace_back();
        for (std::size_t h = 0; h < s.H; ++h) {
            TransformerHead w;
            w.Wq = uniform_mat(rng, s.d, s.dh, s.initW);
            w.Wk = uniform_mat(rng, s.d, s.dh, s.initW);
            w.Wv = uniform_mat(rng, s.d, s.dh, s.initW);
            w.Wo = uniform_mat(rng, s.dh, s.d, s.initW);
            p.layers.back().push_back(w);
        }
    }
    return p;
}

struct Model {
    TransformerParams params;
    std::optional<TrainState<TransformerParams>> state;
};

struct Measured {
    double first, repeat;
    HeadScores scores;
};

Measured measure(const Model& m, const Batch& test) {
    return {transformer_loss(test.tokens, test.first, m.params).loss,
            transformer_loss(test.tokens, test.repeat, m.params).loss,
            head_scores(test.tokens, transformer_forward(test.tokens, m.params).attention)};
}

double best(const vec& v) { return *std::max_element(v.begin(), v.end()); }

}  // namespace

TEST_CASE("circuits: the lesson's default run equals the PyTorch probe, and the induction head forms in 2 layers only",
          "[transformer]") {
    const auto& fx = fx::load("lessons/circuits_probe");
    const Setting s = setting_of(fx["setting"]);
    const auto seed = static_cast<std::uint32_t>(fx["seed"].number());

    Mulberry32 one{1};
    for (const auto& x : fx["mulberry32_1"].arr) REQUIRE(one.rand() == x.number());
    Mulberry32 test_rng{seed + 2000};
    const Batch test = make_batch(test_rng, s.Btest, s);
    REQUIRE(test.tokens.shape(0) == s.Btest);
    for (std::size_t r = 0; r < fx["test_tokens"].size(); ++r)
        for (std::size_t i = 0; i < s.n; ++i) REQUIRE(test.tokens(r, i) == fx["test_tokens"][r][i].number());
    Model two{start_of(seed, s), {}};
    tc::require_close(two.params.embed, fx["embed"].mat(), 0, 0);
    tc::require_close(two.params.layers[1][0].Wo, fx["layer2_head1_Wo"].mat(), 0, 0);
    Model control{two.params, {}};
    control.params.layers.resize(1);

    Mulberry32 train_rng{seed + 1000};
    TrainTransformerOptions o;
    o.method = "adam";
    o.lr = s.lr;
    o.steps = 1;
    const auto update = [&](Model& m, const Batch& b) {
        TrainTransformerOptions c = o;
        c.state = m.state;
        auto r = train_transformer(b.tokens, b.targets, m.params, c);
        REQUIRE(!r.diverged);
        m.params = std::move(r.params);
        m.state = std::move(r.state);
    };

    std::size_t updates = 0;
    const auto train_to = [&](std::size_t k) {
        for (; updates < k; ++updates) {
            const Batch b = make_batch(train_rng, s.B, s);
            update(two, b);
            update(control, b);
        }
    };
    Measured early{};
    for (const auto& row : fx["rows"].arr) {
        train_to(static_cast<std::size_t>(row["step"].number()));
        INFO("update " << updates);
        const Measured a = measure(two, test), c = measure(control, test);
        tc::require_close(a.first, row["first"].number(), 1e-6, 0);
        tc::require_close(a.repeat, row["repeat"].number(), 1e-6, 0);
        tc::require_close(best(a.scores.previous_token[0]), row["prev"].number(), 0, 1e-6);
        tc::require_close(best(a.scores.prefix_match[1]), row["pm"].number(), 0, 1e-6);
        tc::require_close(best(c.scores.prefix_match[0]), row["one_pm"].number(), 0, 1e-6);
        if (updates == 150) early = a;
    }
    // A plateau, then the fall: at update 150 the pair has not formed.
    REQUIRE(best(early.scores.prefix_match[1]) < 0.3);
    REQUIRE(early.repeat > 2.5);

    train_to(450);
    const Measured a = measure(two, test), c = measure(control, test);
    INFO("2 layers: prefix-match " << best(a.scores.prefix_match[1]) << ", losses " << a.first << " / " << a.repeat
                                   << "; control: prefix-match " << best(c.scores.prefix_match[0]) << ", repeat "
                                   << c.repeat);
    CHECK(best(a.scores.prefix_match[1]) > 0.4);
    CHECK(a.repeat < a.first / 2);
    CHECK(best(c.scores.prefix_match[0]) < 0.3);
    CHECK(c.repeat > 2 * a.repeat);
    // Leaving out layer 2's induction head brings the repeat's loss back up.
    const vec& pm = a.scores.prefix_match[1];
    TransformerOptions ablate;
    ablate.ablate = mat{{1, static_cast<double>(std::max_element(pm.begin(), pm.end()) - pm.begin())}};
    CHECK(transformer_loss(test.tokens, test.repeat, two.params, ablate).loss > a.repeat + 1);
}
