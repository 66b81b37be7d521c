// Fuzz entry points, scaled dot-product, multi-head and sparse attention: stochastic weights, masks kept, outputs inside the values' range.
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/attention/attention.hpp"
#include "attn/complexity/sparse.hpp"

namespace fuzz {

void fuzz_attention(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk);
    const mat K = in.matrix(m, maybe(in, dk));
    const mat V = in.matrix(maybe(in, m), dv);
    const attn::AttentionOptions opt = attention_options(in, n, m);
    const attn::AttentionSteps s = attn::attention(Q, K, V, opt);
    const auto allowed = allowed_of(opt, n, m);
    check_attention_steps("attention", s, V, &allowed);
}

void fuzz_multi_head(Input& in) {
    const std::size_t n = in.dim(), d = in.dim(), H = in.u8() % 5 == 4 ? 17 : in.u8() % 4;
    const mat X = in.matrix(n, d);
    std::vector<attn::HeadWeights> heads;
    std::size_t total = 0;
    for (std::size_t h = 0; h < H; ++h) {
        const std::size_t dk = in.dim(4), dv = in.dim(4);
        heads.push_back({in.matrix(maybe(in, d), dk), in.matrix(d, maybe(in, dk)), in.matrix(d, dv)});
        total += dv;
    }
    const mat Wo = in.matrix(maybe(in, total), in.dim(4));
    const attn::AttentionOptions opt = attention_options(in, n, n);
    const attn::MultiHeadSteps r = attn::multi_head_attention(X, heads, Wo, opt);
    const auto allowed = allowed_of(opt, n, n);
    REQUIRE("multiHeadAttention", r.heads.size() == H, "head count");
    for (const auto& h : r.heads) check_attention_steps("multiHeadAttention", h.att, h.V, &allowed);
    REQUIRE("multiHeadAttention", r.output.shape(0) == n && r.output.shape(1) == Wo.shape(1), "shape");
}

void fuzz_sparse_attention(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    const mat Q = in.matrix(n, dk), K = in.matrix(m, maybe(in, dk)), V = in.matrix(maybe(in, m), dv);
    const attn::AttentionSteps s = attn::sparse_attention(Q, K, V, in.positive() * 4);
    check_attention_steps("sparseAttention", s, V, nullptr);
}

}  // namespace fuzz
