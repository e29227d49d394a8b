#!/usr/bin/env bash
# Checks Ringlab's real systems against the projects' own Python client libraries from PyPI:
# redis (redis.crc.key_slot), cassandra-driver (cassandra.murmur3), kafka-python (its murmur2
# partitioner), xxhash (Envoy's XXH64) and mmh3 (Elasticsearch's MurmurHash3 over UTF-16LE).
# It needs the network to PyPI and about a minute, so scripts/test.sh does not run it.
# Usage: ./scripts/reference-clients.sh [KEYS]   (default 2000 keys)
set -euo pipefail
cd "$(dirname "$0")/.."
keys=${1:-2000}
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet redis cassandra-driver kafka-python xxhash mmh3
cargo build --quiet --release --bin ringlab
RINGLAB="$PWD/target/release/ringlab" KEYS="$keys" "$venv/bin/python" - <<'PY'
import os, subprocess, sys
import mmh3, xxhash
from redis.crc import key_slot
from cassandra.murmur3 import murmur3
from kafka.partitioner.default import murmur2

ringlab = os.environ["RINGLAB"]
keys = [f"key-{i}" for i in range(int(os.environ["KEYS"]))]
keys += ["{user1}.following", "foo{}{bar}", "foo{{bar}}zap", "user:1000", "Γειά σου Κόσμε", "a" * 40]

def lookup(*args):
    """Ringlab's third column for every key, under the given flags."""
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "ringlab-reference-keys.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(keys) + "\n")
    out = subprocess.run([ringlab, "lookup", "--detail", "--keys-file", path, *args],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t")[2] for line in out.splitlines()]

def shard(key, n):
    h = mmh3.hash(key.encode("utf-16-le"), 0, signed=True)
    r = n << max(1, 10 - (n - 1).bit_length())
    return (h % r) // (r // n)

checks = {
    "redis key_slot": (lookup("--placement", "redis-cluster", "--servers", "a:1,b:1,c:1"),
                       [f"slot={key_slot(k.encode())}" for k in keys]),
    "cassandra murmur3": (lookup("--placement", "cassandra", "--servers", "a,b,c"),
                          [f"token={murmur3(k.encode())}" for k in keys]),
    "kafka-python murmur2": (lookup("--placement", "kafka", "--partitions", "12", "--servers", "a,b,c"),
                             [f"partition={(murmur2(k.encode()) & 0x7fffffff) % 12}" for k in keys]),
    "xxhash xxh64": (lookup("--placement", "envoy-ring-hash", "--servers", "a:1,b:1"),
                     [f"hash={xxhash.xxh64_intdigest(k.encode())}" for k in keys]),
    "mmh3 over UTF-16LE": (lookup("--placement", "elasticsearch", "--shards", "5", "--servers", "a,b"),
                           [f"shard={shard(k, 5)}" for k in keys]),
}
failed = 0
for name, (ours, theirs) in checks.items():
    differ = [(k, o, t) for k, o, t in zip(keys, ours, theirs) if o != t]
    print(f"{name}: {len(keys) - len(differ)} of {len(keys)} keys agree")
    for k, o, t in differ[:5]:
        print(f"  {k!r}: Ringlab {o}, the library {t}")
    failed += len(differ)
sys.exit(1 if failed else 0)
PY
