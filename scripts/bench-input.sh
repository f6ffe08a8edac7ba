#!/usr/bin/env bash
# The input boundary under a long line: every command that reads lines
# of standard input, fed one line of 50,000,000 bytes (refused by the
# --max-line limit, 4 MiB by default) and one line of exactly the limit
# (read and worked on). Each run's wall time and peak resident set (GNU
# time's %M) are measured from outside the process; the exit status is
# shown (1: the line was refused or is no valid URL; 0: done).
#
#   scripts/bench-input.sh
#
# The issue's bound: a 50 MB line under 30 s and 256 MiB whatever the
# command. Settings: CARGO_TARGET_DIR (where the release binary is built).
# Needs GNU time (/usr/bin/time): installed with apt-get when missing and
# running as root.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-header.sh

TARGET=${CARGO_TARGET_DIR:-target}
if ! [ -x /usr/bin/time ] || ! /usr/bin/time -f %M true >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -qq time >/dev/null
  else
    echo "bench-input: GNU time (/usr/bin/time) is needed for the peak RSS" >&2
    exit 2
  fi
fi
cargo build -q --release -p uniform-cli
bin=$TARGET/release/uniform
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import sys
d = sys.argv[1]
open(d + "/50mb.txt", "wb").write(b"http://a/" + b"x" * (50_000_000 - 9) + b"\n")
open(d + "/limit.txt", "wb").write(b"http://a/" + b"x" * (4 * 1024 * 1024 - 9) + b"\n")
PY
bench_header "one long line on standard input"
printf '| command | line | wall s | peak RSS MiB | exit |\n|---|---|---|---|---|\n'
for cmd in "parse -" "check -" "normalize -" "plan -" "resolve http://a/ -" \
  "relativize http://a/ -" "encode -" "decode -" "equal - http://a/" "extract -"; do
  for f in 50mb limit; do
    # shellcheck disable=SC2086
    /usr/bin/time -o "$work/time" -f "%e %M %x" "$bin" $cmd <"$work/$f.txt" >/dev/null 2>&1 || true
    read -r secs kb code < <(tail -n 1 "$work/time")
    printf '| `uniform %s` | %s | %s | %.1f | %s |\n' "$cmd" "$f" "$secs" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')" "$code"
  done
done
