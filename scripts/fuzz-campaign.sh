#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for FUZZ_RUNS inputs in one
# run each (default ten million, no time bound), JOBS targets at a time
# (default: the number of cores), each at the lowest priority, and prints
# a Markdown table: executions, wall seconds, executions a second, peak
# memory, corpus size, and whether the run passed. The longest targets
# start first, so that the lanes end together.
#
# usage: scripts/fuzz-campaign.sh [TARGET...]   (FUZZ_RUNS, JOBS, FUZZ_SEED)
#
# Each target's run is scripts/fuzz-smoke.sh 0 TARGET, so its regressions
# run first and its crash, if any, is in fuzz/artifacts/TARGET/; the
# smoke script's output of each is kept in fuzz/artifacts/TARGET/campaign.out.
# Exits 1 when any target failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export FUZZ_RUNS=${FUZZ_RUNS:-10000000}
jobs=${JOBS:-$(nproc)}

if [ $# -gt 0 ]; then
  targets=("$@")
else
  # Slowest first (by the rates of the 2026-11-25 campaign).
  targets=(roundtrip resolve extract nntp_reply http_head parse gopher_menu
    ardp ftp_reply gopher_plus smtp_reply plan ftp_list ber)
  for f in "$root"/fuzz/fuzz_targets/*.rs; do
    t=$(basename "$f" .rs)
    [[ " ${targets[*]} " == *" $t "* ]] || targets+=("$t")
  done
fi

# One build before the lanes start, so that they do not queue on cargo's lock.
"$root/scripts/fuzz-smoke.sh" 1 "${targets[@]}" >/dev/null 2>&1 || true

run_one() {
  local t=$1 out="$root/fuzz/artifacts/$1/campaign.out" status=passed
  mkdir -p "$(dirname "$out")"
  nice -n 19 "$root/scripts/fuzz-smoke.sh" 0 "$t" >"$out" 2>&1 || status=FAILED
  echo "$status" >>"$out"
}
export -f run_one
export root
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}'

stat() { sed -n "s/^fuzz-smoke: $1 $2:* *//p" "$root/fuzz/artifacts/$1/campaign.out" | tail -n 1; }
echo "| target | executions | seconds | exec/s | peak RSS (MB) | corpus files | result |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
failed=0
for t in "${targets[@]}"; do
  result=$(tail -n 1 "$root/fuzz/artifacts/$t/campaign.out")
  [ "$result" = passed ] || failed=1
  echo "| \`$t\` | $(stat "$t" stat::number_of_executed_units) | $(stat "$t" wall_seconds) |" \
    "$(stat "$t" stat::average_exec_per_sec) | $(stat "$t" stat::peak_rss_mb) |" \
    "$(find "$root/fuzz/corpus/$t" -type f | wc -l) | $result |"
done
exit $failed
