#!/usr/bin/env bash
# Installs what is missing, then builds Ringlab and serves it at http://127.0.0.1:8080/.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$PWD/tests/e2e/node_modules/.bin:$PATH"
exec trunk serve --release --offline "$@"
