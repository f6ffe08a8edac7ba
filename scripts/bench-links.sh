#!/usr/bin/env bash
# Uniform's link checker against lychee on one generated site, in one
# run: PAGES HTML pages of 10 links each (scripts/gen-site.py: half
# relative links between the pages, half http links to the same pages on
# the nginx peer; one in 50 of each to a page that does not exist).
#
#   scripts/bench-links.sh [PAGES]     # default 10000 pages, 100,000 links
#
# First each tool once with its JSON report: the links found and the
# broken ones (document, URL, line, column) must be the same
# (scripts/compare-links.py), or the script stops. Then UNIFORM_BENCH_RUNS
# (5) runs of each, alternating, each under /usr/bin/time: wall time and
# peak resident set. Like for like: both check local files by their
# presence and http links by HEAD, 32 checks at once, at most 10 of one
# host, no pause between a host's requests, no retries, no cache:
#
#   uniform links --json --max-concurrency 32 --max-per-host 10 --max-retries 0 SITE
#   lychee --no-progress --format json -X head --max-concurrency 32 \
#          --host-concurrency 10 --host-request-interval 0ms --max-retries 0 SITE
#
# With UNIFORM_BENCH_LYCHEE_DEFAULTS=1, lychee's own defaults (GET, 128
# at once, 10 a host, 50 ms between a host's requests) are timed once more
# at the end, for reference: some ten minutes for this site, whose 10,000
# http URLs are all on one host.
#
# Needs the nginx peer (scripts/peers/start.sh http), python3, and lychee
# on the PATH; without it the script installs it (cargo install lychee
# --locked, some ten minutes) into target/lychee. The site is written
# where nginx serves it, $UNIFORM_PEERS_FIXTURES/anon/site, and removed at
# the end, also on failure or interrupt.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/peers/env.sh
. scripts/bench-header.sh

PAGES=${1:-10000}
RUNS=${UNIFORM_BENCH_RUNS:-5}
TARGET=${CARGO_TARGET_DIR:-target}
H=$UNIFORM_PEERS_HOST
SITE=$UNIFORM_PEERS_FIXTURES/anon/site
BASE=http://$H:$UNIFORM_HTTP_PORT/site
WORK=$(mktemp -d)
cleanup() { rm -rf "$SITE" "$WORK"; }
trap cleanup EXIT INT TERM

cargo build --release -q -p uniform-cli
UNIFORM=$TARGET/release/uniform
if ! LYCHEE=$(command -v lychee); then
  echo "installing lychee (cargo install lychee --locked)" >&2
  cargo install -q lychee --locked --root "$TARGET/lychee"
  LYCHEE=$TARGET/lychee/bin/lychee
fi
curl -sf -o /dev/null "http://$H:$UNIFORM_HTTP_PORT/" ||
  { echo "nginx is not answering on $H:$UNIFORM_HTTP_PORT (scripts/peers/start.sh http)" >&2; exit 1; }

rm -rf "$SITE"
python3 scripts/gen-site.py "$SITE" "$BASE" "$PAGES" 2>"$WORK/site.txt"

U_ARGS=(links --json --max-concurrency 32 --max-per-host 10 --max-retries 0 "$SITE")
L_ARGS=(--no-progress --format json -X head --max-concurrency 32 --host-concurrency 10
        --host-request-interval 0ms --max-retries 0 "$SITE")

bench_header links "lychee $("$LYCHEE" --version | cut -d' ' -f2)" \
  "nginx $(dpkg-query -W -f='${Package} ${Version}' nginx-light 2>/dev/null || nginx -v 2>&1 | cut -d/ -f2)"
echo "  site     $(cat "$WORK/site.txt")"
echo

# Agreement first: the same links found, the same verdicts.
"$UNIFORM" "${U_ARGS[@]:0:1}" -v "${U_ARGS[@]:1}" >"$WORK/u.json" || [ $? -eq 2 ]
"$LYCHEE" "${L_ARGS[@]}" >"$WORK/l.json" 2>/dev/null || [ $? -eq 2 ]
python3 scripts/compare-links.py "$WORK/u.json" "$WORK/l.json"
echo

# time_one NAME COMMAND...: appends "seconds kib" to $WORK/NAME.
time_one() {
  local name=$1; shift
  /usr/bin/time -f '%e %M' -o "$WORK/t" "$@" >/dev/null 2>&1 || true
  # GNU time puts "Command exited with non-zero status 2" first (both
  # tools exit 2: the site has broken links).
  grep -E '^[0-9.]+ [0-9]+$' "$WORK/t" >>"$WORK/$name"
}
for ((r = 0; r < RUNS; r++)); do
  time_one uniform "$UNIFORM" "${U_ARGS[@]}"
  time_one lychee "$LYCHEE" "${L_ARGS[@]}"
done
if [ -n "${UNIFORM_BENCH_LYCHEE_DEFAULTS:-}" ]; then
  time_one lychee-defaults "$LYCHEE" --no-progress --format json "$SITE"
fi

# stats FILE: best and median seconds, peak KiB.
stats() {
  sort -n "$1" | awk '{ t[NR] = $1; if ($2 > m) m = $2 }
    END { printf "%.2f %.2f %.1f", t[1], (NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2), m / 1024 }'
}
read -r ub um ur <<<"$(stats "$WORK/uniform")"
read -r lb lm lr <<<"$(stats "$WORK/lychee")"
echo "| tool | wall s (best, median) | peak RSS | lychee/uniform (best, median) |"
echo "| --- | --- | --- | --- |"
echo "| uniform links | $ub, $um | $ur MiB | |"
printf '| lychee, same settings | %s, %s | %s MiB | %.2f, %.2f |\n' "$lb" "$lm" "$lr" \
  "$(echo "$lb / $ub" | bc -l)" "$(echo "$lm / $um" | bc -l)"
if [ -s "$WORK/lychee-defaults" ]; then
  read -r db _ dr <<<"$(stats "$WORK/lychee-defaults")"
  printf '| lychee, its defaults (1 run) | %s | %s MiB | %.2f |\n' "$db" "$dr" "$(echo "$db / $um" | bc -l)"
fi
echo
echo "$RUNS runs of each, alternating; commands:"
echo "  $UNIFORM ${U_ARGS[*]}"
echo "  lychee ${L_ARGS[*]}"
[ -s "$WORK/lychee-defaults" ] &&
  echo "  lychee --no-progress --format json SITE    (its defaults: GET, 128 at once, 10 a host, 50 ms between a host's requests)"
true
