// The chapter's three update rules as ONE step over a flat parameter
// buffer, shared by optimize (which records every iterate) and the trainers
// (train/, which update their weights in place).
//
//   d   number of parameters (entries of x)
//   x_in, x_out, g: d     (x_out may equal x_in: in-place update)
//   state m, v (and mHat, vHat for the record): d each
//
//   gd        x = x - lr g
//   momentum  v = beta v + lr g;  x = x - v                        (v_0 = 0)
//   adam      m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
//             mHat = m / (1 - beta1^t);  vHat = v / (1 - beta2^t)
//             x = x - lr mHat / (sqrt(vHat) + eps)             (m_0 = v_0 = 0)
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace attn {

enum class Method { gd, momentum, adam };

// The validated rule: method and hyper-parameters.
struct UpdateRule {
    Method method = Method::gd;
    double lr = 0, beta = 0.9, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
};

// Checks method ('gd' | 'momentum' | 'adam'), lr (required, > 0, finite),
// beta, beta1, beta2 (in [0, 1)) and eps (> 0) with messages naming fn.
UpdateRule check_update_rule(const std::string& fn, const std::string& method,
                             const std::optional<double>& lr, double beta, double beta1,
                             double beta2, double eps);

// beta1^t and beta2^t as running products (std::pow costs ~100 ns a call in
// wasm, more than a 2-D step); advance() once per step, before the update.
struct AdamClock {
    double b1t = 1, b2t = 1;
    void advance(const UpdateRule& r) {
        b1t *= r.beta1;
        b2t *= r.beta2;
    }
};

// One step t (clock already advanced for adam). m0/v0: the state before the
// step (zeros at t = 1; may equal m/v for an in-place state); m, v: after.
// mh, vh: where mHat, vHat are written (null: not recorded). Unused state
// pointers may be null (gd: all; momentum: m, m0, mh, vh). Returns false
// when x or the state became non-finite (the run diverged).
bool update_step(const UpdateRule& r, const AdamClock& clock, std::size_t d, const double* x_in,
                 const double* g, double* x_out, const double* m0, const double* v0, double* m,
                 double* v, double* mh, double* vh);

}  // namespace attn
