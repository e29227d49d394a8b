#!/usr/bin/env bash
# Fuzzes every reader of Ringlab with libFuzzer (cargo-fuzz, on the nightly toolchain): each
# target in fuzz/fuzz_targets/ in turn, then a megabyte of input for each, then (with --props)
# every property test with 10,000 cases. See docs/fuzzing.md.
#
#   scripts/fuzz.sh                      every target for 60 s
#   scripts/fuzz.sh 600                  every target for 600 s
#   scripts/fuzz.sh 600 link decimals    those targets for 600 s
#   scripts/fuzz.sh --long               every target until 10 million runs or 30 minutes
#   scripts/fuzz.sh --smoke              what the test command runs: every target for 15 s from
#                                        its seeds with a fixed random seed, and the megabyte
#                                        inputs; says so and stops (successfully) without nightly
#   scripts/fuzz.sh --props              the property tests with PROPTEST_CASES=10000
#
# Every run holds each target to: no input over 1 s (-timeout=1), no more than 2,048 MB of
# memory (-rss_limit_mb=2048). The corpus grows in fuzz/corpus/<target> (not kept in git; the
# seeds it starts from are in fuzz/seeds/<target>); a crashing input lands in
# fuzz/artifacts/<target>/. A line per target goes to fuzz/results.tsv:
# target, seconds, runs, coverage (edges), features, corpus, crashes.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(link change_text decimals exercise_set keys_text keyspace host_message scenario_apply data_file
  scenario_file pasted lesson_text)
seconds=60
runs=0
smoke=false
props=false
chosen=()
for arg in "$@"; do
  case "$arg" in
    --smoke) smoke=true; seconds=15 ;;
    --long) seconds=1800; runs=10000000 ;;
    --props) props=true ;;
    [0-9]*) seconds=$arg ;;
    *) chosen+=("$arg") ;;
  esac
done
[ ${#chosen[@]} -gt 0 ] && TARGETS=("${chosen[@]}")

say() { printf '\n== %s\n' "$*"; }

if $props; then
  say "property tests with 10,000 cases each"
  PROPTEST_CASES=10000 cargo test --release --tests
  exit 0
fi

if ! cargo +nightly --version >/dev/null 2>&1; then
  say "fuzzing skipped: the nightly toolchain is not installed (rustup toolchain install nightly)"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  say "installing cargo-fuzz (a few minutes, once)"
  cargo install cargo-fuzz --version 0.13.2 --locked
fi

# No sanitizer: the engine is safe Rust, and without one the targets run several times faster.
# A long run gives way to the machine's other work (nice); the smoke run, which the test command
# runs beside a release build it starts at low priority, keeps its normal priority, since
# libFuzzer's -timeout counts wall-clock time.
NICE=(nice)
$smoke && NICE=()
FUZZ=("${NICE[@]}" cargo +nightly fuzz)
BUILD=(-O --sanitizer none)
say "building the fuzz targets"
"${FUZZ[@]}" build "${BUILD[@]}" 2>&1 | grep -v '^\s*Compiling' || true

mkdir -p fuzz/corpus
results=fuzz/results.tsv
[ -f "$results" ] || printf 'target\tseconds\truns\tcoverage\tfeatures\tcorpus\tcrashes\n' > "$results"
failed=()
for target in "${TARGETS[@]}"; do
  say "$target: ${seconds} s$([ "$runs" -gt 0 ] && echo " or $runs runs")"
  mkdir -p "fuzz/corpus/$target" "fuzz/seeds/$target"
  log=$(mktemp)
  status=0
  flags=(-timeout=1 -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1)
  [ "$runs" -gt 0 ] && flags+=(-runs="$runs")
  corpus="fuzz/corpus/$target"
  if $smoke; then
    # The smoke run starts from the seeds alone with a fixed random seed: the same inputs in
    # the same order on every machine, a slower one trying a shorter stretch of them.
    corpus=$(mktemp -d)
    flags+=(-seed=1)
  fi
  "${FUZZ[@]}" run "${BUILD[@]}" "$target" "$corpus" "fuzz/seeds/$target" -- \
    "${flags[@]}" >"$log" 2>&1 || status=$?
  $smoke && rm -rf "$corpus"
  done_line=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  slowest=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log" | tail -1)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$done_line")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")
  corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$done_line")
  crashes=0
  if [ "$status" -ne 0 ]; then
    crashes=1
    failed+=("$target")
    grep -E "panicked|ERROR|Test unit written|timeout|out-of-memory" "$log" | head -20 || true
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$seconds" "${executed:-0}" "${cov:-?}" \
    "${ft:-?}" "${corp:-?}" "$crashes" >> "$results"
  echo "${done_line:-no run}"
  echo "slowest input: ${slowest:-?} s"
  rm -f "$log"
done

# A megabyte each: every seed repeated up to 1 MB, answered within the same second and memory.
# The smoke run allows 3 s: on this build the slowest megabyte takes 0.9 s, most of it in the
# fuzzer's own instrumentation, and a slower machine must not fail on that; a reader gone
# quadratic takes minutes.
mb_seconds=1
$smoke && mb_seconds=3
say "a megabyte of input for each target (within ${mb_seconds} s)"
big=$(mktemp -d)
for target in "${TARGETS[@]}"; do
  n=0
  for seed in fuzz/seeds/"$target"/*; do
    [ -f "$seed" ] || continue
    [ -s "$seed" ] || continue
    n=$((n + 1))
    [ $n -gt 5 ] && break
    # Doubled until it passes a megabyte: a one-byte seed takes 20 steps, not a million.
    cp "$seed" "$big/$target-$n"
    while [ "$(stat -c %s "$big/$target-$n")" -lt 1048576 ]; do
      cat "$big/$target-$n" "$big/$target-$n" > "$big/double"
      mv "$big/double" "$big/$target-$n"
    done
    truncate -s 1048576 "$big/$target-$n"
  done
  [ $n -eq 0 ] && continue
  if ! "${FUZZ[@]}" run "${BUILD[@]}" "$target" "$big"/"$target"-* -- \
    -timeout="$mb_seconds" -rss_limit_mb=2048 -runs=1 > "$big/log" 2>&1; then
    echo "$target: a megabyte input took over $mb_seconds s or 2,048 MB"
    grep -E "panicked|timeout|out-of-memory|Test unit written" "$big/log" | head || true
    failed+=("$target (1 MB)")
  else
    slowest=$(grep -o 'in [0-9]* ms' "$big/log" | awk '{print $2}' | sort -n | tail -1)
    echo "$target: every megabyte input answered (the slowest in ${slowest:-?} ms)"
  fi
done
rm -rf "$big"

if [ ${#failed[@]} -gt 0 ]; then
  say "findings in: ${failed[*]} (inputs in fuzz/artifacts/)"
  exit 1
fi
say "no findings"
