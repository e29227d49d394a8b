#!/usr/bin/env bash
# Installs what is missing, then runs every check: formatting, lints, the native suite
# (engine, CLI, picture, the mdBook preprocessor), the million-key tests in the release build, a
# short fuzzing of every reader (scripts/fuzz.sh --smoke, when the nightly toolchain is there), a
# release build of the app (with the figures' package and the preprocessor that carries them),
# and the browser tests in Chromium. Says how long each step took, and sums them up at the
# end, whether the run passed or not.
set -euo pipefail
cd "$(dirname "$0")/.."

# A half-merged file fails here in a second, with its name, rather than deep in a later step.
for script in scripts/*.sh .ci/run; do bash -n "$script"; done
if git grep -nE '^(<<<<<<<|>>>>>>>) ' -- . >&2; then
  echo "test.sh: the lines above are merge conflict markers" >&2
  exit 1
fi

# Each step's name and seconds, in order; the step under way and when it began.
done_steps=()
current=""
began=0

minutes() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

end_step() {
  [ -n "$current" ] || return 0
  local took=$((SECONDS - began))
  done_steps+=("$(minutes "$took")  $current")
  printf -- '-- %s: %s\n' "$current" "$(minutes "$took")"
  current=""
}

step() {
  end_step
  current="$*"
  began=$SECONDS
  printf '\n== %s\n' "$*"
}

summary() {
  local status=$?
  local failed="$current"
  end_step
  printf '\n== time taken, step by step\n'
  printf '  %s\n' "${done_steps[@]}"
  printf '  %s  in all\n' "$(minutes "$SECONDS")"
  if [ "$status" -ne 0 ] && [ -n "$failed" ]; then
    printf 'test.sh: stopped in "%s" (exit %s)\n' "$failed" "$status"
  fi
}
trap summary EXIT

step "installing what is missing (scripts/setup.sh)"
./scripts/setup.sh --browser --real-servers
export PATH="$PWD/tests/e2e/node_modules/.bin:$PATH"

step "formatting"
cargo fmt --check

step "lints (native and wasm)"
cargo clippy --workspace --all-targets --all-features -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --bins --features app -- -D warnings

step "native tests"
cargo test --workspace

step "million-key tests, in the release build"
cargo test --release --test millions

step "fuzzing every reader for a few seconds (docs/fuzzing.md)"
./scripts/fuzz.sh --smoke

step "release build of the app"
trunk build --release --offline
# The mdBook preprocessor carries the figures' files of this build (mdbook-ringlab/build.rs);
# the browser tests build a book with it.
cargo build -p mdbook-ringlab

step "browser tests"
(cd tests/e2e && npx playwright test)
