#include "attn/text/quantize.hpp"

#include <cmath>
#include <cstring>

namespace attn::text {

QuantizedMatrix quantize_int8(const mat& w) {
    QuantizedMatrix m{w.shape()[0], w.shape()[1], 0, {}};
    double top = 0;
    for (double x : w) top = std::max(top, std::abs(x));
    m.scale = top / 127;
    m.q.reserve(w.size());
    for (double x : w) m.q.push_back(static_cast<std::int8_t>(m.scale > 0 ? std::lround(x / m.scale) : 0));
    return m;
}

mat dequantize(const QuantizedMatrix& m) {
    mat w = xt::empty<double>({m.rows, m.cols});
    for (std::size_t k = 0; k < m.q.size(); ++k) w.data()[k] = static_cast<double>(m.q[k]) * m.scale;
    return w;
}

namespace {
const char* const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}

std::string base64_encode(const std::vector<std::int8_t>& bytes) {
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t v = static_cast<std::uint8_t>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= static_cast<std::uint8_t>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) v |= static_cast<std::uint8_t>(bytes[i + 2]);
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? alphabet[(v >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? alphabet[v & 63] : '=';
    }
    return out;
}

std::vector<std::int8_t> base64_decode(const std::string& s) {
    if (s.size() % 4 != 0) throw invalid_input("base64_decode: length is not a multiple of 4");
    std::vector<std::int8_t> out;
    for (std::size_t i = 0; i < s.size(); i += 4) {
        std::uint32_t v = 0;
        int pad = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            const char c = s[i + k];
            std::uint32_t d = 0;
            if (c == '=' && i + 4 == s.size() && k >= 2) {
                ++pad;
            } else {
                const char* p = pad ? nullptr : std::strchr(alphabet, c);
                if (!p || c == 0) throw invalid_input("base64_decode: bad character");
                d = static_cast<std::uint32_t>(p - alphabet);
            }
            v = (v << 6) | d;
        }
        out.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>(v >> 16)));
        if (pad < 2) out.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>((v >> 8) & 255)));
        if (pad < 1) out.push_back(static_cast<std::int8_t>(static_cast<std::uint8_t>(v & 255)));
    }
    return out;
}

}  // namespace attn::text
