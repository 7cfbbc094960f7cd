#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/fuzz_targets/, see fuzz/README.md) one at a time and prints the
# executions per target. Fails if any target finds anything.
#
#   bash scripts/fuzz.sh --seconds N [target ...]   # scripts/test.sh runs --seconds 6
#   bash scripts/fuzz.sh --minutes N [target ...]   # each target for N minutes, in one run
#   bash scripts/fuzz.sh --runs N [target ...]      # until N executions each
#   bash scripts/fuzz.sh --campaign --minutes N [target ...]
#       # the campaign: every target in turn for N minutes, at nice 19 on one core, in slices of
#       # at most 2 minutes with a 3-second pause between them (so a benchmark waiting for the
#       # machine gets it), each target's total appended to the record in fuzz/README.md
#       # (fuzz/record.py): executions, seconds, commit, date, findings; then --fold
#   bash scripts/fuzz.sh --fold [target ...]        # adds to fuzz/kept/<target> the inputs of
#       # fuzz/corpus/<target> with coverage that kept/ and the seeds lack (libFuzzer -merge=1);
#       # kept files stay as they are; the working corpus starts again empty
#   bash scripts/fuzz.sh --minimise [target ...]    # cargo fuzz cmin: fuzz/kept/<target> becomes
#       # the smallest set of inputs from it, fuzz/corpus/<target> and the seeds with the same
#       # coverage, and the working corpus starts again empty (a fresh set: it renames most of
#       # the kept files, so use it rarely, when kept/ has grown large)
#
# Inputs: fuzz/corpus/<target> (the working corpus, not committed, where new inputs go),
# fuzz/kept/<target> (the kept corpus, committed) and fuzz/seeds/<target> (committed,
# written by fuzz/seeds.py from the vector tables). Findings go to fuzz/artifacts/<target>/.
# With WTF8_CPU_LOCK set to a file, each run of a target (each slice of a campaign) and the build
# take a shared flock(1) on it, as everything heavy on a shared machine does here.
#
# Build flags, each for speed (fuzz/README.md, "Build flags"): release without debug assertions
# (-O), no AddressSanitizer (3x the CPU time; Miri checks the unsafe code these builds hold), no
# compare tracing. Needs nightly Rust and cargo-fuzz (scripts/setup.sh installs both).
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/../fuzz"

seconds=""
runs_limit=-1
campaign=0
minimise=0
fold=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) seconds=$(( $2 * 60 )); shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs_limit=$2; seconds=0; shift 2 ;;
    --campaign) campaign=1; shift ;;
    --minimise) minimise=1; seconds=0; shift ;;
    --fold) fold=1; seconds=0; shift ;;
    -h|--help) sed -n '2,29p' "$self"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [ -z "$seconds" ] || { [ "$campaign" = 1 ] && [ "$seconds" -le 0 ]; }; then
  echo "usage: bash scripts/fuzz.sh --seconds N | --minutes N | --runs N | --campaign --minutes N | --fold | --minimise [target ...]" >&2
  exit 2
fi
flags=(-O --sanitizer none --no-trace-compares)
locked=()
[ -z "${WTF8_CPU_LOCK:-}" ] || locked=(flock -s "$WTF8_CPU_LOCK")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)

python3 seeds.py --check
"${locked[@]}" cargo +nightly fuzz build "${flags[@]}" >/dev/null 2>&1

# Ends a --fold or --minimise of target $1: the seeds out of fuzz/kept/$1 (fuzz/seeds.py writes
# those, and every run reads them anyway), the working corpus empty again, and what is kept.
settle_kept() {
  local t=$1 f
  for f in "seeds/$t"/*; do rm -f "kept/$t/$(basename "$f")"; done
  rm -rf "corpus/$t"
  mkdir -p "corpus/$t"
  printf '%-16s kept: %6s files %9s bytes\n' "$t" "$(ls "kept/$t" | wc -l)" "$(cat "kept/$t"/* 2>/dev/null | wc -c)"
}

# Folds fuzz/corpus/$1 and fuzz/kept/$1 into the smallest set with the same coverage (cargo fuzz
# cmin, seeds included), which becomes fuzz/kept/$1.
minimise_target() {
  local t=$1 work
  mkdir -p "corpus/$t" "kept/$t"
  work=$(mktemp -d)
  cp -n "corpus/$t"/* "kept/$t"/* "seeds/$t"/* "$work"/ 2>/dev/null || true
  "${locked[@]}" nice -n 19 cargo +nightly fuzz cmin "${flags[@]}" "$t" "$work" -- -max_len=4096 >/dev/null 2>&1
  rm -rf "kept/$t"
  mv "$work" "kept/$t"
  chmod 755 "kept/$t"
  settle_kept "$t"
}

# Adds to fuzz/kept/$1 the inputs of fuzz/corpus/$1 that reach coverage the kept corpus and the
# seeds do not: libFuzzer -merge=1 into kept/, which only adds files. A campaign ends with this
# rather than with cmin, which picks a fresh smallest set each time: re-minimising after every
# campaign renamed thousands of kept files per commit.
fold_target() {
  local t=$1
  mkdir -p "corpus/$t" "kept/$t"
  "${locked[@]}" nice -n 19 cargo +nightly fuzz run "${flags[@]}" "$t" "kept/$t" "seeds/$t" "corpus/$t" -- \
    -merge=1 -max_len=4096 >/dev/null 2>&1 || {
    echo "--- $t: the merge into kept/$t failed; the working corpus is left in corpus/$t" >&2
    return 1
  }
  settle_kept "$t"
}

if [ "$minimise" = 1 ] || [ "$fold" = 1 ]; then
  for t in "${targets[@]}"; do
    if [ "$minimise" = 1 ]; then minimise_target "$t"; else fold_target "$t"; fi
  done
  exit 0
fi

commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- ../src ../Cargo.toml fuzz_targets Cargo.toml || commit="$commit+changes"

# One libFuzzer run of target $1 for $2 seconds (0: until $runs_limit executions); sets `runs`,
# `took` and `status` (ok, starved or FAILED), and prints the end of the log of a failed run.
run_target() {
  local t=$1 secs=$2 log code=0
  log=$(mktemp)
  status=ok
  # (libFuzzer looks at the clock only once the corpus is read: `timeout` bounds a starved run,
  # one that other work kept from the CPU, as at nice 19 beside two busy cores. Its exit code,
  # 124, is not a finding: what it ran counts, and the campaign goes on.)
  "${locked[@]}" timeout --signal=INT $(( secs > 0 ? secs + 60 : 86400 )) \
    nice -n "$niceness" cargo +nightly fuzz run "${flags[@]}" "$t" "corpus/$t" "kept/$t" "seeds/$t" -- \
    -max_total_time="$secs" -runs="$runs_limit" -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="artifacts/$t/" >"$log" 2>&1 || code=$?
  if [ "$code" = 124 ]; then
    status=starved
    echo "--- $t: stopped after $(( secs + 60 )) s, still reading its corpus (starved of CPU; not a finding)" >&2
  elif [ "$code" != 0 ]; then
    status=FAILED
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  took=${took:-$secs}
  [ "$status" != starved ] || took=$(( secs + 60 ))
  if [ "$status" = FAILED ]; then
    echo "--- $t failed; the end of its log:" >&2
    tail -30 "$log" >&2
  fi
  rm -f "$log"
}

rows=()
failed=0
niceness=0
[ "$campaign" = 0 ] || niceness=19
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "kept/$t" "artifacts/$t"
  total=0
  spent=0
  if [ "$campaign" = 1 ]; then
    before=$(ls "artifacts/$t" | wc -l)
    while [ "$spent" -lt "$seconds" ]; do
      slice=$(( seconds - spent < 120 ? seconds - spent : 120 ))
      run_target "$t" "$slice"
      total=$(( total + runs ))
      spent=$(( spent + took ))
      [ "$status" != FAILED ] || break
      sleep 3
    done
    findings=none
    if [ "$status" = FAILED ]; then
      findings="$(( $(ls "artifacts/$t" | wc -l) - before )) in fuzz/artifacts/$t"
    fi
    python3 record.py rust "$t" "$total" "$spent" "$commit" "$findings"
    fold_target "$t" || failed=1
  else
    run_target "$t" "$seconds"
    total=$runs
    spent=$took
  fi
  [ "$status" != FAILED ] || failed=1
  rows+=("$(printf '%-16s %14s %9s %6s  %s' "$t" "$total" "$(( total / (spent > 0 ? spent : 1) ))" "$spent" "$status")")
done
printf '%-16s %14s %9s %6s  %s\n' target executions exec/s secs result
printf '%s\n' "${rows[@]}"
[ "$campaign" = 0 ] || echo "recorded in fuzz/README.md (fuzz/record.py)"
exit $failed
