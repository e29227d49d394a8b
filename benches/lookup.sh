#!/usr/bin/env bash
# `ringlab lookup` on a file of 1,000,000 keys (and on 20,000, 80,000 and 250,000 to show how
# its time grows), beside `ringlab experiment` reading the same file; then the same lookup of
# a 1,000,000-line access log read with --format access-log.
#
# The ring: 2^32 positions, servers s0 to s7 with 100 virtual nodes each. Each run reads the
# file, hashes every key, places them and prints one line per key (to /dev/null).
#
# Usage: bash benches/lookup.sh        (needs hyperfine: 'apt-get install hyperfine')
# Environment: KEYS_DIR (default $TMPDIR/ringlab-bench or /tmp/ringlab-bench).
set -euo pipefail

cd "$(dirname "$0")/.."
KEYS_DIR=${KEYS_DIR:-${TMPDIR:-/tmp}/ringlab-bench}
mkdir -p "$KEYS_DIR"

if ! command -v hyperfine >/dev/null; then
  echo "hyperfine is needed: 'apt-get install hyperfine' (Debian, Ubuntu) or 'cargo install hyperfine'." >&2
  exit 1
fi

for n in 20000 80000 250000 1000000; do
  file="$KEYS_DIR/keys-$n.txt"
  [ -s "$file" ] || seq 0 $((n - 1)) | sed 's/^/user:/' > "$file"
done
LOG="$KEYS_DIR/access-1m.log"
if [ ! -s "$LOG" ]; then
  seq 0 999999 | awk '{ printf "10.0.%d.%d - - [10/Oct/2026:13:55:36 +0000] \"GET /item/%d HTTP/1.1\" 200 512\n", $1 % 250, $1 % 199, ($1 * 7919) % 50000 }' > "$LOG"
fi

cargo build --release --quiet --bin ringlab
RING="--ring-size 2^32 --vnodes 100 --servers s0,s1,s2,s3,s4,s5,s6,s7"
hyperfine --warmup 1 --runs 10 --output null \
  -n "lookup 20,000" "target/release/ringlab lookup $RING --keys-file $KEYS_DIR/keys-20000.txt" \
  -n "lookup 80,000" "target/release/ringlab lookup $RING --keys-file $KEYS_DIR/keys-80000.txt" \
  -n "lookup 250,000" "target/release/ringlab lookup $RING --keys-file $KEYS_DIR/keys-250000.txt" \
  -n "lookup 1,000,000" "target/release/ringlab lookup $RING --keys-file $KEYS_DIR/keys-1000000.txt" \
  -n "experiment 1,000,000" "target/release/ringlab experiment $RING --add s8 --keys-file $KEYS_DIR/keys-1000000.txt" \
  -n "lookup, access log of 1,000,000 lines" "target/release/ringlab lookup $RING --keys-file $LOG --format access-log"
