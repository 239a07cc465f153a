#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server.
#
#   scripts/with-pg.sh <command…>      e.g. scripts/with-pg.sh npx vitest run tests/api
#
# Starts PostgreSQL on 127.0.0.1:${PGPORT:-54329} in a temporary directory (installing the
# postgresql package first when it is missing and we are root), runs the command with
# DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/postgres, then stops the server and removes
# the directory whatever happened. Exits with the command's status.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT="${PGPORT:-54329}"

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true
}

BIN="$(find_bin)"
if [[ -z "$BIN" || ! -x "$BIN/initdb" ]]; then
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "with-pg: PostgreSQL is not installed and we are not root; install the postgresql package." >&2
    exit 2
  fi
  echo "with-pg: installing PostgreSQL…" >&2
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
  BIN="$(find_bin)"
fi

# The server refuses to run as root: run it as the postgres user when we are root.
as_pg() {
  if [[ "$(id -u)" -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DIR="$(mktemp -d "${TMPDIR:-/tmp}/portal-pg.XXXXXX")"
if [[ "$(id -u)" -eq 0 ]]; then chown postgres "$DIR"; fi

cleanup() {
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_pg "$BIN/initdb" -D "$DIR/data" -A trust -U postgres -E UTF8 --locale=C --no-sync >"$DIR/initdb.log" 2>&1 || {
  cat "$DIR/initdb.log" >&2
  exit 1
}

# Durability is worthless for a throw-away test server; turning it off makes the suite faster.
# PG_DURABLE=1 keeps PostgreSQL's defaults (the benchmark measures what a real server would do).
OPTS="-p $PORT -k $DIR -c listen_addresses=127.0.0.1"
if [[ "${PG_DURABLE:-}" != "1" ]]; then OPTS="$OPTS -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" \
  -o "$OPTS" \
  start >/dev/null || {
  cat "$DIR/log" >&2 || true
  exit 1
}

ready=0
for _ in $(seq 1 100); do
  if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
    ready=1
    break
  fi
  sleep 0.1
done
if [[ "$ready" -ne 1 ]]; then
  echo "with-pg: PostgreSQL did not become ready on port $PORT" >&2
  cat "$DIR/log" >&2 || true
  exit 1
fi
echo "with-pg: $("$BIN/postgres" --version) ready on 127.0.0.1:$PORT" >&2

status=0
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" "$@" || status=$?
exit "$status"
