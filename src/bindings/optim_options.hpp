// The optimizer options (method, lr, steps, beta, beta1, beta2, eps) from a
// wire object, shared by optimize (bind_optim.cpp) and the trainers
// (bind_train.cpp): O is OptimOptions or TrainOptions, which name them alike.
#pragma once

#include "convert.hpp"

namespace attn::js {

template <class O>
void optimizer_options(const val& a, O& o) {
    if (has(a, "method")) o.method = str(a, "method");
    if (has(a, "lr")) o.lr = num(a, "lr");
    if (has(a, "steps")) o.steps = num(a, "steps");
    if (has(a, "beta")) o.beta = num(a, "beta");
    if (has(a, "beta1")) o.beta1 = num(a, "beta1");
    if (has(a, "beta2")) o.beta2 = num(a, "beta2");
    if (has(a, "eps")) o.eps = num(a, "eps");
}

}  // namespace attn::js
