#include "attn/transformer/model.hpp"

#include <algorithm>
#include <cmath>

#include "attn/common/check.hpp"

namespace attn {

namespace {

std::string head_name(const std::string& name, std::size_t l, std::size_t h, const char* W) {
    return cat(name, ".layers[", l, "][", h, "].", W);
}

// The four matrices of a head, with their names' last part.
struct HeadPart {
    const char* name;
    const mat* M;
};
std::vector<HeadPart> parts(const TransformerHead& h) {
    return {{"Wq", &h.Wq}, {"Wk", &h.Wk}, {"Wv", &h.Wv}, {"Wo", &h.Wo}};
}

void copy_in(const mat& M, std::vector<double>& theta, std::size_t at) {
    std::copy(M.begin(), M.end(), theta.begin() + static_cast<std::ptrdiff_t>(at));
}

mat copy_out(const double* theta, std::size_t at, std::size_t rows, std::size_t cols) {
    mat M = xt::empty<double>({rows, cols});
    std::copy(theta + at, theta + at + rows * cols, M.data());
    return M;
}

}  // namespace

TransformerLayout check_transformer(const std::string& fn, const TransformerParams& p,
                                    const std::string& name) {
    TransformerLayout lay;
    check_matrix(fn, (name + ".embed").c_str(), p.embed);
    check_matrix(fn, (name + ".pos").c_str(), p.pos);
    check_matrix(fn, (name + ".unembed").c_str(), p.unembed);
    lay.V = p.embed.shape(0);
    lay.d = p.embed.shape(1);
    lay.P = p.pos.shape(0);
    if (p.pos.shape(1) != lay.d)
        fail(fn, name, ".pos has ", p.pos.shape(1), " columns but ", name, ".embed has ", lay.d,
             " (the model width d)");
    if (p.unembed.shape(0) != lay.d || p.unembed.shape(1) != lay.V)
        fail(fn, name, ".unembed is ", shape_str(p.unembed), " but must be d x V = ", lay.d, " x ",
             lay.V, " (", name, ".embed is V x d)");
    lay.L = p.layers.size();
    if (lay.L > max_transformer_layers)
        fail(fn, name, ".layers has ", lay.L, " layers, more than the limit of ",
             max_transformer_layers);
    lay.pos = lay.V * lay.d;
    std::size_t at = lay.pos + lay.P * lay.d;
    for (std::size_t l = 0; l < lay.L; ++l) {
        const auto& layer = p.layers[l];
        if (layer.empty()) fail(fn, name, ".layers[", l, "] has no heads (give at least one)");
        if (layer.size() > max_layer_heads)
            fail(fn, name, ".layers[", l, "] has ", layer.size(), " heads, more than the limit of ",
                 max_layer_heads);
        const std::size_t dh = layer[0].Wq.shape(1);
        lay.first.push_back(lay.at.size());
        lay.heads.push_back(layer.size());
        lay.dh.push_back(dh);
        for (std::size_t h = 0; h < layer.size(); ++h) {
            for (const HeadPart& part : parts(layer[h])) {
                const std::string what = head_name(name, l, h, part.name);
                check_matrix(fn, what.c_str(), *part.M);
                const bool is_wo = part.M == &layer[h].Wo;
                const std::size_t rows = is_wo ? dh : lay.d, cols = is_wo ? lay.d : dh;
                if (part.M->shape(0) != rows || part.M->shape(1) != cols)
                    fail(fn, what, " is ", shape_str(*part.M), " but must be ",
                         is_wo ? "d_h x d = " : "d x d_h = ", rows, " x ", cols,
                         " (d from ", name, ".embed, d_h from ", head_name(name, l, 0, "Wq"),
                         ": every head of a layer has the same d_h)");
            }
            lay.at.push_back(at);
            lay.layer_of.push_back(l);
            at += 4 * lay.d * dh;
            if (at > max_transformer_params)
                fail(fn, name, " has more than ", max_transformer_params,
                     " entries in all (the limit): a smaller model");
        }
    }
    if (at + lay.d * lay.V > max_transformer_params)
        fail(fn, name, " has more than ", max_transformer_params,
             " entries in all (the limit): a smaller model");
    lay.unembed = at;
    lay.size = at + lay.d * lay.V;
    return lay;
}

void check_same_shapes(const std::string& fn, const std::string& name, const TransformerParams& M,
                       const TransformerParams& p) {
    auto same = [&](const std::string& what, const mat& a, const mat& b) {
        if (a.shape() != b.shape())
            fail(fn, name, what, " is ", shape_str(a), " but params", what, " is ", shape_str(b));
    };
    same(".embed", M.embed, p.embed);
    same(".pos", M.pos, p.pos);
    same(".unembed", M.unembed, p.unembed);
    if (M.layers.size() != p.layers.size())
        fail(fn, name, ".layers has ", M.layers.size(), " layers but params.layers has ",
             p.layers.size());
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
        if (M.layers[l].size() != p.layers[l].size())
            fail(fn, name, ".layers[", l, "] has ", M.layers[l].size(), " heads but params.layers[",
                 l, "] has ", p.layers[l].size());
        for (std::size_t h = 0; h < p.layers[l].size(); ++h) {
            const auto a = parts(M.layers[l][h]), b = parts(p.layers[l][h]);
            for (std::size_t k = 0; k < a.size(); ++k)
                same(cat(".layers[", l, "][", h, "].", a[k].name), *a[k].M, *b[k].M);
        }
    }
}

std::vector<double> flatten(const TransformerParams& p, const TransformerLayout& lay) {
    std::vector<double> theta(lay.size);
    copy_in(p.embed, theta, 0);
    copy_in(p.pos, theta, lay.pos);
    for (std::size_t g = 0; g < lay.count(); ++g) {
        const std::size_t l = lay.layer_of[g];
        const TransformerHead& h = p.layers[l][g - lay.first[l]];
        copy_in(h.Wq, theta, lay.at[g]);
        copy_in(h.Wk, theta, lay.wk(g));
        copy_in(h.Wv, theta, lay.wv(g));
        copy_in(h.Wo, theta, lay.wo(g));
    }
    copy_in(p.unembed, theta, lay.unembed);
    return theta;
}

TransformerParams unflatten(const double* theta, const TransformerLayout& lay) {
    TransformerParams p;
    p.embed = copy_out(theta, 0, lay.V, lay.d);
    p.pos = copy_out(theta, lay.pos, lay.P, lay.d);
    p.layers.resize(lay.L);
    for (std::size_t g = 0; g < lay.count(); ++g) {
        const std::size_t l = lay.layer_of[g], d = lay.d, dh = lay.dh[l];
        p.layers[l].push_back({copy_out(theta, lay.at[g], d, dh), copy_out(theta, lay.wk(g), d, dh),
                               copy_out(theta, lay.wv(g), d, dh), copy_out(theta, lay.wo(g), dh, d)});
    }
    p.unembed = copy_out(theta, lay.unembed, lay.d, lay.V);
    return p;
}

TokenBatch check_tokens(const std::string& fn, const std::string& name, const mat& tokens,
                        const TransformerLayout& lay) {
    TokenBatch b;
    b.B = tokens.shape(0);
    b.n = tokens.shape(1);
    if (b.B == 0 || b.n == 0)
        fail(fn, name, " is empty (give at least one sequence of at least one token)");
    if (b.B > max_token_sequences)
        fail(fn, name, " has ", b.B, " sequences, more than the limit of ", max_token_sequences);
    if (b.n > lay.P)
        fail(fn, name, " has sequences of ", b.n, " tokens but the model takes at most P = ", lay.P,
             " (params.pos has ", lay.P, " rows)");
    b.tokens.resize(b.B * b.n);
    const double* t = tokens.data();
    for (std::size_t r = 0; r < b.B * b.n; ++r) {
        if (!(t[r] >= 0 && t[r] < static_cast<double>(lay.V) && std::floor(t[r]) == t[r]))
            fail(fn, name, "[", r / b.n, "][", r % b.n, "] must be an integer token from 0 to ",
                 lay.V - 1, ", got ", t[r]);
        b.tokens[r] = static_cast<std::size_t>(t[r]);
    }
    return b;
}

std::vector<long> check_token_targets(const std::string& fn, const mat& targets,
                                      const TokenBatch& batch, std::size_t V) {
    if (targets.shape(0) != batch.B || targets.shape(1) != batch.n)
        fail(fn, "data.targets is ", shape_str(targets), " but data.tokens is ", batch.B, " x ",
             batch.n, " (one target per token)");
    std::vector<long> out(batch.B * batch.n);
    bool any = false;
    const double* t = targets.data();
    for (std::size_t r = 0; r < out.size(); ++r) {
        if (!(t[r] >= -1 && t[r] < static_cast<double>(V) && std::floor(t[r]) == t[r]))
            fail(fn, "data.targets[", r / batch.n, "][", r % batch.n,
                 "] must be an integer token from 0 to ", V - 1, " or -1 (ignored), got ", t[r]);
        out[r] = static_cast<long>(t[r]);
        any = any || out[r] >= 0;
    }
    if (!any) fail(fn, "data.targets is -1 everywhere: no position to measure the loss on");
    return out;
}

std::vector<std::uint8_t> check_ablate(const std::string& fn, const mat& ablate,
                                       const TransformerLayout& lay) {
    std::vector<std::uint8_t> off(lay.count(), 0);
    if (ablate.shape(0) == 0) return off;
    if (ablate.shape(1) != 2)
        fail(fn, "ablate must list [layer, head] pairs, got rows of ", ablate.shape(1), " entries");
    for (std::size_t k = 0; k < ablate.shape(0); ++k) {
        const double l = ablate(k, 0), h = ablate(k, 1);
        if (!(l >= 0 && std::floor(l) == l && l < static_cast<double>(lay.L)))
            fail(fn, "ablate[", k, "] names layer ", l, " but the model has layers 0 to ",
                 static_cast<double>(lay.L) - 1);
        const std::size_t li = static_cast<std::size_t>(l);
        if (!(h >= 0 && std::floor(h) == h && h < static_cast<double>(lay.heads[li])))
            fail(fn, "ablate[", k, "] names head ", h, " of layer ", li, ", which has heads 0 to ",
                 lay.heads[li] - 1);
        off[lay.first[li] + static_cast<std::size_t>(h)] = 1;
    }
    return off;
}

std::vector<double> layer_scales(const std::string& fn, const std::optional<double>& scale,
                                 const TransformerLayout& lay) {
    if (scale && !std::isfinite(*scale)) fail(fn, "scale must be a finite number, got ", *scale);
    std::vector<double> s(lay.L);
    for (std::size_t l = 0; l < lay.L; ++l)
        s[l] = scale ? *scale : 1.0 / std::sqrt(static_cast<double>(lay.dh[l]));
    return s;
}

}  // namespace attn
