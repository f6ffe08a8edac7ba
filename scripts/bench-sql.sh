#!/usr/bin/env bash
# URLs at crawl scale: a host group-by over 10,000,000 URLs in Parquet on
# Uniform (`uniform sql`, embedded, and on the Ballista cluster of
# scripts/cluster.sh), chDB (ClickHouse's domain(), which validates
# nothing) and DuckDB (a host regex), in interleaved rounds, each engine a
# process of its own measured from outside, beside Uniform's lenient host
# (like for like with chDB), validation alone and the scan alone; then
# whether the groups agree over the URLs Uniform finds valid
# (scripts/compare-sql.py).
#
# --smoke: the same script end to end on 20,000 URLs, one round, with the
# debug builds of `uniform`, `uniform-sql` and the cluster (scripts/test.sh
# runs it): the code behind the figures runs, no figure is taken. It says
# "SKIPPED: REASON" and succeeds when the corpus or the Python packages
# cannot be had.
#
# Environment: UNIFORM_BENCH_SQL_ROWS (10000000), UNIFORM_BENCH_RUNS
# (rounds, 3), UNIFORM_BENCH_SQL_CLUSTER=0 (leave the cluster out),
# UNIFORM_CORPUS (../shared/corpus). Installs chdb, duckdb and pyarrow with
# pip where they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

smoke=false
[ "${1:-}" = --smoke ] && smoke=true
if $smoke; then
  ROWS=20000 RUNS=1 PROFILE=dev BIN=target/debug
else
  ROWS=${UNIFORM_BENCH_SQL_ROWS:-10000000} RUNS=${UNIFORM_BENCH_RUNS:-3} PROFILE=release BIN=target/release
fi
CORPUS=${UNIFORM_CORPUS:-../shared/corpus}
WORK=target/bench-sql
mkdir -p "$WORK"

skip() {
  echo "SKIPPED: $*"
  exit 0
}
$smoke && [ ! -d "$CORPUS" ] && skip "no corpus at $CORPUS (UNIFORM_CORPUS)"
if ! python3 -c 'import chdb, duckdb, pyarrow' 2>/dev/null; then
  python3 -m pip install --quiet chdb duckdb pyarrow ||
    { $smoke && skip "pip could not install chdb, duckdb and pyarrow"; exit 1; }
fi
echo "== machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD)"
echo "== chdb $(python3 -c 'import chdb; print(chdb.__version__)'), duckdb $(python3 -c 'import duckdb; print(duckdb.__version__)')"

# `uniform sql` runs the uniform-sql beside it: both built by one profile.
cargo build --profile "$PROFILE" -q -p uniform-cli -p uniform-sql
data=$WORK/urls-$ROWS.parquet
[ -s "$data" ] || python3 scripts/gen-crawl.py "$data" "$ROWS" "$CORPUS"

cluster=()
if [ "${UNIFORM_BENCH_SQL_CLUSTER:-1}" != 0 ]; then
  if $smoke; then
    # The debug scheduler and executors, on five free ports in a row
    # (cluster.sh refuses a port that is taken when it starts).
    cargo build -q -p uniform-cluster
    UNIFORM_CLUSTER_PORT=$(python3 -c '
import socket
def free(p):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", p)); return True
        except OSError:
            return False
print(next(p for p in range(41000, 60000, 5) if all(free(p + k) for k in range(5))))')
    export UNIFORM_CLUSTER_BIN=$PWD/target/debug UNIFORM_CLUSTER_PORT
    export UNIFORM_CLUSTER_DIR=$PWD/$WORK/cluster-smoke
  fi
  export UNIFORM_CLUSTER_PORT=${UNIFORM_CLUSTER_PORT:-50050}
  scripts/cluster.sh start
  trap 'scripts/cluster.sh stop' EXIT
  cluster=("df://127.0.0.1:$UNIFORM_CLUSTER_PORT")
fi
python3 scripts/compare-sql.py "$BIN/uniform" "$data" "$RUNS" "${cluster[@]}"
