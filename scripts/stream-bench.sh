#!/usr/bin/env bash
# Streams KEYS keys (100,000,000 unless told) through `ringlab plan`, `experiment` and `lookup`
# as built for release, and prints for each its keys a second and the most memory it held at
# once; beside them, the most keys a second this machine can hash with one MD5 or one CRC-16 per
# key on every core (benches/hash_limit.rs). docs/performance.md#streaming records a run.
#
#   ./scripts/stream-bench.sh [KEYS]
set -euo pipefail
cd "$(dirname "$0")/.."
keys=${1:-100000000}

cargo build --release --bin ringlab 2>&1 | grep -v '^\s*Compiling' || true
bin=target/release/ringlab
ring=(--ring-size 2^32 --vnodes 100 --servers A,B,C)
redis=(--placement redis-cluster --servers 10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379)

# Runs a shell command line; prints its seconds, keys a second, the processor time it used
# (which another busy process on the machine disturbs less than the seconds) and the most
# resident memory of any process it started (the kernel's count, in MB).
measure() {
  python3 - "$keys" "$1" "$2" <<'PY'
import resource, subprocess, sys, time
keys, name, line = int(sys.argv[1]), sys.argv[2], sys.argv[3]
start = time.monotonic()
subprocess.run(line, shell=True, check=True, stdout=subprocess.DEVNULL, executable="/bin/bash")
seconds = time.monotonic() - start
used = resource.getrusage(resource.RUSAGE_CHILDREN)
peak, cpu = used.ru_maxrss / 1024, used.ru_utime + used.ru_stime
print(f"{name}\t{seconds:.1f} s\t{keys / seconds / 1e6:.2f} M keys/s\t"
      f"{cpu:.1f} CPU s\t{keys / cpu / 1e6:.2f} M keys per CPU second\t{peak:.0f} MB")
PY
}

printf '\n== the most keys a second this machine hashes\n'
cargo bench --bench hash_limit -- "$((keys / 5))" 2>&1 | grep -v '^\s*\(Compiling\|Finished\|Running\)'

printf '\n== %s keys through the command line (command, time, keys a second, processor time, keys per processor second, most memory)\n' "$keys"
measure "plan, ring (MD5)" "$bin plan ${ring[*]} --add D --keys $keys"
measure "plan, Redis (CRC-16)" "$bin plan ${redis[*]} --add 10.0.0.4:6379 --change rebalance:use-empty-masters --keys $keys"
measure "experiment, ring" "$bin experiment ${ring[*]} --add D --keys $keys"
measure "lookup, ring, from standard input" \
  "seq -f 'key-%.0f' 0 $((keys - 1)) | $bin lookup ${ring[*]},D --keys-file - > /dev/null"
