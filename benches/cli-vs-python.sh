#!/usr/bin/env bash
# `ringlab experiment` against a straightforward Python version of the same experiment.
#
# The experiment: 1,000,000 keys (user:0 to user:999999) read from a file, servers s0 to s7 with
# 100 virtual nodes each on the 2^32 ring hashed with md5-low32, then s8 joins; count the keys
# whose server changed on the ring and under hash mod N. Hashing is included on both sides.
#
# Usage: bash benches/cli-vs-python.sh
# Environment: PYTHON (default python3), KEYS_DIR (default $TMPDIR/ringlab-bench or
# /tmp/ringlab-bench), where the keys file is written once and kept.
set -euo pipefail

cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
KEYS_DIR=${KEYS_DIR:-${TMPDIR:-/tmp}/ringlab-bench}
KEYS="$KEYS_DIR/keys-1m.txt"

if ! command -v hyperfine >/dev/null; then
  echo "hyperfine is needed: 'apt-get install hyperfine' (Debian, Ubuntu) or 'cargo install hyperfine'." >&2
  exit 1
fi

if [ ! -s "$KEYS" ]; then
  mkdir -p "$KEYS_DIR"
  seq 0 999999 | sed 's/^/user:/' > "$KEYS.partial"
  mv "$KEYS.partial" "$KEYS"
fi

cargo build --release --quiet --bin ringlab
RINGLAB="target/release/ringlab experiment --ring-size 2^32 --vnodes 100 --hash md5-low32 --servers s0,s1,s2,s3,s4,s5,s6,s7 --add s8 --keys-file $KEYS"
PYTHON_RUN="$PYTHON benches/experiment.py $KEYS"

# Both must find the same moved keys before their times mean anything.
ringlab_counts=$($RINGLAB --json | "$PYTHON" -c '
import json, sys
report = json.load(sys.stdin)
print(report["keys"], report["ring"]["moved"], report["mod_n"]["moved"])')
python_counts=$($PYTHON_RUN | awk '/^keys/ {k = $2} /^ring moved/ {r = $3} /^mod N moved/ {m = $4} END {print k, r, m}')
if [ "$ringlab_counts" != "$python_counts" ]; then
  echo "The two disagree (keys, ring moved, mod N moved): ringlab $ringlab_counts, Python $python_counts" >&2
  exit 1
fi
echo "Both: keys, ring moved, mod N moved = $ringlab_counts"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
hyperfine --warmup 1 --runs 10 --export-json "$out/ringlab.json" "$RINGLAB"
hyperfine --runs 3 --export-json "$out/python.json" "$PYTHON_RUN"

"$PYTHON" - "$out/ringlab.json" "$out/python.json" <<'EOF'
import json, platform, sys
ringlab, python = (json.load(open(path))["results"][0]["mean"] for path in sys.argv[1:])
print(f"ringlab mean: {ringlab * 1000:.1f} ms")
print(f"Python {platform.python_version()} mean: {python * 1000:.1f} ms")
print(f"ratio (Python / ringlab): {python / ringlab:.1f}x")
EOF
