// Fuzz entry point, the attention-only transformer: a model of any shape
// (usually consistent), tokens and targets usually in range, ablation and
// scale; forward, loss with its gradient, head scores or a short training
// run. Whatever is returned is finite; attention rows are probabilities
// that never look ahead; gradients are shaped like the parameters.
#include "entries.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "attn/transformer/forward.hpp"
#include "attn/transformer/head_scores.hpp"
#include "attn/transformer/loss.hpp"
#include "attn/transformer/train_transformer.hpp"

namespace fuzz {

namespace {

struct Drawn {
    attn::TransformerParams params;
    attn::mat tokens, targets;
    attn::TransformerOptions opt;
};

Drawn draw(Input& in) {
    Drawn r;
    const std::size_t V = in.dim(8), P = in.dim(8), d = in.dim(6), L = in.u8() % 4;
    auto& p = r.params;
    p.embed = in.matrix(maybe(in, V), d);
    p.pos = in.matrix(P, maybe(in, d));
    for (std::size_t l = 0; l < L; ++l) {
        p.layers.emplace_back();
        for (std::size_t h = 0, H = in.u8() % 4, dh = in.dim(4); h < H; ++h)
            p.layers.back().push_back({in.matrix(d, dh), in.matrix(maybe(in, d), dh), in.matrix(d, maybe(in, dh)),
                                       in.matrix(dh, maybe(in, d))});
    }
    p.unembed = in.matrix(d, maybe(in, V));
    // A token is usually an index below V, sometimes any number; a target
    // usually -1 .. V-1.
    const std::size_t B = in.dim(4), n = maybe(in, P);
    r.tokens = xt::zeros<double>({B, n});
    r.targets = xt::zeros<double>({B, maybe(in, n)});
    for (auto& t : r.tokens) t = V && in.u8() % 16 ? static_cast<double>(in.u8() % V) : in.value();
    for (auto& t : r.targets) t = in.u8() % 16 ? static_cast<double>(in.u8() % (V + 1)) - 1 : in.value();
    if (in.flag()) r.opt.scale = in.value();
    if (in.flag()) r.opt.ablate = in.matrix(in.u8() % 3, maybe(in, 2));
    for (auto& x : r.opt.ablate) x = in.flag() ? std::floor(std::fabs(std::fmod(x, 4.0))) : x;
    return r;
}

void check_forward(const Drawn& m, const attn::TransformerForwardResult& f) {
    const char* op = "transformerForward";
    const std::size_t B = m.tokens.shape(0), n = m.tokens.shape(1);
    REQUIRE(op, f.logits.size() == B && f.attention.size() == B, "batch");
    for (std::size_t b = 0; b < B; ++b) {
        REQUIRE(op, f.logits[b].shape(0) == n && f.logits[b].shape(1) == m.params.embed.shape(0), "logits shape");
        REQUIRE(op, all_finite(f.logits[b]), "non-finite logits");
        REQUIRE(op, f.attention[b].size() == m.params.layers.size(), "layers");
        for (const auto& layer : f.attention[b])
            for (const mat& A : layer) {
                check_stochastic_rows(op, A);
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = i + 1; j < n; ++j) REQUIRE(op, A(i, j) == 0.0, "attends ahead");
            }
    }
}

}  // namespace

void fuzz_transformer(Input& in) {
    const Drawn m = draw(in);
    switch (in.u8() % 3) {
        case 0: {
            const attn::TransformerForwardResult f = attn::transformer_forward(m.tokens, m.params, m.opt);
            check_forward(m, f);
            const attn::HeadScores s = attn::head_scores(m.tokens, f.attention);
            // NaN where a score has nothing to average (one token; no query whose token came before).
            for (const auto* kind : {&s.previous_token, &s.prefix_match})
                for (const vec& layer : *kind)
                    for (double x : layer)
                        REQUIRE("headScores", std::isnan(x) || (x >= 0 && x <= 1 + 1e-12), "score " + num(x));
            break;
        }
        case 1: {
            const attn::TransformerLossResult r = attn::transformer_loss(m.tokens, m.targets, m.params, m.opt);
            const char* op = "transformerLoss";
            REQUIRE(op, std::isfinite(r.loss) && r.loss >= 0, "loss " + num(r.loss));
            REQUIRE(op, r.accuracy >= 0 && r.accuracy <= 1, "accuracy " + num(r.accuracy));
            REQUIRE(op, r.grads.embed.shape() == m.params.embed.shape() && r.grads.pos.shape() == m.params.pos.shape() &&
                            r.grads.unembed.shape() == m.params.unembed.shape() &&
                            r.grads.layers.size() == m.params.layers.size(),
                    "gradient shapes");
            REQUIRE(op, all_finite(r.grads.embed) && all_finite(r.grads.pos) && all_finite(r.grads.unembed),
                    "non-finite gradient");
            break;
        }
        default: {
            attn::TrainTransformerOptions o;
            static const char* methods[] = {"gd", "momentum", "adam", "sgd"};
            o.method = methods[in.u8() % 4];
            o.lr = in.positive();
            o.steps = in.u8() % 6;
            o.scale = m.opt.scale;
            o.ablate = m.opt.ablate;
            static const char* frozen[] = {"embed", "pos", "unembed", "Wq"};
            if (in.flag()) o.freeze.push_back(frozen[in.u8() % 4]);
            const attn::TrainTransformerResult r = attn::train_transformer(m.tokens, m.targets, m.params, o);
            REQUIRE("trainTransformer",
                    all_finite(r.loss) && r.loss.size() == (r.diverged ? r.diverged_at : *o.steps + 1),
                    "loss " + str(r.loss));
            REQUIRE("trainTransformer", r.state.t == static_cast<double>(r.loss.size() - 1),
                    "state.t " + num(r.state.t));
        }
    }
}

}  // namespace fuzz
