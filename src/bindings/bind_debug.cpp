// Introspection for the JS test layer: bytes in use on the wasm heap.
#include <malloc.h>

#include "convert.hpp"

namespace {
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }
}  // namespace

EMSCRIPTEN_BINDINGS(attn_debug) { emscripten::function("heapInUse", &heap_in_use); }
