// The text models' compact weights (issue 31): each parameter matrix as
// int8 with one scale per matrix (symmetric: scale = max |w| / 127,
// q = round(w / scale) in -127..127, w' = q scale), carried as base64.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "attn/common/types.hpp"

namespace attn::text {

struct QuantizedMatrix {
    std::size_t rows = 0, cols = 0;
    double scale = 0;             // 0 for an all-zero matrix
    std::vector<std::int8_t> q;   // row-major
};

QuantizedMatrix quantize_int8(const mat& w);
mat dequantize(const QuantizedMatrix& m);

// Standard base64 (RFC 4648, with padding). decode throws invalid_input on a bad string.
std::string base64_encode(const std::vector<std::int8_t>& bytes);
std::vector<std::int8_t> base64_decode(const std::string& s);

}  // namespace attn::text
