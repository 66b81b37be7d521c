// Random inputs for the property tests (seeded by each test's GENERATE).
#pragma once

#include <cstddef>
#include <random>

#include "attn/common/types.hpp"

namespace tc {

// r x c, entries normal(0, sd).
inline attn::mat random_mat(std::mt19937& gen, std::size_t r, std::size_t c, double sd = 1.0) {
    std::normal_distribution<double> normal;
    attn::mat x = xt::empty<double>({r, c});
    for (auto& v : x) v = normal(gen) * sd;
    return x;
}

// A probability vector of length n; with zeros, about 30% of it exactly 0.
inline attn::vec random_dist(std::mt19937& gen, std::size_t n, bool zeros) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    attn::vec p = xt::empty<double>({n});
    double s = 0;
    for (auto& x : p) s += (x = (zeros && u(gen) < 0.3) ? 0.0 : u(gen) + 1e-3);
    if (s == 0) p(0) = s = 1.0;
    p /= s;
    return p;
}

}  // namespace tc
