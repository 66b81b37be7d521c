#!/usr/bin/env bash
# Builds dist/: the wasm module and its LZMA decoder (Emscripten, preset
# "wasm"), the library (the npm package's files), the web page and the
# site archive. Also the npm package's prepack.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc >= -O1 needs acorn from Debian's node modules
[ -f build/wasm/CMakeCache.txt ] || cmake --preset wasm >/dev/null
cmake --build --preset wasm --target attnlab_core lzma_decoder
node scripts/build-lib.mjs
node scripts/build-page.mjs
node scripts/build-site.mjs   # dist/attention-lab-site.zip (the static site, for instructors)
node scripts/build-scorm.mjs  # dist/scorm/: SCORM 1.2 and 2004 packages of every lesson and of the course
node scripts/build-cmi5.mjs   # dist/cmi5/: cmi5 packages of every lesson and of the course
