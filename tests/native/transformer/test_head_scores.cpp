// headScores on hand-checkable patterns (a previous-token head, an
// induction head, uniform attention), against a NumPy transcription of the
// probe's scores (scripts/fixtures/transformer.py, head_scores.json), and
// its input checks.
#include <catch2/catch.hpp>
#include <cmath>

#include "attn/transformer/head_scores.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;

namespace {

using Maps = std::vector<std::vector<std::vector<mat>>>;

// n x n maps from a rule: row i puts all its weight on key pick(i).
template <class Pick>
mat one_hot_rows(std::size_t n, Pick pick) {
    mat A = xt::zeros<double>({n, n});
    for (std::size_t i = 0; i < n; ++i) A(i, pick(i)) = 1;
    return A;
}

}  // namespace

TEST_CASE("headScores: a previous-token head, an induction head and uniform attention", "[transformer]") {
    // "A B C A B C": query 3 (A) matches key 1 (after A), 4 -> 2, 5 -> 3.
    const mat tokens = {{0, 1, 2, 0, 1, 2}};
    const std::size_t n = 6;
    const mat prev = one_hot_rows(n, [](std::size_t i) { return i == 0 ? 0 : i - 1; });
    const mat induction = one_hot_rows(n, [](std::size_t i) { return i >= 3 ? i - 2 : i; });
    mat uniform = xt::zeros<double>({n, n});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) uniform(i, j) = 1.0 / static_cast<double>(i + 1);
    const auto r = head_scores(tokens, Maps{{{prev, induction}, {uniform}}});
    REQUIRE(r.previous_token.size() == 2);
    REQUIRE(r.previous_token[0](0) == 1);   // every query i >= 1 on i - 1
    REQUIRE(r.prefix_match[0](0) == 0);     // queries 3, 4, 5 look at 2, 3, 4: none follows their token
    REQUIRE(r.previous_token[0](1) == 0);   // queries 1, 2 on themselves, 3, 4, 5 on i - 2
    REQUIRE(r.prefix_match[0](1) == 1);     // 3 -> 1, 4 -> 2, 5 -> 3: each on the key after its token
    // uniform: A[i][i-1] = 1 / (i + 1) for i = 1..5; each matched query has one key of weight 1 / (i + 1)
    tc::require_close(r.previous_token[1](0), (1.0 / 2 + 1.0 / 3 + 1.0 / 4 + 1.0 / 5 + 1.0 / 6) / 5, 1e-15);
    tc::require_close(r.prefix_match[1](0), (1.0 / 4 + 1.0 / 5 + 1.0 / 6) / 3, 1e-15);
    // firstToken: only query 1 of the previous-token head looks at key 0; the induction head never
    REQUIRE(r.first_token[0](0) == 1.0 / 5);
    REQUIRE(r.first_token[0](1) == 0);
    // sameToken: queries 3, 4, 5 have an earlier copy of their token (keys 0, 1, 2); neither head looks there
    REQUIRE(r.same_token[0](0) == 0);
    REQUIRE(r.same_token[0](1) == 0);
    tc::require_close(r.first_token[1](0), r.previous_token[1](0), 1e-15);  // A[i][0] = A[i][i-1] = 1 / (i + 1)
    tc::require_close(r.same_token[1](0), (1.0 / 4 + 1.0 / 5 + 1.0 / 6) / 3, 1e-15);
}

TEST_CASE("headScores: a sink head and a same-token head", "[transformer]") {
    // "A B A A": queries 2 and 3 have earlier copies of A (keys 0; 0 and 2).
    const mat tokens = {{0, 1, 0, 0}};
    const mat sink = one_hot_rows(4, [](std::size_t) { return 0; });
    const mat self = one_hot_rows(4, [](std::size_t i) { return i == 3 ? 2 : i == 2 ? 0 : i; });
    const auto r = head_scores(tokens, Maps{{{sink, self}}});
    REQUIRE(r.first_token[0](0) == 1);
    REQUIRE(r.same_token[0](0) == 1);  // key 0 is an A for queries 2 and 3
    REQUIRE(r.first_token[0](1) == 1.0 / 3);
    REQUIRE(r.same_token[0](1) == 1);
    REQUIRE(r.previous_token[0](1) == 1.0 / 3);  // query 3 on key 2
}

TEST_CASE("headScores equals the NumPy reference", "[transformer]") {
    const auto& fx = fx::load("head_scores");
    for (const auto& k : fx["cases"].arr) {
        INFO(k["name"].str);
        Maps att;
        for (const auto& seq : k["attention"].arr) {
            att.emplace_back();
            for (const auto& layer : seq.arr) {
                att.back().emplace_back();
                for (const auto& A : layer.arr) att.back().back().push_back(A.mat());
            }
        }
        const auto r = head_scores(k["tokens"].mat(), att);
        REQUIRE(r.previous_token.size() == k["previousToken"].size());
        for (std::size_t l = 0; l < r.previous_token.size(); ++l) {
            tc::require_close(r.previous_token[l], k["previousToken"][l].vec());
            tc::require_close(r.prefix_match[l], k["prefixMatch"][l].vec());
            tc::require_close(r.first_token[l], k["firstToken"][l].vec());
            tc::require_close(r.same_token[l], k["sameToken"][l].vec());
        }
    }
}

TEST_CASE("headScores rejects bad input", "[transformer]") {
    const mat tokens = {{0, 1, 0}, {1, 1, 0}};
    const mat A = xt::eye<double>(3);
    const std::string fn = "headScores: ";
    tc::require_invalid([&] { head_scores(tokens, Maps{{{A}}}); }, fn + "attention has 1 sequences but tokens has 2");
    tc::require_invalid([&] { head_scores(tokens, Maps{{{A}}, {{A, A}}}); },
                        fn + "attention[1][0] has 2 heads but attention[0][0] has 1");
    tc::require_invalid([&] { head_scores(tokens, Maps{{{A}}, {{A}, {A}}}); },
                        fn + "attention[1] has 2 layers but attention[0] has 1");
    tc::require_invalid([&] { head_scores(tokens, Maps{{{A}}, {{mat(xt::eye<double>(2))}}}); },
                        fn + "attention[1][0][0] is 2 x 2 but tokens has 3 positions");
    tc::require_invalid([&] { head_scores(mat{{0, 1.5, 0}, {1, 1, 0}}, Maps{{{A}}, {{A}}}); },
                        fn + "tokens[0][1] must be a non-negative integer token, got 1.5");
    mat bad = A;
    bad(1, 0) = NAN;
    tc::require_invalid([&] { head_scores(tokens, Maps{{{A}}, {{bad}}}); }, fn + "attention[1][0][0] has a non-finite entry");
}
