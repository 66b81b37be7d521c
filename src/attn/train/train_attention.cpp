#include "attn/train/train_attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "attn/attention/attention_backward.hpp"
#include "attn/common/check.hpp"
#include "attn/linalg/matmul.hpp"
#include "attn/softmax/softmax.hpp"
#include "attn/softmax/softmax_backward.hpp"

namespace attn {

namespace {

const std::string fn = "trainAttention";

struct Shapes {
    std::size_t B = 0, n = 0, d = 0, dk = 0, dv = 0, C = 0;
    double scale = 1;
    // Offsets of Wq, Wk, Wv, Wo in theta, and its size.
    std::size_t oq = 0, ok = 0, ov = 0, oo = 0, P = 0;
};

// Buffers over all B sequences at once (R = B n rows, sequence b at row
// b n): each weight enters one product per pass (X Wq, H Wo, X^T dQ, ...),
// not B small ones, each of which packed the weight anew (measured: a
// third of a step in wasm went to packing and copying). Allocated once per
// call.
struct Workspace {
    std::vector<double> Q, K, V, H, L, dL, dH, dQ, dK, dV, HT, dP, dS, work;
    std::vector<std::uint8_t> allowed;  // causal pattern (empty: none)
    explicit Workspace(const Shapes& s)
        : Q(s.B * s.n * s.dk), K(Q.size()), V(s.B * s.n * s.dv), H(V.size()), L(s.B * s.n * s.C),
          dL(L.size()), dH(V.size()), dQ(Q.size()), dK(Q.size()), dV(V.size()), HT(V.size()),
          dP(s.n * s.n), dS(s.n * s.n) {}
};

// What one call allocates, in doubles: Workspace, the inputs as rows and
// transposed, the attention maps twice and once more as results, and 12 P
// for theta, its candidate and gradients, the optimizer's moments and
// their tentative copies, a given state and the params in and out.
double footprint(const Shapes& s) {
    const double R = static_cast<double>(s.B * s.n);
    return R * (4.0 * s.dk + 5.0 * s.dv + 2.0 * s.C + 2.0 * s.d) + 2.0 * s.n * s.n +
           3.0 * static_cast<double>(s.B * s.n * s.n) + 12.0 * s.P;
}

struct Eval {
    double loss = 0;        // mean cross-entropy (NaN if the forward pass overflowed)
    std::size_t correct = 0;
};

bool finite_all(const double* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(p[i])) return false;
    return true;
}

// Forward pass over every sequence at theta: loss and correct count; the
// weights into Pall (B x n x n). With grad (zeroed by the caller), the
// gradient of the mean loss is written to it. X: the B sequences as R x d
// rows, XT = X^T (d x R).
Eval evaluate(const Shapes& s, const double* X, const double* XT, const mat& targets,
              const double* theta, double* grad, double* Pall, Workspace& w) {
    const std::size_t n = s.n, d = s.d, dk = s.dk, dv = s.dv, C = s.C, R = s.B * s.n;
    const double* Wq = theta + s.oq;
    const double* Wk = theta + s.ok;
    const double* Wv = theta + s.ov;
    const double* Wo = theta + s.oo;
    const double wgt = 1.0 / static_cast<double>(R);  // d(mean)/d(one position's loss)
    // Forward: projections, then per sequence scaled scores, softmax and
    // values, then the logits.
    gemm_nn(X, Wq, w.Q.data(), R, d, dk);
    gemm_nn(X, Wk, w.K.data(), R, d, dk);
    gemm_nn(X, Wv, w.V.data(), R, d, dv);
    for (std::size_t b = 0; b < s.B; ++b) {
        double* P = Pall + b * n * n;
        gemm_nt(w.Q.data() + b * n * dk, w.K.data() + b * n * dk, P, n, dk, n);
        for (std::size_t i = 0; i < n * n; ++i) P[i] *= s.scale;
        if (!finite_all(P, n * n)) return {NAN, 0};  // diverged: no softmax of Infinity
        softmax_rows_inplace(fn, P, n, n, w.allowed.empty() ? nullptr : w.allowed.data());
        gemm_nn(P, w.V.data() + b * n * dv, w.H.data() + b * n * dv, n, n, dv);
    }
    gemm_nn(w.H.data(), Wo, w.L.data(), R, dv, C);
    Eval ev;
    const double* t = targets.data();
    for (std::size_t i = 0; i < R; ++i)
        if (argmax(w.L.data() + i * C, C) == static_cast<std::size_t>(t[i])) ++ev.correct;
    ev.loss = cross_entropy_rows(w.L.data(), t, R, C, wgt, grad ? w.dL.data() : nullptr) * wgt;
    if (!grad) return ev;

    // Backward: Wo, then H, then attention per sequence, then the three
    // projections.
    transpose_into(w.H.data(), R, dv, w.HT.data());
    gemm_nn(w.HT.data(), w.dL.data(), grad + s.oo, dv, R, C);
    gemm_nt(w.dL.data(), Wo, w.dH.data(), R, C, dv);
    for (std::size_t b = 0; b < s.B; ++b)
        attention_backward_raw(w.Q.data() + b * n * dk, w.K.data() + b * n * dk,
                               w.V.data() + b * n * dv, Pall + b * n * n, w.dH.data() + b * n * dv,
                               n, n, dk, dv, s.scale, w.dQ.data() + b * n * dk,
                               w.dK.data() + b * n * dk, w.dV.data() + b * n * dv, w.dP.data(),
                               w.dS.data(), w.work);
    gemm_nn(XT, w.dQ.data(), grad + s.oq, d, R, dk);
    gemm_nn(XT, w.dK.data(), grad + s.ok, d, R, dk);
    gemm_nn(XT, w.dV.data(), grad + s.ov, d, R, dv);
    return ev;
}

Shapes check_inputs(const std::vector<mat>& X, const mat& targets, const AttentionModel& p,
                    const TrainAttentionOptions& opt) {
    Shapes s;
    s.B = X.size();
    if (s.B == 0) fail(fn, "data.X is empty (give at least one sequence, an n x d matrix)");
    check_sequence_count(s.B);
    for (std::size_t b = 0; b < s.B; ++b) {
        check_matrix(fn, cat("data.X[", b, "]").c_str(), X[b]);
        if (X[b].shape() != X[0].shape())
            fail(fn, "data.X[", b, "] is ", shape_str(X[b]), " but data.X[0] is ", shape_str(X[0]),
                 " (every sequence has the same n x d)");
    }
    s.n = X[0].shape(0);
    s.d = X[0].shape(1);
    if (s.B * s.n * s.d > max_elements)
        fail(fn, "data.X has ", s.B, " x ", s.n, " x ", s.d, " entries, more than the limit of ",
             max_elements);
    if (s.B * s.n * s.n > max_elements)
        fail(fn, "the ", s.B, " attention matrices of ", s.n, " x ", s.n,
             " have more entries than the limit of ", max_elements);
    check_matrix(fn, "params.Wq", p.Wq);
    check_matrix(fn, "params.Wk", p.Wk);
    check_matrix(fn, "params.Wv", p.Wv);
    check_matrix(fn, "params.Wo", p.Wo);
    const std::pair<const char*, const mat*> projections[] = {{"Wq", &p.Wq}, {"Wk", &p.Wk}, {"Wv", &p.Wv}};
    for (const auto& [name, W] : projections)
        if (W->shape(0) != s.d)
            fail(fn, "params.", name, " has ", W->shape(0), " rows but data.X[0] has ", s.d,
                 " columns (d)");
    if (p.Wk.shape(1) != p.Wq.shape(1))
        fail(fn, "params.Wk has ", p.Wk.shape(1), " columns but params.Wq has ", p.Wq.shape(1),
             " (queries and keys need the same d_k)");
    s.dk = p.Wq.shape(1);
    s.dv = p.Wv.shape(1);
    if (p.Wo.shape(0) != s.dv)
        fail(fn, "params.Wo has ", p.Wo.shape(0), " rows but params.Wv has ", s.dv,
             " columns (d_v)");
    s.C = p.Wo.shape(1);
    if (targets.shape(0) != s.B || targets.shape(1) != s.n)
        fail(fn, "data.targets is ", shape_str(targets), " but data.X has ", s.B,
             " sequences of ", s.n, " positions (one class per position)");
    for (std::size_t b = 0; b < s.B; ++b)
        check_targets(fn, cat("data.targets[", b, "]"), targets.data() + b * s.n, s.n, s.C);
    if (opt.scale && !std::isfinite(*opt.scale))
        fail(fn, "scale must be a finite number, got ", *opt.scale);
    s.scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(s.dk));
    s.oq = 0;
    s.ok = s.d * s.dk;
    s.ov = 2 * s.d * s.dk;
    s.oo = s.ov + s.d * s.dv;
    s.P = s.oo + s.dv * s.C;
    return s;
}

// theta's layout [Wq | Wk | Wv | Wo] (the parameters and the moments alike).
std::vector<double> flatten(const AttentionModel& M, const Shapes& s) {
    std::vector<double> theta(s.P);
    std::copy(M.Wq.begin(), M.Wq.end(), theta.begin() + s.oq);
    std::copy(M.Wk.begin(), M.Wk.end(), theta.begin() + s.ok);
    std::copy(M.Wv.begin(), M.Wv.end(), theta.begin() + s.ov);
    std::copy(M.Wo.begin(), M.Wo.end(), theta.begin() + s.oo);
    return theta;
}

AttentionModel unflatten(const std::vector<double>& theta, const Shapes& s) {
    return {block_mat(theta, s.oq, s.d, s.dk), block_mat(theta, s.ok, s.d, s.dk),
            block_mat(theta, s.ov, s.d, s.dv), block_mat(theta, s.oo, s.dv, s.C)};
}

// A moment (state.m or state.v) has the parameters' shapes.
std::vector<double> moment(const char* name, const std::optional<AttentionModel>& M,
                           const AttentionModel& p, const Shapes& s) {
    if (!M) return {};
    const std::pair<const char*, std::pair<const mat*, const mat*>> parts[] = {
        {"Wq", {&M->Wq, &p.Wq}}, {"Wk", {&M->Wk, &p.Wk}}, {"Wv", {&M->Wv, &p.Wv}}, {"Wo", {&M->Wo, &p.Wo}}};
    for (const auto& [key, mp] : parts)
        if (mp.first->shape() != mp.second->shape())
            fail(fn, "state.", name, ".", key, " is ", shape_str(*mp.first), " but params.", key,
                 " is ", shape_str(*mp.second));
    return flatten(*M, s);
}

std::vector<mat> split_weights(const std::vector<double>& Pall, const Shapes& s) {
    std::vector<mat> out;
    out.reserve(s.B);
    for (std::size_t b = 0; b < s.B; ++b) out.push_back(block_mat(Pall, b * s.n * s.n, s.n, s.n));
    return out;
}

// The model for run_training: evaluates into the candidate attention maps
// (Pall_next) and keeps them on accept.
class AttentionTrainee final : public Trainee {
public:
    AttentionTrainee(const Shapes& s, const std::vector<double>& X, const std::vector<double>& XT,
                     const mat& targets, std::size_t every, std::size_t t0, TrainAttentionResult& r)
        : Pall_(s.B * s.n * s.n), s_(s), X_(X), XT_(XT), targets_(targets), every_(every), t0_(t0),
          r_(r), w_(s), Pall_next_(Pall_.size()) {}
    Workspace& workspace() { return w_; }
    double evaluate(const double* theta, double* grad) override {
        ev_ = attn::evaluate(s_, X_.data(), XT_.data(), targets_, theta, grad, Pall_next_.data(), w_);
        return ev_.loss;
    }
    void accept(std::size_t k) override {
        Pall_.swap(Pall_next_);
        loss_.push_back(ev_.loss);
        acc_.push_back(static_cast<double>(ev_.correct) / static_cast<double>(s_.B * s_.n));
        // Numbered from the run's start (a continued run: state.t + k).
        const std::size_t at = t0_ + k;
        if (every_ && at % every_ == 0) r_.snapshots.push_back({at, ev_.loss, split_weights(Pall_, s_)});
    }
    std::vector<double> loss_, acc_;
    std::vector<double> Pall_;  // the kept parameters' attention maps

private:
    const Shapes& s_;
    const std::vector<double>& X_;
    const std::vector<double>& XT_;
    const mat& targets_;
    std::size_t every_, t0_;
    TrainAttentionResult& r_;
    Workspace w_;
    std::vector<double> Pall_next_;
    Eval ev_;
};

}  // namespace

void check_sequence_count(std::size_t B) {
    if (B > max_train_sequences)
        fail(fn, "data.X has ", B, " sequences, more than the limit of ", max_train_sequences);
}

TrainAttentionResult train_attention(const std::vector<mat>& X, const mat& targets,
                                     const AttentionModel& params,
                                     const TrainAttentionOptions& opt) {
    const Shapes s = check_inputs(X, targets, params, opt);
    const double B = static_cast<double>(s.B), n = static_cast<double>(s.n);
    const double forward = B * (n * s.d * (2 * s.dk + s.dv) + n * n * (s.dk + s.dv) + n * s.dv * s.C);
    UpdateRule rule;
    const std::size_t steps = check_training(fn, opt, forward, rule);
    check_memory(fn, static_cast<std::uint64_t>(8 * footprint(s)));
    const std::size_t every = check_record(fn, opt.record, steps, s.B * s.n * s.n,
                                           cat(s.B, " attention matrices ", s.n, " x ", s.n));
    std::vector<double> theta = flatten(params, s);
    FlatState from;
    if (opt.state) {
        from = {opt.state->method, opt.state->t, moment("m", opt.state->m, params, s),
                moment("v", opt.state->v, params, s)};
        check_state(fn, opt.method, from, s.P);
    }
    // The sequences as R x d rows, and transposed for the projections' gradients.
    const std::size_t R = s.B * s.n;
    std::vector<double> Xr(R * s.d), XT(s.d * R);
    for (std::size_t b = 0; b < s.B; ++b) std::copy(X[b].begin(), X[b].end(), Xr.begin() + static_cast<std::ptrdiff_t>(b * s.n * s.d));
    transpose_into(Xr.data(), R, s.d, XT.data());

    TrainAttentionResult r;
    AttentionTrainee model(s, Xr, XT, targets, every, opt.state ? static_cast<std::size_t>(opt.state->t) : 0, r);
    if (opt.causal) {
        std::vector<std::uint8_t>& allowed = model.workspace().allowed;
        allowed.assign(s.n * s.n, 0);
        for (std::size_t i = 0; i < s.n; ++i)
            for (std::size_t j = 0; j <= i; ++j) allowed[i * s.n + j] = 1;
    }
    TrainRun run = run_training(fn, rule, steps, std::move(theta), opt.state ? &from : nullptr, {},
                                model, "scale X or the weights down");
    r.diverged = run.diverged;
    r.diverged_at = run.diverged_at;
    r.loss = block_vec(model.loss_, 0, model.loss_.size());
    r.accuracy = block_vec(model.acc_, 0, model.acc_.size());
    r.params = unflatten(run.theta, s);
    r.state = model_state<AttentionModel>(run.state, [&](const std::vector<double>& x) { return unflatten(x, s); });
    r.weights = split_weights(model.Pall_, s);
    return r;
}

}  // namespace attn
