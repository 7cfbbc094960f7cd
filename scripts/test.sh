#!/usr/bin/env bash
# Runs every test of wtf8-wasm, installing what is missing first (scripts/setup.sh).
# This is the README's test command and exactly what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

step() { printf '\n=== %s\n' "$*"; }
started=$(date +%s)

step "setup"
bash scripts/setup.sh

step "rust: format, lint (native and wasm32)"
cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --locked -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --features encodings-bindings --locked -- -D warnings

step "rust: unit, integration and doc tests (exhaustive sweeps run optimised)"
cargo test --locked

step "rust on wasm (simd128): the unit, integration, exhaustive, property, slide and vector suites as wasm32-wasip1 under Node's WASI, on the SIMD kernels the package ships; and their lint"
bash scripts/test-wasm.sh

step "fuzz: every cargo-fuzz target for 10 s, so they keep building and finding nothing (fuzz/README.md)"
bash scripts/fuzz.sh --seconds 10

step "vectors: tests/vectors/**/*.json are what their generators produce (Python, Node, Java oracles)"
python3 tests/vectors/generate.py --check
python3 tests/vectors/encodings/generate.py --check

step "build the npm package (pkg/)"
node scripts/build.mjs

step "js: API, vectors, differential, streaming, boundary, storage, package and size tests"
node --test --test-reporter=spec tests/js/*.test.mjs

step "js again, on the portable paths (no Buffer, no isAscii/isUtf8, no isWellFormed)"
node --import ./tests/js/portable-preload.mjs --test --test-reporter=spec tests/js/*.test.mjs

step "js again, as in browsers without the JS String Builtins (no Buffer, no isAscii/isUtf8)"
WTF8_HIDE=Buffer,getBuiltinModule node --import ./tests/js/portable-preload.mjs --test --test-reporter=spec tests/js/*.test.mjs

step "js again, as on Node 20.0-20.15 (Buffer, but no process.getBuiltinModule for isAscii/isUtf8)"
WTF8_HIDE=getBuiltinModule node --import ./tests/js/portable-preload.mjs --test --test-reporter=spec tests/js/*.test.mjs

step "consumer: the packed tarball in Node (CJS/ESM), TypeScript, Deno, Bun, Chromium, Firefox, esbuild, webpack, Vite"
node --test --test-reporter=spec tests/consumer/*.test.mjs

step "browsers: the package's browser paths in Chromium and Firefox; the demo page in Chromium (and a Firefox smoke test), its server and helpers"
node --test --test-reporter=spec tests/e2e/*.test.mjs

echo
echo "all tests passed in $(( $(date +%s) - started )) s"
