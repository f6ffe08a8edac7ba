#!/usr/bin/env bash
# Uniform against curl, on the same loopback servers in one run: one large
# file by FTP (vsftpd), HTTP (nginx) and Gopher (gophernicus), each written
# to /dev/null. Prints each tool's throughput (best of N runs, and the
# median) and its peak resident set (GNU time's "Maximum resident set
# size", the largest of the N runs), after the header of
# scripts/bench-header.sh: date, machine, load, commit, and the versions of
# curl and of the servers.
#
#   scripts/bench-access.sh [SIZE_MIB]    # default 1024 (1 GiB); 3 runs
#
# Then many small files: the same small fixture (pub/hello.txt, 244
# bytes) fetched N times in ONE run of each tool (all URLs on one command
# line, output to /dev/null), as a script that mirrors a list would: HTTP
# and FTP 10,000 times, Gopher 1,000 (gophernicus is started per
# connection by socat, some 35 ms each, for both tools alike).
# UNIFORM_BENCH_SMALL (10000), UNIFORM_BENCH_SMALL_GOPHER (1000); 0 skips.
#
# Settings: UNIFORM_BENCH_RUNS (3), UNIFORM_BENCH_SCHEMES ("ftp http
# gopher"), CARGO_TARGET_DIR (where the release binary is built), and the
# ports of scripts/peers/env.sh. Needs the peers running
# (scripts/peers/start.sh ftp http gopher), curl and /usr/bin/time.
#
# The file is made at the start, from /dev/urandom, where the servers serve
# it: $UNIFORM_PEERS_FIXTURES/anon/large/.uniform-bench.bin (the FTP
# anonymous root is the HTTP document root; the leading dot keeps it out of
# vsftpd's and nginx's listings) and, hard-linked, the gopher root as
# uniform-bench.bin (gophernicus refuses dot files; the root menu is a
# gophermap that lists only its own items). Both are removed at the end,
# also on failure or interrupt. Each tool's bytes are compared with the
# file once before the timed runs.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/peers/env.sh
. scripts/bench-header.sh

SIZE_MIB=${1:-1024}
RUNS=${UNIFORM_BENCH_RUNS:-3}
SCHEMES=${UNIFORM_BENCH_SCHEMES:-ftp http gopher}
TARGET=${CARGO_TARGET_DIR:-target}
H=$UNIFORM_PEERS_HOST

for tool in curl /usr/bin/time cmp; do
  command -v "$tool" >/dev/null || { echo "bench-access: $tool is needed" >&2; exit 2; }
done

cargo build --release --quiet -p uniform-cli
UNIFORM=$TARGET/release/uniform

FILE=$UNIFORM_PEERS_FIXTURES/anon/large/.uniform-bench.bin
GOPHER_FILE=$UNIFORM_PEERS_DIR/gopher/root/uniform-bench.bin
cleanup() { rm -f "$FILE" "$GOPHER_FILE"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "bench-access: writing ${SIZE_MIB} MiB to $FILE" >&2
head -c $((SIZE_MIB * 1048576)) /dev/urandom >"$FILE"
chmod 644 "$FILE"
ln -f "$FILE" "$GOPHER_FILE" 2>/dev/null || cp "$FILE" "$GOPHER_FILE"
BYTES=$(stat -c %s "$FILE")

url_of() {
  case $1 in
    ftp) echo "ftp://$H:$UNIFORM_FTP_PORT/large/.uniform-bench.bin" ;;
    http) echo "http://$H:$UNIFORM_HTTP_PORT/large/.uniform-bench.bin" ;;
    gopher) echo "gopher://$H:$UNIFORM_GOPHER_PORT/9/uniform-bench.bin" ;;
  esac
}
server_of() {
  case $1 in ftp) echo "vsftpd $UNIFORM_FTP_PORT" ;; http) echo "nginx $UNIFORM_HTTP_PORT" ;; gopher) echo "gophernicus $UNIFORM_GOPHER_PORT" ;; esac
}

# run TOOL URL: one timed transfer to /dev/null; prints "NANOSECONDS KIB".
run() {
  local rss=$(mktemp) start end
  start=$(date +%s%N)
  case $1 in
    uniform) /usr/bin/time -f %M -o "$rss" "$UNIFORM" fetch -q "$2" -o /dev/null ;;
    curl) /usr/bin/time -f %M -o "$rss" curl -sS "$2" -o /dev/null ;;
  esac
  end=$(date +%s%N)
  echo "$((end - start)) $(tail -n 1 "$rss")"
  rm -f "$rss"
}

mibs() { awk -v b="$BYTES" -v ns="$1" 'BEGIN { printf "%.0f", b / 1048576 / (ns / 1e9) }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The peers' versions, as installed (Debian packages).
deb_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo '?'; }
bench_header access "$(curl --version | head -n 1 | cut -d' ' -f1-2) (Debian $(deb_version curl))" \
  "vsftpd $(deb_version vsftpd)" "nginx-light $(deb_version nginx-light)" \
  "gophernicus $(deb_version gophernicus)"
echo
echo "| scheme | server | uniform MiB/s (best, median) | curl MiB/s (best, median) | uniform/curl (best, median) | uniform peak RSS | curl peak RSS |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for scheme in $SCHEMES; do
  url=$(url_of "$scheme")
  # Once untimed, checked: the same bytes, and the file in the page cache.
  "$UNIFORM" fetch -q "$url" | cmp - "$FILE" || { echo "bench-access: uniform's $scheme bytes differ" >&2; exit 1; }
  curl -sS "$url" | cmp - "$FILE" || { echo "bench-access: curl's $scheme bytes differ" >&2; exit 1; }
  declare -A best=() rss=() times=()
  for tool in uniform curl; do best[$tool]=0; rss[$tool]=0; times[$tool]=""; done
  for _ in $(seq "$RUNS"); do
    # Alternate, so that neither tool always runs on a warmer machine.
    for tool in uniform curl; do
      read -r ns kib < <(run "$tool" "$url")
      times[$tool]+="$ns "
      [ "${best[$tool]}" = 0 ] || [ "$ns" -lt "${best[$tool]}" ] && best[$tool]=$ns
      [ "$kib" -gt "${rss[$tool]}" ] && rss[$tool]=$kib
    done
  done
  u_med=$(echo "${times[uniform]}" | tr ' ' '\n' | grep . | median)
  c_med=$(echo "${times[curl]}" | tr ' ' '\n' | grep . | median)
  ratio=$(awk -v u="${best[uniform]}" -v c="${best[curl]}" -v um="$u_med" -v cm="$c_med" 'BEGIN { printf "%.2f, %.2f", c / u, cm / um }')
  printf '| %s | %s | %s, %s | %s, %s | %s | %.1f MiB | %.1f MiB |\n' \
    "$scheme" "$(server_of "$scheme")" \
    "$(mibs "${best[uniform]}")" "$(mibs "$u_med")" "$(mibs "${best[curl]}")" "$(mibs "$c_med")" \
    "$ratio" "$(awk -v k="${rss[uniform]}" 'BEGIN { print k / 1024 }')" "$(awk -v k="${rss[curl]}" 'BEGIN { print k / 1024 }')"
  unset best rss times
done
echo
echo "$((BYTES / 1048576)) MiB, $RUNS runs of each tool, alternating, to /dev/null; peak RSS is the largest of the runs; commands:"
echo "  $UNIFORM fetch -q URL -o /dev/null"
echo "  curl -sS URL -o /dev/null"
echo "  (each under /usr/bin/time -f %M)"

# ------------------------------------------------------------ small files
SMALL=${UNIFORM_BENCH_SMALL:-10000}
SMALL_GOPHER=${UNIFORM_BENCH_SMALL_GOPHER:-1000}
small_url() {
  case $1 in
    ftp) echo "ftp://$H:$UNIFORM_FTP_PORT/pub/hello.txt" ;;
    http) echo "http://$H:$UNIFORM_HTTP_PORT/pub/hello.txt" ;;
    gopher) echo "gopher://$H:$UNIFORM_GOPHER_PORT/9/hello.txt" ;;
  esac
}
# many TOOL N URL: N transfers of URL in one run; prints "NANOSECONDS KIB".
many() {
  local rss=$(mktemp) start end urls
  # (not `yes | head`: under pipefail, yes's SIGPIPE fails the pipeline)
  urls=$(printf "$3 %.0s" $(seq "$2"))
  start=$(date +%s%N)
  case $1 in
    # shellcheck disable=SC2086
    uniform) /usr/bin/time -f %M -o "$rss" "$UNIFORM" fetch -q $urls >/dev/null ;;
    # shellcheck disable=SC2086
    curl) /usr/bin/time -f %M -o "$rss" curl -sS $urls >/dev/null ;;
  esac
  end=$(date +%s%N)
  echo "$((end - start)) $(tail -n 1 "$rss")"
  rm -f "$rss"
}
echo
echo "| scheme | server | transfers | uniform s (best, median) | curl s (best, median) | uniform/curl (best, median) | uniform peak RSS | curl peak RSS |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for scheme in $SCHEMES; do
  n=$SMALL
  [ "$scheme" = gopher ] && n=$SMALL_GOPHER
  [ "$n" -gt 0 ] || continue
  url=$(small_url "$scheme")
  declare -A best=() rss=() times=()
  for tool in uniform curl; do best[$tool]=0; rss[$tool]=0; times[$tool]=""; done
  for _ in $(seq "$RUNS"); do
    for tool in uniform curl; do
      read -r ns kib < <(many "$tool" "$n" "$url")
      times[$tool]+="$ns "
      [ "${best[$tool]}" = 0 ] || [ "$ns" -lt "${best[$tool]}" ] && best[$tool]=$ns
      [ "$kib" -gt "${rss[$tool]}" ] && rss[$tool]=$kib
    done
  done
  u_med=$(echo "${times[uniform]}" | tr ' ' '\n' | grep . | median)
  c_med=$(echo "${times[curl]}" | tr ' ' '\n' | grep . | median)
  printf '| %s | %s | %s | %.2f, %.2f | %.2f, %.2f | %s | %.1f MiB | %.1f MiB |\n' \
    "$scheme" "$(server_of "$scheme")" "$n" \
    "$(awk -v n="${best[uniform]}" 'BEGIN { print n / 1e9 }')" "$(awk -v n="$u_med" 'BEGIN { print n / 1e9 }')" \
    "$(awk -v n="${best[curl]}" 'BEGIN { print n / 1e9 }')" "$(awk -v n="$c_med" 'BEGIN { print n / 1e9 }')" \
    "$(awk -v u="${best[uniform]}" -v c="${best[curl]}" -v um="$u_med" -v cm="$c_med" 'BEGIN { printf "%.2f, %.2f", c / u, cm / um }')" \
    "$(awk -v k="${rss[uniform]}" 'BEGIN { print k / 1024 }')" "$(awk -v k="${rss[curl]}" 'BEGIN { print k / 1024 }')"
  unset best rss times
done
echo
echo "small files: each tool once a run with all the URLs, $RUNS runs, alternating, output to /dev/null:"
echo "  $UNIFORM fetch -q URL URL ... > /dev/null"
echo "  curl -sS URL URL ... > /dev/null"
