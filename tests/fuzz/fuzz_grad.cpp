// Fuzz entry points, every backward: shapes of its inputs, finite (an overflow is an error).
#include "entries.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attn/attention/attention_backward.hpp"
#include "attn/graph/gat_backward.hpp"
#include "attn/softmax/softmax_backward.hpp"

namespace fuzz {

// Every backward: shapes of its inputs, finite (an overflow is an error).
void fuzz_gradients(Input& in) {
    const std::size_t n = in.dim(), m = in.dim(), dk = in.dim(), dv = in.dim();
    switch (in.u8() % 4) {
        case 0: {
            const vec z = in.vector(n), dp = in.vector(maybe(in, n));
            const vec dz = attn::softmax_backward(z, dp, in.positive());
            REQUIRE("softmaxBackward", dz.size() == n && all_finite(dz), "dz = " + str(dz));
            break;
        }
        case 1: {
            const mat L = in.matrix(n, m);
            vec t = in.vector(maybe(in, n));
            for (auto& x : t) x = in.flag() ? std::floor(std::fabs(std::fmod(x, double(m)))) : x;
            const attn::CrossEntropyResult r = attn::softmax_cross_entropy(L, t);
            REQUIRE("softmaxCrossEntropy", std::isfinite(r.loss) && r.loss >= 0 && all_finite(r.dLogits),
                    "loss " + num(r.loss));
            break;
        }
        case 2: {
            const mat Q = in.matrix(n, dk), K = in.matrix(m, dk), V = in.matrix(m, dv);
            const mat G = in.matrix(maybe(in, n), dv);
            const attn::AttentionGrads g = attn::attention_backward(Q, K, V, G, attention_options(in, n, m));
            REQUIRE("attentionBackward", g.dQ.shape() == Q.shape() && g.dK.shape() == K.shape() &&
                                             g.dV.shape() == V.shape() && all_finite(g.dQ) &&
                                             all_finite(g.dK) && all_finite(g.dV), "shapes / finite");
            break;
        }
        default: {
            const mat X = in.matrix(n, dk), A = in.adjacency(n), W = in.matrix(dk, dv);
            const vec a = in.vector(maybe(in, 2 * dv));
            attn::GatOptions o;
            o.self_loops = in.flag() || in.flag();
            const attn::GatGrads g = attn::gat_backward(X, A, W, a, in.matrix(n, dv), o);
            REQUIRE("gatBackward", g.dX.shape() == X.shape() && g.dW.shape() == W.shape() &&
                                       all_finite(g.dX) && all_finite(g.dW) && all_finite(g.da),
                    "shapes / finite");
        }
    }
}

}  // namespace fuzz
