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
}

// In place state (m0 = m, v0 = v): the rule reads each entry before writing it.
bool Optimizer::step(const double* theta_in, const double* grad, double* theta_out) {
    if (rule_.method == Method::adam) clock_.advance(rule_);
    double* m = m_.empty() ? nullptr : m_.data();
    double* v = v_.empty() ? nullptr : v_.data();
    return update_step(rule_, clock_, P_, theta_in, grad, theta_out, m, v, m, v, nullptr, nullptr);
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
