#!/usr/bin/env bash
# What the mdbook-ringlab preprocessor adds to a book's build: a generated book of 20 chapters
# with 50 figures (a button and a step for most of them) is built by `mdbook build` with the
# preprocessor, and the same book with plain `text` code fences in place of the figures and no
# preprocessor, 5 runs each, alternating, and the medians are printed.
#
#   benches/mdbook.sh            (needs mdbook 0.5.4 on PATH: scripts/setup.sh installs it)
#
# It builds the preprocessor in release first; the app's release build (dist/) must exist for
# the figures' files. The figures are a mix of the 0-99 teaching ring and the 2^32 ring with a
# thousand keys and a hundred virtual nodes per server, whose stills are the larger drawings.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=5
CHAPTERS=20
FIGURES=50

cargo build --release --quiet -p mdbook-ringlab
bin_dir=$PWD/target/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Writes a book into $1 whose figures are fenced with the language $2.
make_book() {
  local dir=$1 lang=$2 chapter figure n=0
  mkdir -p "$dir/src"
  printf '[book]\ntitle = "Bench"\n' > "$dir/book.toml"
  printf '# Summary\n\n' > "$dir/src/SUMMARY.md"
  for chapter in $(seq 1 "$CHAPTERS"); do
    printf -- '- [Chapter %s](chapter-%s.md)\n' "$chapter" "$chapter" >> "$dir/src/SUMMARY.md"
    {
      printf '# Chapter %s\n\n' "$chapter"
      # 50 figures over 20 chapters: three in each of the first ten, two in the others.
      for figure in $(seq 1 $((chapter <= FIGURES - 2 * CHAPTERS ? 3 : 2))); do
        n=$((n + 1))
        printf 'Some words about figure %s, with a [link](https://example.org/) and *emphasis*.\n\n' "$n"
        printf '```%s\n' "$lang"
        if [ $((n % 5)) -eq 0 ]; then
          printf 'link: ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000\n'
        else
          printf 'link: ring=100&servers=A@10,B@40,C@%s&keys=@90,@52,@68,@25,@5\n' $((60 + n % 30))
        fi
        printf 'label: Figure %s\nid: figure-%s\n```\n\n' "$n" "$n"
        printf 'Try [adding a server](ringlab:add:E) or [undo](ringlab:undo).\n\n'
        printf '{{#ringlab-step remove:A figure-%s}}\nA leaves the ring as you read this.\n\n' "$n"
      done
    } > "$dir/src/chapter-$chapter.md"
  done
}

make_book "$work/figures" ringlab
make_book "$work/plain" text
"$bin_dir/mdbook-ringlab" install "$work/figures" > /dev/null

# Milliseconds one `mdbook build` of $1 takes.
time_build() {
  local start end
  start=$(date +%s%N)
  PATH="$bin_dir:$PATH" mdbook build "$1" > /dev/null 2>&1
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

# One build of each first, outside the timing: it must succeed, and hold every figure.
for book in figures plain; do
  if ! PATH="$bin_dir:$PATH" mdbook build "$work/$book" > "$work/$book.log" 2>&1; then
    cat "$work/$book.log" >&2
    echo "mdbook.sh: mdbook build of the $book book failed" >&2
    exit 1
  fi
done
made=$(cat "$work"/figures/book/chapter-*.html | grep -c '<ringlab-figure ' || true)
if [ "$made" -ne "$FIGURES" ]; then
  echo "mdbook.sh: the built book holds $made figures, not $FIGURES" >&2
  exit 1
fi

median() {
  sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

with=() without=()
for run in $(seq 1 "$RUNS"); do
  with+=("$(time_build "$work/figures")")
  without+=("$(time_build "$work/plain")")
done

echo "mdbook build, $CHAPTERS chapters, $FIGURES figures, $RUNS runs each, alternating ($(mdbook --version)):"
echo "  with mdbook-ringlab:    median $(printf '%s\n' "${with[@]}" | median) ms  (runs: ${with[*]})"
echo "  plain code fences:      median $(printf '%s\n' "${without[@]}" | median) ms  (runs: ${without[*]})"
