#!/usr/bin/env bash
# The Rust test suites as WebAssembly, on the SIMD kernels the npm package ships: the crate is
# built for wasm32-wasip1 with simd128 (so the public functions run src/simd/ on the real
# instructions) and the unit and integration test binaries run under Node's WASI
# (scripts/test-pool.mjs). Doctests run natively only (cargo does not run them for other targets).
# Also lints that build. Needs the wasm32-wasip1 target and Node 26 (`scripts/setup.sh first`
# installs both).
# Usage: bash scripts/test-wasm.sh [extra cargo test arguments, e.g. a test name filter]
set -euo pipefail
cd "$(dirname "$0")/.."
# Under Node 26, the active LTS: its V8 runs the suites in a quarter less CPU than Node 20's (the
# integration binary one test at a time: 147 -> 111 s, 2 Dec 2026; the 4-byte sweeps 11.3 -> 6.8 s
# each). --no-turbo-fast-api-calls: without it Node can crash inside a WASI call
# (scripts/test-pool.mjs).
node26=$(node scripts/runtimes.mjs path node26)
[ -x "$node26" ] || { echo "test-wasm.sh: no Node 26 at $node26 (bash scripts/setup.sh first)" >&2; exit 1; }
export CARGO_TARGET_WASM32_WASIP1_RUNNER="$node26 --no-warnings --no-turbo-fast-api-calls $PWD/scripts/test-pool.mjs"
# Each test binary's tests two at a time, in two processes (wasm32-wasip1 runs one test at a
# time): scripts/test-pool.mjs. Warm, 29 Nov 2026: the unit binary 19.1 -> 11.7 s, the integration
# binary 92 -> 80.7 s (its tests' sum is 161 s), against halves dealt out beforehand.
export WTF8_TEST_PROCESSES="${WTF8_TEST_PROCESSES:-2}"
export RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+simd128"
# Its own target directory: other RUSTFLAGS would rebuild everything each time.
target=(--target wasm32-wasip1 --target-dir target/wasi)
cargo clippy --all-targets --locked "${target[@]}" -- -D warnings
cargo test --locked "${target[@]}" --lib --tests "$@"
