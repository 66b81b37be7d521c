#!/usr/bin/env bash
# Builds the libFuzzer target fuzz_core (tests/fuzz/: one file per area; preset fuzz: clang++-14,
# -fsanitize=fuzzer,address,undefined; only attn_core + fuzz_core) and runs it
# for a bounded time on the committed seeds (tests/fuzz/corpus, read only)
# plus a scratch corpus that grows across runs (build/fuzz/corpus).
# Usage: bash scripts/fuzz.sh [seconds]   (default 60)
# Environment: FUZZ_SEED (default 0: a new random seed each run), FUZZ_RUNS
# (default -1: until the time is up), FUZZ_SCRATCH (the growing corpus,
# default build/fuzz/corpus). npm test sets a fixed seed, a run count and an
# empty scratch directory, so that its fuzz layer is the same on every run.
# A crash, an invariant violation (abort) or a sanitizer report fails the run;
# the input that triggered it is written to build/fuzz/artifacts/.
# Reproduce one: build/fuzz/fuzz_core build/fuzz/artifacts/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_TO_RUN=${1:-60}
[[ "$SECONDS_TO_RUN" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: seconds must be an integer, got '$SECONDS_TO_RUN'" >&2; exit 2; }
command -v clang++-14 >/dev/null || { echo "fuzz.sh: clang++-14 is missing (bash scripts/setup.sh)" >&2; exit 1; }

[ -f build/fuzz/CMakeCache.txt ] || cmake --preset fuzz
cmake --build --preset fuzz -j 2

SCRATCH=${FUZZ_SCRATCH:-build/fuzz/corpus}
mkdir -p "$SCRATCH" build/fuzz/artifacts
# -max_len: a 16 x 16 matrix of raw doubles and its siblings fit in 4 KB.
# The scratch corpus comes first: libFuzzer adds new inputs to the first directory.
exec build/fuzz/fuzz_core \
  -max_total_time="$SECONDS_TO_RUN" -seed="${FUZZ_SEED:-0}" -runs="${FUZZ_RUNS:--1}" \
  -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ \
  "$SCRATCH" tests/fuzz/corpus
