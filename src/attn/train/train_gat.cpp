#include "attn/train/train_gat.hpp"

#include <algorithm>
#include <cmath>

#include "attn/common/check.hpp"
#include "attn/graph/gat_backward.hpp"
#include "attn/softmax/softmax_backward.hpp"

namespace attn {

namespace {

const std::string fn = "trainGat";

struct Problem {
    std::size_t n = 0, F = 0, C = 0;
    std::vector<std::uint8_t> edge;
    std::vector<std::size_t> train, labelled;  // node indices
    std::vector<double> train_t;               // their classes
};

struct Eval {
    double loss = 0;
    std::size_t train_correct = 0, correct = 0;
    GatSteps steps;
};

Problem check_inputs(const mat& X, const mat& A, const vec& labels, const GatModel& p,
                     const TrainGatOptions& opt) {
    Problem pr;
    GatOptions g;
    g.negative_slope = opt.negative_slope;
    g.self_loops = opt.self_loops;
    pr.edge = gat_edges(fn, X, A, g);
    check_gat_head(fn, "params.", X, p.W, p.a);
    pr.n = X.shape(0);
    pr.F = X.shape(1);
    pr.C = p.W.shape(1);
    if (labels.size() != pr.n)
        fail(fn, "labels has ", labels.size(), " entries but A has ", pr.n,
             " nodes (one label per node, -1 for unlabelled)");
    for (std::size_t i = 0; i < pr.n; ++i) {
        const double l = labels(i);
        if (!(std::floor(l) == l && l >= -1 && l < static_cast<double>(pr.C)))
            fail(fn, "labels[", i, "] must be an integer class from 0 to ", pr.C - 1,
                 " or -1 (unlabelled), got ", l);
        if (l >= 0) pr.labelled.push_back(i);
    }
    if (!opt.train_mask.empty() && opt.train_mask.size() != pr.n)
        fail(fn, "trainMask has ", opt.train_mask.size(), " entries but A has ", pr.n, " nodes");
    for (std::size_t i = 0; i < pr.n; ++i) {
        const bool in = opt.train_mask.empty() ? labels(i) >= 0 : opt.train_mask[i] != 0;
        if (!in) continue;
        if (labels(i) < 0)
            fail(fn, "trainMask[", i, "] is true but node ", i, " is unlabelled (labels[", i, "] = -1)");
        pr.train.push_back(i);
        pr.train_t.push_back(labels(i));
    }
    if (pr.train.empty())
        fail(fn, "no node to train on: label at least one node (labels 0..", pr.C - 1,
             ") or select one in trainMask");
    return pr;
}

// Forward at (W, a); with grad (W then a, F C + 2 C entries), its gradient.
Eval evaluate(const Problem& pr, const mat& X, const vec& labels, const mat& W, const vec& a,
              double slope, double* grad, std::vector<double>& work) {
    Eval ev;
    ev.steps = gat_forward(fn, X, pr.edge, W, a, slope);
    const std::size_t C = pr.C;
    const double* out = ev.steps.output.data();
    for (std::size_t i : pr.labelled)
        if (argmax(out + i * C, C) == static_cast<std::size_t>(labels(i))) ++ev.correct;
    const std::size_t m = pr.train.size();
    std::vector<double> L(m * C), dL(grad ? m * C : 0);
    for (std::size_t r = 0; r < m; ++r) {
        const double* z = out + pr.train[r] * C;
        std::copy(z, z + C, L.begin() + static_cast<std::ptrdiff_t>(r * C));
        if (argmax(z, C) == static_cast<std::size_t>(pr.train_t[r])) ++ev.train_correct;
    }
    const double w = 1.0 / static_cast<double>(m);
    ev.loss = cross_entropy_rows(L.data(), pr.train_t.data(), m, C, w,
                                 grad ? dL.data() : nullptr) * w;
    if (!grad) return ev;
    // dOutput: the cross-entropy's gradient on the trained rows, 0 elsewhere.
    std::vector<double> dO(pr.n * C, 0.0);
    for (std::size_t r = 0; r < m; ++r)
        std::copy(dL.begin() + static_cast<std::ptrdiff_t>(r * C),
                  dL.begin() + static_cast<std::ptrdiff_t>((r + 1) * C),
                  dO.begin() + static_cast<std::ptrdiff_t>(pr.train[r] * C));
    gat_backward_raw(X.data(), W.data(), a.data(), ev.steps, dO.data(), pr.F, slope, nullptr,
                     grad, grad + pr.F * C, work);
    return ev;
}

// theta = [W | a] (the parameters and the moments alike).
std::vector<double> flatten(const GatModel& M) {
    std::vector<double> theta(M.W.size() + M.a.size());
    std::copy(M.W.begin(), M.W.end(), theta.begin());
    std::copy(M.a.begin(), M.a.end(), theta.begin() + static_cast<std::ptrdiff_t>(M.W.size()));
    return theta;
}

GatModel unflatten(const std::vector<double>& theta, const Problem& pr) {
    return {block_mat(theta, 0, pr.F, pr.C), block_vec(theta, pr.F * pr.C, 2 * pr.C)};
}

// A moment (state.m or state.v) has the parameters' shapes.
std::vector<double> moment(const char* name, const std::optional<GatModel>& M, const GatModel& p) {
    if (!M) return {};
    if (M->W.shape() != p.W.shape())
        fail(fn, "state.", name, ".W is ", shape_str(M->W), " but params.W is ", shape_str(p.W));
    if (M->a.size() != p.a.size())
        fail(fn, "state.", name, ".a has ", M->a.size(), " entries but params.a has ", p.a.size());
    return flatten(*M);
}

// The model for run_training: evaluate keeps its forward pass (alpha,
// output) as the candidate, accept records it.
class GatTrainee final : public Trainee {
public:
    GatTrainee(const Problem& pr, const mat& X, const vec& labels, double slope)
        : pr_(pr), X_(X), labels_(labels), slope_(slope) {}
    double evaluate(const double* theta, double* grad) override {
        const std::size_t nW = pr_.F * pr_.C;
        mat W = xt::empty<double>({pr_.F, pr_.C});
        vec a = xt::empty<double>({2 * pr_.C});
        std::copy(theta, theta + nW, W.data());
        std::copy(theta + nW, theta + nW + 2 * pr_.C, a.data());
        ev_ = attn::evaluate(pr_, X_, labels_, W, a, slope_, grad, work_);
        return ev_.loss;
    }
    void accept(std::size_t) override {
        loss_.push_back(ev_.loss);
        train_acc_.push_back(static_cast<double>(ev_.train_correct) / static_cast<double>(pr_.train.size()));
        acc_.push_back(static_cast<double>(ev_.correct) / static_cast<double>(pr_.labelled.size()));
        last_ = std::move(ev_.steps);
    }
    std::vector<double> loss_, train_acc_, acc_;
    GatSteps last_;  // the kept parameters' forward pass

private:
    const Problem& pr_;
    const mat& X_;
    const vec& labels_;
    double slope_;
    std::vector<double> work_;
    Eval ev_;
};

}  // namespace

TrainGatResult train_gat(const mat& X, const mat& A, const vec& labels, const GatModel& params,
                         const TrainGatOptions& opt) {
    const Problem pr = check_inputs(X, A, labels, params, opt);
    const double n = static_cast<double>(pr.n), C = static_cast<double>(pr.C);
    const double forward = n * pr.F * C + 2 * n * C + 2 * n * n * C;
    UpdateRule rule;
    const std::size_t steps = check_training(fn, opt, forward, rule);

    const std::size_t P = pr.F * pr.C + 2 * pr.C;
    FlatState from;
    if (opt.state) {
        from = {opt.state->method, opt.state->t, moment("m", opt.state->m, params),
                moment("v", opt.state->v, params)};
        check_state(fn, opt.method, from, P);
    }
    GatTrainee model(pr, X, labels, opt.negative_slope);
    TrainRun run = run_training(fn, rule, steps, flatten(params), opt.state ? &from : nullptr, {},
                                model, "scale X or the weights down");
    TrainGatResult r;
    r.diverged = run.diverged;
    r.diverged_at = run.diverged_at;
    r.loss = block_vec(model.loss_, 0, model.loss_.size());
    r.trainAccuracy = block_vec(model.train_acc_, 0, model.train_acc_.size());
    r.accuracy = block_vec(model.acc_, 0, model.acc_.size());
    r.params = unflatten(run.theta, pr);
    r.state = model_state<GatModel>(run.state, [&](const std::vector<double>& x) { return unflatten(x, pr); });
    r.alpha = std::move(model.last_.alpha);
    r.predictions = xt::empty<double>({pr.n});
    for (std::size_t i = 0; i < pr.n; ++i)
        r.predictions(i) = static_cast<double>(argmax(model.last_.output.data() + i * pr.C, pr.C));
    return r;
}

}  // namespace attn
