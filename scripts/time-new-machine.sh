#!/usr/bin/env bash
# Times the test command as a new machine of this kind runs it: in a fresh clone, with nothing the
# setup installs already there, so every install is paid beside the suites (as in CI on a new
# machine). Prints the test command's own table of steps, and the total.
#
#   bash scripts/time-new-machine.sh [--purge-apt] [commit]     (default: HEAD)
#
# What "new" means here, without a new machine:
#   - an empty CARGO_HOME holding only rustup's proxies (no registry cache, no wasm-pack,
#     wasm-bindgen-cli or cargo-fuzz), and PATH without ~/.cargo/bin;
#   - rustup's nightly and the core's minimum Rust removed, and the wasm32 targets (a new machine
#     has only the stable toolchain);
#   - an empty npm cache and an empty runtime cache (WTF8_RUNTIMES: the other Nodes, better-sqlite3);
#   - an empty temporary directory (TMPDIR), so that the test command finds none of what it keeps
#     there between runs (the Firefox profile it copies, the empty PGlite cluster);
#   - with --purge-apt, the Debian packages the setup installs removed too (browsers, WebKitGTK,
#     Xvfb, a JDK if the setup installed one). Without it they stay, and the note of a run says so:
#     their install (about 1.5 min of downloads and unpacking on this kind) runs in the background
#     beside the Rust suites, where it competes with them for the cores.
# It changes this machine's rustup and (with --purge-apt) Debian state; the setup puts it back.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
purge_apt=0
[ "${1:-}" = --purge-apt ] && { purge_apt=1; shift; }
commit=${1:-HEAD}
work=$(mktemp -d /tmp/wtf8-new-machine-XXXXXX)
echo "new machine reproduced in $work (commit $(git -C "$repo" rev-parse --short "$commit"))"

mkdir -p "$work/cargo/bin"
rustup_bin=$(command -v rustup)
for proxy in cargo cargo-clippy cargo-fmt clippy-driver rustc rustdoc rustfmt rustup; do
  ln -s "$rustup_bin" "$work/cargo/bin/$proxy"
done
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' "$repo/Cargo.toml")
rustup toolchain uninstall nightly "$msrv" >/dev/null 2>&1 || true
rustup target remove wasm32-unknown-unknown wasm32-wasip1 >/dev/null 2>&1 || true
if [ "$purge_apt" = 1 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq chromium chromium-driver firefox-esr webkit2gtk-driver \
    xvfb xauth >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get autoremove -y -qq >/dev/null
fi

git clone -q "$repo" "$work/fresh"
mkdir "$work/tmp"
git -C "$work/fresh" checkout -q "$commit"
cd "$work/fresh"
started=$(date +%s)
status=0
env -u CARGO_TARGET_DIR CARGO_HOME="$work/cargo" \
  PATH="$work/cargo/bin:$(echo "$PATH" | tr ':' '\n' | grep -v '/\.cargo/bin$' | paste -sd:)" \
  npm_config_cache="$work/npm-cache" WTF8_RUNTIMES="$work/runtimes" TMPDIR="$work/tmp" \
  bash .ci/run >"$work/log" 2>&1 || status=$?
echo "the test command exited $status after $(($(date +%s) - started)) s; its log: $work/log"
sed -n '/^step  *seconds/,$p' "$work/log"
exit "$status"
