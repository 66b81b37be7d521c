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
// The windows starting at first, first + n, ..., (B of them; first + B n < stream.size()).
Minibatch consecutive_windows(const std::vector<std::size_t>& stream, std::size_t first, std::size_t B,
                              std::size_t n);

}  // namespace attn::text
