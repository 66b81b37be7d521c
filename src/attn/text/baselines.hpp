// The n-gram baselines of the text models' report (issue 31): held-out
// cross-entropy in bits per character of a unigram and a bigram model
// counted on the training tokens.
//
//   unigram  p(b) = (c(b) + 1) / (N + V)                    (add-one)
//   bigram   p(b | a) = (c(a b) + k p(b)) / (c(a) + k)     (interpolated with
//            the unigram; k is the best of {0.1, 0.3, 1, 3, 10, 30, 100} on the
//            held-out targets themselves: in the baseline's favour)
// Targets: heldout[i + 1] for i < count (given heldout[i] for the bigram).
#pragma once

#include <cstddef>
#include <vector>

namespace attn::text {

struct Baselines {
    double unigram = 0, bigram = 0;  // bits per character
    double bigram_k = 0;             // the k chosen
};

Baselines ngram_baselines(const std::vector<std::size_t>& train, const std::vector<std::size_t>& heldout,
                          std::size_t V, std::size_t count);

}  // namespace attn::text
