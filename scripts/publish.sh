#!/usr/bin/env bash
# Builds Ringlab for the web into DIR, ready to upload to any static host: at the root of a site
# or in any folder of it, as it is. Installs what is missing first (scripts/setup.sh).
#
#   ./scripts/publish.sh DIR
#
# DIR must be new, empty, or an earlier publish (whose build files are then replaced; anything
# else in it, such as a host's _headers or CNAME file, is kept).
set -euo pipefail

if [ $# -ne 1 ] || [ "${1:0:1}" = "-" ]; then
  echo "usage: $0 DIR   (builds Ringlab and puts the files to upload in DIR)" >&2
  exit 2
fi
mkdir -p "$1"
dest=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
repo=$PWD

case "$dest/" in
  "$repo/" | "$repo/dist/"* | "$repo/src/"* | "$repo/target/"*)
    echo "publish: choose a folder outside the source tree's own folders, not $dest" >&2
    exit 2
    ;;
esac

# An earlier publish lists its build's files in sw.js; anything else means the folder is not ours.
# That build's files stay, beside the new one's: a page of it still open when the new build goes
# up fetches the parts of the page it has not shown yet from them (each build's files have names
# of their own). The build before that, listed in .ringlab-previous, goes.
list_build() {
  node -e '
    const text = require("fs").readFileSync(process.argv[1], "utf8");
    const build = JSON.parse(/^const BUILD = (.*);$/m.exec(text)[1]);
    for (const file of build.files) console.log(file);
  ' "$1"
}
live_files=""
older_files=""
if [ -n "$(ls -A "$dest")" ]; then
  if [ ! -f "$dest/sw.js" ] || ! grep -q 'name="ringlab-build"' "$dest/index.html" 2>/dev/null; then
    echo "publish: $dest is not empty and holds no earlier Ringlab publish; choose a new or empty folder" >&2
    exit 2
  fi
  live_files=$(list_build "$dest/sw.js")
  if [ -f "$dest/.ringlab-previous" ]; then older_files=$(cat "$dest/.ringlab-previous"); fi
fi

./scripts/setup.sh
export PATH="$PWD/tests/e2e/node_modules/.bin:$PATH"
printf '\n== building the release\n'
trunk build --release --offline

# The build before the live one goes, unless the new build or the live one still has the file.
keep=$(printf '%s\n%s\n' "$live_files" "$(cd dist && find . -type f | sed 's|^\./||')")
printf '%s\n' "$older_files" | while IFS= read -r file; do
  if [ -n "$file" ] && ! printf '%s\n' "$keep" | grep -qxF -- "$file"; then
    rm -f -- "$dest/$file" "$dest/$file.gz" "$dest/$file.br"
  fi
done
rm -f -- "$dest/sw.js"
cp -R dist/. "$dest/"
# What the next publish deletes: the build that was live until now, less what the new one uses.
printf '%s\n' "$live_files" > "$dest/.ringlab-previous"

version=$(sed -n 's/.*<meta name="ringlab-build" content="\([0-9a-f]*\)".*/\1/p' dist/index.html)
size=$(du -sh dist | cut -f1)
cat <<MSG

Ringlab (build $version, $size) is in $dest:
$(cd dist && find . -type f ! -name '*.gz' ! -name '*.br' | sed 's|^\./|  |' | sort)
and a .gz and a .br copy of each of the larger ones, for hosts that send them (docs/hosting.md).

Upload everything in that folder, as it is, to any folder of a static web host, for example
  rsync -a '$dest/' you@your.host:/var/www/html/ringlab/
and open the folder's address, ending in a slash: https://your.host/ringlab/

- It works from any folder and, after one visit, offline.
- Send .wasm files as application/wasm; send the .br or .gz copy in place of a file when the
  browser accepts it, if the host can (docs/hosting.md says how).
- The previous publish's files stay in the folder, so pages of it still open keep working; the
  next publish removes them.
- It carries its own Content Security Policy. To choose who may embed it, have the host send
  a frame-ancestors header: see docs/hosting.md and hosting/_headers.
- Try it on this machine first:  python3 -m http.server 8000 --bind 127.0.0.1 --directory '$dest'
  then open http://127.0.0.1:8000/
MSG
