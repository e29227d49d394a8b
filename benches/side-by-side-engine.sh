#!/usr/bin/env bash
# The engine's criterion benchmarks (benches/engine.rs) of two checkouts, side by side: both
# bench binaries are built, then the same benchmarks run with one binary and the other in turn,
# several rounds, the order swapped every round, so whatever the machine's speed does meanwhile
# (it drifts by up to half from hour to hour) falls on both alike.
#
# Usage: benches/side-by-side-engine.sh BEFORE_DIR AFTER_DIR [FILTER]
#   BEFORE_DIR, AFTER_DIR  two checkouts of ringlab (git worktrees, for instance), each with the
#                          benchmarks it is asked to run (ids are group/name, as criterion prints them)
#   FILTER                 a criterion filter (a regular expression over the ids); the default
#                          covers a server added and removed on the 100 x 200 ring with 1M keys
#                          (the moved keys and a whole Scenario::apply), every placement's own
#                          lookups over 1M keys, and a whole compare: 14 benchmarks. The 3
#                          rounds (6 runs) took 12 minutes here with the load average at 12 to
#                          16, which stretches the slowest ones (compare, rendezvous); with the
#                          machine to itself, criterion's fixed warm-up and measurement times
#                          make it about 8. The engine benchmarks have no 100K-key ring; the
#                          page's side by side (benches/side-by-side.mjs) has one.
# Environment:
#   ROUNDS (default 3)      runs of each binary
#   WARMUP (default 1)      criterion's --warm-up-time, seconds
#   MEASURE (default 3)     criterion's --measurement-time, seconds
#   OUT (default a new folder under /tmp)  criterion's data and each run's output
#
# Each run of a binary builds the benchmarks' fixture (1M keys, every placement, and the checks
# that every crate compared agrees with the engine) before timing anything: about 20 seconds
# here, whatever the filter. Each run writes criterion's estimates into a folder of its own;
# the table gives, per benchmark and build, the median of the runs' medians (and the lowest and
# highest), the ratio AFTER / BEFORE of those, and the same ratio round by round.
set -euo pipefail

usage() {
  sed -n '/^# Usage:/,/^# Each run/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 1
}
[ $# -ge 2 ] && [ $# -le 3 ] || usage

DEFAULT_FILTER='^(moved_keys/(add|remove)_server/diff_and_count|apply/(add|remove)_server|placements/[a-z_]+/ringlab(_assign)?|compare/add_server)$'
FILTER=${3:-$DEFAULT_FILTER}
ROUNDS=${ROUNDS:-3}
WARMUP=${WARMUP:-1}
MEASURE=${MEASURE:-3}
OUT=${OUT:-$(mktemp -d /tmp/side-by-side-engine.XXXXXX)}
mkdir -p "$OUT"

DIRS=()
for dir in "$1" "$2"; do
  [ -f "$dir/Cargo.toml" ] && [ -f "$dir/benches/engine.rs" ] || {
    echo "$dir is not a ringlab checkout (no Cargo.toml and benches/engine.rs)" >&2
    exit 1
  }
  DIRS+=("$(cd "$dir" && pwd)")
done
LABELS=("before" "after")

# Builds the bench binary of checkout $1 and prints its path, from cargo's own report of it.
build() {
  local dir=$1 bin
  echo "building the engine benchmarks in $dir" >&2
  bin=$(cd "$dir" && cargo bench --no-run --bench engine --message-format=json-render-diagnostics |
    jq -r 'select(.reason == "compiler-artifact" and .target.name == "engine" and .profile.test and .executable != null) | .executable' |
    tail -n 1)
  if [ -z "$bin" ] || [ ! -x "$bin" ]; then
    echo "cargo built no engine bench binary in $dir" >&2
    exit 1
  fi
  echo "$bin"
}

BINS=()
for i in 0 1; do
  bin=$(build "${DIRS[$i]}") || exit 1
  BINS+=("$bin")
  echo "${LABELS[$i]}: ${BINS[$i]}" >&2
done

echo "filter '$FILTER', $ROUNDS rounds; data in $OUT" >&2

# The ids of the benchmarks one run of $1 measured.
ids_of() {
  find "$OUT/$1" -path '*/new/benchmark.json' -exec jq -r .full_id {} + | sort -u
}

for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) -eq 1 ]; then order="0 1"; else order="1 0"; fi
  for i in $order; do
    label=${LABELS[$i]}
    home="$OUT/$label/round-$round"
    mkdir -p "$home"
    echo "round $round/$ROUNDS: $label" >&2
    if ! (cd "${DIRS[$i]}" && CRITERION_HOME="$home" "${BINS[$i]}" --bench "$FILTER" \
      --warm-up-time "$WARMUP" --measurement-time "$MEASURE" --noplot) > "$home/output.txt" 2>&1; then
      echo "the $label benchmarks failed; their output is in $home/output.txt:" >&2
      tail -n 20 "$home/output.txt" >&2
      exit 1
    fi
  done
  # Both binaries must have run the same benchmarks, or their ratios would compare nothing.
  if [ "$round" -eq 1 ]; then
    if [ -z "$(ids_of before)" ]; then
      echo "no benchmark matches the filter '$FILTER' in ${DIRS[0]}" >&2
      exit 1
    fi
    if [ "$(ids_of before)" != "$(ids_of after)" ]; then
      echo "the two checkouts ran different benchmarks under '$FILTER' (< before, > after):" >&2
      diff <(ids_of before) <(ids_of after) >&2 || true
      exit 1
    fi
    echo "$(ids_of before | wc -l) benchmarks in each run" >&2
  fi
done

python3 - "$OUT" "$ROUNDS" "${DIRS[@]}" <<'EOF'
import json, pathlib, statistics, sys

out, rounds, before_dir, after_dir = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
labels = ["before", "after"]

# medians[label][id] = the median of each round, in ns, round by round.
medians = {label: {} for label in labels}
for label in labels:
    for r in range(1, rounds + 1):
        for bench in sorted((out / label / f"round-{r}").rglob("new/benchmark.json")):
            full_id = json.loads(bench.read_text())["full_id"]
            estimates = json.loads((bench.parent / "estimates.json").read_text())
            medians[label].setdefault(full_id, []).append(estimates["median"]["point_estimate"])

ids = sorted(set(medians["before"]) & set(medians["after"]))
if not ids:
    sys.exit("criterion wrote no estimates: see the output.txt files under " + str(out))

def show(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"

rows = [["benchmark", "before: median [lowest–highest]", "after: median [lowest–highest]", "after/before", "round by round"]]
for bid in ids:
    b, a = medians["before"][bid], medians["after"][bid]
    per_round = [y / x for x, y in zip(b, a)]
    rows.append([
        bid,
        f"{show(statistics.median(b))} [{show(min(b))}–{show(max(b))}]",
        f"{show(statistics.median(a))} [{show(min(a))}–{show(max(a))}]",
        f"{statistics.median(a) / statistics.median(b):.2f}",
        " ".join(f"{r:.2f}" for r in per_round),
    ])
widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
print(f"\nbefore: {before_dir}\nafter:  {after_dir}\n{rounds} rounds; criterion's median of each run, then the median of the rounds\n")
for row in rows:
    print("  ".join(cell.ljust(widths[c]) if c in (0, 4) else cell.rjust(widths[c]) for c, cell in enumerate(row)).rstrip())
EOF
