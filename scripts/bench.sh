#!/usr/bin/env bash
# npm run bench: native (C++ release) vs wasm in Node vs plain JS, same inputs.
#   1. build what is missing: dist/ (scripts/build.sh) only when absent, since
#      a wasm rebuild takes minutes; the native bench incrementally in
#      build/native-release (configured with ATTN_BENCH=ON; attn_bench is
#      outside `all`, so other builds in that tree never compile it)
#   2. bench/run.mjs times every side case by case (attn_bench as a server),
#      prints the table, writes bench/results.json
set -euo pipefail
cd "$(dirname "$0")/.."
export BENCH_START
BENCH_START=$(date +%s.%N)

[ -f dist/attnlab.js ] || bash scripts/build.sh
[ -d node_modules/ml-matrix ] || npm ci

B=build/native-release
if [ ! -f "$B/CMakeCache.txt" ]; then
  cmake --preset native-release -DATTN_BENCH=ON >/dev/null
elif ! grep -q '^ATTN_BENCH:BOOL=ON' "$B/CMakeCache.txt"; then
  cmake -S . -B "$B" -DATTN_BENCH=ON >/dev/null
fi
echo "bench: building attn_bench (incremental; the first build of attn_core takes minutes) ..." >&2
cmake --build --preset native-release --target attn_bench -j 2 >/dev/null   # 2 cores, shared

echo "bench: native, wasm and JS, case by case, in rounds ..." >&2
# The same malloc policy as the native bench's mallopt (bench_native.cpp):
# Node's ArrayBuffers (the results, 8 MB each at n = 1024) come from glibc's
# malloc, which by default maps and unmaps them on every call, so the run
# timed the kernel's page zeroing (measured: 24 ms attention at n = 1024
# against 80-100 ms with the faults).
GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456 \
  node bench/run.mjs "$B/attn_bench"
