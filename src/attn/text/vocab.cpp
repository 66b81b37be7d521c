#include "attn/text/vocab.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <utility>

namespace attn::text {

std::vector<char32_t> utf8_decode(const std::string& s) {
    std::vector<char32_t> out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const std::size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
        if (len == 0 || i + len > s.size()) {
            out.push_back(0xFFFD);
            ++i;
            continue;
        }
        char32_t c = len == 1 ? b : b & (0x7F >> len);
        bool ok = true;
        for (std::size_t k = 1; k < len; ++k) {
            const auto x = static_cast<unsigned char>(s[i + k]);
            ok = ok && (x >> 6) == 2;
            c = (c << 6) | (x & 0x3F);
        }
        out.push_back(ok ? c : 0xFFFD);
        i += ok ? len : 1;
    }
    return out;
}

std::string utf8_encode(char32_t c) {
    std::string s;
    if (c < 0x80) {
        s += static_cast<char>(c);
    } else if (c < 0x800) {
        s += static_cast<char>(0xC0 | (c >> 6));
        s += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        s += static_cast<char>(0xE0 | (c >> 12));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        s += static_cast<char>(0xF0 | (c >> 18));
        s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
    return s;
}

Vocab build_vocab(const std::vector<char32_t>& text, std::size_t max_symbols) {
    std::map<char32_t, std::size_t> count;
    for (char32_t c : text) ++count[c];
    std::vector<std::pair<char32_t, std::size_t>> by(count.begin(), count.end());
    std::stable_sort(by.begin(), by.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    Vocab v;
    const std::size_t keep = max_symbols == 0 ? by.size() : std::min(max_symbols, by.size());
    for (std::size_t k = 0; k < keep; ++k) v.symbols.push_back(by[k].first);
    v.other = keep < by.size();
    return v;
}

std::vector<std::size_t> encode(const Vocab& v, const std::vector<char32_t>& text) {
    std::unordered_map<char32_t, std::size_t> id;
    for (std::size_t k = 0; k < v.symbols.size(); ++k) id[v.symbols[k]] = k;
    std::vector<std::size_t> out;
    out.reserve(text.size());
    for (char32_t c : text) {
        auto it = id.find(c);
        out.push_back(it != id.end() ? it->second : v.symbols.size());
    }
    return out;
}

Split split_tokens(const std::vector<std::size_t>& tokens, double heldout) {
    const auto h = static_cast<std::size_t>(std::floor(heldout * static_cast<double>(tokens.size())));
    const auto cut = tokens.begin() + static_cast<std::ptrdiff_t>(tokens.size() - h);
    return {{tokens.begin(), cut}, {cut, tokens.end()}};
}

}  // namespace attn::text
