#!/usr/bin/env bash
# Runs every test of the project: doctests, unit and integration tests, the
# conformance runner over ../shared/testdata, and the CLI tests.
# Closes with one line "N passed, N failed" over all of them.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Doctests first: nextest does not run them.
cargo test --doc 2>&1 | tee -a "$log"
cargo test --lib --bins --tests 2>&1 | tee -a "$log"

# Sum libtest's "test result:" lines and the conformance runner's own
# "N passed, N failed" line.
awk '
  /^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;?$/) p += $i; if ($(i+1) ~ /^failed;?$/) f += $i } }
  /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
  END { printf "%d passed, %d failed\n", p, f; exit (f > 0) }
' "$log"
