// headScores (API.md "Transformers"): what each head of a transformer does
// on a batch, as four numbers (the first two from Olsson et al. 2022).
//
//   tokens: B x n   attention[b][l][h]: n x n (transformerForward's)
//   previousToken[l][h] = mean over b and queries i >= 1 of A[i][i-1]
//   prefixMatch[l][h]   = mean over the (b, i) that have one of
//                         sum of A[i][j] over keys 1 <= j <= i with t_{j-1} = t_i
//   firstToken[l][h]    = mean over b and queries i >= 1 of A[i][0] (a "sink")
//   sameToken[l][h]     = mean over the (b, i) that have one of
//                         sum of A[i][j] over earlier keys j < i with t_j = t_i
//   (pooled over the B sequences, as shared/probes/induction_torch.py;
//   NaN when no query qualifies: n = 1, or no token repeats)
#pragma once

#include <vector>

#include "attn/common/types.hpp"

namespace attn {

struct HeadScores {
    std::vector<vec> previous_token, prefix_match, first_token, same_token;  // [l] over the layer's heads
};

HeadScores head_scores(const mat& tokens,
                       const std::vector<std::vector<std::vector<mat>>>& attention);

}  // namespace attn
