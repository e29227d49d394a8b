#!/usr/bin/env bash
# Installs what is missing, then runs every check: formatting, lints, the native suite
# (engine, CLI, picture, the mdBook preprocessor), the million-key tests in an optimised build, a
# release build of the app (with the figures' package and the preprocessor that carries them)
# with a short fuzzing of every reader beside it (scripts/fuzz.sh --smoke, when the nightly
# toolchain is there), and the browser tests in Chromium. Says how long each step took, and sums them up at the
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
  if [ -n "${fuzz_pid:-}" ] && kill -0 "$fuzz_pid" 2>/dev/null; then
    kill -- -"$fuzz_pid" 2>/dev/null || true
  fi
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

step "million-key tests, in an optimised build"
cargo test --profile millions --test millions

# The fuzzing runs one target at a time, on one core: it goes on beside the release build, whose
# linking and optimising leave the other core idle for minutes. Its output is shown after.
fuzz_log=$(mktemp)
fuzz_took=$(mktemp)
# In a session of its own, so that a failed step stops all of it (summary, below).
setsid bash -c 'status=0; ./scripts/fuzz.sh --smoke || status=$?; echo "$SECONDS" >"$1"; exit $status' \
  _ "$fuzz_took" >"$fuzz_log" 2>&1 &
fuzz_pid=$!

step "release build of the app (the fuzzing runs beside it)"
# At low priority: the fuzzing's time limits count wall-clock time.
nice -n 10 trunk build --release --offline
# The mdBook preprocessor carries the figures' files of this build (mdbook-ringlab/build.rs);
# the browser tests build a book with it.
cargo build -p mdbook-ringlab

step "fuzzing every reader for a few seconds (docs/fuzzing.md), the rest of it"
fuzz_status=0
wait "$fuzz_pid" || fuzz_status=$?
fuzz_pid=""
cat "$fuzz_log"
echo "-- the fuzzing took $(minutes "$(cat "$fuzz_took")") in all, beside the release build"
rm -f "$fuzz_log" "$fuzz_took"
[ "$fuzz_status" -eq 0 ]

step "browser tests"
(cd tests/e2e && npx playwright test)
