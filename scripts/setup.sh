#!/usr/bin/env bash
# Installs what the build and the tests need, and only what is missing:
#   system packages (Debian bookworm): emscripten, xtensor, Catch2, chromium, firefox-esr, WebKitGTK, clang-14, ...
#   node_modules (npm ci) when missing or older than package-lock.json.
# Usage: bash scripts/setup.sh [--fixtures]
#   --fixtures  also the Python packages that scripts/gen_fixtures.py uses
#               (numpy, scipy, torch, networkx); the tests do not need them.
# Idempotent and fast (well under 2 s) when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(emscripten libxtensor-dev xtl-dev catch2 chromium fonts-noto-cjk cmake g++ make
          clang-14 libclang-rt-14-dev   # clang: the fuzz layer (libFuzzer runtime)
          xz-utils                      # xz: the wasm inside dist/attnlab.js is LZMA-compressed
          firefox-esr webkit2gtk-driver xvfb)  # the engines layer: Firefox ESR, WebKitGTK's MiniBrowser and its WebDriver, a display for it
for arg in "$@"; do
  case "$arg" in
    --fixtures) PACKAGES+=(python3-numpy python3-scipy python3-torch python3-networkx) ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown argument '$arg' (use --fixtures)" >&2; exit 2 ;;
  esac
done

# 1. System packages: one dpkg-query for all of them.
# (dpkg-query exits 1 when it has never heard of a package: not an error here.)
installed=" $( { dpkg-query -W -f='${Package}:${Status}\n' "${PACKAGES[@]}" 2>/dev/null || true; } \
  | sed -n 's/^\([^:]*\):install ok installed$/\1/p' | tr '\n' ' ') "
missing=()
for p in "${PACKAGES[@]}"; do
  [[ "$installed" == *" $p "* ]] || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=(sudo); else
      echo "setup: not root and no sudo: install these packages yourself: ${missing[*]}" >&2
      exit 1
    fi
  fi
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# 2. node_modules: npm ci when missing or stale (package-lock.json newer than
# the copy npm keeps in node_modules/.package-lock.json).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
fi
