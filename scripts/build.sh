#!/usr/bin/env bash
# Builds dist/: the wasm module and its LZMA decoder (Emscripten, preset
# "wasm") and the web page.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc >= -O1 needs acorn from Debian's node modules
[ -f build/wasm/CMakeCache.txt ] || cmake --preset wasm >/dev/null
cmake --build --preset wasm --target attnlab_core lzma_decoder
node scripts/build-lib.mjs
node scripts/build-page.mjs
