#!/usr/bin/env bash
# The one command to see wtf8-wasm: installs what is missing (scripts/setup.sh, idempotent),
# builds the package into pkg/, then serves the demo page on http://127.0.0.1:8080/ until Ctrl+C.
#
#   bash scripts/start.sh [port]        (or PORT=8081 bash scripts/start.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
node scripts/build.mjs
exec node scripts/serve.mjs "$@"
