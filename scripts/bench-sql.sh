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
# Environment: UNIFORM_BENCH_SQL_ROWS (10000000), UNIFORM_BENCH_RUNS
# (rounds, 3), UNIFORM_BENCH_SQL_CLUSTER=0 (leave the cluster out),
# UNIFORM_CORPUS (../shared/corpus). Installs chdb, duckdb and pyarrow with
# pip where they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${UNIFORM_BENCH_SQL_ROWS:-10000000}
RUNS=${UNIFORM_BENCH_RUNS:-3}
CORPUS=${UNIFORM_CORPUS:-../shared/corpus}
WORK=target/bench-sql
mkdir -p "$WORK"

python3 -c 'import chdb, duckdb, pyarrow' 2>/dev/null || python3 -m pip install --quiet chdb duckdb pyarrow
echo "== machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD)"
echo "== chdb $(python3 -c 'import chdb; print(chdb.__version__)'), duckdb $(python3 -c 'import duckdb; print(duckdb.__version__)')"

cargo build --release -q -p uniform-cli
data=$WORK/urls-$ROWS.parquet
[ -s "$data" ] || python3 scripts/gen-crawl.py "$data" "$ROWS" "$CORPUS"

cluster=()
if [ "${UNIFORM_BENCH_SQL_CLUSTER:-1}" != 0 ]; then
  export UNIFORM_CLUSTER_PORT=${UNIFORM_CLUSTER_PORT:-50050}
  scripts/cluster.sh start
  trap 'scripts/cluster.sh stop' EXIT
  cluster=("df://127.0.0.1:$UNIFORM_CLUSTER_PORT")
fi
python3 scripts/compare-sql.py target/release/uniform "$data" "$RUNS" "${cluster[@]}"
