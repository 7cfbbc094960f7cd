#!/usr/bin/env bash
# Runs every test of wtf8-wasm, installing what is missing first (scripts/setup.sh).
# This is the README's test command and exactly what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

step() { printf '\n=== %s\n' "$*"; }
started=$(date +%s)
# The JavaScript suites run two test files at a time (node --test runs one on 2 cores by default):
# they are independent, and the machine has two cores.

step "setup"
bash scripts/setup.sh

step "rust: format, lint (the core natively and for wasm32, the bindings crates for wasm32); the core has no dependencies"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
# The inspect bindings and the wasm-bindgen example use std (serde-wasm-bindgen turns on
# wasm-bindgen's `std`); the other two bindings are no_std with their own panic handler: linted
# apart, so cargo does not unify their features (the example's lint is in its own step below).
cargo clippy --workspace --exclude wtf8-wasm-inspect-bindings --exclude wtf8-wasm-example-wasm-bindgen --target wasm32-unknown-unknown --locked -- -D warnings
cargo clippy -p wtf8-wasm-inspect-bindings --target wasm32-unknown-unknown --locked -- -D warnings
for target in x86_64-unknown-linux-gnu wasm32-unknown-unknown; do
  deps=$(cargo tree -p wtf8-wasm -e normal,build --target "$target" --prefix none --locked | sort -u)
  if [ "$deps" != "wtf8-wasm v$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1) ($PWD)" ]; then
    echo "the core crate must have no dependencies on $target, but cargo tree says:"; echo "$deps"; exit 1
  fi
done

step "rust: the core crate packages and publishes (a dry run: nothing is uploaded) and builds with its declared minimum Rust"
cargo publish -p wtf8-wasm --dry-run --allow-dirty --locked
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
cargo "+$msrv" check -p wtf8-wasm --lib --locked

step "rust: unit, integration and doc tests (exhaustive sweeps run optimised)"
cargo test --locked

step "rust on wasm (simd128): the unit, integration, exhaustive, property, slide and vector suites as wasm32-wasip1 under Node's WASI, on the SIMD kernels the package ships; and their lint"
bash scripts/test-wasm.sh

step "rust for wasm-bindgen users (features js, serde, serde-wasm-bindgen): lint; wasm-bindgen tests in Node and headless Chromium; the example crate built for the bundler, web, nodejs and deno targets and called from Node, Bun, Deno and Chromium"
cargo clippy -p wtf8-wasm-example-wasm-bindgen --all-targets --target wasm32-unknown-unknown --locked -- -D warnings
cargo test -p wtf8-wasm --features js,serde,serde-wasm-bindgen --lib --locked wtf8_string
cargo test -p wtf8-wasm --features js,serde,serde-wasm-bindgen --doc --locked js   # the js module's examples compile
wasm-pack test --node examples/wasm-bindgen
wasm-pack test --headless --chrome examples/wasm-bindgen
node --test --test-reporter=spec tests/wasm-bindgen/*.test.mjs

step "fuzz: every cargo-fuzz target for 10 s, so they keep building and finding nothing (fuzz/README.md)"
bash scripts/fuzz.sh --seconds 10

step "vectors: tests/vectors/**/*.json are what their generators produce (Python, Node, Java oracles)"
python3 tests/vectors/generate.py --check
python3 tests/vectors/encodings/generate.py --check

step "js: format (prettier, .prettierrc.json) of the TypeScript, JavaScript, JSON, HTML and CSS"
node_modules/.bin/prettier --check --log-level warn .

step "build the npm package (pkg/)"
node scripts/build.mjs

step "js on Node 20 (the system Node): API, vectors, differential, routes, streaming, boundary, storage, package and size tests"
node --test --test-concurrency=2 --test-reporter=spec tests/js/*.test.mjs

step "js again on Node 20, on the portable paths (no Buffer, no isAscii/isUtf8, no isWellFormed)"
node --import ./tests/js/portable-preload.mjs --test --test-concurrency=2 --test-reporter=spec tests/js/*.test.mjs

step "js again on Node 20, as in browsers without the JS String Builtins (no Buffer, no isAscii/isUtf8)"
WTF8_HIDE=Buffer,getBuiltinModule node --import ./tests/js/portable-preload.mjs --test --test-concurrency=2 --test-reporter=spec tests/js/*.test.mjs

step "js again on Node 20, as on Node 20.0-20.15 (Buffer, but no process.getBuiltinModule for isAscii/isUtf8)"
WTF8_HIDE=getBuiltinModule node --import ./tests/js/portable-preload.mjs --test --test-concurrency=2 --test-reporter=spec tests/js/*.test.mjs

step "memory: every wtf8-wasm/encodings function, and wtf8-wasm/inspect walked whole, on 64 Mi-unit inputs (child processes) leave their wasm memory at most 4 MiB"
node --test --test-concurrency=2 --test-reporter=spec tests/memory/*.test.mjs

# Node 22+ all have process.getBuiltinModule and the JS String Builtins, so of the runs above only
# the one without Buffer (the browser-like paths: the builtins move code units) still differs.
for version in node22 node24 node26; do
  bin=$(node scripts/runtimes.mjs path "$version")
  step "js on $version ($("$bin" --version)): the same suites, then as in browsers (no Buffer, no isAscii/isUtf8)"
  "$bin" --test --test-concurrency=2 --test-reporter=spec tests/js/*.test.mjs
  WTF8_HIDE=Buffer,getBuiltinModule "$bin" --import ./tests/js/portable-preload.mjs --test --test-concurrency=2 --test-reporter=spec tests/js/*.test.mjs
done

step "consumer: the packed tarball in Node 20/22/24/26 (CJS/ESM), TypeScript, Deno, Bun, workerd, Chromium, Firefox, esbuild, webpack, Vite"
node --test --test-reporter=spec tests/consumer/*.test.mjs

step "routes in Deno, Bun, workerd, Chromium and Firefox; the browser paths; the demo page in Chromium (and a Firefox smoke test), its server and helpers"
node --test --test-reporter=spec tests/e2e/*.test.mjs

echo
echo "all tests passed in $(( $(date +%s) - started )) s"
