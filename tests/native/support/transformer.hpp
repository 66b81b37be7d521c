// The transformer's parameters and options read from a fixture
// (scripts/fixtures/transformer.py), compared, and drawn at random, for
// tests/native/transformer.
#pragma once

#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "attn/transformer/model.hpp"
#include "support/check.hpp"
#include "support/json.hpp"
#include "support/random.hpp"

namespace tc {

inline attn::TransformerParams params_of(const fx::Json& p) {
    attn::TransformerParams m{p["embed"].mat(), p["pos"].mat(), {}, p["unembed"].mat()};
    for (const auto& layer : p["layers"].arr) {
        m.layers.emplace_back();
        for (const auto& h : layer.arr)
            m.layers.back().push_back({h["Wq"].mat(), h["Wk"].mat(), h["Wv"].mat(), h["Wo"].mat()});
    }
    return m;
}

// Fixture options {scale?, ablate?} into o (TransformerOptions or a subclass).
template <class O>
void transformer_options(const fx::Json& o, O& out) {
    if (o.has("scale")) out.scale = o["scale"].number();
    if (o.has("ablate")) out.ablate = o["ablate"].mat();
}

// Every parameter matrix in theta's order (embed, pos, Wq Wk Wv Wo per head, unembed).
template <class Params, class M = std::conditional_t<std::is_const_v<Params>, const attn::mat, attn::mat>>
std::vector<M*> matrices(Params& p) {
    std::vector<M*> out{&p.embed, &p.pos};
    for (auto& layer : p.layers)
        for (auto& h : layer) out.insert(out.end(), {&h.Wq, &h.Wk, &h.Wv, &h.Wo});
    out.push_back(&p.unembed);
    return out;
}

inline void require_params_close(const attn::TransformerParams& got, const attn::TransformerParams& want,
                                 double rtol = 1e-9, double atol = 1e-12) {
    const auto g = matrices(got), w = matrices(want);
    REQUIRE(g.size() == w.size());
    for (std::size_t k = 0; k < g.size(); ++k) {
        INFO("parameter matrix " << k << " (embed, pos, Wq Wk Wv Wo per head, unembed)");
        require_close(*g[k], *w[k], rtol, atol);
    }
}

// A random model: layers = {(heads, d_h), ...}.
inline attn::TransformerParams random_params(std::mt19937& gen, std::size_t V, std::size_t P, std::size_t d,
                                             const std::vector<std::pair<std::size_t, std::size_t>>& layers,
                                             double sd = 0.5) {
    attn::TransformerParams p{random_mat(gen, V, d, sd), random_mat(gen, P, d, sd), {}, random_mat(gen, d, V, sd)};
    for (const auto& [H, dh] : layers) {
        p.layers.emplace_back();
        for (std::size_t h = 0; h < H; ++h)
            p.layers.back().push_back({random_mat(gen, d, dh, sd), random_mat(gen, d, dh, sd),
                                       random_mat(gen, d, dh, sd), random_mat(gen, dh, d, sd)});
    }
    return p;
}

// 1..max_layers layers of 1..max_heads heads, each layer's d_h in 2..max_heads + 1.
inline std::vector<std::pair<std::size_t, std::size_t>> random_layers(std::mt19937& gen, std::size_t max_layers,
                                                                      std::size_t max_heads) {
    std::uniform_int_distribution<std::size_t> layers(1, max_layers), heads(1, max_heads);
    std::vector<std::pair<std::size_t, std::size_t>> out(layers(gen));
    for (auto& [H, dh] : out) {
        H = heads(gen);
        dh = heads(gen) + 1;
    }
    return out;
}

// B x n tokens in 0..V-1.
inline attn::mat random_tokens(std::mt19937& gen, std::size_t B, std::size_t n, std::size_t V) {
    std::uniform_int_distribution<std::size_t> tok(0, V - 1);
    attn::mat t = xt::empty<double>({B, n});
    for (auto& x : t) x = static_cast<double>(tok(gen));
    return t;
}

}  // namespace tc
