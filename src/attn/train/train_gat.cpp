#include "attn/train/train_gat.hpp"

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

bool finite_all(const double* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(p[i])) return false;
    return true;
}

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

}  // namespace

TrainGatResult train_gat(const mat& X, const mat& A, const vec& labels, const GatModel& params,
                         const TrainGatOptions& opt) {
    const Problem pr = check_inputs(X, A, labels, params, opt);
    const double n = static_cast<double>(pr.n), C = static_cast<double>(pr.C);
    const double forward = n * pr.F * C + 2 * n * C + 2 * n * n * C;
    UpdateRule rule;
    const std::size_t steps = check_training(fn, opt, forward, rule);
    const double slope = opt.negative_slope;

    const std::size_t nW = pr.F * pr.C, P = nW + 2 * pr.C;
    std::vector<double> theta = flatten(params), next(P), grad(P), grad_next(P), work;
    FlatState from;
    if (opt.state) {
        from = {opt.state->method, opt.state->t, moment("m", opt.state->m, params),
                moment("v", opt.state->v, params)};
        check_state(fn, opt.method, from, P);
    }

    std::vector<double> loss, train_acc, acc;
    auto accept = [&](const Eval& ev) {
        loss.push_back(ev.loss);
        train_acc.push_back(static_cast<double>(ev.train_correct) / static_cast<double>(pr.train.size()));
        acc.push_back(static_cast<double>(ev.correct) / static_cast<double>(pr.labelled.size()));
    };
    Eval ev = evaluate(pr, X, labels, params.W, params.a, slope, steps ? grad.data() : nullptr, work);
    if (!std::isfinite(ev.loss) || !finite_all(grad.data(), P))
        fail(fn, "the loss or its gradient at the initial parameters is not finite (loss ", ev.loss,
             "): scale X or the weights down");
    accept(ev);

    TrainGatResult r;
    GatSteps last_steps = std::move(ev.steps);
    Optimizer optimizer = opt.state ? Optimizer(rule, P, from) : Optimizer(rule, P);
    // Kept when the loss and the gradient after it are finite, the last
    // update of the call too (a run in chunks equals one call).
    for (std::size_t k = 0; k < steps; ++k) {
        bool ok = optimizer.step(theta.data(), grad.data(), next.data());
        if (ok) {
            // A diverging run overflows inside the forward pass (an error
            // there at the initial parameters): here it ends the run.
            try {
                ev = evaluate(pr, X, labels, block_mat(next, 0, pr.F, pr.C),
                              block_vec(next, nW, 2 * pr.C), slope, grad_next.data(), work);
                ok = std::isfinite(ev.loss) && finite_all(grad_next.data(), P);
            } catch (const invalid_input&) {
                ok = false;
            }
        }
        if (!ok) {
            r.diverged = true;
            r.diverged_at = k + 1;
            break;
        }
        optimizer.commit();
        theta.swap(next);
        grad.swap(grad_next);
        last_steps = std::move(ev.steps);
        accept(ev);
    }

    r.loss = block_vec(loss, 0, loss.size());
    r.trainAccuracy = block_vec(train_acc, 0, train_acc.size());
    r.accuracy = block_vec(acc, 0, acc.size());
    r.params = unflatten(theta, pr);
    r.state = model_state<GatModel>(optimizer.state(), [&](const std::vector<double>& x) { return unflatten(x, pr); });
    r.alpha = std::move(last_steps.alpha);
    r.predictions = xt::empty<double>({pr.n});
    for (std::size_t i = 0; i < pr.n; ++i)
        r.predictions(i) = static_cast<double>(argmax(last_steps.output.data() + i * pr.C, pr.C));
    return r;
}

}  // namespace attn
