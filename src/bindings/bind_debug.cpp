// Introspection for the JS test layer (tests/js/heap.test.mjs): bytes in use
// on the wasm heap, i.e. in live malloc'd blocks, chunk headers included.
//
// The module links emscripten's dlmalloc explicitly (-sMALLOC=dlmalloc in
// CMakeLists.txt), whose mallinfo().uordblks is footprint minus free space,
// the top chunk counted as free. A result of 0 is real, not a broken probe:
// between two API calls nothing is live but the small array that holds the
// results of a call until the facade releases them (convert.cpp; every
// binding frees what it took, Embind keeps its registry in JS), so the freed
// chunks coalesce back into top. Checked: after _malloc(100000) it reads 100008; after _free, 0 again;
// ten _malloc(64) read 720. A leak therefore shows up as growth from a small
// baseline. Handles leaked on the JS side of Embind (emscripten::val) do not
// live on this heap: the raw module's count_emval_handles() covers those.
//
// The LeakSanitizer build (CMake option ATTN_LSAN, preset wasm-lsan) has no
// heapInUse: there malloc is LSan's, which answers mallinfo() with zeros and
// keeps no count of small blocks. It has lsanLeakCheck and lsanDebugLeak
// instead (tests/lsan/leaks.test.mjs).
#include "convert.hpp"

#ifndef ATTN_LSAN
#include <malloc.h>

namespace {
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }
}  // namespace

EMSCRIPTEN_BINDINGS(attn_debug) { emscripten::function("heapInUse", &heap_in_use); }

#else
#include <sanitizer/lsan_interface.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {
// A leak check now, from JS between calls (no C++ frame is live then): the
// report goes to the module's printErr; 1 if anything leaked, else 0. It
// can run any number of times, and reports every block unreachable then
// (a leaked block again at each later check).
int lsan_leak_check() { return __lsan_do_recoverable_leak_check(); }

// The negative control: a block of `bytes` bytes whose only pointer goes to
// JS as a number, where LSan cannot see it: the next check must report it.
double lsan_debug_leak(double bytes) {
    const auto n = static_cast<std::size_t>(bytes);
    void* p = std::malloc(n);
    if (p) std::memset(p, 0xA5, n);
    return static_cast<double>(reinterpret_cast<std::uintptr_t>(p));
}
}  // namespace

EMSCRIPTEN_BINDINGS(attn_debug) {
    emscripten::function("lsanLeakCheck", &lsan_leak_check);
    emscripten::function("lsanDebugLeak", &lsan_debug_leak);
}
#endif
