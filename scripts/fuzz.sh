#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/fuzz_targets/, see fuzz/README.md) one at a time, each for the
# given time, and prints the executions per target. Fails if any target finds anything.
#
#   bash scripts/fuzz.sh --minutes N [target ...]   # a campaign (all targets by default)
#   bash scripts/fuzz.sh --seconds N [target ...]   # scripts/test.sh runs --seconds 10
#   bash scripts/fuzz.sh --runs N [target ...]      # until N executions each
#
# Build flags (why: fuzz/README.md, "Speed"): release without debug assertions (-O), no
# sanitizer (the crate forbids unsafe code), no compare tracing. Each target's corpus grows in
# fuzz/corpus/<target> (not committed) from the seeds in fuzz/seeds/<target> (committed,
# written by fuzz/seeds.py from the vector tables); findings go to fuzz/artifacts/<target>/.
# Needs nightly Rust and cargo-fuzz (scripts/setup.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds=""
runs_limit=-1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) seconds=$(( $2 * 60 )); shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs_limit=$2; seconds=0; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [ -z "$seconds" ]; then
  echo "usage: bash scripts/fuzz.sh --minutes N | --seconds N | --runs N [target ...]" >&2
  exit 2
fi
flags=(-O --sanitizer none --no-trace-compares)
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)

python3 seeds.py --check
cargo +nightly fuzz build "${flags[@]}" >/dev/null 2>&1
rows=()
failed=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log=$(mktemp)
  status=ok
  cargo +nightly fuzz run "${flags[@]}" "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$seconds" -runs="$runs_limit" -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="artifacts/$t/" >"$log" 2>&1 || status=FAILED
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  if [ "$status" != ok ]; then
    failed=1
    echo "--- $t failed; the end of its log:" >&2
    tail -30 "$log" >&2
  fi
  secs=${took:-0}
  rows+=("$(printf '%-16s %14s %9s %6s  %s' "$t" "${runs:-?}" "$(( ${runs:-0} / (secs > 0 ? secs : 1) ))" "${took:-?}" "$status")")
  rm -f "$log"
done
printf '%-16s %14s %9s %6s  %s\n' target executions exec/s secs result
printf '%s\n' "${rows[@]}"
exit $failed
