#!/usr/bin/env bash
# Installs what building Ringlab needs and skips what is already there:
# the wasm32 target, Trunk, wasm-bindgen-cli at the version Cargo.lock pins, wasm-split-cli
# (which cuts the page's WebAssembly into the modules that load on first use), and the Node
# packages under tests/e2e (which also bring wasm-opt). With `--browser` it also installs
# Debian's Chromium for the browser tests; with `--real-servers`, Debian's redis-server,
# redis-tools, nginx, haproxy, nutcracker (twemproxy) and memcached, which the real-server and
# real-proxy tests start on 127.0.0.1 (never as services), and librdkafka-dev (with
# librdkafka1), which tests/real_librdkafka.rs compiles against. It also installs mdBook 0.5.4,
# which the mdbook-ringlab tests build a book with.
# Safe to run again: a second run takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# The splitter Leptos's own tools use, for the split points of src/ui/kit/lazy.rs.
WASM_SPLIT_VERSION=0.2.4
want_browser=false
want_servers=false
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=true ;;
    --real-servers) want_servers=true ;;
    *) echo "setup.sh: unknown option $arg (use --browser, --real-servers)" >&2; exit 2 ;;
  esac
done

say() { printf '\n== %s\n' "$*"; }

# Runs an install; when it fails, says in words what could not be installed and how to install
# it by hand, then stops.
#   install WHAT HOW-BY-HAND COMMAND...
install_or_say() {
  local what=$1 by_hand=$2
  shift 2
  if ! "$@"; then
    printf '\nsetup.sh: %s could not be installed (the command above failed).\n' "$what" >&2
    printf 'Install it yourself with:\n  %s\nthen run %s again.\n' "$by_hand" "$0" >&2
    exit 1
  fi
}

# The processes holding one of apt's and dpkg's locks, as "name (pid N)": a fresh machine often
# runs its own package updates at boot. Read from /proc/locks, which lists every lock held with
# the inode of its file.
apt_lock_holders() {
  local file inode pid
  for file in /var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock; do
    [ -e "$file" ] || continue
    inode=$(stat -c %i "$file")
    awk -v inode="$inode" '{ n = split($6, id, ":"); if (id[n] == inode) print $5 }' /proc/locks
  done | sort -u | while read -r pid; do
    [ "$pid" = "$$" ] && continue
    printf '%s (pid %s) ' "$(cat "/proc/$pid/comm" 2>/dev/null || echo 'a process')" "$pid"
  done
}

# Waits, up to APT_WAIT seconds (300 unless set), for another package manager to let go of apt's
# locks, saying so; says what to do if it does not.
wait_for_apt() {
  local waited=0 limit=${APT_WAIT:-300} holders
  while holders=$(apt_lock_holders); [ -n "$holders" ]; do
    if [ "$waited" -ge "$limit" ]; then
      printf '\nsetup.sh: after %s s, %sstill holds the package manager'"'"'s lock.\n' "$waited" "$holders" >&2
      printf 'Wait for it to finish (or stop it), then run %s again.\n' "$0" >&2
      exit 1
    fi
    if [ "$waited" -eq 0 ]; then
      say "another package manager is at work: ${holders}holds its lock; waiting for it (up to $limit s)"
    fi
    sleep 5
    waited=$((waited + 5))
  done
  [ "$waited" -eq 0 ] || echo "setup.sh: the package manager is free after $waited s"
}

# apt-get, once no other package manager holds its locks (and waiting for them a while more
# should one take them meanwhile).
apt_get() {
  wait_for_apt
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 "$@"
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (a few minutes, once)"
  install_or_say "Trunk $TRUNK_VERSION" "cargo install trunk --version $TRUNK_VERSION --locked" \
    cargo install trunk --version "$TRUNK_VERSION" --locked
fi

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen_version"; then
  say "installing wasm-bindgen-cli $bindgen_version (a few minutes, once)"
  # Its own lockfile pins crates the registry may lack, so no --locked here.
  install_or_say "wasm-bindgen-cli $bindgen_version" "cargo install wasm-bindgen-cli --version $bindgen_version" \
    cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:" || ! wasm-split-cli --help >/dev/null 2>&1; then
  say "installing wasm-split-cli (wasm_split_cli_support $WASM_SPLIT_VERSION; a few minutes, once)"
  install_or_say "wasm-split-cli" "cargo install wasm_split_cli_support --version $WASM_SPLIT_VERSION --features build-binary --locked" \
    cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

if [ ! -x tests/e2e/node_modules/.bin/wasm-opt ] || [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then
  say "installing the Node packages in tests/e2e"
  install_or_say "the Node packages of tests/e2e" "(cd tests/e2e && npm ci)" \
    npm --prefix tests/e2e ci --no-audit --no-fund
fi

# mdBook, for the mdbook-ringlab preprocessor's tests and its example book (examples/book). Only
# the search feature of its defaults: the tests never watch or serve, and it installs faster.
MDBOOK_VERSION=0.5.4
if ! mdbook --version 2>/dev/null | grep -qx "mdbook v$MDBOOK_VERSION"; then
  say "installing mdbook $MDBOOK_VERSION (a few minutes, once)"
  install_or_say "mdbook $MDBOOK_VERSION" "cargo install mdbook --version $MDBOOK_VERSION --locked --no-default-features --features search" \
    cargo install mdbook --version "$MDBOOK_VERSION" --locked --no-default-features --features search
fi

if $want_browser && [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium"
  install_or_say "Debian's chromium" "apt-get update && apt-get install -y chromium (as root)" apt_get update
  install_or_say "Debian's chromium" "apt-get update && apt-get install -y chromium (as root)" apt_get install -y chromium
fi

if $want_servers && { [ ! -x /usr/bin/redis-server ] || [ ! -x /usr/bin/redis-cli ] || [ ! -x /usr/sbin/nginx ] \
  || [ ! -x /usr/sbin/haproxy ] || [ ! -x /usr/sbin/nutcracker ] || [ ! -x /usr/bin/memcached ]; }; then
  say "installing Debian's redis-server, redis-tools, nginx, haproxy, nutcracker and memcached for the real-server tests"
  # The packages would start their services (nginx on port 80, memcached on 11211); the tests
  # start their own on 127.0.0.1, so service starts are refused while installing, as Debian's
  # policy-rc.d allows.
  made_policy=false
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    made_policy=true
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  servers="redis-server redis-tools nginx haproxy nutcracker memcached"
  install_or_say "the real servers' packages" "apt-get update && apt-get install -y $servers (as root)" apt_get update
  # shellcheck disable=SC2086
  install_or_say "the real servers' packages" "apt-get update && apt-get install -y $servers (as root)" \
    apt_get install -y --no-install-recommends $servers
  if $made_policy; then rm -f /usr/sbin/policy-rc.d; trap - EXIT; fi
fi

if $want_servers && { [ ! -e /usr/include/librdkafka/rdkafka_mock.h ] || ! compgen -G '/usr/lib/*/librdkafka.so.1' >/dev/null; }; then
  say "installing Debian's librdkafka-dev and librdkafka1 for the real librdkafka test"
  install_or_say "librdkafka" "apt-get update && apt-get install -y librdkafka-dev librdkafka1 (as root)" apt_get update
  install_or_say "librdkafka" "apt-get update && apt-get install -y librdkafka-dev librdkafka1 (as root)" \
    apt_get install -y --no-install-recommends librdkafka-dev librdkafka1
fi
