// The text models of issue 31 (web/lessons/attention/models/*.json, written
// by npm run train-models): the committed int8 weights, dequantized by the
// core (attn/text/quantize), against PyTorch from the same JSON (rtol 1e-9):
// transformerForward's logits and attention on two fixed sequences, the
// held-out slice's bits per character and headScores, and three Adam steps
// of trainTransformer from the committed weights; the report's numbers in
// the JSON within 1e-6 of PyTorch's. Also the text library's small parts:
// UTF-8, vocabulary with "other", split, base64, int8 quantization, the
// n-gram baselines, the seeded windows and the repeat windows.
// Reference values: tests/fixtures/text_models.json, made by
// scripts/fixtures/text_models.py (/usr/bin/python3 scripts/gen_fixtures.py text_models).
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "attn/text/baselines.hpp"
#include "attn/text/batches.hpp"
#include "attn/text/quantize.hpp"
#include "attn/text/vocab.hpp"
#include "attn/transformer/forward.hpp"
#include "attn/transformer/head_scores.hpp"
#include "attn/transformer/loss.hpp"
#include "attn/transformer/train_transformer.hpp"
#include "support/check.hpp"
#include "support/json.hpp"

using namespace attn;
using namespace attn::text;

namespace {

fx::Json read_model(const std::string& rel) {
    const std::string path = std::string(ATTN_FIXTURES_DIR) + "/../../" + rel;
    std::ifstream f(path, std::ios::binary);
    REQUIRE(f);
    std::stringstream ss;
    ss << f.rdbuf();
    return fx::Parser(ss.str()).parse();
}

TransformerParams params_of_model(const fx::Json& m) {
    std::vector<mat> mats;
    for (const auto& w : m["weights"].arr) {
        QuantizedMatrix q{static_cast<std::size_t>(w["rows"].number()), static_cast<std::size_t>(w["cols"].number()),
                          w["scale"].number(), base64_decode(w["q"].str)};
        REQUIRE(q.q.size() == q.rows * q.cols);
        mats.push_back(dequantize(q));
    }
    const auto L = static_cast<std::size_t>(m["sizes"]["layers"].number());
    const auto H = static_cast<std::size_t>(m["sizes"]["heads"].number());
    REQUIRE(mats.size() == 3 + 4 * L * H);
    TransformerParams p{mats[0], mats[1], {}, mats.back()};
    std::size_t k = 2;
    for (std::size_t l = 0; l < L; ++l) {
        p.layers.emplace_back();
        for (std::size_t h = 0; h < H; ++h, k += 4)
            p.layers.back().push_back({mats[k], mats[k + 1], mats[k + 2], mats[k + 3]});
    }
    return p;
}

void require_scores(const HeadScores& got, const fx::Json& want, double rtol, double atol) {
    for (std::size_t l = 0; l < got.previous_token.size(); ++l) {
        tc::require_close(got.previous_token[l], want["previousToken"][l].vec(), rtol, atol);
        tc::require_close(got.prefix_match[l], want["prefixMatch"][l].vec(), rtol, atol);
    }
}

}  // namespace

TEST_CASE("text models: the committed weights' forward pass equals PyTorch's", "[text]") {
    for (const auto& k : fx::load("text_models")["models"].arr) {
        INFO(k["lang"].str);
        const auto model = read_model(k["file"].str);
        const TransformerParams p = params_of_model(model);
        const auto& s = k["sequences"];
        const auto r = transformer_forward(s["tokens"].mat(), p);
        for (std::size_t b = 0; b < r.logits.size(); ++b) {
            tc::require_close(r.logits[b], s["logits"][b].mat());
            for (std::size_t l = 0; l < r.attention[b].size(); ++l)
                for (std::size_t h = 0; h < r.attention[b][l].size(); ++h)
                    tc::require_close(r.attention[b][l][h], s["attention"][b][l][h].mat());
        }
    }
}

TEST_CASE("text models: held-out bits and head scores equal PyTorch's and the report's", "[text]") {
    for (const auto& k : fx::load("text_models")["models"].arr) {
        INFO(k["lang"].str);
        const auto model = read_model(k["file"].str);
        const TransformerParams p = params_of_model(model);
        const auto& sl = k["slice"];
        const auto& rep = model["report"]["slice"];
        const double bits = transformer_loss(sl["tokens"].mat(), sl["targets"].mat(), p).loss / std::log(2.0);
        tc::require_close(bits, sl["bits"].number());
        tc::require_close(bits, rep["bits"].number(), 0, 1e-6);
        const HeadScores text = head_scores(sl["tokens"].mat(), transformer_forward(sl["tokens"].mat(), p).attention);
        require_scores(text, sl["headScoresText"], 1e-9, 1e-12);
        require_scores(text, rep["headScoresText"], 0, 1e-6);
        const HeadScores repeated =
            head_scores(sl["repeated"].mat(), transformer_forward(sl["repeated"].mat(), p).attention);
        require_scores(repeated, sl["headScoresRepeated"], 1e-9, 1e-12);
        require_scores(repeated, rep["headScoresRepeated"], 0, 1e-6);
    }
}

TEST_CASE("text models: three Adam steps from the committed weights equal PyTorch's", "[text]") {
    for (const auto& k : fx::load("text_models")["models"].arr) {
        INFO(k["lang"].str);
        const auto& c = k["continuation"];
        TrainTransformerOptions o;
        o.method = "adam";
        o.lr = c["lr"].number();
        o.steps = c["steps"].number();
        const auto r = train_transformer(c["tokens"].mat(), c["targets"].mat(),
                                         params_of_model(read_model(k["file"].str)), o);
        REQUIRE(!r.diverged);
        tc::require_close(r.loss, c["loss"].vec());
        double sum = 0, sq = 0;
        const auto add = [&](const mat& m) {
            for (double x : m) {
                sum += x;
                sq += x * x;
            }
        };
        add(r.params.embed);
        add(r.params.pos);
        for (const auto& layer : r.params.layers)
            for (const auto& h : layer) {
                add(h.Wq);
                add(h.Wk);
                add(h.Wv);
                add(h.Wo);
            }
        add(r.params.unembed);
        tc::require_close(sum, c["sum"].number(), 1e-9, 1e-9);
        tc::require_close(sq, c["sumSq"].number());
    }
}

TEST_CASE("text: UTF-8, vocabulary with other, split", "[text]") {
    const std::string s = "ab\xE6\x98\xA5\xF0\x9F\x98\x80" "a\n";
    const auto cps = utf8_decode(s);
    REQUIRE(cps == std::vector<char32_t>{U'a', U'b', U'\u6625', U'\U0001F600', U'a', U'\n'});
    std::string back;
    for (char32_t c : cps) back += utf8_encode(c);
    CHECK(back == s);
    CHECK(utf8_decode("\xFF" "a") == std::vector<char32_t>{0xFFFD, U'a'});
    const Vocab all = build_vocab(cps, 0);
    CHECK(all.symbols.size() == 5);
    CHECK_FALSE(all.other);
    CHECK(all.symbols[0] == U'a');  // the most frequent first, ties by code point
    CHECK(all.symbols[1] == U'\n');
    const Vocab two = build_vocab(cps, 2);
    REQUIRE(two.other);
    CHECK(two.size() == 3);
    CHECK(encode(two, cps) == std::vector<std::size_t>{0, 2, 2, 2, 0, 1});
    const Split sp = split_tokens({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0.25);
    CHECK(sp.train == std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7});
    CHECK(sp.heldout == std::vector<std::size_t>{8, 9});
}

TEST_CASE("text: base64 and int8 quantization", "[text]") {
    for (std::size_t n = 0; n < 8; ++n) {
        std::vector<std::int8_t> b;
        for (std::size_t i = 0; i < n; ++i) b.push_back(static_cast<std::int8_t>(i * 53 - 128));
        CHECK(base64_decode(base64_encode(b)) == b);
    }
    CHECK(base64_encode({'M', 'a'}) == "TWE=");
    CHECK_THROWS_AS(base64_decode("TWE"), invalid_input);
    CHECK_THROWS_AS(base64_decode("T*E="), invalid_input);
    mat w = {{0.5, -1.27, 0.003}, {1.0, 0.0, -0.25}};
    const QuantizedMatrix q = quantize_int8(w);
    tc::require_close(q.scale, 1.27 / 127);
    CHECK(q.q[1] == -127);
    const mat back = dequantize(q);
    for (std::size_t i = 0; i < w.size(); ++i) CHECK(std::abs(back.data()[i] - w.data()[i]) <= q.scale / 2 + 1e-15);
    const mat zero = dequantize(quantize_int8(mat{{0.0, 0.0}}));
    CHECK(zero(0, 0) == 0.0);
    CHECK(zero(0, 1) == 0.0);
}

TEST_CASE("text: n-gram baselines and seeded windows", "[text]") {
    // A stream that alternates 0 1: the bigram (k chosen) beats the unigram's 1 bit.
    std::vector<std::size_t> train, held;
    for (std::size_t i = 0; i < 1000; ++i) train.push_back(i % 2);
    for (std::size_t i = 0; i < 101; ++i) held.push_back(i % 2);
    const Baselines b = ngram_baselines(train, held, 2, 100);
    tc::require_close(b.unigram, 1.0, 1e-6);
    CHECK(b.bigram < 0.01);
    CHECK(b.bigram_k == 0.1);
    SplitMix64 r1(7), r2(7);
    std::vector<std::size_t> stream(100);
    for (std::size_t i = 0; i < 100; ++i) stream[i] = i;
    const Minibatch m1 = random_windows(stream, 3, 5, r1), m2 = random_windows(stream, 3, 5, r2);
    CHECK(m1.tokens == m2.tokens);
    for (std::size_t k = 0; k < 15; ++k) CHECK(m1.targets[k] == static_cast<long>(m1.tokens[k] + 1));
    const Minibatch c = consecutive_windows(stream, 10, 2, 4);
    CHECK(c.tokens == std::vector<std::size_t>{10, 11, 12, 13, 14, 15, 16, 17});
}

TEST_CASE("text: repeat windows (mixed_windows)", "[text]") {
    // A stream of distinct tokens 0..999: each window's jumps show where it was cut.
    std::vector<std::size_t> stream(1000);
    for (std::size_t i = 0; i < stream.size(); ++i) stream[i] = i;
    const std::size_t B = 8, n = 16;
    SplitMix64 r1(3), r2(3), r3(3), r4(3);
    // repeat 0 draws exactly random_windows' windows; the same seed the same batch.
    CHECK(mixed_windows(stream, B, n, 0, r1).tokens == random_windows(stream, B, n, r2).tokens);
    const Minibatch a = mixed_windows(stream, B, n, 0.5, r3), b = mixed_windows(stream, B, n, 0.5, r4);
    CHECK(a.tokens == b.tokens);
    CHECK(a.targets == b.targets);
    std::set<std::size_t> hs, fs;
    for (int rep = 0; rep < 50; ++rep) {
        const Minibatch m = mixed_windows(stream, B, n, 0.5, r3);
        REQUIRE(m.B == B);
        REQUIRE(m.tokens.size() == B * n);
        REQUIRE(m.targets.size() == B * n);
        for (std::size_t w = 0; w < B; ++w) {
            // The window's n + 1 tokens: its tokens and its last target (targets are the next tokens).
            std::vector<std::size_t> t(m.tokens.begin() + w * n, m.tokens.begin() + (w + 1) * n);
            t.push_back(static_cast<std::size_t>(m.targets[w * n + n - 1]));
            for (std::size_t i = 0; i + 1 < n; ++i) CHECK(m.targets[w * n + i] == static_cast<long>(t[i + 1]));
            for (std::size_t x : t) CHECK(x < stream.size());
            std::vector<std::size_t> jumps;
            for (std::size_t i = 0; i + 1 <= n; ++i)
                if (t[i + 1] != t[i] + 1) jumps.push_back(i + 1);
            if (w < B / 2) {
                CHECK(jumps.empty());  // plain real text
                continue;
            }
            // One jump back, at f + h: the segment t[f, f + h) again, whole, within the window.
            REQUIRE(jumps.size() == 1);
            const std::size_t j = jumps[0], h = t[j - 1] + 1 - t[j], f = j - h;
            CHECK(h >= 6);
            CHECK(h <= n / 2);
            CHECK(f + 2 * h <= n + 1);
            for (std::size_t i = 0; i < h; ++i) CHECK(t[j + i] == t[f + i]);
            hs.insert(h);
            fs.insert(f);
        }
    }
    // The copy's offset (h) and where it starts (f) vary.
    CHECK(hs.size() == n / 2 - 5);
    CHECK(fs.size() > 3);
}
