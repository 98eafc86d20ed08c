#!/usr/bin/env bash
# The scale-out topology on one machine (docs/scale-out.md): 3 Redis primaries + 3 replicas in a Redis Cluster, a
# MariaDB (or DB_SHARDS of them, one database shard each), 3 service instances and HAProxy in front of them.
#
#   scripts/cluster.sh up        start everything (installs redis-server, haproxy, mariadb-server with apt-get when
#                                missing and running as root), wait until HAProxy sees every instance healthy
#   scripts/cluster.sh status    each process, the cluster's state and slots, each instance's health, HAProxy's view
#   scripts/cluster.sh down      stop everything this script started and check that nothing is left running
#   scripts/cluster.sh wipe      down, then delete the data folder
#
# Everything lives under $CLUSTER_DATA (./cluster-data): data, logs (logs/), pid files (run/), the shared JWT secret
# (jwt-secret). Ports and sizes are environment variables, each with the default below. REDIS_MODE=standalone starts
# ONE plain Redis (no cluster, no replica) instead, the same instances on HONGBAO_REDIS_URL: the baseline the bench
# compares the cluster with. HONGBAO_DB_URL set: use that database and start none.
set -euo pipefail
cd "$(dirname "$0")/.."

DATA=${CLUSTER_DATA:-./cluster-data}
HOST=${CLUSTER_HOST:-127.0.0.1}
REDIS_MODE=${REDIS_MODE:-cluster}
REDIS_FIRST_PORT=${REDIS_FIRST_PORT:-7001}
REDIS_NODES=${REDIS_NODES:-6}
REDIS_MAXMEMORY=${REDIS_MAXMEMORY:-1gb}
DB_PORT=${DB_PORT:-3407}
# More than 1: that many MariaDB servers on DB_PORT, DB_PORT+1, ..., each holding one database shard (ADR 0083).
DB_SHARDS=${DB_SHARDS:-1}
INSTANCES=${INSTANCES:-3}
SERVICE_FIRST_PORT=${SERVICE_FIRST_PORT:-8081}
PROXY_PORT=${PROXY_PORT:-8888}
PROXY_STATS_PORT=${PROXY_STATS_PORT:-8404}
# What HAProxy and 'up' check: readiness (Redis reachable, grab path warm, not draining), never the databases
# (docs/api.md, change 23); 'status' shows the full /actuator/health, the databases included.
HEALTH_PATH=${HEALTH_PATH:-/actuator/health/readiness}
JAVA_OPTS=${JAVA_OPTS:--Xms512m -Xmx512m}
JAR=${HONGBAO_JAR:-hongbao-service/target/hongbao-exec.jar}
# Extra environment for every instance, e.g. SERVICE_ENV="HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED=false".
SERVICE_ENV=${SERVICE_ENV:-}
# Set: HAProxy answers campaign grabs over this many a second (all instances together) TRY_AGAIN itself, so that they
# never reach an instance (docs/performance.md, "A refusal's cost"). Empty: every grab goes on to the instances,
# whose own edge refuses over their rate (hongbao.campaign.admission).
CAMPAIGN_EDGE_PER_SECOND=${CAMPAIGN_EDGE_PER_SECOND:-}
# The address HAProxy connects to the instances from: the only proxy they trust for X-Forwarded-For (change 24).
PROXY_SOURCE=127.0.0.1

RUN=$DATA/run
LOGS=$DATA/logs

log() { printf '== %s\n' "$*"; }
die() {
  printf 'cluster.sh: %s\n' "$*" >&2
  exit 1
}
answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

redis_ports() {
  local count=$REDIS_NODES
  [ "$REDIS_MODE" = standalone ] && count=1
  seq "$REDIS_FIRST_PORT" $((REDIS_FIRST_PORT + count - 1))
}

seeds() {
  local list=() port
  for port in $(redis_ports); do list+=("$HOST:$port"); done
  (IFS=,; printf '%s' "${list[*]}")
}

db_url() {
  printf '%s' "${HONGBAO_DB_URL:-jdbc:mariadb://127.0.0.1:$DB_PORT/hongbao?createDatabaseIfNotExist=true}"
}
# Shard 0 keeps the single database's names (mariadb, mariadb.pid); shard i > 0 is mariadb-<i>.
db_name() { if [ "$1" = 0 ]; then printf mariadb; else printf 'mariadb-%s' "$1"; fi; }
shard_urls() {
  local list=() i
  for ((i = 0; i < DB_SHARDS; i++)); do
    list+=("jdbc:mariadb://127.0.0.1:$((DB_PORT + i))/hongbao_shard_$i?createDatabaseIfNotExist=true")
  done
  (IFS=,; printf '%s' "${list[*]}")
}
# What the instances are told: one database, or every shard's.
db_env() {
  if [ "$DB_SHARDS" -gt 1 ] && [ -z "${HONGBAO_DB_URL:-}" ]; then
    printf 'HONGBAO_DB_SHARDS=%s' "$(shard_urls)"
  else
    printf 'HONGBAO_DB_URL=%s' "$(db_url)"
  fi
}

# Installs a Debian package when its command is missing, if this machine lets us (root and apt-get).
need() {
  local command=$1 package=$2
  command -v "$command" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing $package"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$package" >/dev/null
  fi
  command -v "$command" >/dev/null 2>&1 || die "$command is missing: install $package"
}

wait_until() {
  local what=$1 seconds=$2
  shift 2
  local i
  for ((i = 0; i < seconds * 4; i++)); do
    "$@" && return 0
    sleep 0.25
  done
  die "$what: not ready after ${seconds}s (logs in $LOGS)"
}

# ---------------------------------------------------------------------------------------------------------- Redis
start_redis() {
  local port cluster=()
  [ "$REDIS_MODE" = cluster ] && cluster=(--cluster-enabled yes --cluster-config-file nodes.conf
    --cluster-node-timeout 5000 --cluster-announce-ip "$HOST")
  for port in $(redis_ports); do
    alive "$RUN/redis-$port.pid" && continue
    mkdir -p "$DATA/redis-$port"
    # Durability as docs/design.md asks: every write in the AOF and fsynced before the reply; never evict.
    redis-server --port "$port" --bind "$HOST" --protected-mode no --dir "$(realpath "$DATA/redis-$port")" \
      "${cluster[@]}" --appendonly yes --appendfsync always --save '' \
      --maxmemory "$REDIS_MAXMEMORY" --maxmemory-policy noeviction \
      --daemonize yes --pidfile "$(realpath "$RUN")/redis-$port.pid" \
      --logfile "$(realpath "$LOGS")/redis-$port.log"
  done
  for port in $(redis_ports); do
    wait_until "redis :$port" 20 redis-cli -h "$HOST" -p "$port" ping >/dev/null 2>&1
  done
  [ "$REDIS_MODE" = cluster ] || return 0
  if [ "$(redis-cli -h "$HOST" -p "$REDIS_FIRST_PORT" cluster info | tr -d '\r' | grep -c '^cluster_known_nodes:1$')" = 1 ]; then
    log "creating the cluster: $REDIS_NODES nodes, 1 replica per primary"
    # shellcheck disable=SC2046 # one word per node
    redis-cli --cluster create $(seeds | tr ',' ' ') --cluster-replicas 1 --cluster-yes >"$LOGS/cluster-create.log"
  fi
  wait_until "cluster state ok" 30 cluster_ok
}

# Every node sees the cluster ok, and every replica is attached to its primary and in sync (the replica role reaches
# the other nodes a moment after --cluster create returns; a grab's WAIT needs the link up).
cluster_ok() {
  local port synced=0
  for port in $(redis_ports); do
    redis-cli -h "$HOST" -p "$port" cluster info 2>/dev/null | grep -q '^cluster_state:ok' || return 1
    redis-cli -h "$HOST" -p "$port" info replication 2>/dev/null | grep -q '^master_link_status:up' &&
      synced=$((synced + 1))
  done
  [ "$synced" = $((REDIS_NODES / 2)) ] &&
    [ "$(redis-cli -h "$HOST" -p "$REDIS_FIRST_PORT" cluster nodes | grep -c ' slave ')" = $((REDIS_NODES / 2)) ]
}

# ------------------------------------------------------------------------------------------------------- MariaDB
start_mariadb() {
  if [ -n "${HONGBAO_DB_URL:-}" ]; then
    log "database: $HONGBAO_DB_URL (not started here)"
    return 0
  fi
  local shard
  for ((shard = 0; shard < DB_SHARDS; shard++)); do
    start_one_mariadb "$(db_name "$shard")" $((DB_PORT + shard))
  done
}

start_one_mariadb() {
  local name=$1 port=$2 dir
  alive "$RUN/$name.pid" && return 0
  need mariadbd mariadb-server
  dir=$(realpath "$DATA")/$name
  if [ ! -d "$dir/mysql" ]; then
    mkdir -p "$dir"
    mariadb-install-db --no-defaults --datadir="$dir" --user="$(id -un)" --skip-test-db \
      --auth-root-authentication-method=normal >"$LOGS/$name-install.log" 2>&1
  fi
  # Every commit flushed (innodb_flush_log_at_trx_commit=1, docs/design.md). Bound to loopback without grant tables
  # (as the embedded MariaDB runs): a database other machines reach needs a real user, see docs/scale-out.md.
  nohup mariadbd --no-defaults --datadir="$dir" --port="$port" --bind-address=127.0.0.1 \
    --socket="$dir/mariadb.sock" --pid-file="$(realpath "$RUN")/$name.pid" --user="$(id -un)" \
    --skip-grant-tables --skip-ssl --innodb_flush_log_at_trx_commit=1 --max_connections=500 \
    --character-set-server=utf8mb4 >"$LOGS/$name.log" 2>&1 &
  wait_until "$name :$port" 60 answers 127.0.0.1 "$port"
}

# ------------------------------------------------------------------------------------------------------ instances
secret() {
  if [ -n "${HONGBAO_JWT_SECRET:-}" ]; then
    printf '%s' "$HONGBAO_JWT_SECRET"
    return
  fi
  [ -s "$DATA/jwt-secret" ] || (umask 077 && openssl rand -hex 32 >"$DATA/jwt-secret")
  tr -d '\n' <"$DATA/jwt-secret"
}

start_instances() {
  if [ ! -f "$JAR" ]; then
    log "building $JAR"
    mvn -B -q -DskipTests -pl hongbao-service -am package
  fi
  local i port redis_env jwt extra=()
  # Once, here: the instances start in the background, where each would race to generate the secret file.
  jwt=$(secret)
  if [ "$REDIS_MODE" = cluster ]; then
    redis_env="HONGBAO_REDIS_CLUSTER=$(seeds)"
  else
    redis_env="HONGBAO_REDIS_URL=redis://$HOST:$REDIS_FIRST_PORT"
  fi
  # shellcheck disable=SC2206 # SERVICE_ENV is a list of NAME=value words
  [ -n "$SERVICE_ENV" ] && extra=($SERVICE_ENV)
  for ((i = 1; i <= INSTANCES; i++)); do
    alive "$RUN/service-$i.pid" && continue
    port=$((SERVICE_FIRST_PORT + i - 1))
    mkdir -p "$DATA/service-$i"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM options
    env "$redis_env" "$(db_env)" HONGBAO_DB_USER="${HONGBAO_DB_USER:-root}" \
      HONGBAO_DB_PASSWORD="${HONGBAO_DB_PASSWORD:-}" HONGBAO_JWT_SECRET="$jwt" \
      HONGBAO_DATA_DIR="$(realpath "$DATA/service-$i")" SERVER_PORT="$port" \
      HONGBAO_RATELIMITS_TRUSTEDPROXIES="$PROXY_SOURCE" "${extra[@]}" \
      nohup java $JAVA_OPTS -jar "$JAR" >"$LOGS/service-$i.log" 2>&1 &
    echo $! >"$RUN/service-$i.pid"
  done
  for ((i = 1; i <= INSTANCES; i++)); do
    port=$((SERVICE_FIRST_PORT + i - 1))
    wait_until "instance $i :$port" 180 instance_up "$i" "$port"
  done
}

instance_up() {
  alive "$RUN/service-$1.pid" || die "instance $1 exited: see $LOGS/service-$1.log"
  curl -sf -o /dev/null "http://127.0.0.1:$2$HEALTH_PATH"
}

# -------------------------------------------------------------------------------------------------------- HAProxy
# The frontend's campaign edge: grabs admitted are counted in a one-entry table (gpc0's rate over a second); one over
# CAMPAIGN_EDGE_PER_SECOND is answered as the instances' edge answers it (docs/api.md, Campaigns), with the headers
# every answer carries, and is not counted.
campaign_edge() {
  local csp="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
  csp+=" font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
  cat <<EOF
    stick-table type integer size 1 expire 1m store gpc0_rate(1s)
    acl campaign_grab method POST
    acl campaign_grab_path path_reg ^/api/v1/campaigns/[^/]+/grab$
    http-request track-sc0 int(0) if campaign_grab campaign_grab_path
    http-request return status 200 content-type application/json string "{\\"outcome\\":\\"TRY_AGAIN\\",\\"retryAfterMillis\\":500}" hdr Retry-After 1 hdr Cache-Control "no-cache, no-store, max-age=0, must-revalidate" hdr Pragma no-cache hdr Expires 0 hdr X-Content-Type-Options nosniff hdr X-Frame-Options DENY hdr X-XSS-Protection 0 hdr Referrer-Policy no-referrer hdr Content-Security-Policy "$csp" if campaign_grab campaign_grab_path { sc0_gpc0_rate gt $CAMPAIGN_EDGE_PER_SECOND }
    http-request sc-inc-gpc0(0) if campaign_grab campaign_grab_path
EOF
}

start_haproxy() {
  alive "$RUN/haproxy.pid" && return 0
  need haproxy haproxy
  local i cfg=$DATA/haproxy.cfg
  {
    cat <<EOF
global
    # Under the usual 20000-descriptor limit: two per connection (client and server side).
    maxconn 8000
    log stdout format raw local0 notice

defaults
    mode http
    log global
    option http-keep-alive
    timeout connect 2s
    timeout client 60s
    timeout server 30s
    timeout http-keep-alive 60s
    # A request that could not connect (an instance killed before its checks failed) goes to another instance: it
    # never reached the service, so sending it again is safe whatever it was.
    retries 2
    option redispatch 1
    retry-on conn-failure

# option forwardfor appends the client's address to X-Forwarded-For; the instances trust only $PROXY_SOURCE, so the
# client's address is that hop whatever the client wrote to the left of it.
frontend hongbao
    bind *:$PROXY_PORT
    option forwardfor
EOF
    [ -z "$CAMPAIGN_EDGE_PER_SECOND" ] || campaign_edge
    cat <<EOF
    default_backend instances

# Least outstanding requests: a slower instance (GC, a cold JIT) gets fewer. An instance whose readiness is not 200
# gets nothing. Checks run every second, and half a second after a failed one: two failed checks take an instance out
# (within 2.5 s of its last answer: up to 1 s to the next check, its 1 s timeout, 0.5 s to the second), two good ones
# put it back. On SIGTERM an instance answers readiness 503 for hongbao.shutdown.drain-for (3 s) before its port closes.
backend instances
    balance leastconn
    option httpchk GET $HEALTH_PATH
    http-check expect status 200
    timeout check 1s
    default-server inter 1s fastinter 500ms fall 2 rise 2
EOF
    for ((i = 1; i <= INSTANCES; i++)); do
      printf '    server instance-%d 127.0.0.1:%d check source %s\n' "$i" $((SERVICE_FIRST_PORT + i - 1)) "$PROXY_SOURCE"
    done
    cat <<EOF

listen stats
    bind 127.0.0.1:$PROXY_STATS_PORT
    stats enable
    stats uri /stats
EOF
  } >"$cfg"
  haproxy -c -q -f "$cfg"
  # In the foreground (no -D): haproxy writes its pid file only as a daemon, $! is the pid here.
  nohup haproxy -f "$cfg" >"$LOGS/haproxy.log" 2>&1 &
  echo $! >"$RUN/haproxy.pid"
  wait_until "haproxy :$PROXY_PORT" 20 all_backends_up
}

all_backends_up() {
  [ "$(curl -s "http://127.0.0.1:$PROXY_STATS_PORT/stats;csv" | awk -F, '$1 == "instances" && $18 == "UP"' |
    grep -c instance-)" = "$INSTANCES" ]
}

# -------------------------------------------------------------------------------------------------------- commands
up() {
  need redis-server redis-server
  need redis-cli redis-tools
  need curl curl
  mkdir -p "$RUN" "$LOGS"
  printf '%s\n' "$REDIS_MODE" >"$DATA/redis-mode"
  printf '%s\n' "$DB_SHARDS" >"$DATA/db-shards"
  log "redis ($REDIS_MODE): $(seeds)"
  start_redis
  if [ "$DB_SHARDS" -gt 1 ]; then log "database shards: $(shard_urls)"; else log "database: $(db_url)"; fi
  start_mariadb
  log "$INSTANCES instances from $JAR on :$SERVICE_FIRST_PORT.."
  start_instances
  log "haproxy on :$PROXY_PORT (stats: http://127.0.0.1:$PROXY_STATS_PORT/stats)"
  start_haproxy
  log "up: http://127.0.0.1:$PROXY_PORT  (secret in $DATA/jwt-secret; 'scripts/cluster.sh status')"
}

status() {
  local file name
  printf '%-12s %-8s %s\n' process pid state
  for file in "$RUN"/*.pid; do
    [ -e "$file" ] || continue
    name=$(basename "$file" .pid)
    if alive "$file"; then
      printf '%-12s %-8s running\n' "$name" "$(cat "$file")"
    else
      printf '%-12s %-8s stopped\n' "$name" "$(cat "$file" 2>/dev/null)"
    fi
  done
  if [ "$REDIS_MODE" = cluster ] && answers "$HOST" "$REDIS_FIRST_PORT"; then
    echo
    redis-cli -h "$HOST" -p "$REDIS_FIRST_PORT" cluster info | tr -d '\r' |
      grep -E '^cluster_(state|slots_ok|known_nodes|size):'
    redis-cli -h "$HOST" -p "$REDIS_FIRST_PORT" cluster nodes |
      awk '{ role = ($3 ~ /master/) ? "primary" : "replica"; printf "  %-16s %-7s %-10s %s\n", $2, role, $8, $9 " " $10 " " $11 }'
  fi
  echo
  local i port
  for ((i = 1; i <= INSTANCES; i++)); do
    port=$((SERVICE_FIRST_PORT + i - 1))
    printf 'instance-%d :%d %s\n' "$i" "$port" \
      "$(curl -s -m 2 "http://127.0.0.1:$port/actuator/health" || echo 'no answer')"
  done
  if answers 127.0.0.1 "$PROXY_STATS_PORT"; then
    echo
    curl -s "http://127.0.0.1:$PROXY_STATS_PORT/stats;csv" |
      awk -F, '$1 == "instances" { printf "haproxy %-10s %-5s sessions now %s, total %s\n", $2, $18, $5, $8 }'
  fi
}

stop_pid_file() {
  local file=$1 pid i
  alive "$file" || {
    rm -f "$file"
    return 0
  }
  pid=$(cat "$file")
  kill "$pid" 2>/dev/null || true
  for ((i = 0; i < 120; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    printf 'cluster.sh: %s (pid %s) did not stop in 30 s: killed\n' "$(basename "$file" .pid)" "$pid" >&2
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

down() {
  local file
  # Front to back: no new requests, then the instances (their persisters finish what they hold), then the stores.
  stop_pid_file "$RUN/haproxy.pid"
  for file in "$RUN"/service-*.pid; do [ -e "$file" ] && stop_pid_file "$file"; done
  for file in "$RUN"/mariadb*.pid; do [ -e "$file" ] && stop_pid_file "$file"; done
  for file in "$RUN"/redis-*.pid; do [ -e "$file" ] && stop_pid_file "$file"; done
  # Nothing may answer on the topology's ports any more (a process started by hand or whose pid file was lost).
  local port left=()
  for port in $(redis_ports); do answers "$HOST" "$port" && left+=("redis :$port"); done
  if [ -z "${HONGBAO_DB_URL:-}" ]; then
    for ((port = DB_PORT; port < DB_PORT + DB_SHARDS; port++)); do
      answers 127.0.0.1 "$port" && left+=("mariadb :$port")
    done
  fi
  for ((port = SERVICE_FIRST_PORT; port < SERVICE_FIRST_PORT + INSTANCES; port++)); do
    answers 127.0.0.1 "$port" && left+=("instance :$port")
  done
  answers 127.0.0.1 "$PROXY_PORT" && left+=("haproxy :$PROXY_PORT")
  if [ "${#left[@]}" -gt 0 ]; then
    die "still answering after down: ${left[*]}"
  fi
  log "down: nothing answers on the topology's ports (data kept in $DATA; 'scripts/cluster.sh wipe' deletes it)"
}

[ -f "$DATA/redis-mode" ] && [ "${1:-}" != up ] && REDIS_MODE=$(cat "$DATA/redis-mode")
[ -f "$DATA/db-shards" ] && [ "${1:-}" != up ] && DB_SHARDS=$(cat "$DATA/db-shards")
case "${1:-}" in
  up) up ;;
  status) status ;;
  down) down ;;
  wipe)
    [ -d "$DATA" ] && down
    rm -rf "$DATA"
    log "deleted $DATA"
    ;;
  *)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
