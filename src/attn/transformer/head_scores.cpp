#include "attn/transformer/head_scores.hpp"

#include <cmath>
#include <cstdint>

#include "attn/common/check.hpp"
#include "attn/transformer/model.hpp"

namespace attn {

namespace {

const std::string fn = "headScores";

// The shapes: B sequences, each with the layers and head counts of the first.
void check_inputs(const mat& tokens, const std::vector<std::vector<std::vector<mat>>>& att) {
    const std::size_t B = tokens.shape(0), n = tokens.shape(1);
    if (B == 0 || n == 0) fail(fn, "tokens is empty (give at least one sequence of at least one token)");
    if (B > max_token_sequences)
        fail(fn, "tokens has ", B, " sequences, more than the limit of ", max_token_sequences);
    for (std::size_t r = 0; r < B * n; ++r) {
        const double t = tokens.data()[r];
        if (!(t >= 0 && std::floor(t) == t && t < 9007199254740992.0))
            fail(fn, "tokens[", r / n, "][", r % n, "] must be a non-negative integer token, got ", t);
    }
    if (static_cast<double>(B) * static_cast<double>(n * n) > static_cast<double>(max_elements))
        fail(fn, "the ", B, " sequences of ", n, " tokens have more attention entries per head than the limit of ",
             max_elements);
    if (att.size() != B)
        fail(fn, "attention has ", att.size(), " sequences but tokens has ", B,
             " (attention[b][l][h], as transformerForward returns it)");
    const std::size_t L = att[0].size();
    if (L > max_transformer_layers)
        fail(fn, "attention[0] has ", L, " layers, more than the limit of ", max_transformer_layers);
    for (std::size_t b = 0; b < B; ++b) {
        if (att[b].size() != L)
            fail(fn, "attention[", b, "] has ", att[b].size(), " layers but attention[0] has ", L);
        for (std::size_t l = 0; l < L; ++l) {
            const std::size_t H = att[0][l].size();
            if (H == 0) fail(fn, "attention[0][", l, "] has no heads");
            if (H > max_layer_heads)
                fail(fn, "attention[0][", l, "] has ", H, " heads, more than the limit of ", max_layer_heads);
            if (att[b][l].size() != H)
                fail(fn, "attention[", b, "][", l, "] has ", att[b][l].size(),
                     " heads but attention[0][", l, "] has ", H);
            for (std::size_t h = 0; h < H; ++h) {
                const mat& A = att[b][l][h];
                const std::string name = cat("attention[", b, "][", l, "][", h, "]");
                check_matrix(fn, name.c_str(), A);
                if (A.shape(0) != n || A.shape(1) != n)
                    fail(fn, name, " is ", shape_str(A), " but tokens has ", n,
                         " positions (each map is n x n)");
            }
        }
    }
}

}  // namespace

HeadScores head_scores(const mat& tokens,
                       const std::vector<std::vector<std::vector<mat>>>& attention) {
    check_inputs(tokens, attention);
    const std::size_t B = tokens.shape(0), n = tokens.shape(1), L = attention[0].size();
    // match[b][i][j]: key j's previous token is query i's token (1 <= j <= i);
    // same[b][i][j]: key j is query i's token (j < i).
    std::vector<std::uint8_t> match(B * n * n, 0), same(B * n * n, 0);
    std::size_t matched_queries = 0, same_queries = 0;
    for (std::size_t b = 0; b < B; ++b) {
        const double* t = tokens.data() + b * n;
        for (std::size_t i = 0; i < n; ++i) {
            bool any = false, again = false;
            for (std::size_t j = 1; j <= i; ++j)
                if (t[j - 1] == t[i]) match[(b * n + i) * n + j] = 1, any = true;
            for (std::size_t j = 0; j < i; ++j)
                if (t[j] == t[i]) same[(b * n + i) * n + j] = 1, again = true;
            matched_queries += any;
            same_queries += again;
        }
    }
    const auto mean = [](double sum, std::size_t count) { return count ? sum / static_cast<double>(count) : NAN; };
    HeadScores r;
    for (std::size_t l = 0; l < L; ++l) {
        const std::size_t H = attention[0][l].size();
        vec prev = xt::empty<double>({H}), prefix = xt::empty<double>({H});
        vec first = xt::empty<double>({H}), self = xt::empty<double>({H});
        for (std::size_t h = 0; h < H; ++h) {
            double sp = 0, sm = 0, sf = 0, ss = 0;
            for (std::size_t b = 0; b < B; ++b) {
                const double* A = attention[b][l][h].data();
                for (std::size_t i = 1; i < n; ++i) sp += A[i * n + i - 1], sf += A[i * n];
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j <= i; ++j) {
                        const std::size_t k = (b * n + i) * n + j;
                        if (match[k]) sm += A[i * n + j];
                        if (same[k]) ss += A[i * n + j];
                    }
            }
            prev(h) = mean(sp, B * (n - 1));
            prefix(h) = mean(sm, matched_queries);
            first(h) = mean(sf, B * (n - 1));
            self(h) = mean(ss, same_queries);
        }
        r.previous_token.push_back(std::move(prev));
        r.prefix_match.push_back(std::move(prefix));
        r.first_token.push_back(std::move(first));
        r.same_token.push_back(std::move(self));
    }
    return r;
}

}  // namespace attn
