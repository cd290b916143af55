# A throwaway PostgreSQL 15 under /tmp, run as the postgres user on a free loopback port.
# Usage: source scripts/pg-throwaway.sh; pg_start; ... "$PG_URL" ...; pg_stop
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}

pg_start() {
  PG_ROOT=$(mktemp -d /tmp/policydesk-pg.XXXXXX)
  PG_PORT=${PG_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')}
  install -d -o postgres -g postgres "$PG_ROOT/data" "$PG_ROOT/sock"
  chown postgres:postgres "$PG_ROOT"
  runuser -u postgres -- "$PGBIN/initdb" -D "$PG_ROOT/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PG_ROOT/data" -l "$PG_ROOT/server.log" -w \
    -o "-p $PG_PORT -k $PG_ROOT/sock -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off" start >/dev/null
  runuser -u postgres -- "$PGBIN/createdb" -h "$PG_ROOT/sock" -p "$PG_PORT" app
  export PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/app" PG_ROOT PG_PORT
  echo "PostgreSQL 15 on 127.0.0.1:$PG_PORT ($PG_ROOT)"
}

pg_stop() {
  if [ -n "${PG_ROOT:-}" ] && [ -d "$PG_ROOT/data" ]; then
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PG_ROOT/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_ROOT"
  fi
}
