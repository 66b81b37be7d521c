#include "attn/text/baselines.hpp"

#include <cmath>
#include <limits>

namespace attn::text {

Baselines ngram_baselines(const std::vector<std::size_t>& train, const std::vector<std::size_t>& heldout,
                          std::size_t V, std::size_t count) {
    std::vector<double> uni(V, 0), big(V * V, 0), from(V, 0);
    for (std::size_t t : train) uni[t] += 1;
    for (std::size_t i = 0; i + 1 < train.size(); ++i) {
        big[train[i] * V + train[i + 1]] += 1;
        from[train[i]] += 1;
    }
    std::vector<double> p(V);
    for (std::size_t b = 0; b < V; ++b) p[b] = (uni[b] + 1) / (static_cast<double>(train.size()) + V);
    Baselines out;
    double u = 0;
    for (std::size_t i = 0; i < count; ++i) u -= std::log2(p[heldout[i + 1]]);
    out.unigram = u / static_cast<double>(count);
    out.bigram = std::numeric_limits<double>::infinity();
    for (double k : {0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0}) {
        double s = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t a = heldout[i], b = heldout[i + 1];
            s -= std::log2((big[a * V + b] + k * p[b]) / (from[a] + k));
        }
        s /= static_cast<double>(count);
        if (s < out.bigram) {
            out.bigram = s;
            out.bigram_k = k;
        }
    }
    return out;
}

}  // namespace attn::text
