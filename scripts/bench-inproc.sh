#!/usr/bin/env bash
# The in-process benches (bench/benches/*.rs), built so that where the
# linker happens to put a function cannot move a ratio: every function
# starts on a 64-byte boundary and every block reached only by a jump on a
# 32-byte one (LLVM's -align-all-functions=6 -align-all-nofallthru-blocks=5
# for the Rust code; g++'s -falign-functions=64 -falign-jumps=32 for
# ada-url's C++). Without it, adding an unrelated timed job to the parse
# bench moved fluent-uri from 48.7 to 44.4 ns a URL (issue 34). The build
# has a target directory of its own (target/aligned), so that the flags
# rebuild nothing of the rest of the workspace.
#
#   scripts/bench-inproc.sh run BENCH [ARGS...]
#       BENCH (parse, resolve, extract, ...) built aligned and run with
#       ARGS; for parse, ARGS default to --passes 201 (201 rounds).
#   scripts/bench-inproc.sh layout [ARGS...]
#       The layout check: the parse bench built twice, as is and with the
#       feature layout-probe (one more timed job, unrelated to parsing, in
#       every round: the code is laid out otherwise), each build run
#       UNIFORM_BENCH_LAYOUT_RUNS times (3), alternating; then each
#       ratio's median in every run, and whether the two builds agree
#       within the noise (see summarize below). ARGS default to
#       --passes 201 kasztp.txt.
#   scripts/bench-inproc.sh layout-summary < OUTPUT
#       That summary again, from a kept output of `layout`.
#   scripts/bench-inproc.sh ir [CORPUS]
#       Instructions a URL (callgrind's Ir, deterministic) for each side of
#       the parse pairs whose ratio is near its target: the parse bench's
#       --ir mode run under valgrind --tool=callgrind with 1 and with 3
#       passes over the URLs both sides accept; (Ir(3) - Ir(1)) / (2 URLs)
#       leaves out the reading of the corpus and the agreement pass.
#       CORPUS defaults to kasztp.txt; UNIFORM_BENCH_IR_LINES=N takes its
#       first N lines (0, the default: all of them).
#
# The profile is Cargo.toml's `dependent`: Uniform and its peers built as
# a program that depends on them builds them with cargo's default release
# profile (16 codegen units, no LTO across crates). Issue 38's ratios,
# measured from outside, sat near what such a build reads (how that
# build was made is not known here). The workspace's own
# `bench` profile (fat LTO, one unit) joins what a user's build leaves
# apart: before the parser's parts were marked inline, Uniform's strict
# RFC 1738 parse read 1.18x fluent-uri in it and 1.07x in this one.
#
# Settings: CARGO_TARGET_DIR (target/aligned), UNIFORM_BENCH_PROFILE
# (dependent; `bench` for fat LTO), UNIFORM_CORPUS (the corpus
# folder, as for the benches). Needs valgrind for `ir`.
set -euo pipefail
cd "$(dirname "$0")/.."

ALIGN="-C llvm-args=-align-all-functions=6 -C llvm-args=-align-all-nofallthru-blocks=5"
export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }$ALIGN"
export CXXFLAGS="${CXXFLAGS:+$CXXFLAGS }-falign-functions=64 -falign-jumps=32"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target/aligned}
PROFILE=${UNIFORM_BENCH_PROFILE:-dependent}

usage() {
  sed -n '/^#   scripts/,/^# Settings/p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# build BENCH [CARGO ARGS...]: builds the bench (profile $PROFILE) and prints
# the path of its executable.
build() {
  local bench=$1 exe
  shift
  # (The package's binaries are built too: the bench's own line is the
  # one whose target is a bench of that name.)
  exe=$(cargo bench --profile "$PROFILE" -p uniform-bench --bench "$bench" --no-run --message-format=json "$@" |
    grep -F '"kind":["bench"]' | grep -F "\"name\":\"$bench\"" |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
  [ -x "$exe" ] || { echo "bench-inproc: no executable for bench $bench" >&2; exit 1; }
  echo "$exe"
}

describe() {
  echo "build: profile $PROFILE, CARGO_TARGET_DIR=$CARGO_TARGET_DIR"
  echo "  RUSTFLAGS=$RUSTFLAGS"
  echo "  CXXFLAGS=$CXXFLAGS"
  echo "  load before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# summarize: reads the output of `layout` (its "==== run I, build B"
# lines and the bench's output after each) and prints, for each ratio,
# its median in each run of each build with the median's 95% interval, and
# whether the builds agree: within the noise when their mean medians
# differ by no more than the larger of the widest half-interval of one
# median and the spread of the medians over the runs of one build (the
# machine's noise from run to run, which no interval within a run sees).
summarize() {
  echo "==== layout check: each ratio (peer / Uniform, the median of the per-round ratios [its 95% interval]) by build and run"
  # A ratio line: "    ratio PEER / UNIFORM: 1.29x, the median of the
  # per-round ratios (IQR ..., range ..., N rounds, median's 95% CI
  # 1.27-1.30); ...". The corpus is the last "NAME: N URLs" line before it.
  awk '
    /^==== run / { run = $3 $5; sub(/,/, "", run) }
    /^[^ ].*: [0-9]+ URLs, / { corpus = $1; sub(/:$/, "", corpus) }
    /^    ratio / {
      line = $0; sub(/^    ratio /, "", line)
      pair = line; sub(/: [0-9.]+x, the median.*/, "", pair)
      med = line; sub(/x, the median.*/, "", med); sub(/.*: /, "", med)
      ci = line; sub(/^.*95% CI /, "", ci); sub(/\).*/, "", ci)
      split(ci, q, "-")
      printf "%s\t%s\t%s\t%s\t%s\n", corpus " " pair, run, med, q[1], q[2]
    }' | sort -t"$(printf '\t')" -k1,1 -k2,2 | awk -F'\t' '
    function verdict(   d, runs) {
      if (key == "") return
      d = sa / na - sb / nb; if (d < 0) d = -d
      runs = (maxa - mina > maxb - minb) ? maxa - mina : maxb - minb
      noise = (half > runs) ? half : runs
      printf "  %s\n    as is: %s\n    probe: %s\n    moved %.3f; noise %.3f (half-interval %.3f, runs of one build %.3f): %s\n",
        key, ra, rb, d, noise, half, runs, (d <= noise ? "within the noise" : "MOVED MORE THAN THE NOISE")
    }
    $1 != key {
      verdict(); key = $1; ra = rb = ""; sa = sb = na = nb = half = 0
      mina = minb = 1e9; maxa = maxb = -1e9
    }
    {
      h = ($5 - $4) / 2; if (h > half) half = h
      cell = sprintf("%.2f [%s-%s]", $3, $4, $5)
      if ($2 ~ /plain$/) {
        ra = ra (ra == "" ? "" : ", ") cell; sa += $3; na++
        if ($3 < mina) mina = $3; if ($3 > maxa) maxa = $3
      } else {
        rb = rb (rb == "" ? "" : ", ") cell; sb += $3; nb++
        if ($3 < minb) minb = $3; if ($3 > maxb) maxb = $3
      }
    }
    END { verdict() }'
}

mode=${1:-}
[ $# -gt 0 ] && shift
case $mode in
  run)
    [ $# -ge 1 ] || usage
    bench=$1
    shift
    [ $# -gt 0 ] || { [ "$bench" = parse ] && set -- --passes 201; }
    exe=$(build "$bench")
    describe
    "$exe" --bench "$@"
    ;;

  layout-summary)
    summarize
    ;;

  layout)
    [ $# -gt 0 ] || set -- --passes 201 kasztp.txt
    runs=${UNIFORM_BENCH_LAYOUT_RUNS:-3}
    plain=$(build parse)
    probe=$(build parse --features layout-probe)
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    describe
    echo "builds: as is ($plain) and with --features layout-probe ($probe); $runs runs of each, alternating; args: $*"
    for i in $(seq "$runs"); do
      for build in plain probe; do
        exe=$plain
        [ $build = probe ] && exe=$probe
        echo
        echo "==== run $i, build $build (load $(cut -d' ' -f1-3 /proc/loadavg))" | tee -a "$out/all"
        "$exe" --bench "$@" | tee -a "$out/all"
      done
    done
    echo
    cat "$out"/all | summarize
    ;;

  ir)
    command -v valgrind >/dev/null || { echo "bench-inproc: valgrind is needed" >&2; exit 2; }
    corpus=${1:-kasztp.txt}
    lines=${UNIFORM_BENCH_IR_LINES:-0}
    exe=$(build parse)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    if [ "$lines" != 0 ]; then
      src=${UNIFORM_CORPUS:-../shared/corpus}
      mkdir -p "$work/corpus"
      head -n "$lines" "$src/$corpus" >"$work/corpus/$corpus"
      export UNIFORM_CORPUS=$work/corpus
    fi
    describe
    echo "$(valgrind --version), --tool=callgrind; $corpus$([ "$lines" != 0 ] && echo ", its first $lines lines")"
    echo "instructions a URL: (Ir with 3 passes - Ir with 1 pass) / (2 x the URLs both sides accept)"
    echo
    printf '%-20s %8s %14s %14s %12s\n' pair URLs "uniform Ir/URL" "peer Ir/URL" "peer/uniform"
    # ir_count PAIR SIDE REPS: callgrind's total of instructions (Ir).
    ir_count() {
      valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
        "$exe" --ir "$1" --side "$2" --reps "$3" "$corpus" >"$work/ir.txt" 2>"$work/vg.txt" ||
        { cat "$work/vg.txt" >&2; exit 1; }
      sed -n 's/^summary: *//p' "$work/cg.out"
    }
    for pair in strict3986-fluent strict3986-ada-can strict1738-fluent lenient1738-oxiri lenient3986-oxiri lenient1738-fluent; do
      declare -A per=()
      for side in uniform peer; do
        one=$(ir_count "$pair" "$side" 1)
        three=$(ir_count "$pair" "$side" 3)
        n=$(sed -n 's/.*, \([0-9]*\) URLs both accept.*/\1/p' "$work/ir.txt")
        per[$side]=$(awk -v a="$one" -v b="$three" -v n="$n" 'BEGIN { printf "%.1f", (b - a) / (2 * n) }')
      done
      printf '%-20s %8s %14s %14s %11.2fx\n' "$pair" "$n" "${per[uniform]}" "${per[peer]}" \
        "$(awk -v u="${per[uniform]}" -v p="${per[peer]}" 'BEGIN { print p / u }')"
      unset per
    done
    ;;

  *) usage ;;
esac
