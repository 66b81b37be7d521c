#include "attn/text/batches.hpp"

#include <cmath>

namespace attn::text {

std::uint64_t SplitMix64::next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double SplitMix64::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double SplitMix64::normal() {
    const double u = 1.0 - uniform(), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
}

std::size_t SplitMix64::below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

namespace {
void put_window(const std::vector<std::size_t>& stream, std::size_t s, std::size_t n, Minibatch& m) {
    for (std::size_t i = 0; i < n; ++i) {
        m.tokens.push_back(stream[s + i]);
        m.targets.push_back(static_cast<long>(stream[s + i + 1]));
    }
}
}  // namespace

Minibatch random_windows(const std::vector<std::size_t>& stream, std::size_t B, std::size_t n, SplitMix64& rng) {
    Minibatch m{B, n, {}, {}};
    for (std::size_t b = 0; b < B; ++b) put_window(stream, rng.below(stream.size() - n), n, m);
    return m;
}

Minibatch mixed_windows(const std::vector<std::size_t>& stream, std::size_t B, std::size_t n, double repeat,
                        SplitMix64& rng) {
    const auto R = static_cast<std::size_t>(std::lround(repeat * static_cast<double>(B)));
    Minibatch m = random_windows(stream, B - R, n, rng);
    m.B = B;
    for (std::size_t b = 0; b < R; ++b) {
        const std::size_t h = 6 + rng.below(n / 2 - 5);     // 6..n/2
        const std::size_t f = rng.below(n + 2 - 2 * h);     // 0..n+1-2h
        const std::size_t s = rng.below(stream.size() - n); // as random_windows: s + n < size
        std::vector<std::size_t> w(stream.begin() + s, stream.begin() + s + f + h);
        w.insert(w.end(), stream.begin() + s + f, stream.begin() + s + n + 1 - h);  // n + 1 tokens in all
        put_window(w, 0, n, m);
    }
    return m;
}

Minibatch consecutive_windows(const std::vector<std::size_t>& stream, std::size_t first, std::size_t B,
                              std::size_t n) {
    Minibatch m{B, n, {}, {}};
    for (std::size_t b = 0; b < B; ++b) put_window(stream, first + b * n, n, m);
    return m;
}

}  // namespace attn::text
