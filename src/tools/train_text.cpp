// train_text: trains one character-level text model of issue 31 with the
// core (src/attn/text/, src/attn/transformer/) and writes it as JSON
// (vocabulary, sizes, int8 weights as base64 with per-matrix scales) with
// its report. Built natively only (CMake target train_text, outside `all`);
// run by scripts/train-models.mjs (npm run train-models).
//
//   train_text --corpus FILE --lang en|zh-Hans --out FILE.json
//              [--max-vocab K (0: all)] [--steps S] [--batch B] [--lr LR]
//              [--seed N] [--layers L] [--heads H] [--d D] [--dh DH] [--context P]
//              [--repeat R: the share of each minibatch's windows that are repeats
//               (batches.hpp mixed_windows), so an induction head can form; 0: none]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "attn/text/baselines.hpp"
#include "attn/text/batches.hpp"
#include "attn/text/minibatch_train.hpp"
#include "attn/text/quantize.hpp"
#include "attn/text/vocab.hpp"
#include "attn/transformer/forward.hpp"
#include "attn/transformer/head_scores.hpp"

using namespace attn;
using namespace attn::text;

namespace {

std::string num(double x) {
    if (!std::isfinite(x)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string vec_json(const vec& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + num(v(i));
    return out + "]";
}

std::string scores_json(const HeadScores& s) {
    std::string pt = "[", pm = "[";
    for (std::size_t l = 0; l < s.previous_token.size(); ++l) {
        pt += (l ? ", " : "") + vec_json(s.previous_token[l]);
        pm += (l ? ", " : "") + vec_json(s.prefix_match[l]);
    }
    return "{\"previousToken\": " + pt + "], \"prefixMatch\": " + pm + "]}";
}

mat as_mat(const std::vector<std::size_t>& t, std::size_t B, std::size_t n) {
    mat m = xt::empty<double>({B, n});
    for (std::size_t k = 0; k < B * n; ++k) m.data()[k] = static_cast<double>(t[k]);
    return m;
}

std::vector<mat*> matrices(TransformerParams& p) {
    std::vector<mat*> out{&p.embed, &p.pos};
    for (auto& layer : p.layers)
        for (auto& h : layer) out.insert(out.end(), {&h.Wq, &h.Wk, &h.Wv, &h.Wo});
    out.push_back(&p.unembed);
    return out;
}

std::vector<std::string> matrix_names(const TransformerParams& p) {
    std::vector<std::string> out{"embed", "pos"};
    for (std::size_t l = 0; l < p.layers.size(); ++l)
        for (std::size_t h = 0; h < p.layers[l].size(); ++h)
            for (const char* w : {"Wq", "Wk", "Wv", "Wo"})
                out.push_back("layers." + std::to_string(l) + "." + std::to_string(h) + "." + w);
    out.push_back("unembed");
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    std::map<std::string, std::string> a{{"--max-vocab", "0"}, {"--steps", "2000"}, {"--batch", "32"},
                                         {"--lr", "0.003"},   {"--seed", "1"},      {"--layers", "2"},
                                         {"--heads", "4"},    {"--d", "64"},        {"--dh", "16"},
                                         {"--context", "64"}, {"--heldout", "0.05"}, {"--repeat", "0"}};
    for (int i = 1; i + 1 < argc; i += 2) a[argv[i]] = argv[i + 1];
    for (const char* k : {"--corpus", "--lang", "--out"})
        if (!a.count(k)) {
            std::cerr << "train_text: " << k << " is required\n";
            return 2;
        }
    const auto t0 = std::chrono::steady_clock::now();
    std::ifstream f(a["--corpus"], std::ios::binary);
    if (!f) {
        std::cerr << "train_text: cannot read " << a["--corpus"] << "\n";
        return 1;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    const std::vector<char32_t> text = utf8_decode(ss.str());
    const Vocab vocab = build_vocab(text, std::stoul(a["--max-vocab"]));
    const std::vector<std::size_t> tokens = encode(vocab, text);
    const Split split = split_tokens(tokens, std::stod(a["--heldout"]));
    std::size_t others = 0;
    for (std::size_t t : tokens) others += t == vocab.symbols.size();

    ModelShape shape{vocab.size(), std::stoul(a["--context"]), std::stoul(a["--d"]), std::stoul(a["--layers"]),
                     std::stoul(a["--heads"]), std::stoul(a["--dh"])};
    MinibatchOptions opt;
    opt.steps = std::stoul(a["--steps"]);
    opt.batch = std::stoul(a["--batch"]);
    opt.n = shape.P;
    opt.lr = std::stod(a["--lr"]);
    opt.seed = std::stoull(a["--seed"]);
    opt.repeat = std::stod(a["--repeat"]);
    TransformerParams params = init_params(shape, opt.seed);
    double recent = 0;
    train_minibatch(split.train, params, opt, [&](std::size_t k, double loss) {
        recent += loss;
        if (k % 100 == 0) {
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            std::cerr << a["--lang"] << " step " << k << " loss " << recent / 100 / std::log(2.0)
                      << " bits/char (mean of the last 100 minibatches), " << s << " s\n";
            recent = 0;
        }
    });

    // Quantize, then evaluate the dequantized model.
    const HeldOut full_float = heldout_bits(split.heldout, params, shape.P);
    TransformerParams deq = params;
    std::string weights;
    double max_err = 0, max_rel = 0;
    const auto names = matrix_names(params);
    auto src = matrices(params), dst = matrices(deq);
    for (std::size_t k = 0; k < src.size(); ++k) {
        const QuantizedMatrix q = quantize_int8(*src[k]);
        *dst[k] = dequantize(q);
        double e = 0;
        for (std::size_t i = 0; i < q.q.size(); ++i) e = std::max(e, std::abs(src[k]->data()[i] - dst[k]->data()[i]));
        max_err = std::max(max_err, e);
        if (q.scale > 0) max_rel = std::max(max_rel, e / (q.scale * 127));
        weights += std::string(k ? ",\n    " : "\n    ") + "{\"name\": " + quote(names[k]) +
                   ", \"rows\": " + std::to_string(q.rows) + ", \"cols\": " + std::to_string(q.cols) +
                   ", \"scale\": " + num(q.scale) + ", \"maxAbsError\": " + num(e) + ", \"q\": \"" +
                   base64_encode(q.q) + "\"}";
    }
    const HeldOut full = heldout_bits(split.heldout, deq, shape.P);
    const Baselines base = ngram_baselines(split.train, split.heldout, vocab.size(), full.targets);

    // The held-out slice: 32 windows of P (its text is in the JSON).
    const std::size_t W = 32, n = shape.P, S = W * n;
    const std::vector<std::size_t> slice(split.heldout.begin(), split.heldout.begin() + S + 1);
    const std::size_t at = text.size() - split.heldout.size();
    std::string slice_text;
    for (std::size_t i = 0; i <= S; ++i) slice_text += utf8_encode(text[at + i]);
    const HeldOut slice_bits = heldout_bits(slice, deq, n);
    const Minibatch win = consecutive_windows(slice, 0, W, n);
    const mat win_tokens = as_mat(win.tokens, W, n);
    const HeadScores on_text = head_scores(win_tokens, transformer_forward(win_tokens, deq).attention);
    std::vector<std::size_t> rep;
    for (std::size_t b = 0; b < W; ++b)
        for (std::size_t i = 0; i < n; ++i) rep.push_back(win.tokens[b * n + i % (n / 2)]);
    const mat rep_tokens = as_mat(rep, W, n);
    const HeadScores on_repeat = head_scores(rep_tokens, transformer_forward(rep_tokens, deq).attention);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    std::string vocab_json = "[";
    for (std::size_t k = 0; k < vocab.symbols.size(); ++k)
        vocab_json += (k ? ", " : "") + quote(utf8_encode(vocab.symbols[k]));
    vocab_json += "]";
    std::ofstream out(a["--out"], std::ios::binary);
    out << "{\n  \"format\": \"attnlab-text-model/1\",\n  \"lang\": " << quote(a["--lang"])
        << ",\n  \"vocab\": " << vocab_json << ",\n  \"other\": " << (vocab.other ? "true" : "false")
        << ",\n  \"sizes\": {\"V\": " << shape.V << ", \"P\": " << shape.P << ", \"d\": " << shape.d
        << ", \"layers\": " << shape.layers << ", \"heads\": " << shape.heads << ", \"dh\": " << shape.dh
        << "},\n  \"quantization\": {\"type\": \"int8\", \"per\": \"matrix\", \"rule\": \"w = q * scale, scale = max|w| / 127\", "
        << "\"maxAbsError\": " << num(max_err) << ", \"maxErrorOverMaxAbs\": " << num(max_rel)
        << "},\n  \"weights\": [" << weights << "\n  ],\n  \"report\": {\n"
        << "    \"corpus\": {\"characters\": " << text.size() << ", \"trainTokens\": " << split.train.size()
        << ", \"heldoutTokens\": " << split.heldout.size() << ", \"otherShare\": "
        << num(static_cast<double>(others) / static_cast<double>(tokens.size())) << "},\n"
        << "    \"training\": {\"steps\": " << opt.steps << ", \"batch\": " << opt.batch << ", \"n\": " << opt.n
        << ", \"lr\": " << num(opt.lr) << ", \"repeat\": " << num(opt.repeat) << ", \"warmup\": " << opt.warmup
        << ", \"seed\": " << opt.seed
        << ", \"seconds\": " << num(seconds) << "},\n"
        << "    \"heldout\": {\"targets\": " << full.targets << ", \"bitsFloat\": " << num(full_float.bits)
        << ", \"bits\": " << num(full.bits) << ", \"unigram\": " << num(base.unigram) << ", \"bigram\": "
        << num(base.bigram) << ", \"bigramK\": " << num(base.bigram_k) << "},\n"
        << "    \"slice\": {\"text\": " << quote(slice_text) << ", \"windows\": " << W << ", \"bits\": "
        << num(slice_bits.bits) << ",\n      \"headScoresText\": " << scores_json(on_text)
        << ",\n      \"headScoresRepeated\": " << scores_json(on_repeat) << "}\n  }\n}\n";
    std::cerr << a["--lang"] << ": held-out " << full.bits << " bits/char (float " << full_float.bits
              << "), unigram " << base.unigram << ", bigram " << base.bigram << "; " << seconds << " s\n";
    return 0;
}
