#include "attn/train/trainer.hpp"

#include <algorithm>
#include <cmath>

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

Optimizer::Optimizer(const UpdateRule& rule, std::size_t P) : rule_(rule), P_(P) {
    if (rule.method != Method::gd) v_.assign(P, 0.0);
    if (rule.method == Method::adam) m_.assign(P, 0.0);
    m_next_ = m_;
    v_next_ = v_;
}

Optimizer::Optimizer(const UpdateRule& rule, std::size_t P, const FlatState& from)
    : Optimizer(rule, P) {
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

bool Optimizer::step(const double* theta_in, const double* grad, double* theta_out) {
    clock_next_ = clock_;
    if (rule_.method == Method::adam) clock_next_.advance(rule_);
    const double* m0 = m_.empty() ? nullptr : m_.data();
    const double* v0 = v_.empty() ? nullptr : v_.data();
    double* m = m_next_.empty() ? nullptr : m_next_.data();
    double* v = v_next_.empty() ? nullptr : v_next_.data();
    return update_step(rule_, clock_next_, P_, theta_in, grad, theta_out, m0, v0, m, v, nullptr,
                       nullptr);
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
