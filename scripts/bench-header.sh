#!/usr/bin/env bash
# The header the benchmark scripts print before their figures, as the
# bench binaries do (bench/src/lib.rs, `header`): the date (UTC), the
# machine (CPU model, cores, load average), the commit ("-dirty" when the
# work tree has changes) and the peers' versions.
#
#   . scripts/bench-header.sh
#   bench_header NAME ["PEER VERSION"...]
#
# Sourced by scripts/bench-cli.sh and scripts/bench-access.sh; run on its
# own, it prints the header with no peers.

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

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  cd "$(dirname "$0")/.." && bench_header "${1:-header}"
fi
