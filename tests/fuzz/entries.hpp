// The fuzz entry points, one area per file (fuzz_<area>.cpp, as the areas
// of tests/native), each reading its inputs from the fuzzer's bytes and
// checking the invariants of what the core returns. fuzz_core.cpp picks
// one by the first byte.
#pragma once

#include "checks.hpp"
#include "input.hpp"

namespace fuzz {

void fuzz_softmax(Input& in);
void fuzz_log_softmax(Input& in);
void fuzz_softmax_jacobian(Input& in);
void fuzz_attention(Input& in);
void fuzz_multi_head(Input& in);
void fuzz_sparse_attention(Input& in);
void fuzz_information(Input& in);
void fuzz_joint(Input& in);
void fuzz_svd(Input& in);
void fuzz_low_rank(Input& in);
void fuzz_low_rank_attention(Input& in);
void fuzz_linalg(Input& in);
void fuzz_graph(Input& in);
void fuzz_optimize(Input& in);
void fuzz_regression(Input& in);
void fuzz_lipschitz(Input& in);
void fuzz_gradients(Input& in);
void fuzz_train(Input& in);
void fuzz_transformer(Input& in);
void fuzz_flash(Input& in);
void fuzz_round_to(Input& in);
void fuzz_softmax_in_format(Input& in);
void fuzz_linear_attention(Input& in);

}  // namespace fuzz
