#!/usr/bin/env bash
# Installs what building Ringlab needs and skips what is already there:
# the wasm32 target, Trunk, wasm-bindgen-cli at the version Cargo.lock pins, wasm-split-cli
# (which cuts the page's WebAssembly into the modules that load on first use), and the Node
# packages under tests/e2e (which also bring wasm-opt). With `--browser` it also installs
# Debian's Chromium for the browser tests; with `--real-servers`, Debian's redis-server,
# redis-tools, nginx, haproxy, nutcracker (twemproxy) and memcached, which the real-server and
# real-proxy tests start on 127.0.0.1 (never as services), and librdkafka-dev (with
# librdkafka1), which tests/real_librdkafka.rs compiles against.
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

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (a few minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen_version"; then
  say "installing wasm-bindgen-cli $bindgen_version (a few minutes, once)"
  # Its own lockfile pins crates the registry may lack, so no --locked here.
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:" || ! wasm-split-cli --help >/dev/null 2>&1; then
  say "installing wasm-split-cli (wasm_split_cli_support $WASM_SPLIT_VERSION; a few minutes, once)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

if [ ! -x tests/e2e/node_modules/.bin/wasm-opt ] || [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then
  say "installing the Node packages in tests/e2e"
  (cd tests/e2e && npm ci --no-audit --no-fund)
fi

if $want_browser && [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium"
  apt-get update
  apt-get install -y chromium
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
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server redis-tools nginx \
    haproxy nutcracker memcached
  if $made_policy; then rm -f /usr/sbin/policy-rc.d; fi
fi

if $want_servers && { [ ! -e /usr/include/librdkafka/rdkafka_mock.h ] || ! compgen -G '/usr/lib/*/librdkafka.so.1' >/dev/null; }; then
  say "installing Debian's librdkafka-dev and librdkafka1 for the real librdkafka test"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends librdkafka-dev librdkafka1
fi
