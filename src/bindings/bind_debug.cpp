// Introspection for the JS test layer (tests/js/heap.test.mjs): bytes in use
// on the wasm heap, i.e. in live malloc'd blocks, chunk headers included.
//
// The module links emscripten's dlmalloc explicitly (-sMALLOC=dlmalloc in
// CMakeLists.txt), whose mallinfo().uordblks is footprint minus free space,
// the top chunk counted as free. A result of 0 is real, not a broken probe:
// between two API calls nothing is live (every binding frees what it took,
// Embind keeps its registry in JS), so the freed chunks coalesce back into
// top. Checked: after _malloc(100000) it reads 100008; after _free, 0 again;
// ten _malloc(64) read 720. A leak therefore shows up as growth from a small
// baseline. Handles leaked on the JS side of Embind (emscripten::val) do not
// live on this heap: the raw module's count_emval_handles() covers those.
#include <malloc.h>

#include "convert.hpp"

namespace {
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }
}  // namespace

EMSCRIPTEN_BINDINGS(attn_debug) { emscripten::function("heapInUse", &heap_in_use); }
