#!/usr/bin/env bash
# The command line in bulk: `uniform parse` over a corpus file on standard
# input, output to /dev/null, the whole process timed (wall clock, start to
# exit) and its peak resident set measured.
#
#   scripts/bench-cli.sh [CORPUS]    # default ../shared/corpus/kasztp.txt
#
# Two commands, each run UNIFORM_BENCH_RUNS times (default 21) after two
# untimed warm-up runs, alternating so that load on the machine falls on
# both alike:
#
#   uniform parse --json - < CORPUS > /dev/null    (JSON Lines)
#   uniform parse - < CORPUS > /dev/null           (text)
#
# Prints the wall time (best and median, ms), URLs per second at each,
# and the peak resident set (GNU time's %M, "Maximum resident set size";
# the largest and the smallest of UNIFORM_BENCH_RUNS runs under it, timed
# apart from the wall-clock runs so that time's own fork does not count).
# Settings: UNIFORM_BENCH_RUNS, CARGO_TARGET_DIR (where the release binary
# is built). Needs GNU time (/usr/bin/time): installed with apt-get when
# missing and running as root.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-header.sh

CORPUS=${1:-../shared/corpus/kasztp.txt}
RUNS=${UNIFORM_BENCH_RUNS:-21}
TARGET=${CARGO_TARGET_DIR:-target}

[ -r "$CORPUS" ] || { echo "bench-cli: cannot read $CORPUS" >&2; exit 2; }
if ! [ -x /usr/bin/time ] || ! /usr/bin/time -f %M true >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "bench-cli: installing GNU time" >&2
    apt-get install -y -qq time >/dev/null
  else
    echo "bench-cli: GNU time (/usr/bin/time) is needed for the peak RSS" >&2
    exit 2
  fi
fi

cargo build --release --quiet -p uniform-cli
UNIFORM=$TARGET/release/uniform

# The URLs the command reads: its non-blank lines.
URLS=$(grep -c . "$CORPUS")

# The outputs are checked once: a line of JSON per URL.
lines=$("$UNIFORM" parse --json - <"$CORPUS" | wc -l) || true
[ "$lines" -eq "$URLS" ] || { echo "bench-cli: $lines JSON lines for $URLS URLs" >&2; exit 1; }

MODES=(json text)
# cmd MODE [WRAPPER...]: the command of MODE, under WRAPPER if given.
# The exit status of `parse` is 1 when a URL is refused; the timing
# does not depend on it.
cmd() {
  local m=$1
  shift
  case $m in
    json) "$@" "$UNIFORM" parse --json - <"$CORPUS" >/dev/null ;;
    text) "$@" "$UNIFORM" parse - <"$CORPUS" >/dev/null ;;
  esac
}
label() {
  case $1 in
    json) echo "uniform parse --json - < CORPUS > /dev/null" ;;
    text) echo "uniform parse - < CORPUS > /dev/null" ;;
  esac
}
run_ns() {
  local t0=$EPOCHREALTIME t1
  cmd "$1" || true
  t1=$EPOCHREALTIME
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%d\n", (b - a) * 1e9 }'
}
rss_kib() {
  local out
  out=$(mktemp)
  cmd "$1" /usr/bin/time -f %M -o "$out" || true
  tail -n 1 "$out"
  rm -f "$out"
}

bench_header cli
echo
for m in "${MODES[@]}"; do cmd "$m" || true; cmd "$m" || true; done
declare -A times=() rss=()
for _ in $(seq "$RUNS"); do
  for m in "${MODES[@]}"; do
    times[$m]+="$(run_ns "$m") "
    rss[$m]+="$(rss_kib "$m") "
  done
done

stat_of() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[1], v[int((NR + 1) / 2)], v[NR] }'; }
echo "$CORPUS: $URLS URLs, $(stat -c %s "$CORPUS") bytes; $RUNS runs of each command, alternating"
printf '%-46s %9s %9s %14s %14s %10s %10s\n' command "best ms" "median ms" "URLs/s best" "URLs/s median" "RSS max" "RSS min"
for m in "${MODES[@]}"; do
  read -r best med _ < <(echo "${times[$m]}" | stat_of)
  read -r rmin _ rmax < <(echo "${rss[$m]}" | stat_of)
  awk -v l="$(label "$m")" -v b="$best" -v m="$med" -v n="$URLS" -v rx="$rmax" -v rn="$rmin" 'BEGIN {
    printf "%-46s %9.1f %9.1f %14.0f %14.0f %6.1f MiB %6.1f MiB\n", l, b / 1e6, m / 1e6, n / (b / 1e9), n / (m / 1e9), rx / 1024, rn / 1024
  }'
done
echo
echo "wall time: bash's \$EPOCHREALTIME around the command; RSS: /usr/bin/time -f %M (KiB, shown in MiB)"
