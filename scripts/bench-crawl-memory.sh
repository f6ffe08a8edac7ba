#!/usr/bin/env bash
# The peak memory of `uniform links -R` on a large generated site: the
# crawl's memory must not grow with the site (issue 37: under 64 MiB
# peak RSS for 100,000 pages, release build). scripts/gen-crawl-site.py's
# site of PAGES pages (10 links each: a million links in all, ~25,000 of
# them broken) served by the nginx peer, crawled from its front page with
# each report format, every link shown (-v) where the format shows fine
# links too, so that the report holds all of them:
#
#   scripts/bench-crawl-memory.sh [PAGES]     # default 100000
#
# UNIFORM_BENCH_RUNS (3) runs of each, under /usr/bin/time: wall time and
# peak resident set. Exits 1 when a run's peak is 64 MiB or more.
#
# Needs the nginx peer (scripts/peers/start.sh http) and python3. The
# site is written where nginx serves it and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/peers/env.sh
. scripts/bench-header.sh

PAGES=${1:-100000}
RUNS=${UNIFORM_BENCH_RUNS:-3}
LIMIT_KIB=$((64 * 1024))
TARGET=${CARGO_TARGET_DIR:-target}
SITE=$UNIFORM_PEERS_FIXTURES/anon/crawl-bench
START=http://$UNIFORM_PEERS_HOST:$UNIFORM_HTTP_PORT/crawl-bench/index.html
WORK=$(mktemp -d)
cleanup() { rm -rf "$SITE" "$WORK"; }
trap cleanup EXIT INT TERM

cargo build --release -q -p uniform-cli
UNIFORM=$TARGET/release/uniform
curl -sf -o /dev/null "http://$UNIFORM_PEERS_HOST:$UNIFORM_HTTP_PORT/" ||
  { echo "nginx is not answering (scripts/peers/start.sh http)" >&2; exit 1; }
rm -rf "$SITE"
python3 scripts/gen-crawl-site.py "$SITE" "$PAGES" 2>"$WORK/site.txt"

bench_header "crawl-memory"
echo "site: $(cat "$WORK/site.txt"), from $START"
echo "  uniform links -R --max-concurrency 32 --max-per-host 32 --max-retries 0 FORMAT START"
echo
echo "| report | links reported | wall s (median) | peak RSS MiB (max of $RUNS) |"
echo "|---|---|---|---|"
over=0
for format in "--format human" "--format json -v" "--format markdown -v" "--format junit -v" "--format sarif"; do
  : >"$WORK/times"
  for _ in $(seq "$RUNS"); do
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %M" -a -o "$WORK/times" "$UNIFORM" links -R --max-concurrency 32 \
      --max-per-host 32 --max-retries 0 $format "$START" >"$WORK/report" 2>/dev/null || true
  done
  case $format in
    *json*) shown=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["links"]))' "$WORK/report") ;;
    *sarif*) shown=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"][0]["results"]))' "$WORK/report") ;;
    *junit*) shown=$(grep -c '<testcase ' "$WORK/report" || true) ;;
    *markdown*) shown=$(grep -c '^| [0-9]' "$WORK/report" || true) ;;
    *) shown=$(grep -c '^  [0-9]' "$WORK/report" || true) ;;
  esac
  read -r wall peak <<<"$(python3 - "$WORK/times" <<'PY'
import statistics, sys
rows = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if len(l.split()) == 2]
print(f"{statistics.median(w for w, _ in rows):.2f} {int(max(m for _, m in rows))}")
PY
)"
  printf '| %s | %s | %s | %.1f |\n' "$format" "$shown" "$wall" "$(echo "$peak / 1024" | bc -l)"
  [ "$peak" -lt "$LIMIT_KIB" ] || over=1
done
echo
if [ "$over" = 0 ]; then
  echo "every run under 64 MiB peak RSS: target met"
else
  echo "a run reached 64 MiB peak RSS or more: target missed" >&2
  exit 1
fi
