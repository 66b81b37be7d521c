// Shared vocabulary of the core: evaluated double tensors and the one
// exception type that every validation failure throws.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include <xtensor/xtensor.hpp>

namespace attn {

using vec = xt::xtensor<double, 1>;  // length n
using mat = xt::xtensor<double, 2>;  // rows x cols, row-major

// Thrown for bad input. what() starts with the public function name,
// e.g. "attention: K has 3 columns but Q has 4".
struct invalid_input : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

}  // namespace attn
