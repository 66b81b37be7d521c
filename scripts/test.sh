#!/usr/bin/env bash
# Every test layer (../shared/DESIGN.md, "Tests, in layers"); `npm test` and .ci/run call this.
#   setup    scripts/setup.sh (system packages, node_modules)
#   native   Catch2 under ASan+UBSan: build preset native-debug, ctest --preset native-debug
#   fuzz     scripts/fuzz.sh: libFuzzer (clang-14, ASan+UBSan) on the core, seed 1, 300,000 runs (at most 60 s)
#            (preset fuzz, target fuzz_core: tests/fuzz/, one file per area, seeds tests/fuzz/corpus)
#   wasm     scripts/build.sh (module + dist/), the Catch2 suite compiled to wasm, ctest --preset wasm
#   js       node --test tests/js      (API contract, errors, heap, parser, server)
#   package  node --test tests/package (npm pack, offline installs of the tarball: Node CJS/ESM,
#            TypeScript setups, esbuild/Vite bundles in Chromium, attw; the site archive)
#   lsan     the wasm module under LeakSanitizer (preset wasm-lsan, build/wasm-lsan; its own
#            build, not dist/), node --test tests/lsan: the js layer's call mix leaks no block
#   e2e      node --test tests/e2e     (headless Chromium; skipped while there is no test file)
#   engines  node --test tests/engines (every lesson in Firefox ESR over WebDriver BiDi and in WebKitGTK
#            through WebKitWebDriver under Xvfb: ready, no page error, Chromium's numbers, formula and
#            figure layout, 360 px width; a SCORM launch, an exercise, a step player, <attn-lesson>)
#   budgets  node scripts/check-budgets.mjs (gzip sizes of dist/)
# Usage: bash scripts/test.sh [layer ...]   (default: all, in this order)
# A failing layer does not stop the others, except that js, package, e2e,
# engines and budgets need the dist/ that the wasm layer builds. Exit status 1 if any layer failed.
set -euo pipefail
cd "$(dirname "$0")/.."

ALL=(setup native fuzz wasm js package lsan e2e engines budgets)
if [ $# -gt 0 ]; then LAYERS=("$@"); else LAYERS=("${ALL[@]}"); fi
for l in "${LAYERS[@]}"; do
  [[ " ${ALL[*]} " == *" $l "* ]] || { echo "test.sh: unknown layer '$l' (layers: ${ALL[*]})" >&2; exit 2; }
done
JOBS=2   # the machines have 2 cores

layer_setup() {
  bash scripts/setup.sh
}

layer_native() {
  [ -f build/native-debug/CMakeCache.txt ] || cmake --preset native-debug
  cmake --build --preset native-debug -j "$JOBS"
  ctest --preset native-debug -j "$JOBS"
}

layer_fuzz() {
  # Reproducible: a fixed seed and a fixed number of runs (capped at 60 s),
  # starting from the committed seeds only (the scratch corpus is emptied).
  # Open-ended fuzzing: bash scripts/fuzz.sh 600.
  rm -rf build/fuzz/ci-corpus
  FUZZ_SEED=1 FUZZ_RUNS="${FUZZ_RUNS:-300000}" FUZZ_SCRATCH=build/fuzz/ci-corpus bash scripts/fuzz.sh "${FUZZ_SECONDS:-60}"
}

STATE=$(mktemp -d)
trap 'rm -rf "$STATE"' EXIT

layer_wasm() {
  export NODE_PATH=/usr/share/nodejs   # emcc >= -O1 needs acorn from Debian's node modules
  rm -f "$STATE/dist-failed"
  bash scripts/build.sh || { touch "$STATE/dist-failed"; return 1; }
  cmake --build --preset wasm --target attn_tests -j "$JOBS"
  ctest --preset wasm -j "$JOBS"
}

layer_js() {
  node --test tests/js
}

layer_package() {
  node --test tests/package
}

layer_lsan() {
  export NODE_PATH=/usr/share/nodejs   # emcc >= -O1 needs acorn from Debian's node modules
  [ -f build/wasm-lsan/CMakeCache.txt ] || cmake --preset wasm-lsan
  cmake --build --preset wasm-lsan -j "$JOBS"
  node --test tests/lsan
}

layer_e2e() {
  # Two files at a time: their pages wait on timers as much as on the CPU
  # (measured: 612 s for all files against about 740 s one at a time).
  node --test --test-concurrency=2 tests/e2e
}

layer_engines() {
  # One file; inside it Firefox and WebKit run side by side (one browser each).
  # Node 20 has WebSocket (WebDriver BiDi) behind a flag; Node >= 22 without it.
  local ws=()
  node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' || ws=(--experimental-websocket)
  # A run normally takes about 2 minutes; a browser that stops answering is
  # killed after 10 (each driver command also gives up after 150 s).
  timeout -k 10 600 node "${ws[@]}" --test tests/engines && return 0
  # Two intermittent failures are open (issue 33: a ResizeObserver loop
  # notification, a 360 px figure measured before Firefox laid it out):
  # one more run, said out loud; a second failure fails the layer.
  echo "test.sh: engines failed; running it once more (a second failure fails the layer)" >&2
  timeout -k 10 600 node "${ws[@]}" --test tests/engines
}

layer_budgets() {
  node scripts/check-budgets.mjs
}

# Why a layer cannot run (empty: it can).
skip_reason() {
  case "$1" in
    js|package|e2e|engines|budgets)
      if [ -f "$STATE/dist-failed" ]; then echo "the wasm layer did not build dist/"; return; fi
      if [ ! -f dist/attnlab.js ]; then echo "dist/attnlab.js is missing (run the wasm layer)"; return; fi ;;
  esac
  if [ "$1" = e2e ] && ! compgen -G 'tests/e2e/*.test.mjs' >/dev/null; then
    echo "tests/e2e has no *.test.mjs file yet"
  fi
}

now() { date +%s%N; }
declare -A STATUS TIME
passed=0 failed=0 skipped=0
for l in "${LAYERS[@]}"; do
  printf '\n==================================================================\n'
  printf '== %s\n' "$l"
  printf '==================================================================\n'
  t0=$(now)
  SKIP_REASON=$(skip_reason "$l")
  if [ -n "$SKIP_REASON" ]; then
    rc=3
  else
    # errexit inside the subshell: a subshell tested by if/||/&& would ignore it.
    set +e
    ( set -e; "layer_$l" )
    rc=$?
    set -e
    if [ "$rc" -eq 3 ]; then rc=1; fi   # 3 means "skipped" below
  fi
  ms=$(( ($(now) - t0) / 1000000 ))
  TIME[$l]=$(printf '%d.%01d s' $((ms / 1000)) $(((ms % 1000) / 100)))
  if [ "$rc" -eq 0 ]; then
    STATUS[$l]="ok"; passed=$((passed + 1))
  elif [ "$rc" -eq 3 ]; then
    STATUS[$l]="skipped (${SKIP_REASON:-see above})"; skipped=$((skipped + 1))
    echo "test.sh: $l skipped: ${SKIP_REASON:-see above}"
  else
    STATUS[$l]="FAILED (exit $rc)"; failed=$((failed + 1))
  fi
  if [ "$l" = setup ] && [ "$rc" -ne 0 ]; then
    echo "test.sh: setup failed; not running the other layers" >&2
    break
  fi
done

printf '\n==================================================================\n'
printf '== summary\n'
printf '==================================================================\n'
for l in "${LAYERS[@]}"; do
  printf '%-8s  %10s  %s\n' "$l" "${TIME[$l]:--}" "${STATUS[$l]:-not run}"
done
echo "layers: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
