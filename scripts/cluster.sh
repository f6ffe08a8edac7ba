#!/usr/bin/env bash
# A Ballista cluster on loopback for `uniform sql --cluster`: one scheduler
# and two executors, built in this workspace (crate uniform-cluster) with
# Uniform's URL functions registered on each.
#
#   scripts/cluster.sh start    build (release) if needed, start, wait until
#                               both executors have registered
#   scripts/cluster.sh stop     stop what start started
#   scripts/cluster.sh status   say what runs
#
# Then: uniform sql QUERY -t NAME=FILE --cluster df://127.0.0.1:50050
#
# Environment: UNIFORM_CLUSTER_PORT (the scheduler's port, 50050; the
# executors take the next four), UNIFORM_CLUSTER_DIR (pids, logs, work
# directories; /tmp/uniform-cluster-PORT), UNIFORM_CLUSTER_BIN (a folder
# holding uniform-scheduler and uniform-executor already built: no build).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${UNIFORM_CLUSTER_PORT:-50050}
DIR=${UNIFORM_CLUSTER_DIR:-/tmp/uniform-cluster-$PORT}
TIMEOUT=${UNIFORM_CLUSTER_TIMEOUT:-60}

say() { printf 'cluster: %s\n' "$*"; }
die() { printf 'cluster: ERROR: %s\n' "$*" >&2; exit 1; }

# listening PORT: whether something accepts connections on 127.0.0.1:PORT
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

running() {
  [ -f "$DIR/pids" ] || return 1
  local name pid
  while read -r name pid; do
    kill -0 "$pid" 2>/dev/null || return 1
  done <"$DIR/pids"
}

stop() {
  [ -f "$DIR/pids" ] || { say "not running"; return 0; }
  local name pid
  while read -r name pid; do
    kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  done <"$DIR/pids"
  for _ in $(seq 50); do
    local alive=0
    while read -r name pid; do kill -0 "$pid" 2>/dev/null && alive=1; done <"$DIR/pids"
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  while read -r name pid; do kill -9 -- -"$pid" 2>/dev/null || true; done <"$DIR/pids"
  rm -f "$DIR/pids"
  say "stopped"
}

start() {
  if running; then
    say "already running: df://127.0.0.1:$PORT"
    return 0
  fi
  local bin=${UNIFORM_CLUSTER_BIN:-}
  if [ -z "$bin" ]; then
    say "building uniform-scheduler and uniform-executor (cargo build --profile cluster -p uniform-cluster)"
    cargo build --profile cluster -q -p uniform-cluster
    bin=target/cluster
  fi
  bin=$(cd "$bin" && pwd)
  [ -x "$bin/uniform-scheduler" ] && [ -x "$bin/uniform-executor" ] || die "no binaries in $bin"
  for p in "$PORT" $((PORT + 1)) $((PORT + 2)) $((PORT + 3)) $((PORT + 4)); do
    listening "$p" && die "port $p is taken"
  done
  rm -rf "$DIR"
  mkdir -p "$DIR/logs" "$DIR/work1" "$DIR/work2"
  : >"$DIR/pids"
  # launch NAME CMD...: a process group of its own, logged, recorded
  launch() {
    local name=$1
    shift
    setsid "$@" >"$DIR/logs/$name.log" 2>&1 </dev/null &
    echo "$name $!" >>"$DIR/pids"
  }
  launch scheduler "$bin/uniform-scheduler" --bind-host 127.0.0.1 --bind-port "$PORT" \
    --external-host 127.0.0.1
  wait_for "$PORT" scheduler
  for n in 1 2; do
    local flight=$((PORT + 2 * n - 1)) grpc=$((PORT + 2 * n))
    launch "executor$n" "$bin/uniform-executor" --bind-host 127.0.0.1 --external-host 127.0.0.1 \
      --scheduler-host 127.0.0.1 --scheduler-port "$PORT" \
      --bind-port "$flight" --bind-grpc-port "$grpc" \
      --work-dir "$DIR/work$n" --id "uniform-executor-$n"
  done
  wait_for $((PORT + 1)) executor1
  wait_for $((PORT + 3)) executor2
  # Listening is not registered: wait until each executor says the
  # scheduler took its registration. A port that answered is not proof
  # that our process holds it (another may have taken it between the
  # check above and the bind): one of ours that exited, a bind refused,
  # is a failure at once, not after the time limit.
  local deadline=$((SECONDS + TIMEOUT))
  until grep -q 'registration succeed' "$DIR/logs/executor1.log" \
      && grep -q 'registration succeed' "$DIR/logs/executor2.log"; do
    exited_die
    [ $SECONDS -lt $deadline ] || { tail "$DIR"/logs/*.log >&2; stop >/dev/null; die "the executors did not register"; }
    sleep 0.2
  done
  exited_die
  say "running: df://127.0.0.1:$PORT (scheduler), executors on $((PORT + 1)) and $((PORT + 3)); logs in $DIR/logs"
}

# exited_die: when a process start launched has exited (a port taken
# after all, most often), its log's tail, everything stopped, and an error
exited_die() {
  local name pid
  while read -r name pid; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 20 "$DIR/logs/$name.log" >&2 || true
      stop >/dev/null
      die "$name exited"
    fi
  done <"$DIR/pids"
}

# wait_for PORT NAME
wait_for() {
  local deadline=$((SECONDS + TIMEOUT))
  until listening "$1"; do
    if ! running; then
      tail -n 20 "$DIR/logs/$2.log" >&2 || true
      stop >/dev/null
      die "$2 exited"
    fi
    [ $SECONDS -lt $deadline ] || { tail -n 20 "$DIR/logs/$2.log" >&2; stop >/dev/null; die "$2 does not listen on $1"; }
    sleep 0.1
  done
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  status) if running; then say "running: df://127.0.0.1:$PORT"; else say "not running"; exit 1; fi ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
