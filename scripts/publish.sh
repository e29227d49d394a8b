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
old_files=""
if [ -n "$(ls -A "$dest")" ]; then
  if [ ! -f "$dest/sw.js" ] || ! grep -q 'name="ringlab-build"' "$dest/index.html" 2>/dev/null; then
    echo "publish: $dest is not empty and holds no earlier Ringlab publish; choose a new or empty folder" >&2
    exit 2
  fi
  old_files=$(node -e '
    const text = require("fs").readFileSync(process.argv[1], "utf8");
    const build = JSON.parse(/^const BUILD = (.*);$/m.exec(text)[1]);
    for (const file of build.files) console.log(file);
  ' "$dest/sw.js")
fi

./scripts/setup.sh
export PATH="$PWD/tests/e2e/node_modules/.bin:$PATH"
printf '\n== building the release\n'
trunk build --release --offline

printf '%s\n' "$old_files" | while IFS= read -r file; do
  if [ -n "$file" ]; then rm -f -- "$dest/$file"; fi
done
rm -f -- "$dest/sw.js"
cp -R dist/. "$dest/"

version=$(sed -n 's/.*<meta name="ringlab-build" content="\([0-9a-f]*\)".*/\1/p' dist/index.html)
size=$(du -sh dist | cut -f1)
cat <<MSG

Ringlab (build $version, $size) is in $dest:
$(cd "$dest" && find . -type f ! -name '.*' | sed 's|^\./|  |' | sort)

Upload everything in that folder, as it is, to any folder of a static web host, for example
  rsync -a '$dest/' you@your.host:/var/www/html/ringlab/
and open the folder's address, ending in a slash: https://your.host/ringlab/

- It works from any folder and, after one visit, offline.
- It carries its own Content Security Policy. To choose who may embed it, have the host send
  a frame-ancestors header: see docs/hosting.md and hosting/_headers.
- Try it on this machine first:  python3 -m http.server 8000 --bind 127.0.0.1 --directory '$dest'
  then open http://127.0.0.1:8000/
MSG
