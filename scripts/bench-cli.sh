#!/usr/bin/env bash
# The command line in bulk: `uniform parse` over a corpus file on standard
# input, output to /dev/null, the whole process timed (wall clock, start to
# exit) and its peak resident set measured.
#
#   scripts/bench-cli.sh [CORPUS]    # default ../shared/corpus/kasztp.txt
#
# Four commands, each run UNIFORM_BENCH_RUNS times (default 21) after two
# untimed warm-up runs, alternating so that load on the machine falls on
# all alike: JSON Lines and text, on one thread and on every core:
#
#   uniform parse --json --jobs 1 - < CORPUS > /dev/null
#   uniform parse --jobs 1 - < CORPUS > /dev/null
#   uniform parse --json - < CORPUS > /dev/null    (--jobs: one a core)
#   uniform parse - < CORPUS > /dev/null
#
# UNIFORM_BENCH_LINES=N reads the corpus repeated to N lines instead
# (written to a temporary file first): the 1M-line runs of issue 17.
# Then the ratios: text over JSON, and every core over one.
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
SOURCE=$CORPUS
RUNS=${UNIFORM_BENCH_RUNS:-21}
TARGET=${CARGO_TARGET_DIR:-target}

[ -r "$CORPUS" ] || { echo "bench-cli: cannot read $CORPUS" >&2; exit 2; }
if [ -n "${UNIFORM_BENCH_LINES:-}" ]; then
  big=$(mktemp)
  trap 'rm -f "$big"' EXIT
  src=$CORPUS
  while [ "$(wc -l <"$big")" -lt "$UNIFORM_BENCH_LINES" ]; do cat "$src" >>"$big"; done
  head -n "$UNIFORM_BENCH_LINES" "$big" >"$big.cut" && mv "$big.cut" "$big"
  CORPUS=$big
fi
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

MODES=(json1 text1 json text)
# cmd MODE [WRAPPER...]: the command of MODE, under WRAPPER if given.
# The exit status of `parse` is 1 when a URL is refused; the timing
# does not depend on it.
cmd() {
  local m=$1
  shift
  case $m in
    json1) "$@" "$UNIFORM" parse --json --jobs 1 - <"$CORPUS" >/dev/null ;;
    text1) "$@" "$UNIFORM" parse --jobs 1 - <"$CORPUS" >/dev/null ;;
    json) "$@" "$UNIFORM" parse --json - <"$CORPUS" >/dev/null ;;
    text) "$@" "$UNIFORM" parse - <"$CORPUS" >/dev/null ;;
  esac
}
label() {
  case $1 in
    json1) echo "uniform parse --json --jobs 1 - < CORPUS" ;;
    text1) echo "uniform parse --jobs 1 - < CORPUS" ;;
    json) echo "uniform parse --json - < CORPUS (all cores)" ;;
    text) echo "uniform parse - < CORPUS (all cores)" ;;
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
echo "$(basename "$SOURCE")${UNIFORM_BENCH_LINES:+ repeated to} $URLS URLs, $(stat -c %s "$CORPUS") bytes; $RUNS runs of each command, alternating; $(nproc) cores"
declare -A median=()
printf '%-46s %9s %9s %14s %14s %10s %10s\n' command "best ms" "median ms" "URLs/s best" "URLs/s median" "RSS max" "RSS min"
for m in "${MODES[@]}"; do
  read -r best med _ < <(echo "${times[$m]}" | stat_of)
  median[$m]=$med
  read -r rmin _ rmax < <(echo "${rss[$m]}" | stat_of)
  awk -v l="$(label "$m")" -v b="$best" -v m="$med" -v n="$URLS" -v rx="$rmax" -v rn="$rmin" 'BEGIN {
    printf "%-46s %9.1f %9.1f %14.0f %14.0f %6.1f MiB %6.1f MiB\n", l, b / 1e6, m / 1e6, n / (b / 1e9), n / (m / 1e9), rx / 1024, rn / 1024
  }'
done
echo
awk -v j1="${median[json1]}" -v t1="${median[text1]}" -v j="${median[json]}" -v t="${median[text]}" 'BEGIN {
  printf "text over JSON (JSON time / text time, medians): %.2fx on one thread, %.2fx on all cores\n", j1 / t1, j / t
  printf "all cores over one (median): %.2fx JSON, %.2fx text\n", j1 / j, t1 / t
}'
echo "medians with their spread (wall ms); the ratios taken round by round:"
for m in "${MODES[@]}"; do
  printf '  %-46s %s ms\n' "$(label "$m")" "$(tr ' ' '\n' <<<"${times[$m]}" | grep . | awk '{ print $1 / 1e6 }' | spread %.1f)"
done
echo "  text over JSON, one thread: $(per_round "${times[text1]}" "${times[json1]}" | spread %.2f)"
echo "  text over JSON, all cores: $(per_round "${times[text]}" "${times[json]}" | spread %.2f)"
echo "  all cores over one, JSON: $(per_round "${times[json]}" "${times[json1]}" | spread %.2f)"
echo "  all cores over one, text: $(per_round "${times[text]}" "${times[text1]}" | spread %.2f)"
echo "wall time: bash's \$EPOCHREALTIME around the command; RSS: /usr/bin/time -f %M (KiB, shown in MiB)"
