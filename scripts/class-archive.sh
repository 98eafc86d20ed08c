#!/usr/bin/env bash
# Builds the fast-starting form of the service beside its executable jar (ADR 0092):
#   <out>/hongbao-exec.jar + <out>/lib/   the jar extracted: classes load from plain jars, not from jars nested in one
#   <out>/hongbao.jsa                     what one start loads, prepared once here instead of at every start: on
#                                         JDK 25 and newer an AOT cache (classes loaded and linked, and the method
#                                         profiles of the warm-up, so the JIT compiles the grab path at once); on
#                                         JDK 17 to 24 a class-data-sharing archive (classes parsed and verified)
# The archive comes from a training run: the service started the embedded default way on a throw-away data folder,
# through its warm-up to readiness and a few pages, then stopped with SIGTERM (the JVM writes the archive as it exits).
# It is made by the JVM that runs this script (JAVA_HOME, as Maven's) and used only by the same JVM.
#
# usage: scripts/class-archive.sh <hongbao-exec.jar> <out-dir>
# run:   java -XX:SharedArchiveFile=<out>/hongbao.jsa -jar <out>/hongbao-exec.jar
# A JVM that cannot use the archive (another JDK, a changed jar) says so in one line and starts without it. The
# archive is an optimisation, never a condition: when the training run fails, this says why and leaves no archive,
# and the build goes on (the tests then start the jar itself).
set -euo pipefail

jar=$(realpath "$1")
out=$2
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
start_timeout=${CLASS_ARCHIVE_START_TIMEOUT:-300}

rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
"$java" -Djarmode=tools -jar "$jar" extract --destination "$out" >/dev/null

training=$(mktemp -d)
log="$out/training.log"
# -XX:SharedArchiveFile reads either kind, so the run command is the same on every JDK.
if "$java" -XX:+PrintFlagsFinal -version 2>/dev/null | grep -q ' AOTCacheOutput '; then
  archive=(-XX:AOTCacheOutput="$out/hongbao.jsa" -Xlog:aot=off -Xlog:cds=off)
else
  archive=(-XX:ArchiveClassesAtExit="$out/hongbao.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off)
fi
"$java" "${archive[@]}" -jar "$out/hongbao-exec.jar" --hongbao.data-dir="$training/data" --server.port=0 \
  >"$log" 2>&1 &
pid=$!
stop() {
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  # a server the service had not yet adopted when it was stopped (it stops its own at a clean exit)
  pkill -f -- "$training" 2>/dev/null || true
  rm -rf "$training"
}
trap stop EXIT
# Leaves no archive (a partial one would be refused anyway) and lets the build go on.
give_up() {
  echo "class-archive: WARNING: $1; no class-data archive, the jar starts without one. Its log: $log" >&2
  tail -n 20 "$log" >&2 || true
  stop
  rm -f "$out/hongbao.jsa"
  trap - EXIT
  exit 0
}

# GET <port> <path>: the status code, or nothing when nobody answers
status() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 0
    printf 'GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$2" >&3
    head -n 1 <&3 | cut -d' ' -f2
  ) 2>/dev/null
}

port=
for _ in $(seq "$start_timeout"); do
  port=$(sed -n 's/.*Netty started on port \([0-9]*\).*/\1/p' "$log" | head -n 1)
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || give_up "the training run ended early"
  sleep 1
done
[ -n "$port" ] || give_up "no start within ${start_timeout} s"
for _ in $(seq 60); do
  [ "$(status "$port" /actuator/health/readiness)" = 200 ] && break
  sleep 1
done
for path in / /actuator/health /actuator/health/liveness /v3/api-docs /api/v1/packets/none; do
  status "$port" "$path" >/dev/null
done

trap - EXIT
stop
[ -s "$out/hongbao.jsa" ] || give_up "the training run wrote no archive"
echo "class-archive: $out/hongbao.jsa ($(du -h "$out/hongbao.jsa" | cut -f1)) from a start of port $port"
