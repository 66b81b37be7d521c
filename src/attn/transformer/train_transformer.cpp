#include "attn/transformer/train_transformer.hpp"

#include <cstdint>
#include <utility>

#include "attn/common/check.hpp"
#include "attn/transformer/forward.hpp"
#include "attn/transformer/loss.hpp"
#include "attn/transformer/workspace.hpp"

namespace attn {

namespace {

const std::string fn = "trainTransformer";

// The blocks of theta that options.freeze keeps fixed.
std::vector<Segment> frozen_segments(const std::vector<std::string>& names,
                                     const TransformerLayout& lay) {
    std::vector<Segment> out;
    for (const std::string& name : names) {
        Segment s;
        if (name == "embed") s = {0, lay.V * lay.d};
        else if (name == "pos") s = {lay.pos, lay.P * lay.d};
        else if (name == "unembed") s = {lay.unembed, lay.d * lay.V};
        else fail(fn, "freeze names an unknown parameter '" + name + "' (allowed: embed, pos, unembed)");
        bool seen = false;
        for (const Segment& o : out) seen = seen || o.offset == s.offset;
        if (!seen) out.push_back(s);
    }
    return out;
}

// A moment (state.m or state.v) has the parameters' shapes.
std::vector<double> moment(const char* name, const std::optional<TransformerParams>& M,
                           const TransformerParams& p, const TransformerLayout& lay) {
    if (!M) return {};
    check_same_shapes(fn, cat("state.", name), *M, p);
    return flatten(*M, lay);
}

// The model for run_training: one workspace for every evaluation; accept
// records the loss, the accuracy and, when due, a snapshot.
class TransformerTrainee final : public Trainee {
public:
    TransformerTrainee(const TransformerLayout& lay, const TokenBatch& batch,
                       const CountedRows& counted, const std::vector<double>& scales,
                       const std::vector<std::uint8_t>& ablated, std::size_t every, std::size_t t0,
                       std::vector<TransformerSnapshot>& snapshots)
        : lay_(lay), batch_(batch), counted_(counted), scales_(scales), ablated_(ablated),
          every_(every), t0_(t0), snapshots_(snapshots), w_(lay, batch.B, batch.n, true) {}
    double evaluate(const double* theta, double* grad) override {
        last_ = transformer_loss_raw(lay_, theta, batch_.tokens.data(), counted_, scales_,
                                     ablated_.data(), w_, grad);
        return last_.loss;
    }
    void accept(std::size_t k) override {
        loss_.push_back(last_.loss);
        accuracy_.push_back(static_cast<double>(last_.correct) /
                            static_cast<double>(counted_.rows.size()));
        const std::size_t at = t0_ + k;
        if (!every_ || at % every_ != 0) return;
        TransformerSnapshot s{at, last_.loss, std::vector<std::vector<mat>>(lay_.L)};
        for (std::size_t g = 0; g < lay_.count(); ++g)
            s.attention[lay_.layer_of[g]].push_back(attention_map(w_, g, 0));
        snapshots_.push_back(std::move(s));
    }
    std::vector<double> loss_, accuracy_;

private:
    const TransformerLayout& lay_;
    const TokenBatch& batch_;
    const CountedRows& counted_;
    const std::vector<double>& scales_;
    const std::vector<std::uint8_t>& ablated_;
    std::size_t every_, t0_;
    std::vector<TransformerSnapshot>& snapshots_;
    TransformerWorkspace w_;
    TokenLoss last_;
};

}  // namespace

TrainTransformerResult train_transformer(const mat& tokens, const mat& targets,
                                         const TransformerParams& params,
                                         const TrainTransformerOptions& opt) {
    const TransformerLayout lay = check_transformer(fn, params);
    const TokenBatch batch = check_tokens(fn, "data.tokens", tokens, lay);
    const CountedRows counted = counted_rows(check_token_targets(fn, targets, batch, lay.V));
    const std::vector<std::uint8_t> ablated = check_ablate(fn, opt.ablate, lay);
    const std::vector<double> scales = layer_scales(fn, opt.scale, lay);
    std::vector<Segment> frozen = frozen_segments(opt.freeze, lay);
    check_transformer_size(fn, lay, batch.B, batch.n, 0);
    UpdateRule rule;
    const std::size_t steps =
        check_training(fn, opt, transformer_forward_cost(lay, batch.B, batch.n), rule);
    const std::size_t n = batch.n, maps = lay.count() * n * n;
    const std::size_t every =
        check_record(fn, opt.record, steps, maps, cat(lay.count(), " attention maps ", n, " x ", n));
    // Inputs (tokens, targets), the workspace, 12 P as trainAttention counts
    // them (params in and out, theta, its candidate, gradients, moments,
    // their tentative copies, a given state) and the snapshots.
    const double snaps = every ? static_cast<double>(steps / every + 1) * static_cast<double>(maps) : 0;
    check_memory(fn, static_cast<std::uint64_t>(
                         8 * (static_cast<double>(2 * batch.B * n) + 12.0 * lay.size + snaps +
                              transformer_workspace_doubles(lay, batch.B, n, true))));
    FlatState from;
    if (opt.state) {
        from = {opt.state->method, opt.state->t, moment("m", opt.state->m, params, lay),
                moment("v", opt.state->v, params, lay)};
        check_state(fn, opt.method, from, lay.size);
    }

    TrainTransformerResult r;
    TransformerTrainee model(lay, batch, counted, scales, ablated, every,
                             opt.state ? static_cast<std::size_t>(opt.state->t) : 0, r.snapshots);
    TrainRun run = run_training(fn, rule, steps, flatten(params, lay), opt.state ? &from : nullptr,
                                std::move(frozen), model, "scale the weights down");
    r.loss = block_vec(model.loss_, 0, model.loss_.size());
    r.accuracy = block_vec(model.accuracy_, 0, model.accuracy_.size());
    r.params = unflatten(run.theta.data(), lay);
    r.state = model_state<TransformerParams>(
        run.state, [&](const std::vector<double>& x) { return unflatten(x.data(), lay); });
    r.diverged = run.diverged;
    r.diverged_at = run.diverged_at;
    return r;
}

}  // namespace attn
