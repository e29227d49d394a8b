#!/usr/bin/env bash
# Installs what is missing, then runs every check: formatting, lints, the native suite
# (engine, CLI, picture), a short fuzzing of every reader (scripts/fuzz.sh --smoke, when the
# nightly toolchain is there), a release build of the app, and the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# A half-merged file fails here in a second, with its name, rather than deep in a later step.
for script in scripts/*.sh .ci/run; do bash -n "$script"; done
if git grep -nE '^(<<<<<<<|>>>>>>>) ' -- . >&2; then
  echo "test.sh: the lines above are merge conflict markers" >&2
  exit 1
fi

./scripts/setup.sh --browser --real-servers
export PATH="$PWD/tests/e2e/node_modules/.bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

step "formatting"
cargo fmt --check

step "lints (native and wasm)"
cargo clippy --all-targets --all-features -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --bins --features app -- -D warnings

step "native tests"
cargo test

step "fuzzing every reader for a few seconds (docs/fuzzing.md)"
./scripts/fuzz.sh --smoke

step "release build of the app"
trunk build --release --offline

step "browser tests"
cd tests/e2e
npx playwright test
