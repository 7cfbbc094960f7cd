#!/usr/bin/env bash
# Runs every test of wtf8-wasm, installing what is missing first (scripts/setup.sh).
# This is the README's test command and exactly what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

# Each step prints its time as it ends, and a table of all of them closes the run (also when a step
# fails): where the time goes is visible in every log, CI's too. Beside each time, how busy the
# machine's cores were during the step (from /proc/stat: everything running, the background
# installs and the fuzz smoke included), so that a step that leaves a core idle shows.
started=$(date +%s)
GOAL_SECONDS=1200
names=()
times=()
busy=()
current=""
current_at=$started
# Prints "<busy jiffies> <total jiffies>" of all cores, or "0 0" where /proc/stat is missing.
cpu_jiffies() {
  local cpu user nice system idle iowait rest
  if read -r cpu user nice system idle iowait rest </proc/stat 2>/dev/null; then
    local irq softirq steal
    read -r irq softirq steal _ <<<"$rest"
    local total=$((user + nice + system + idle + iowait + irq + softirq + steal))
    echo "$((total - idle - iowait)) $total"
  else
    echo "0 0"
  fi
}
current_cpu=$(cpu_jiffies)
end_step() {
  [ -n "$current" ] || return 0
  local took=$(($(date +%s) - current_at))
  local now_cpu before_busy before_total after_busy after_total
  now_cpu=$(cpu_jiffies)
  read -r before_busy before_total <<<"$current_cpu"
  read -r after_busy after_total <<<"$now_cpu"
  local span=$((after_total - before_total))
  names+=("$current")
  times+=("$took")
  busy+=("$([ "$span" -gt 0 ] && echo $((100 * (after_busy - before_busy) / span)) || echo -)")
  printf '=== %s: %d s\n' "$current" "$took"
  current=""
}
step() {
  end_step
  current=$1
  current_at=$(date +%s)
  current_cpu=$(cpu_jiffies)
  printf '\n=== %s: %s\n' "$1" "$2"
}
summary() {
  local status=$?
  # The background installs (below), if a step failed while they ran.
  [ -z "${setup_pid:-}" ] || kill -- -"$setup_pid" 2>/dev/null || true
  [ -z "${fuzz_pid:-}" ] || kill -- -"$fuzz_pid" 2>/dev/null || true
  end_step
  echo
  printf '%-34s %6s %9s\n' step seconds 'cores %'
  for i in "${!names[@]}"; do printf '%-34s %6d %9s\n' "${names[$i]}" "${times[$i]}" "${busy[$i]}"; done
  local total=$(($(date +%s) - started))
  printf '%-34s %6d\n' total "$total"
  # The goal for a whole run on a new machine, installs included: 20 minutes.
  if [ "$total" -le "$GOAL_SECONDS" ]; then
    printf '%-34s %6d   (%d s under the goal of %d s)\n' 'goal' "$GOAL_SECONDS" $((GOAL_SECONDS - total)) "$GOAL_SECONDS"
  else
    printf '%-34s %6d   (%d s OVER the goal of %d s)\n' 'goal' "$GOAL_SECONDS" $((total - GOAL_SECONDS)) "$GOAL_SECONDS"
  fi
  return $status
}
trap summary EXIT
# Waits for a part started in the background ($1: its process, $2: its log, $3: what it is), prints
# its log, and fails as it failed.
finish_background() {
  local status=0
  wait "$1" || status=$?
  cat "$2"
  [ "$status" = 0 ] || { echo "$3 failed ($status)"; exit "$status"; }
}
# Runs its arguments, each "name::command", at once (bash -c, the exported environment), each
# one's output into a log of its own; then prints each log in turn under its name and time, and
# fails as the first of them that failed.
together() {
  local dir status=0 i=0 job took code
  dir=$(mktemp -d)
  local pids=() names=()
  for job in "$@"; do
    names+=("${job%%::*}")
    (
      begun=$(date +%s)
      code=0
      bash -c "${job#*::}" || code=$?
      echo "$(($(date +%s) - begun)) $code" >"$dir/$i.end"
      exit "$code"
    ) >"$dir/$i.log" 2>&1 &
    pids+=($!)
    i=$((i + 1))
  done
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || true; done
  for i in "${!names[@]}"; do
    read -r took code <"$dir/$i.end" || { took=?; code=1; }
    printf -- '--- %s: %s s%s\n' "${names[$i]}" "$took" "$([ "$code" = 0 ] || echo ", FAILED (exit $code)")"
    cat "$dir/$i.log"
    [ "$code" = 0 ] || [ "$status" != 0 ] || status=$code
  done
  rm -rf "$dir"
  [ "$status" = 0 ] || exit "$status"
}
# The JavaScript suites run two test files at a time (node --test runs one on 2 cores by default):
# they are independent, and the machine has two cores. The slowest of this machine's last run start
# first, so that no long file starts last and runs alone (scripts/test-order.mjs: on Node 22,
# tests/js/ 25.6 -> 22.7 s; as a reporter it records this run's times); with no times yet (a fresh
# clone), in the order given.
#   node_test <node binary and its flags...> -- <test files...>
node_test() {
  local node=() files=()
  while [ "$1" != -- ]; do node+=("$1"); shift; done
  shift
  mapfile -t files < <(node scripts/test-order.mjs "$@")
  [ ${#files[@]} -gt 0 ] || { echo "node_test: no test files"; return 2; }
  "${node[@]}" --test --test-concurrency=2 --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=./scripts/test-order.mjs --test-reporter-destination=stdout "${files[@]}"
}

step "setup" "the Rust targets (scripts/setup.sh first); the rest installs in the background meanwhile"
bash scripts/setup.sh first
# The rest of the installs (on a fresh machine mostly compiling wasm-bindgen-cli and cargo-fuzz;
# then Debian's browsers, npm ci, the other Nodes, better-sqlite3) run beside the Rust suites,
# which need none of it, at a lower priority so the suites keep the cores they use; "setup, the
# rest" waits for them. Their own process group, so that a failed run stops them too (summary).
mkdir -p target
setup_log=target/setup-rest.log
nice -n 10 setsid bash scripts/setup.sh rest >"$setup_log" 2>&1 &
setup_pid=$!

step "rust lint" "rust: format, lint (the core natively and for wasm32, the bindings crates for wasm32); the core has no dependencies"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
# The wasm-bindgen example uses std (serde-wasm-bindgen turns on wasm-bindgen's `std`); the three
# bindings are no_std with their own panic handler: the example is linted apart, so cargo does not
# unify their features (its lint is in its own step below).
# With simd128, as every wasm32 build of this command (so none rebuilds another's dependencies with
# other flags): the SIMD kernels' wasm32 code is linted here too.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128"
cargo clippy --workspace --exclude wtf8-wasm-example-wasm-bindgen --target wasm32-unknown-unknown --locked -- -D warnings
for target in x86_64-unknown-linux-gnu wasm32-unknown-unknown; do
  deps=$(cargo tree -p wtf8-wasm -e normal,build --target "$target" --prefix none --locked | sort -u)
  if [ "$deps" != "wtf8-wasm v$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1) ($PWD)" ]; then
    echo "the core crate must have no dependencies on $target, but cargo tree says:"; echo "$deps"; exit 1
  fi
done

step "rust tests" "rust: unit, integration and doc tests (exhaustive sweeps run optimised), with the features for wasm-bindgen users too (js, js-snippet, serde, serde-wasm-bindgen: additive, so one build serves both)"
# The crates the js features bring natively (wasm-bindgen, js-sys and its futures-util: they only
# act on wasm32) and proptest's regex-syntax (strategy set-up) unoptimised, here only: the tests
# never run them hot, and at opt-level 3 they were a quarter of this build (`cargo test --no-run`
# from a clean target dir, 27 Nov 2026: 170 s of CPU, 125 s without; the suites ran as long).
unoptimised=()
for crate in js-sys wasm-bindgen futures-util regex-syntax; do unoptimised+=(--config "profile.test.package.$crate.opt-level=0"); done
# The unit and integration binaries' tests two at a time, each in a process of its own, the
# slowest of the last run first (scripts/test-pool.mjs: libtest's threads take them in name order,
# so a long one that comes late runs alone at the end). Warm, 29 Nov 2026: unit 17.8 -> 17.2 s,
# integration 32.3 -> 31.1 s (the two longest unit tests are 14.7 and 14.4 s of its 32).
CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER="node $PWD/scripts/test-pool.mjs" WTF8_TEST_PROCESSES=2 \
  cargo "${unoptimised[@]}" test --locked --features js,js-snippet,serde,serde-wasm-bindgen

step "rust tests as wasm" "rust on wasm (simd128): the unit, integration, exhaustive, property, slide and vector suites as wasm32-wasip1 under Node 26's WASI, on the SIMD kernels the package ships; and their lint"
bash scripts/test-wasm.sh

step "setup, the rest" "wait for the background installs (scripts/setup.sh rest), and print what they did"
finish_background "$setup_pid" "$setup_log" "scripts/setup.sh rest"
setup_pid=""

# The fuzz smoke runs for a set time, not a set amount of work: the steps up to "fuzz smoke, the
# end" run beside it (they share the cores; the fuzzers run as long either way), instead of after
# it. Its own process group, so that a failed step stops it too (summary). 6 s a target: it checks
# that every target builds and replays its kept corpus and the seeds without a finding, then
# explores for the rest of its time; the campaigns (fuzz/README.md) are where the fuzzing is. At
# 10 s it was 176 s of CPU of a new machine's 20 minutes (16 targets, 11 s each; 29 Nov 2026).
step "fuzz smoke, started" "fuzz: every cargo-fuzz target for 6 s from its kept corpus, so they keep building and finding nothing (fuzz/README.md); two at a time (a fuzzer uses one core), beside the steps up to \"fuzz smoke, the end\""
fuzz_log=target/fuzz-smoke.log
setsid bash -c '
  started=$(date +%s)
  mapfile -t targets < <(cd fuzz && cargo +nightly fuzz list)
  half=$(((${#targets[@]} + 1) / 2))
  bash scripts/fuzz.sh --seconds 6 "${targets[@]:0:$half}" &
  first=$!
  status=0
  bash scripts/fuzz.sh --seconds 6 "${targets[@]:$half}" || status=$?
  wait "$first" || status=$?
  echo "the fuzz smoke took $(($(date +%s) - started)) s"
  exit "$status"
' >"$fuzz_log" 2>&1 &
fuzz_pid=$!

step "rust package, MSRV" "rust: the core crate packages and publishes (a dry run: nothing is uploaded) and builds with its declared minimum Rust"
cargo publish -p wtf8-wasm --dry-run --allow-dirty --locked
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
cargo "+$msrv" check -p wtf8-wasm --lib --locked

step "rust wasm-bindgen users" "rust for wasm-bindgen users (features js, js-snippet, serde, serde-wasm-bindgen): lint; wasm-bindgen tests in Node (the default paths) and headless Chromium (with the js-snippet feature); the example crate built for the bundler, web, nodejs and deno targets (and nodejs, web and deno again with js-snippet) and called from Node, Bun, Deno and Chromium"
cargo clippy -p wtf8-wasm-example-wasm-bindgen --all-targets --target wasm32-unknown-unknown --features js-snippet --locked -- -D warnings
# (Its unit and doc tests with those features ran with the others, in "rust tests".)
# The wasm-bindgen tests with wasm-bindgen's own runner (wasm-bindgen-cli's wasm-bindgen-test-runner,
# headless, reading examples/wasm-bindgen/webdriver.json): the same test binaries `wasm-pack test
# --node` and `--headless --chrome` build and run, without the debug build of the library that
# wasm-pack makes first and never uses (70 s and 19 s of this step in a new-machine run, 28 Nov
# 2026).
example=(-p wtf8-wasm-example-wasm-bindgen --target wasm32-unknown-unknown --locked)
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner WASM_BINDGEN_TEST_ONLY_NODE=1 \
  cargo test "${example[@]}"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner WASM_BINDGEN_TEST_ONLY_WEB=1 \
  CHROMEDRIVER="${WTF8_CHROMEDRIVER:-/usr/bin/chromedriver}" cargo test "${example[@]}" --features js-snippet
node --test --test-reporter=spec tests/wasm-bindgen/*.test.mjs

# Steps whose parts leave a core idle (a Python or Java oracle, prettier, the package build: about
# one core each) run their parts at once (`together`): on a new machine these six, one at a time,
# kept the cores 54-74 % busy for 72 s (28 Nov 2026).
step "vectors, prettier, build pkg/" "at once: the vector tables are what their generators produce (Python, Node, Java oracles); the format of the TypeScript, JavaScript, JSON, HTML and CSS (prettier, .prettierrc.json); the npm package built (pkg/)"
# prettier keeps what it found in node_modules/.cache/prettier (keyed by each file's content and
# the options), so a run checks only the files that changed since the last: 8.4 -> 1.9 s warm, 13
# -> 2 s of CPU (1 Dec 2026). A new clone has no cache and checks everything.
together \
  "vectors::python3 tests/vectors/generate.py --check" \
  "vectors of the encodings::python3 tests/vectors/encodings/generate.py --check" \
  "prettier::node_modules/.bin/prettier --check --cache --cache-strategy content --log-level warn ." \
  "build pkg/::node scripts/build.mjs"

step "docs, package types, route campaign" "at once, on the package built: every js example of README.md and docs/ runs against pkg/ and its claims hold, relative links and anchors resolve, the bench's figures are benches/results.json's, the API reference builds from the TSDoc with warnings as errors (TypeDoc); the build's data dropping (tests/build); the packed package's entries and types resolve under every TypeScript resolution (attw: node10, node16 CJS and ESM, bundler) and its manifest lints clean (publint); the routes' property campaign, 600 seeded cases per runtime, every plan against the wasm-only plan in Node 22/24/26, Deno and Bun (fuzz/README.md)"
together \
  "docs::node --test --test-reporter=spec tests/docs/*.test.mjs tests/build/*.test.mjs && node scripts/api-docs.mjs" \
  "package types::node_modules/.bin/attw --pack pkg --format ascii && node_modules/.bin/publint --strict pkg" \
  "route campaign::node scripts/route-campaign.mjs --cases 600 --seed 20261127 --max-length 70000 --pause 0"

step "fuzz smoke, the end" "wait for the fuzz smoke (started before \"rust package, MSRV\"), and print what it did"
finish_background "$fuzz_pid" "$fuzz_log" "the fuzz smoke"
fuzz_pid=""

# The suites whose paths depend on what the runtime offers (Buffer, isAscii/isUtf8, isWellFormed):
# the main entry's. The runs with those hidden take only these; the encodings and inspect entries,
# the package files and the sizes do not look at them (their suites run in every Node, in full).
# (The longest first: the order of a run with no times yet, scripts/test-order.mjs.)
main_suites=(tests/js/{short,differential,routes,compat,steps,boundary,streaming,api,storage,vectors}.test.mjs)
all_suites=(tests/js/{short,encodings-differential,differential,inspect,routes,compat}.test.mjs tests/js/*.test.mjs)

step "js node20" "js on Node 20 (the system Node): API, vectors, differential, routes, streaming, boundary, storage, package and size tests"
node_test node -- "${all_suites[@]}"

step "js node20 portable" "the main entry's suites again on Node 20, on the portable paths (no Buffer, no isAscii/isUtf8, no isWellFormed)"
node_test node --import ./tests/js/portable-preload.mjs -- "${main_suites[@]}"

step "js node20 no Buffer" "the main entry's suites again on Node 20, as in browsers without the JS String Builtins (no Buffer, no isAscii/isUtf8)"
WTF8_HIDE=Buffer,getBuiltinModule node_test node --import ./tests/js/portable-preload.mjs -- "${main_suites[@]}"

step "js node20 no getBuiltinModule" "the main entry's suites again on Node 20, as on Node 20.0-20.15 (Buffer, but no process.getBuiltinModule for isAscii/isUtf8)"
WTF8_HIDE=getBuiltinModule node_test node --import ./tests/js/portable-preload.mjs -- "${main_suites[@]}"

# Node 22+ all have process.getBuiltinModule and the JS String Builtins, so of the runs above only
# the one without Buffer (the browser-like paths: the builtins move code units) still differs.
for version in node22 node24 node26; do
  bin=$(node scripts/runtimes.mjs path "$version")
  step "js $version" "js on $version ($("$bin" --version)): the same suites, then as in browsers (no Buffer, no isAscii/isUtf8)"
  node_test "$bin" -- "${all_suites[@]}"
  WTF8_HIDE=Buffer,getBuiltinModule node_test "$bin" --import ./tests/js/portable-preload.mjs -- "${main_suites[@]}"
done

# Four suites in one run of node --test, two files at a time, the browser suites first. One at a
# time, each ended with one file running alone (their cores 82-87 % busy in a new-machine run, 29 Nov
# 2026: memory 41 s, consumer 31, boundaries 27, e2e 114). In the order given, not the slowest first
# (scripts/test-order.mjs): that order was no faster here, 196 s against 177 and 178 in the warm runs
# before, the cores 93-94 % busy in each (2 Dec 2026).
step "e2e, boundaries, consumer, memory" "e2e: routes in Deno, Bun, workerd, Chromium, Firefox and WebKit; the browser paths; the platform check and the encodings entry in the three browsers; the demo page in Chromium (and Firefox and WebKit smoke tests), its live boundary check, its server and helpers. boundaries: the shared strings through the real stores and wires (node:sqlite, bun:sqlite, PGlite, fetch, node:http, WebSocket, workers, files, msgpack, bson) in Node 20/22/24/26, Deno and Bun, and IndexedDB, localStorage, the Cache API and OPFS across a browser restart in Chromium, Firefox and WebKit; the README's table and recipes. consumer: the packed tarball in Node 20/22/24/26 (CJS/ESM), TypeScript, Deno, Bun, workerd, Chromium, Firefox, WebKit, esbuild, webpack, Vite. memory: every wtf8-wasm/encodings function, and wtf8-wasm/inspect walked whole, on 16 Mi-unit inputs (child processes) leave their wasm memory at most 4 MiB"
node --test --test-concurrency=2 --test-reporter=spec tests/e2e/*.test.mjs tests/boundaries/*.test.mjs \
  tests/consumer/*.test.mjs tests/memory/*.test.mjs

echo
echo "all tests passed in $(( $(date +%s) - started )) s"
