#!/usr/bin/env bash
# What a new user waits for: from `git clone` of this repository to the
# README's first command's output (`cargo run --release -p uniform-cli --
# parse ...`) in a fresh clone with a fresh target directory, the crates
# registry as it is (warm after one `cargo fetch`); then the size of the
# release binary, as built and stripped. UNIFORM_BENCH_RUNS runs (3).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${UNIFORM_BENCH_RUNS:-3}
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo fetch -q
echo "== machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD); $(rustc --version)"
for run in $(seq "$RUNS"); do
  rm -rf "$work/clone"
  start=$(date +%s.%N)
  git clone -q "$repo" "$work/clone"
  (cd "$work/clone" && cargo run -q --release -p uniform-cli -- parse 'ftp://myname@host.dom/%2Fetc/motd' >/dev/null)
  end=$(date +%s.%N)
  echo "run $run: $(awk "BEGIN { printf \"%.1f\", $end - $start }") s from git clone to the first output"
done
strip -o "$work/uniform.stripped" "$work/clone/target/release/uniform"
echo "target/release/uniform: $(stat -c %s "$work/clone/target/release/uniform") bytes, $(stat -c %s "$work/uniform.stripped") stripped"
