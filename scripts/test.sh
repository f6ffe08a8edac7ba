#!/usr/bin/env bash
# Runs every test of the project: doctests, unit and integration tests, the
# conformance runner over ../shared/testdata, the CLI tests, the README's
# and docs/'s examples, SQL and the cluster as a stage of their own, and a
# smoke run of each benchmark. Tests that need a real
# server start it (scripts/peers/ensure.sh, installing it where it is
# missing); the servers started so are stopped at the end. A test that cannot have what it needs is SKIPPED, by name, with
# the reason, and is not counted as passed. The last line is exactly
# "N passed, N failed, N skipped"; the exit status is 1 when anything
# failed (a build error counts as a failure).
set -uo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
log=$work/log
export UNIFORM_TEST_SKIPS=$work/skips
export UNIFORM_PEERS_STARTED=$work/started
: >"$log" && : >"$UNIFORM_TEST_SKIPS" && : >"$UNIFORM_PEERS_STARTED" && : >"$work/exits"

stop_started() {
  if [ -s "$UNIFORM_PEERS_STARTED" ]; then
    mapfile -t started < <(sort -u "$UNIFORM_PEERS_STARTED")
    echo "== stopping the peers the tests started: ${started[*]}"
    scripts/peers/stop.sh "${started[@]}" || true
    : >"$UNIFORM_PEERS_STARTED"
  fi
}
# Quiet, so that the summary stays the last line.
trap 'stop_started >/dev/null 2>&1; rm -rf "$work"' EXIT

# step DESCRIPTION COMMAND...: runs it into the log; a non-zero exit is
# remembered, so that a build error is a failure even with no test failed.
step() {
  local what=$1 rc
  shift
  echo "== $what: $*"
  "$@" 2>&1 | tee -a "$log"
  rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] || echo "$rc $*" >>"$work/exits"
}

# smoke NAME COMMAND...: a benchmark run once on a small input; one that
# says "SKIPPED: REASON" (its ../shared input or a peer cannot be had)
# and succeeds is a counted skip, not a pass.
smoke() {
  local name=$1 why
  shift
  echo "== bench smoke: $name"
  if "$@" 2>&1 | tee "$work/smoke.log"; then
    why=$(sed -n 's/^SKIPPED: //p' "$work/smoke.log" | head -n 1)
    if [ -n "$why" ]; then
      echo "SKIPPED bench-smoke::$name: $why" >>"$UNIFORM_TEST_SKIPS"
    else
      echo "smoke $name ok" >>"$log"
    fi
  else
    echo "smoke $name FAILED" >>"$log"
  fi
}

# Doctests first: nextest does not run them. The workspace's default
# members: everything but SQL and the cluster (`cargo test` alone runs
# these two steps, for a change that does not touch SQL).
step doctests cargo test --doc
step tests cargo test --no-fail-fast --lib --bins --tests
stop_started

# SQL and the cluster (Apache DataFusion and Ballista), a stage of their
# own: the uniform-sql package's tests build `uniform` beside
# `uniform-sql` and run `uniform sql` end to end; the cluster's start its
# scheduler and executors on loopback.
step "sql and cluster doctests" cargo test --doc -p uniform-sql -p uniform-cluster
step "sql and cluster tests" cargo test --no-fail-fast -p uniform-sql -p uniform-cluster --lib --bins --tests
smoke bench-sql scripts/bench-sql.sh --smoke

# The benchmarks (uniform-bench, not a default member: ada-url builds C++):
# their library's tests, then each bench once over a small slice of the
# corpus (--smoke, a debug build): the code behind every figure of
# BENCHMARKS.md runs.
step "bench library" cargo test -p uniform-bench --lib
step "bench doctests" cargo test -p uniform-bench --doc
for bench in $(sed -n 's/^name = "\(.*\)"$/\1/p' bench/Cargo.toml | grep -vx uniform-bench); do
  smoke "$bench" cargo test -q -p uniform-bench --bench "$bench" -- --smoke
done

# Each test's outcome from libtest's "test NAME ... ok|FAILED|ignored"
# lines, keyed by the binary that "Running" names; a skip recorded by a
# test that libtest reports as ok is a skip, not a pass. The conformance
# runner (no libtest) prints its own closing lines: "N differences (...)"
# (rows that differ from their suite as testdata/conformance lists them,
# neither passed nor failed) and "N passed, N failed, N skipped", whose
# skips (rows not run, suite files absent) it records as
# "conformance::SUITE" lines, one per reason.
awk -v skips="$UNIFORM_TEST_SKIPS" -v exits="$work/exits" '
  BEGIN {
    while ((getline line < skips) > 0) {
      sub(/^SKIPPED /, "", line)
      if (line ~ /^conformance::/) { conformance_skips[++ncs] = line; continue }
      key = line; sub(/: .*/, "", key)
      if (!(key in skip)) { skip[key] = line; order[++ns] = key }
    }
    while ((getline line < exits) > 0) bad_exit[++ne] = line
  }
  /^ *Running / {
    bin = $0
    sub(/.*\/deps\//, "", bin); sub(/\)[[:space:]]*$/, "", bin); sub(/-[0-9a-f]+$/, "", bin)
    next
  }
  /^ *Doc-tests / { bin = "doc-tests " $2; next }
  /^test .* \.\.\. (ok|FAILED|ignored)/ {
    line = substr($0, 6)
    n = split(line, parts, / \.\.\. /)
    result = parts[n]; name = substr(line, 1, length(line) - length(result) - 5)
    key = bin "::" name
    has_tests[bin] = 1
    if (result ~ /^ok/) { lib_ok++; if (key in skip) skipped_ok[key] = 1; else passed++ }
    else if (result ~ /^FAILED/) { lib_failed++; failed++; failures[++nf] = key; delete skip[key] }
    else if (result ~ /^ignored/) { lib_ignored++; ignores[++ni] = key " (ignored)" }
    next
  }
  /^[0-9]+ differences \(/ { differences += $1; next }
  /^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$/ { passed += $1; failed += $3; runner_skipped += $5; next }
  /^smoke [^ ]+ ok$/ { passed++ }
  /^smoke [^ ]+ FAILED$/ { failed++; failures[++nf] = "bench smoke " $2 }
  /^test result: / {
    for (i = 1; i < NF; i++) {
      if ($(i+1) ~ /^passed;?$/) rp += $i
      if ($(i+1) ~ /^failed;?$/) rf += $i
      if ($(i+1) ~ /^ignored;?$/) ri += $i
    }
  }
  END {
    s = 0
    for (k = 1; k <= ns; k++) {
      key = order[k]
      if (!(key in skip)) continue
      b = key; sub(/::.*/, "", b)
      # A skip of a libtest binary that names none of its tests would be
      # counted twice: once passed, once skipped.
      if ((b in has_tests) && !(key in skipped_ok)) { print "FAILED: a skip names no test that ran: " skip[key]; failed++; continue }
      print "SKIPPED " skip[key]; s++
    }
    for (k = 1; k <= ni; k++) { print "SKIPPED " ignores[k]; s++ }
    for (k = 1; k <= ncs; k++) print "SKIPPED " conformance_skips[k]
    s += runner_skipped
    for (k = 1; k <= nf; k++) print "FAILED " failures[k]
    # Every test that libtest counted was read above, or the count is wrong.
    if (lib_ok != rp || lib_failed != rf || lib_ignored != ri) {
      printf "FAILED: %d ok, %d failed, %d ignored test lines, but libtest totals %d, %d, %d\n", lib_ok, lib_failed, lib_ignored, rp, rf, ri
      failed++
    }
    # A command that failed with no failed test: a build error, a crash.
    for (k = 1; k <= ne; k++) print "FAILED: exit status " bad_exit[k]
    if (failed == 0 && ne > 0) failed = ne
    printf "%d differences (conformance rows that differ from their suite as testdata/conformance lists them, with Uniform'"'"'s answer: neither passed nor failed)\n", differences
    printf "%d passed, %d failed, %d skipped\n", passed, failed, s
    exit (failed > 0)
  }
' "$log"
