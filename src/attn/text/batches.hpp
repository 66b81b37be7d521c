// Minibatches of a token stream for the text models (issue 31): B windows
// of n + 1 consecutive tokens at starts drawn by a seeded generator
// (SplitMix64, the same sequence on every platform), as next-token
// tokens / targets (B x n each, flat).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace attn::text {

struct SplitMix64 {
    std::uint64_t state;
    explicit SplitMix64(std::uint64_t seed) : state(seed) {}
    std::uint64_t next();
    double uniform();        // in [0, 1), 53 bits
    double normal();         // Box-Muller, one value per call
    std::size_t below(std::size_t n);  // in 0..n-1
};

struct Minibatch {
    std::size_t B = 0, n = 0;
    std::vector<std::size_t> tokens;  // B n
    std::vector<long> targets;        // B n
};

// B random windows (needs stream.size() > n).
Minibatch random_windows(const std::vector<std::size_t>& stream, std::size_t B, std::size_t n, SplitMix64& rng);
// Like random_windows, but round(repeat B) of the B windows (the last ones)
// are "repeats", for training an induction head: real text seldom repeats
// within a window, so without them the model never needs to copy. A repeat
// is f tokens of real text, then the next h tokens, then those h tokens
// again followed by the text after them, truncated to n + 1 tokens: h is
// drawn in [6, n/2] and f in [0, n + 1 - 2h], so the copy's offset varies (a
// fixed offset lets a 1-layer model predict the copy from position alone).
// repeat = 0 draws exactly what random_windows draws. Needs n >= 12.
Minibatch mixed_windows(const std::vector<std::size_t>& stream, std::size_t B, std::size_t n, double repeat,
                        SplitMix64& rng);
// The windows starting at first, first + n, ..., (B of them; first + B n < stream.size()).
Minibatch consecutive_windows(const std::vector<std::size_t>& stream, std::size_t first, std::size_t B,
                              std::size_t n);

}  // namespace attn::text
