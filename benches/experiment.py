#!/usr/bin/env python3
"""The `ringlab experiment` of benches/cli-vs-python.sh, written plainly in Python.

Servers s0 to s7 with 100 virtual nodes each on the 2^32 ring, hashed with md5-low32; server s8
joins. Keys are read one per line from a file. Prints how many keys changed server on the ring
and under hash mod N, as `ringlab experiment --json` reports them in `ring.moved` and
`mod_n.moved`.

The conventions are the README's:
- md5-low32: the whole MD5 digest as a number, mod 2^32 (its last 4 bytes, big-endian);
- virtual node i of server S hashes the label `S#i`;
- a key belongs to the first point at or after its position, wrapping past the top; points
  at one position are ordered by server name, then virtual-node index, and the first owns;
- mod N: the key goes to servers[hash mod N];
- blank lines are skipped, a line `@52` is a key placed at position 52, a key may appear once.

Standard library only. Usage: python3 benches/experiment.py KEYS_FILE
"""

import bisect
import hashlib
import sys

VNODES = 100
BEFORE = [f"s{i}" for i in range(8)]
AFTER = BEFORE + ["s8"]


def md5_low32(text):
    return int.from_bytes(hashlib.md5(text.encode()).digest(), "big") % 2**32


def ring(servers):
    """The sorted positions of every point, and the server owning each."""
    points = sorted(
        (md5_low32(f"{name}#{i}"), name, i) for name in servers for i in range(VNODES)
    )
    return [p[0] for p in points], [p[1] for p in points]


def owner(positions, names, position):
    i = bisect.bisect_left(positions, position)
    return names[i if i < len(positions) else 0]


def read_hashes(path):
    hashes = []
    seen = set()
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            key = line.strip()
            if not key:
                continue
            if key in seen:
                sys.exit(f"duplicate key: {key}")
            seen.add(key)
            hashes.append(int(key[1:]) if key.startswith("@") else md5_low32(key))
    return hashes


def main():
    hashes = read_hashes(sys.argv[1])
    before, after = ring(BEFORE), ring(AFTER)
    ring_moved = sum(1 for h in hashes if owner(*before, h) != owner(*after, h))
    n, m = len(BEFORE), len(AFTER)
    mod_n_moved = sum(1 for h in hashes if BEFORE[h % n] != AFTER[h % m])
    print(f"keys {len(hashes)}")
    print(f"ring moved {ring_moved}")
    print(f"mod N moved {mod_n_moved}")


if __name__ == "__main__":
    main()
