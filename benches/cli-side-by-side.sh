#!/usr/bin/env bash
# The streamed command line of two builds, side by side in one run: each run of one build is
# followed by a run of the other (the order swapped every round), so the machine's drift falls
# on both alike. Prints, per command and build, the median wall and processor seconds and the
# most memory, and checks that both builds print the same bytes.
#
# Usage: benches/cli-side-by-side.sh BEFORE_BIN AFTER_BIN [RUNS] [PLAN_KEYS]
#   BEFORE_BIN, AFTER_BIN  two ringlab binaries (release builds of two checkouts)
#   RUNS                   runs of each (default 5)
#   PLAN_KEYS              keys through `plan` from a pipe (default 100000000; 0 leaves it out)
# The runs: `experiment` on 1,000,000 keys from a file (user:0 … user:999999), 2^32 ring,
# md5-low32, 100 virtual nodes, s0…s7 and s8 added, --json; `lookup` on the same file; and
# `plan` on PLAN_KEYS keys (key-0 …), ring of 2^32, 100 virtual nodes, A, B, C and D added,
# generated (--keys) and from standard input (`seq`), once per build each (they take minutes).
# Beside them, `cargo bench --bench hash_limit` gives what MD5 alone allows on one core and on
# all of them.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '/^# Usage:/,/^# The runs/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 1; }
before=$1 after=$2 runs=${3:-5} plan_keys=${4:-100000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seq -f 'user:%.0f' 0 999999 > "$work/keys-1m.txt"
ring=(--ring-size 2^32 --vnodes 100 --hash md5-low32 --servers s0,s1,s2,s3,s4,s5,s6,s7)
experiment="experiment ${ring[*]} --add s8 --keys-file $work/keys-1m.txt --json"
lookup="lookup ${ring[*]} --keys-file $work/keys-1m.txt"
for command in "$experiment" "$lookup"; do
  cmp -s <($before $command) <($after $command) || { echo "the builds differ on: $command" >&2; exit 1; }
done
python3 - "$runs" "$before" "$after" "$experiment" "$lookup" "$plan_keys" <<'PY'
import resource, statistics, subprocess, sys
runs, before, after, experiment, lookup, plan_keys = sys.argv[1:]
runs, plan_keys = int(runs), int(plan_keys)

def once(line):
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    import time
    t = time.monotonic()
    subprocess.run(line, shell=True, check=True, stdout=subprocess.DEVNULL, executable="/bin/bash")
    wall = time.monotonic() - t
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = end.ru_utime - start.ru_utime + end.ru_stime - start.ru_stime
    return wall, cpu, end.ru_maxrss / 1024

def side_by_side(name, command, count, builds=(before, after)):
    results = {b: [] for b in builds}
    for i in range(count):
        for binary in (builds if i % 2 == 0 else builds[::-1]):
            results[binary].append(once(command.replace("BIN", binary)))
    print(f"\n{name}, median of {count}:")
    for label, binary in (("before", before), ("after", after)):
        if binary not in results:
            print(f"  {label:6} (this build has no such command)")
            continue
        walls = [w for w, _, _ in results[binary]]
        cpus = [c for _, c, _ in results[binary]]
        print(f"  {label:6} {statistics.median(walls):8.3f} s wall  {statistics.median(cpus):8.3f} s processor  ({binary})")
    if len(builds) == 2:
        ratio = statistics.median(w for w, _, _ in results[after]) / statistics.median(w for w, _, _ in results[before])
        print(f"  after / before, wall: {ratio:.2f}")

side_by_side("experiment, 1,000,000 keys from a file", f"BIN {experiment}", runs)
side_by_side("lookup, 1,000,000 keys from a file", f"BIN {lookup}", runs)
if plan_keys:
    # Builds from before `plan` existed run it only with the other.
    has_plan = lambda b: subprocess.run([b, "plan", "--help"], capture_output=True).returncode == 0
    plan = "plan --ring-size 2^32 --vnodes 100 --servers A,B,C --add D"
    side_by_side(f"plan, {plan_keys:,} generated keys", f"BIN {plan} --keys {plan_keys}",
                 1, tuple(b for b in (before, after) if has_plan(b)))
    side_by_side(f"plan, {plan_keys:,} keys from standard input",
                 f"seq -f 'key-%.0f' 0 {plan_keys - 1} | BIN plan --ring-size 2^32 --vnodes 100 --servers A,B,C --add D --keys-file -",
                 1, tuple(b for b in (before, after) if has_plan(b)))
PY
