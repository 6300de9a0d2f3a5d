#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the PostgreSQL tests and prints the
# JDBC URL they read from SVC_TEST_PG_URL. Installs the server from Debian if it is missing.
# Usage: eval "$(.ci/postgres.sh)"   (exports SVC_TEST_PG_URL)
set -euo pipefail
port="${SVC_TEST_PG_PORT:-55432}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "installing postgresql from Debian..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi
dir="$(mktemp -d /tmp/svc-pg.XXXXXX)"
# initdb refuses to run as root: the cluster belongs to the postgres user.
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "'$bin/initdb' -D '$dir/data' -U postgres -A trust --no-sync" >&2
run "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off\" start" >&2
echo "export SVC_TEST_PG_URL='jdbc:postgresql://127.0.0.1:$port/postgres?user=postgres'"
echo "export SVC_TEST_PG_DIR='$dir'"
