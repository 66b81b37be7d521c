// libFuzzer target for the attn core (scripts/fuzz.sh builds and runs it).
//
// Byte 0 chooses an entry point (entries.hpp, one area per file); the
// remaining bytes give the shapes (small: at most 16 per side) and the
// values (any double: NaN, +-Infinity, 1e308, subnormals, raw bit
// patterns). Every call must either throw attn::invalid_input (the core's
// only error type, src/attn/common/types.hpp) or return a result whose
// invariants hold; anything else is a crash:
//   - any other exception escapes: libFuzzer reports it (std::terminate);
//   - a violated invariant calls abort() after printing what failed;
//   - ASan / UBSan report memory errors and undefined behaviour.
// The committed seeds (tests/fuzz/corpus/NN-name) start with their entry's index.
#include <cstddef>
#include <cstdint>

#include "entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fuzz;
    if (size == 0) return 0;
    Input in(data + 1, size - 1);
    using Fn = void (*)(Input&);
    static const Fn ops[] = {fuzz_softmax,     fuzz_log_softmax, fuzz_softmax_jacobian,   fuzz_attention,
                             fuzz_multi_head,  fuzz_sparse_attention, fuzz_information,   fuzz_joint,
                             fuzz_svd,         fuzz_low_rank,    fuzz_low_rank_attention, fuzz_linalg,
                             fuzz_graph,       fuzz_optimize,    fuzz_regression,         fuzz_lipschitz,
                             fuzz_gradients,   fuzz_train,       fuzz_transformer,
                             fuzz_flash,       fuzz_round_to,    fuzz_softmax_in_format, fuzz_linear_attention};
    try {
        ops[data[0] % (sizeof ops / sizeof ops[0])](in);
    } catch (const attn::invalid_input&) {
        // the documented refusal: fine
    }
    return 0;
}
