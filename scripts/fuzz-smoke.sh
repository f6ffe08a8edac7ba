#!/usr/bin/env bash
# Builds the fuzz targets with plain stable cargo (no cargo-fuzz install, no
# nightly: the coverage instrumentation comes from RUSTFLAGS) and runs each
# one for a while. Exits non-zero when a target fails to build or crashes.
#
# usage: scripts/fuzz-smoke.sh [SECONDS] [TARGET...]
#   SECONDS  run time per target, default 20 (or $FUZZ_SECONDS); 0 is no
#            time bound (with FUZZ_RUNS: exactly that many runs)
#   TARGET   default: every target in fuzz/fuzz_targets
#
# First each file of fuzz/regressions/<target>/ (inputs that once failed)
# is run once; then the fuzzing. Crashes are saved to
# fuzz/artifacts/<target>/; the corpus grows in
# fuzz/corpus/<target>/ (both ignored by git), seeded from
# fuzz/seeds-<target>.txt if there is one, else fuzz/seeds.txt (one input a
# line), and with the files of fuzz/seeds-<target>/ (binary inputs, one a
# file) if that directory exists. fuzz/kept/<target>/, the minimized corpus
# kept in git (see fuzz/README.md), is read as a second corpus directory:
# each run starts from the coverage the long runs reached.
# The dictionary is fuzz/<target>.dict if there is one, else fuzz/url.dict.
# Inputs are at most FUZZ_MAX_LEN octets (default: 4096, or 1024 for a
# target with its own dictionary: replies and binary protocols, whose
# fuzzing entry points use limits small enough for 1 KiB to pass them;
# longer inputs slow the runs down several times over).
# CARGO_TARGET_DIR is honoured (default fuzz/target).
#
# FUZZ_RUNS=N makes the run reproducible: N inputs per target from a fixed
# seed (FUZZ_SEED, default 1) and the checked-in seeds, SECONDS still
# bounding it. CI uses it, so that a run that passed here passes there;
# a longer exploratory run (no FUZZ_RUNS, a random seed) is how new bugs
# are found, and each one found goes into fuzz/regressions/.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fuzz="$root/fuzz"
seconds=${1:-${FUZZ_SECONDS:-20}}
shift || true
case $seconds in
  '' | *[!0-9]*) echo "fuzz-smoke: SECONDS must be a number, got '$seconds'" >&2; exit 2 ;;
esac

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for f in "$fuzz"/fuzz_targets/*.rs; do
    targets+=("$(basename "$f" .rs)")
  done
fi

# The host triple as --target: build scripts and proc-macros are then built
# without the instrumentation, which they cannot link.
triple=$(rustc -vV | sed -n 's/^host: //p')
target_dir=${CARGO_TARGET_DIR:-$fuzz/target}
export RUSTFLAGS="-Cpasses=sancov-module \
 -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
 -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares \
 --cfg fuzzing -Cdebug-assertions"

bins=()
for t in "${targets[@]}"; do
  bins+=(--bin "$t")
done
echo "fuzz-smoke: building ${targets[*]} for $triple"
CARGO_TARGET_DIR=$target_dir cargo build --release \
  --manifest-path "$fuzz/Cargo.toml" --target "$triple" "${bins[@]}"

status=0
for t in "${targets[@]}"; do
  corpus="$fuzz/corpus/$t"
  artifacts="$fuzz/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  seeds="$fuzz/seeds-$t.txt"
  [ -f "$seeds" ] || seeds="$fuzz/seeds.txt"
  if [ -z "$(ls -A "$corpus")" ]; then
    n=0
    while IFS= read -r line || [ -n "$line" ]; do
      n=$((n + 1))
      printf '%s' "$line" >"$corpus/seed-$n"
    done <"$seeds"
  fi
  # Binary seeds cannot be lines: copied as they are, into a corpus that
  # may already hold what earlier runs found.
  if [ -d "$fuzz/seeds-$t" ]; then
    cp -n "$fuzz/seeds-$t"/* "$corpus/"
  fi
  bin="$target_dir/$triple/release/$t"
  dict="$fuzz/$t.dict"
  max_len=${FUZZ_MAX_LEN:-1024}
  if [ ! -f "$dict" ]; then
    dict="$fuzz/url.dict"
    max_len=${FUZZ_MAX_LEN:-4096}
  fi
  kept=()
  if [ -d "$fuzz/kept/$t" ]; then
    kept=("$fuzz/kept/$t")
  fi
  # Inputs that once failed, one a file: each must pass before fuzzing.
  for r in "$fuzz/regressions/$t"/*; do
    [ -f "$r" ] || continue
    if "$bin" "$r" >"$artifacts/last-regression.log" 2>&1; then
      echo "fuzz-smoke: $t regression $(basename "$r"): ok"
    else
      status=1
      echo "fuzz-smoke: $t regression $(basename "$r") FAILED:" >&2
      grep -A3 'panicked at' "$artifacts/last-regression.log" | head -n 6 >&2
    fi
  done
  echo "fuzz-smoke: $t for ${seconds}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs}"
  started=$SECONDS
  # libFuzzer exits 77 (libfuzzer-sys's default) on a panic and 1 on other
  # deaths; any non-zero status is a failure here.
  repeatable=()
  if [ -n "${FUZZ_RUNS:-}" ]; then
    repeatable=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-1}")
  fi
  if ! "$bin" "${repeatable[@]}" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len="$max_len" -dict="$dict" -artifact_prefix="$artifacts/" \
      -print_final_stats=1 "$corpus" "${kept[@]}" 2>"$artifacts/last-run.log"; then
    status=1
    echo "fuzz-smoke: $t FAILED; last lines of $artifacts/last-run.log:" >&2
    tail -n 40 "$artifacts/last-run.log" >&2
  else
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' \
      "$artifacts/last-run.log" | sed "s/^/fuzz-smoke: $t /"
    echo "fuzz-smoke: $t wall_seconds: $((SECONDS - started))"
  fi
done
exit $status
