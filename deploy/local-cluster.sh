#!/usr/bin/env bash
# A Mayur cluster on this machine's loopback: 3 nodes (the production build, plain node) behind
# nginx, on the machine's PostgreSQL and Redis. For trying the deploy recipe and for the soak.
#
#   deploy/local-cluster.sh start            # builds the server, starts 3 nodes + nginx, waits until healthy
#   deploy/local-cluster.sh status           # each node's /healthz and who leads the game clock
#   deploy/local-cluster.sh kill-node 2      # SIGKILL node 2 (a crash, for fault tests)
#   deploy/local-cluster.sh start-node 2     # start node 2 again
#   deploy/local-cluster.sh stop             # SIGTERM everything it started, by pid
#
# Settings (environment):
#   CLUSTER_DIR        state: pids, logs, nginx config (default /tmp/mayur-local-cluster)
#   CLUSTER_PORT       nginx's port (default 28080); nodes listen on CLUSTER_PORT+1..+NODES
#   NODES              number of nodes (default 3)
#   CLUSTER_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/mayur_cluster (created if absent):
#                      the owner role, which applies the migrations (deploy/README.md, decision 0032)
#   CLUSTER_APP_ROLE   the role the nodes connect as, owning nothing (default mayur_local_app, created
#                      if absent, no password: loopback trust); empty runs the nodes as the owner
#   CLUSTER_REDIS_URL  default redis://127.0.0.1:6379
#   CLUSTER_DEPLOYMENT_NAME  names its Redis channels and keys (default mayur-local-cluster); two
#                      clusters at once on one Redis need different names
#   CLUSTER_NODE_ENV   extra settings for the nodes, one NAME=value per line
#
# The nodes run in development mode (the sandbox gateway, which production refuses, pays test
# recharges); everything else is as deploy/README.md describes for production.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${CLUSTER_DIR:-/tmp/mayur-local-cluster}"
PORT="${CLUSTER_PORT:-28080}"
NODES="${NODES:-3}"
DATABASE_URL_="${CLUSTER_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/mayur_cluster}"
REDIS_URL_="${CLUSTER_REDIS_URL:-redis://127.0.0.1:6379}"
APP_ROLE="${CLUSTER_APP_ROLE-mayur_local_app}"
# The nodes' URL: the owner's with the app role as its user (as mayur.env and migrate.env in production).
if [[ -n "$APP_ROLE" ]]; then
  NODE_DATABASE_URL="$(sed -E "s#^([a-z]+://)([^@/]*@)?#\1$APP_ROLE@#" <<<"$DATABASE_URL_")"
else
  NODE_DATABASE_URL="$DATABASE_URL_"
fi
NGINX="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"

say() { printf 'local-cluster: %s\n' "$*"; }
die() { printf 'local-cluster: %s\n' "$*" >&2; exit 1; }

node_port() { echo $((PORT + $1)); }
# Alive and not a zombie (a killed node whose parent has not reaped it yet is gone for our purposes).
pid_alive() { [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null && [[ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" != Z ]]; }
node_pid() { cat "$DIR/node-$1.pid" 2>/dev/null || true; }

write_env() {
  # One secret shared by every node (one-time codes and the sandbox's signatures must verify anywhere).
  [[ -f "$DIR/secret" ]] || head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$DIR/secret"
  cat >"$DIR/mayur.env" <<EOF
NODE_ENV=development
HOST=127.0.0.1
DATABASE_URL=$NODE_DATABASE_URL
REDIS_URL=$REDIS_URL_
DEPLOYMENT_NAME=${CLUSTER_DEPLOYMENT_NAME:-mayur-local-cluster}
CODE_SECRET=$(cat "$DIR/secret")
METRICS_TOKEN=local-cluster-metrics-token-0123456789
TRUST_PROXY=2
PUBLIC_BASE_URL=http://127.0.0.1:$PORT
LOG_LEVEL=${CLUSTER_LOG_LEVEL:-warn}
GAME_CLOCK=true
GAME_CLOCK_RETRY_MS=1000
${CLUSTER_NODE_ENV:-}
EOF
}

ensure_database() {
  local base="${DATABASE_URL_%/*}/postgres" name="${DATABASE_URL_##*/}"
  name="${name%%\?*}"
  if ! psql "$base" -Atqc "select 1 from pg_database where datname = '$name'" | grep -q 1; then
    say "creating database $name"
    psql "$base" -qc "create database \"$name\""
  fi
  if [[ -n "$APP_ROLE" ]] && ! psql "$base" -Atqc "select 1 from pg_roles where rolname = '$APP_ROLE'" | grep -q 1; then
    say "creating role $APP_ROLE (the nodes' role, owning nothing)"
    psql "$base" -qc "create role \"$APP_ROLE\" login"
  fi
}

# What mayur-migrate.service does in production: the owner applies the migrations and grants the
# nodes' role; the nodes never get the owner's URL.
migrate_database() {
  (
    cd "$ROOT"
    DATABASE_URL="$NODE_DATABASE_URL" MIGRATION_DATABASE_URL="$DATABASE_URL_" ADMIN_ACTOR=local-cluster \
      node apps/server/dist/admin.js db:migrate >>"$DIR/migrate.log" 2>&1
  ) || die "migrations failed (see $DIR/migrate.log)"
}

write_nginx() {
  local servers="" i
  for ((i = 1; i <= NODES; i++)); do
    servers+="    server 127.0.0.1:$(node_port "$i") max_fails=1 fail_timeout=3s;"$'\n'
  done
  mkdir -p "$DIR/nginx/logs"
  # The same shape as deploy/nginx/mayur.conf, on loopback without TLS. X-Forwarded-For is appended
  # (nodes trust 2 hops): a load generator may name the player's address as the first hop.
  cat >"$DIR/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $DIR/nginx/nginx.pid;
error_log $DIR/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $DIR/nginx/body;
  proxy_temp_path $DIR/nginx/proxy;
  fastcgi_temp_path $DIR/nginx/fastcgi;
  uwsgi_temp_path $DIR/nginx/uwsgi;
  scgi_temp_path $DIR/nginx/scgi;
  upstream mayur_api {
    least_conn;
$servers    keepalive 64;
  }
  upstream mayur_socket {
    hash \$remote_addr consistent;
$servers  }
  map \$http_upgrade \$connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:$PORT backlog=4096;
    client_max_body_size 8m;
    proxy_http_version 1.1;
    proxy_set_header Host \$host;
    proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    proxy_set_header Connection "";
    proxy_connect_timeout 1s;
    proxy_read_timeout 30s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    location /socket.io/ {
      proxy_pass http://mayur_socket;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      proxy_read_timeout 75s;
      proxy_buffering off;
    }
    location = /metrics { return 404; }
    location /api/ { proxy_pass http://mayur_api; error_page 502 504 = @try_again; }
    location @try_again {
      default_type application/json;
      add_header Retry-After 1 always;
      return 503 '{"res":0,"resMsg":"The service is briefly unavailable, please try again in a moment","code":"TRY_AGAIN"}';
    }
    location / { proxy_pass http://mayur_api; }
  }
}
EOF
}

start_node() {
  local i="$1" pid
  pid="$(node_pid "$i")"
  if pid_alive "$pid"; then say "node $i already runs (pid $pid)"; return; fi
  (
    set -a
    # shellcheck disable=SC1091
    source "$DIR/mayur.env"
    set +a
    export PORT
    PORT="$(node_port "$i")"
    cd "$ROOT"
    exec node apps/server/dist/main.js >>"$DIR/node-$i.log" 2>&1
  ) &
  echo $! >"$DIR/node-$i.pid"
  say "node $i started on 127.0.0.1:$(node_port "$i") (pid $!)"
}

wait_healthy() {
  local i="$1" deadline=$((SECONDS + ${2:-60}))
  until curl -sf "http://127.0.0.1:$(node_port "$i")/healthz" >/dev/null; do
    ((SECONDS < deadline)) || die "node $i not healthy after ${2:-60} s (see $DIR/node-$i.log)"
    pid_alive "$(node_pid "$i")" || die "node $i exited (see $DIR/node-$i.log)"
    sleep 0.3
  done
}

start() {
  [[ -x "$NGINX" ]] || die "nginx not found: apt-get install -y nginx"
  command -v psql >/dev/null || die "psql not found: apt-get install -y postgresql-client-15"
  mkdir -p "$DIR"
  local port_
  for port_ in "$PORT" $(seq $((PORT + 1)) $((PORT + NODES))); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port_") 2>/dev/null && ! pid_alive "$(node_pid $((port_ - PORT)))"; then
      die "port $port_ is taken by another program: set CLUSTER_PORT"
    fi
  done
  (cd "$ROOT" && node apps/server/scripts/build.mjs)
  write_env
  ensure_database
  migrate_database
  # The first node starts alone (the game clock, the demo content), then the rest.
  start_node 1
  wait_healthy 1 120
  local i
  for ((i = 2; i <= NODES; i++)); do start_node "$i"; done
  for ((i = 2; i <= NODES; i++)); do wait_healthy "$i" 60; done
  write_nginx
  if pid_alive "$(cat "$DIR/nginx/nginx.pid" 2>/dev/null || true)"; then
    "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -s reload
  else
    "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf"
  fi
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || die "nginx does not reach the nodes"
  say "serving at http://127.0.0.1:$PORT ($NODES nodes, $NODE_DATABASE_URL, $REDIS_URL_)"
}

status() {
  local i pid leader
  for ((i = 1; i <= NODES; i++)); do
    pid="$(node_pid "$i")"
    if pid_alive "$pid"; then
      leader="$(curl -s -H 'authorization: Bearer local-cluster-metrics-token-0123456789' "http://127.0.0.1:$(node_port "$i")/metrics" | awk '$1 == "mayur_clock_leader" { print $2 }')"
      say "node $i pid $pid port $(node_port "$i") health $(curl -s -m 2 "http://127.0.0.1:$(node_port "$i")/healthz" || echo none) leader ${leader:-?}"
    else
      say "node $i down"
    fi
  done
  pid_alive "$(cat "$DIR/nginx/nginx.pid" 2>/dev/null || true)" && say "nginx on 127.0.0.1:$PORT" || say "nginx down"
}

stop() {
  local i pid
  if pid_alive "$(cat "$DIR/nginx/nginx.pid" 2>/dev/null || true)"; then
    "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -s quit || true
  fi
  for ((i = 1; i <= NODES; i++)); do
    pid="$(node_pid "$i")"
    if pid_alive "$pid"; then kill -TERM "$pid"; fi
  done
  for ((i = 1; i <= NODES; i++)); do
    pid="$(node_pid "$i")"
    for _ in $(seq 1 80); do pid_alive "$pid" || break; sleep 0.25; done
    if pid_alive "$pid"; then kill -KILL "$pid"; fi
    rm -f "$DIR/node-$i.pid"
  done
  say "stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  kill-node)
    pid="$(node_pid "${2:?node number}")"
    pid_alive "$pid" && kill -KILL "$pid" && say "node $2 killed (pid $pid)" || say "node $2 was not running"
    ;;
  start-node)
    write_env
    start_node "${2:?node number}"
    wait_healthy "$2" 60
    ;;
  *) die "usage: $0 start|stop|status|kill-node N|start-node N" ;;
esac
