// A character-level corpus for the text models (issue 31): UTF-8 text as
// code points, its vocabulary and its tokens.
//
//   vocabulary: the corpus's characters by count (descending; ties by code
//   point), at most max_symbols of them (0: all); when some are left out,
//   one more token, "other", stands for all of them (the last id, V - 1).
//   split: the first (1 - heldout) of the tokens train, the rest held out.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace attn::text {

// UTF-8 -> code points (invalid bytes become U+FFFD) and one code point -> UTF-8.
std::vector<char32_t> utf8_decode(const std::string& s);
std::string utf8_encode(char32_t c);

struct Vocab {
    std::vector<char32_t> symbols;  // token id -> character
    bool other = false;             // one more token (id symbols.size()) for the rest
    std::size_t size() const { return symbols.size() + (other ? 1 : 0); }
};

Vocab build_vocab(const std::vector<char32_t>& text, std::size_t max_symbols);
std::vector<std::size_t> encode(const Vocab& v, const std::vector<char32_t>& text);

struct Split {
    std::vector<std::size_t> train, heldout;
};
// The held-out part is the last floor(heldout * N) tokens.
Split split_tokens(const std::vector<std::size_t>& tokens, double heldout);

}  // namespace attn::text
