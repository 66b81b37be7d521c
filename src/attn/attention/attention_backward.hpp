// Reverse mode through scaled dot-product attention and self-attention
// (API.md "Gradients"): the gradients of L = sum(dOutput ⊙ output).
//
//   Q: n x d_k   K: m x d_k   V: m x d_v   P (weights), dWeights, dScaled: n x m
//   dOutput, output: n x d_v        X: n x d   Wq, Wk: d x d_k   Wv: d x d_v
//
// Passes (forward: S = scale Q K^T masked, P = softmax_rows(S), O = P V):
//   1. dV = P^T dO                 2. dP = dO V^T
//   3. dS = P ⊙ (dP - rowsum(P ⊙ dP))   (0 where masked: P is 0 there)
//   4. dQ = scale dS K             5. dK = scale dS^T Q
// Self-attention adds the projections Q = X Wq, K = X Wk, V = X Wv:
//   dWq = X^T dQ, dWk = X^T dK, dWv = X^T dV, dX = dQ Wq^T + dK Wk^T + dV Wv^T.
#pragma once

#include <vector>

#include "attn/attention/attention.hpp"

namespace attn {

struct AttentionGrads {
    mat dQ, dK, dV;
    mat dWeights;  // dO V^T: the gradient at the weights
    mat dScaled;   // the gradient at the scaled (masked) scores; 0 at masked entries
};

// attentionBackward(Q, K, V, dOutput, {mask, causal, scale}).
AttentionGrads attention_backward(const mat& Q, const mat& K, const mat& V, const mat& dOutput,
                                  const AttentionOptions& opt = {});

struct SelfAttentionGrads {
    mat dX, dWq, dWk, dWv;
};

// selfAttentionBackward(X, Wq, Wk, Wv, dOutput, options).
SelfAttentionGrads self_attention_backward(const mat& X, const mat& Wq, const mat& Wk,
                                           const mat& Wv, const mat& dOutput,
                                           const AttentionOptions& opt = {});

// Unchecked kernels on raw row-major buffers (shared with trainAttention).
// Passes 1-5 above; dP and dS are n x m outputs; work is scratch.
void attention_backward_raw(const double* Q, const double* K, const double* V, const double* P,
                            const double* dO, std::size_t n, std::size_t m, std::size_t dk,
                            std::size_t dv, double scale, double* dQ, double* dK, double* dV,
                            double* dP, double* dS, std::vector<double>& work);

// For Y = X W (X: n x d, W: d x c): dW = X^T dY with XT = X^T (d x n) given;
// if dX is not null, adds dY W^T to it (n x d).
void projection_backward(const double* XT, const double* W, const double* dY, std::size_t n,
                         std::size_t d, std::size_t c, double* dW, double* dX,
                         std::vector<double>& work);

// A^T of a rows x cols block into out (cols x rows).
void transpose_into(const double* A, std::size_t rows, std::size_t cols, double* out);

}  // namespace attn
