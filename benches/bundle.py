"""What the app's WebAssembly is made of, by crate and by module of ringlab.

Run from the repository root after `trunk build --release --offline` (which leaves the linked,
named module in target/wasm32-unknown-unknown/wasm-release/) with `twiggy` installed
(`cargo install twiggy`):

    python3 benches/bundle.py

Sizes are of the linked module before wasm-bindgen and wasm-opt, so they add up to more than
the shipped file; the sections wasm-bindgen removes (names, its descriptors) are left out. A
function is counted under the first crate its name mentions: a closure that Leptos calls but
ringlab wrote counts under the crate that names it first.
"""

import collections
import csv
import io
import pathlib
import re
import subprocess
import sys

import os
MODULE = pathlib.Path(os.environ.get("MODULE", "target/wasm32-unknown-unknown/wasm-release/ringlab-app.wasm"))
DROPPED = ("function names", "custom section", "wbindgen_describe", "placeholder")


def sizes(module):
    """(name, bytes) for every item twiggy lists, with crate hashes removed."""
    out = subprocess.run(
        ["twiggy", "top", "-n", "1000000", "--format", "csv", str(module)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for row in csv.DictReader(io.StringIO(out)):
        name = re.sub(r"\[[0-9a-f]{16}\]", "", row["Name"])
        if any(part in name for part in DROPPED) or name.startswith('"'):
            continue
        yield name, int(row["ShallowSize"])


def main():
    if not MODULE.exists():
        sys.exit(f"{MODULE} is missing: run `trunk build --release --offline` first.")
    crates, ours = collections.Counter(), collections.Counter()
    for name, size in sizes(MODULE):
        if name.startswith("data"):
            crates["(data: strings and tables)"] += size
            continue
        found = re.search(r"([a-z_][a-z0-9_]*)::", name)
        crate = found.group(1) if found else "(other)"
        crates[crate] += size
        if crate == "ringlab":
            part = re.search(r"ringlab::(\w+(?:::\w+)?)", name)
            ours[part.group(1) if part else "(other)"] += size
    total = sum(crates.values())
    print(f"linked module: {total / 1024:.0f} KB (before wasm-bindgen and wasm-opt)")
    for crate, size in crates.most_common(12):
        print(f"{size / 1024:8.1f} KB {100 * size / total:5.1f} %  {crate}")
    print("largest modules of ringlab:")
    for part, size in ours.most_common(int(os.environ.get("TOP", 12))):
        print(f"{size / 1024:8.1f} KB  {part}")


if __name__ == "__main__":
    main()
