#!/usr/bin/env bash
# The header the benchmark scripts print before their figures, as the
# bench binaries do (bench/src/lib.rs, `header`): the date (UTC), the
# machine (CPU model, cores, load average), the commit ("-dirty" when the
# work tree has changes) and the peers' versions.
#
#   . scripts/bench-header.sh
#   bench_header NAME ["PEER VERSION"...]
#
# Sourced by scripts/bench-cli.sh and scripts/bench-access.sh, which use
# its `spread` and `per_round` too; run on its own, it prints the header
# with no peers.

bench_header() {
  local name=$1 commit cpu load
  shift
  cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
  load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
  if commit=$(git rev-parse --short HEAD 2>/dev/null); then
    [ -z "$(git status --porcelain 2>/dev/null)" ] || commit+="-dirty"
  else
    commit="unknown (no git)"
  fi
  echo "bench $name"
  echo "  date     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "  machine  ${cpu:-unknown CPU}, $(nproc) cores, load average ${load:-?}"
  echo "  commit   $commit"
  echo "  build    release; $(rustc -V 2>/dev/null || echo 'rustc ?')"
  if [ $# -gt 0 ]; then
    local p
    echo -n "  peers    "
    for p in "$@"; do echo -n "$p; "; done | sed 's/; $//'
    echo
  else
    echo "  peers    none"
  fi
}

# spread FORMAT: numbers on stdin, one a line; prints "MEDIAN (IQR Q1-Q3,
# range MIN-MAX, N runs)", each by FORMAT (printf's), the quartiles
# interpolated as bench/src/lib.rs does.
spread() {
  sort -g | awk -v f="$1" '
    { v[NR] = $1 }
    function q(p,   x, lo) { x = p * (NR - 1); lo = int(x); return v[lo + 1] + (v[lo + 1 + (x > lo)] - v[lo + 1]) * (x - lo) }
    END { printf f " (IQR " f "-" f ", range " f "-" f ", %d runs)", q(0.5), q(0.25), q(0.75), v[1], v[NR], NR }'
}

# per_round "A A ..." "B B ...": B's time over A's, run by run (the runs
# of one round are a moment apart, under the same load): how many times
# faster A was in each round, one a line.
per_round() {
  paste <(tr ' ' '\n' <<<"$1" | grep .) <(tr ' ' '\n' <<<"$2" | grep .) | awk '{ print $2 / $1 }'
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  cd "$(dirname "$0")/.." && bench_header "${1:-header}"
fi
