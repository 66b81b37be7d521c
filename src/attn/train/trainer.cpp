#include "attn/train/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "attn/common/check.hpp"
#include "attn/common/types.hpp"

namespace attn {

std::size_t check_training(const std::string& fn, const TrainOptions& opt, double forward_cost,
                           UpdateRule& rule) {
    rule = check_update_rule(fn, opt.method, opt.lr, opt.beta, opt.beta1, opt.beta2, opt.eps);
    if (!opt.steps) fail(fn, "option steps is missing");
    const double s = *opt.steps;
    if (!(std::floor(s) == s && s >= 0 && s <= static_cast<double>(max_train_steps)))
        fail(fn, "steps must be an integer from 0 to ", max_train_steps, ", got ", s);
    const double work = 3 * forward_cost * (s + 1);
    if (work > max_train_work)
        fail(fn, s, " steps of this model take about ", work,
             " multiply-adds, more than the limit of ", max_train_work,
             ": take fewer steps or a smaller model");
    return static_cast<std::size_t>(s);
}

std::size_t check_record(const std::string& fn, const std::optional<double>& record,
                         std::size_t steps, std::size_t entries, const std::string& what) {
    if (!record) return 0;
    const double r = *record;
    if (!(std::floor(r) == r && r >= 1 && r <= static_cast<double>(max_train_steps)))
        fail(fn, "record must be an integer from 1 to ", max_train_steps,
             " (a snapshot every that many steps), got ", r);
    const std::size_t every = static_cast<std::size_t>(r);
    const std::size_t count = steps / every + 1;
    if (static_cast<double>(count) * static_cast<double>(entries) > static_cast<double>(max_elements))
        fail(fn, count, " snapshots of ", what, " are more than the limit of ", max_elements,
             " entries: record less often");
    return every;
}

Optimizer::Optimizer(const UpdateRule& rule, std::size_t P, std::vector<Segment> frozen)
    : rule_(rule), P_(P), frozen_(std::move(frozen)) {
    std::sort(frozen_.begin(), frozen_.end(),
              [](const Segment& a, const Segment& b) { return a.offset < b.offset; });
    if (rule.method != Method::gd) v_.assign(P, 0.0);
    if (rule.method == Method::adam) m_.assign(P, 0.0);
    m_next_ = m_;
    v_next_ = v_;
}

Optimizer::Optimizer(const UpdateRule& rule, std::size_t P, const FlatState& from,
                     std::vector<Segment> frozen)
    : Optimizer(rule, P, std::move(frozen)) {
    t_ = static_cast<std::size_t>(from.t);
    if (!m_.empty()) m_ = from.m;
    if (!v_.empty()) v_ = from.v;
    // beta^t as the same running product one long run would have built (so
    // chunks equal one call bit for bit); once both are below 2^-60, 1 - b^t
    // is exactly 1 and further factors change nothing.
    if (rule.method == Method::adam)
        for (std::size_t k = 0; k < t_ && (clock_.b1t > 0x1p-60 || clock_.b2t > 0x1p-60); ++k)
            clock_.advance(rule_);
}

bool Optimizer::step_range(std::size_t lo, std::size_t hi, const double* theta_in,
                           const double* grad, double* theta_out) {
    if (hi <= lo) return true;
    auto at = [lo](auto* p) { return p ? p + lo : nullptr; };
    const double* m0 = m_.empty() ? nullptr : m_.data();
    const double* v0 = v_.empty() ? nullptr : v_.data();
    double* m = m_next_.empty() ? nullptr : m_next_.data();
    double* v = v_next_.empty() ? nullptr : v_next_.data();
    return update_step(rule_, clock_next_, hi - lo, theta_in + lo, grad + lo, theta_out + lo,
                       at(m0), at(v0), at(m), at(v), nullptr, nullptr);
}

bool Optimizer::step(const double* theta_in, const double* grad, double* theta_out) {
    clock_next_ = clock_;
    if (rule_.method == Method::adam) clock_next_.advance(rule_);
    // The rule on the blocks between frozen ones; a frozen block and its
    // moments are carried over unchanged.
    bool ok = true;
    std::size_t lo = 0;
    for (const Segment& f : frozen_) {
        ok = step_range(lo, f.offset, theta_in, grad, theta_out) && ok;
        const std::size_t end = f.offset + f.size;
        std::copy(theta_in + f.offset, theta_in + end, theta_out + f.offset);
        if (!m_.empty()) std::copy(m_.begin() + f.offset, m_.begin() + end, m_next_.begin() + f.offset);
        if (!v_.empty()) std::copy(v_.begin() + f.offset, v_.begin() + end, v_next_.begin() + f.offset);
        lo = end;
    }
    return step_range(lo, P_, theta_in, grad, theta_out) && ok;
}

void Optimizer::commit() {
    clock_ = clock_next_;
    m_.swap(m_next_);
    v_.swap(v_next_);
    ++t_;
}

FlatState Optimizer::state() const {
    const char* names[] = {"gd", "momentum", "adam"};
    return {names[static_cast<int>(rule_.method)], static_cast<double>(t_), m_, v_};
}

// Messages built as one string each: fail's pieces would instantiate a
// formatter per combination (measured: 6 KB of wasm for this function).
void check_state(const std::string& fn, const std::string& method, const FlatState& s,
                 std::size_t P) {
    if (s.method != method)
        fail(fn, "state comes from method '" + s.method + "' but this call's method is '" + method +
                     "' (a state continues the run that made it)");
    if (!(std::floor(s.t) == s.t && s.t >= 0 && s.t <= max_train_updates))
        fail(fn, "state.t must be an integer from 0 to 10000000, got " +
                     (std::floor(s.t) == s.t && std::fabs(s.t) < 1e15
                          ? std::to_string(static_cast<long long>(s.t))
                          : num_str(s.t)));
    const bool adam = method == "adam", needs_v = method != "gd";
    if (adam != !s.m.empty() || needs_v != !s.v.empty())
        fail(fn, "a state of method '" + method + "' must have " +
                     (adam ? "m and v" : needs_v ? "v and no m" : "neither m nor v"));
    for (const std::vector<double>* x : {&s.m, &s.v}) {
        if (x->empty()) continue;
        const std::string name = x == &s.m ? "state.m" : "state.v";
        if (x->size() != P)
            fail(fn, name + " has " + num_str(static_cast<double>(x->size())) + " entries, expected " +
                         num_str(static_cast<double>(P)));
        for (double e : *x) {
            if (!std::isfinite(e)) fail(fn, name + " has a non-finite entry (" + num_str(e) + ")");
            if (adam && x == &s.v && e < 0)
                fail(fn, "state.v is Adam's second moment and cannot be negative, got " + num_str(e));
        }
    }
}

namespace {

bool finite_all(const std::vector<double>& x) {
    for (double e : x)
        if (!std::isfinite(e)) return false;
    return true;
}

}  // namespace

TrainRun run_training(const std::string& fn, const UpdateRule& rule, std::size_t steps,
                      std::vector<double> theta, const FlatState* from,
                      std::vector<Segment> frozen, Trainee& model, const char* hint) {
    // A run continues up to max_train_updates: refused here, not by the next call (a state with
    // t past the limit that no call accepts).
    if (from && from->t + static_cast<double>(steps) > max_train_updates)
        fail(fn, "state.t + steps = " + std::to_string(static_cast<long long>(from->t) + static_cast<long long>(steps)) +
                     " goes past 10000000 updates, the longest run a state continues: start a new run");
    const std::size_t P = theta.size();
    // The candidate after an update is evaluated in next / grad_next and kept
    // only if finite. No gradient is needed when no update follows.
    std::vector<double> next(P), grad(P, 0.0), grad_next(P, 0.0);
    const double loss0 = model.evaluate(theta.data(), steps ? grad.data() : nullptr);
    if (!std::isfinite(loss0) || !finite_all(grad))
        fail(fn, "the loss or its gradient at the initial parameters is not finite (loss ", loss0,
             "): ", hint);
    model.accept(0);

    TrainRun run;
    Optimizer optimizer = from ? Optimizer(rule, P, *from, std::move(frozen))
                               : Optimizer(rule, P, std::move(frozen));
    for (std::size_t k = 0; k < steps; ++k) {
        bool ok = optimizer.step(theta.data(), grad.data(), next.data());
        if (ok) {
            try {
                const double loss = model.evaluate(next.data(), grad_next.data());
                ok = std::isfinite(loss) && finite_all(grad_next);
            } catch (const invalid_input&) {
                ok = false;
            }
        }
        if (!ok) {
            run.diverged = true;
            run.diverged_at = k + 1;
            break;
        }
        optimizer.commit();
        theta.swap(next);
        grad.swap(grad_next);
        model.accept(k + 1);
    }
    run.theta = std::move(theta);
    run.state = optimizer.state();
    return run;
}

std::size_t argmax(const double* row, std::size_t n) {
    std::size_t best = 0;
    for (std::size_t j = 1; j < n; ++j)
        if (row[j] > row[best]) best = j;
    return best;
}

mat block_mat(const std::vector<double>& theta, std::size_t offset, std::size_t rows,
              std::size_t cols) {
    mat out = xt::empty<double>({rows, cols});
    std::copy(theta.begin() + static_cast<std::ptrdiff_t>(offset),
              theta.begin() + static_cast<std::ptrdiff_t>(offset + rows * cols), out.data());
    return out;
}

vec block_vec(const std::vector<double>& theta, std::size_t offset, std::size_t n) {
    vec out = xt::empty<double>({n});
    std::copy(theta.begin() + static_cast<std::ptrdiff_t>(offset),
              theta.begin() + static_cast<std::ptrdiff_t>(offset + n), out.data());
    return out;
}

}  // namespace attn
