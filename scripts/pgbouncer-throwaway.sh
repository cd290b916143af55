# A throwaway PgBouncer in transaction mode in front of the throwaway PostgreSQL (pg-throwaway.sh),
# as an operator puts it in front of PostgreSQL when instances × pool size exceed max_connections.
# Usage: source scripts/pg-throwaway.sh; source scripts/pgbouncer-throwaway.sh
#        pg_start; pgbouncer_start; ... "$PGB_URL" (pooled) and "$PG_URL" (direct) ...; pgbouncer_stop; pg_stop
# A small pool (PGB_POOL_SIZE, default 5) so that transactions really land on different server
# connections; `*` forwards every database name, so databases created later are reachable too.
PGBOUNCER=${PGBOUNCER:-/usr/sbin/pgbouncer}

pgbouncer_start() {
  if [ -z "${PG_PORT:-}" ]; then
    echo "pgbouncer_start: start PostgreSQL first (pg_start)" >&2
    return 1
  fi
  PGB_ROOT=$(mktemp -d /tmp/policydesk-pgbouncer.XXXXXX)
  PGB_PORT=${PGB_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')}
  # trust still needs the user in auth_file
  echo '"postgres" ""' >"$PGB_ROOT/userlist.txt"
  cat >"$PGB_ROOT/pgbouncer.ini" <<EOF
[databases]
* = host=127.0.0.1 port=$PG_PORT

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGB_PORT
unix_socket_dir =
auth_type = trust
auth_file = $PGB_ROOT/userlist.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = ${PGB_POOL_SIZE:-5}
max_client_conn = 500
logfile = $PGB_ROOT/pgbouncer.log
pidfile = $PGB_ROOT/pgbouncer.pid
EOF
  chown -R postgres:postgres "$PGB_ROOT"
  # PgBouncer refuses to run as root
  runuser -u postgres -- "$PGBOUNCER" -d "$PGB_ROOT/pgbouncer.ini"
  for _ in $(seq 1 50); do
    [ -s "$PGB_ROOT/pgbouncer.pid" ] && python3 -c "import socket; socket.create_connection(('127.0.0.1', $PGB_PORT), 1)" 2>/dev/null && break
    sleep 0.1
  done
  export PGB_URL="postgres://postgres@127.0.0.1:$PGB_PORT/app" PGB_ROOT PGB_PORT
  echo "PgBouncer $("$PGBOUNCER" --version | head -1 | cut -d' ' -f2) (transaction mode) on 127.0.0.1:$PGB_PORT → PostgreSQL :$PG_PORT ($PGB_ROOT)"
}

pgbouncer_stop() {
  if [ -n "${PGB_ROOT:-}" ] && [ -d "$PGB_ROOT" ]; then
    if [ -s "$PGB_ROOT/pgbouncer.pid" ]; then
      kill "$(cat "$PGB_ROOT/pgbouncer.pid")" 2>/dev/null || true
      for _ in $(seq 1 50); do [ -e "$PGB_ROOT/pgbouncer.pid" ] || break; sleep 0.1; done
    fi
    rm -rf "$PGB_ROOT"
  fi
}
