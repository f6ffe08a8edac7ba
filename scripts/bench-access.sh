#!/usr/bin/env bash
# Uniform against curl, on the same loopback servers in one run: one large
# file by FTP (vsftpd), HTTP (nginx) and Gopher (gophernicus), each written
# to /dev/null. Prints each tool's throughput (best of N runs, and the
# median; after the table each median with its spread, and uniform/curl
# taken round by round, its median and spread) and its peak resident set
# (GNU time's "Maximum resident set size", the largest of the N runs), after the header of
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
# The floor: a third "tool" runs in the same runs, interleaved with the
# two (uniform, curl, drain, uniform, ...), under the same /usr/bin/time:
# bench/src/bin/drain.rs, the least work a client can do. Gopher and HTTP:
# one connection, one request in one write, read to EOF into a 512 KiB
# buffer, nothing parsed or written. FTP: the fewest commands that fetch
# the file (greeting, USER anonymous and PASS if asked, TYPE I, EPSV or
# else PASV, RETR of the path, no CWD), the data connection read to EOF
# into the same buffer, the 226 awaited, QUIT sent without waiting for
# its answer. What it reaches is the pace of the server side (the
# kernel's loopback, nginx; vsftpd; socat and gophernicus), the most any
# client could get from it. Added columns, after the others: floor MiB/s
# (or s), uniform/floor and floor/curl, both as uniform/curl (above 1: the
# first is the faster). floor/curl is the most uniform/curl could be on
# that server. Small files: the floor for Gopher only, N connections one
# after another, as both tools must; for HTTP and FTP, curl and uniform
# keep one connection (for FTP, one login) for all the URLs, which the
# drain does not, so a drain of N connections is no floor there ("-" in
# those columns).
#
# Settings: UNIFORM_BENCH_RUNS (3), UNIFORM_BENCH_SCHEMES ("ftp http
# gopher"), CARGO_TARGET_DIR (where the release binaries are built: uniform
# and drain), and the ports of scripts/peers/env.sh. Needs the peers
# running (scripts/peers/start.sh ftp http gopher), curl and /usr/bin/time.
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
cargo build --release --quiet -p uniform-bench --bin drain
UNIFORM=$TARGET/release/uniform
DRAIN=$TARGET/release/drain

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
# floor_of SCHEME: the drain's arguments for the large file.
floor_of() {
  case $1 in
    ftp) echo "ftp $H $UNIFORM_FTP_PORT /large/.uniform-bench.bin" ;;
    http) echo "http $H $UNIFORM_HTTP_PORT /large/.uniform-bench.bin" ;;
    gopher) echo "gopher $H $UNIFORM_GOPHER_PORT /uniform-bench.bin" ;;
  esac
}

# run TOOL URL: one timed transfer to /dev/null; prints "NANOSECONDS KIB".
# (For drain, URL is the drain's arguments, from floor_of.)
run() {
  local rss=$(mktemp) start end
  start=$(date +%s%N)
  case $1 in
    uniform) /usr/bin/time -f %M -o "$rss" "$UNIFORM" fetch -q "$2" -o /dev/null ;;
    curl) /usr/bin/time -f %M -o "$rss" curl -sS "$2" -o /dev/null ;;
    # shellcheck disable=SC2086
    drain) /usr/bin/time -f %M -o "$rss" "$DRAIN" $2 ;;
  esac
  end=$(date +%s%N)
  echo "$((end - start)) $(tail -n 1 "$rss")"
  rm -f "$rss"
}

mibs() { awk -v b="$BYTES" -v ns="$1" 'BEGIN { printf "%.0f", b / 1048576 / (ns / 1e9) }'; }
# per_run_mibs "NS NS ...": each run's MiB/s, one a line.
per_run_mibs() { tr ' ' '\n' <<<"$1" | grep . | awk -v b="$BYTES" '{ print b / 1048576 / ($1 / 1e9) }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# ratio A_BEST B_BEST A_MEDIAN B_MEDIAN (times): "B/A best, B/A median",
# how many times faster A is than B.
ratio() { awk -v a="$1" -v b="$2" -v am="$3" -v bm="$4" 'BEGIN { printf "%.2f, %.2f", b / a, bm / am }'; }

# The peers' versions, as installed (Debian packages).
deb_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo '?'; }
bench_header access "$(curl --version | head -n 1 | cut -d' ' -f1-2) (Debian $(deb_version curl))" \
  "vsftpd $(deb_version vsftpd)" "nginx-light $(deb_version nginx-light)" \
  "gophernicus $(deb_version gophernicus)"
echo
spreads=""
echo "| scheme | server | uniform MiB/s (best, median) | curl MiB/s (best, median) | uniform/curl (best, median) | uniform peak RSS | curl peak RSS | floor MiB/s (best, median) | uniform/floor (best, median) | floor/curl (best, median) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for scheme in $SCHEMES; do
  url=$(url_of "$scheme")
  floor=$(floor_of "$scheme")
  tools="uniform curl${floor:+ drain}"
  # Once untimed, checked: the same bytes, and the file in the page cache.
  "$UNIFORM" fetch -q "$url" | cmp - "$FILE" || { echo "bench-access: uniform's $scheme bytes differ" >&2; exit 1; }
  curl -sS "$url" | cmp - "$FILE" || { echo "bench-access: curl's $scheme bytes differ" >&2; exit 1; }
  if [ -n "$floor" ]; then
    # The drain checks no bytes: its count at least (Gopher and FTP: the
    # file's size; HTTP: the file and a response header).
    # shellcheck disable=SC2086
    got=$("$DRAIN" $floor -v 2>&1 >/dev/null)
    case $scheme in gopher | ftp) [ "$got" = "$BYTES" ] ;; *) [ "$got" -gt "$BYTES" ] ;; esac ||
      { echo "bench-access: the drain read $got bytes by $scheme (the file has $BYTES)" >&2; exit 1; }
  fi
  declare -A best=() rss=() times=()
  for tool in $tools; do best[$tool]=0; rss[$tool]=0; times[$tool]=""; done
  for _ in $(seq "$RUNS"); do
    # Alternate, so that no tool always runs on a warmer machine.
    for tool in $tools; do
      arg=$url
      [ "$tool" = drain ] && arg=$floor
      read -r ns kib < <(run "$tool" "$arg")
      times[$tool]+="$ns "
      [ "${best[$tool]}" = 0 ] || [ "$ns" -lt "${best[$tool]}" ] && best[$tool]=$ns
      [ "$kib" -gt "${rss[$tool]}" ] && rss[$tool]=$kib
    done
  done
  u_med=$(echo "${times[uniform]}" | tr ' ' '\n' | grep . | median)
  c_med=$(echo "${times[curl]}" | tr ' ' '\n' | grep . | median)
  ratio=$(awk -v u="${best[uniform]}" -v c="${best[curl]}" -v um="$u_med" -v cm="$c_med" 'BEGIN { printf "%.2f, %.2f", c / u, cm / um }')
  floor_cols="- | - | -"
  if [ -n "$floor" ]; then
    f_med=$(echo "${times[drain]}" | tr ' ' '\n' | grep . | median)
    floor_cols="$(mibs "${best[drain]}"), $(mibs "$f_med") | $(ratio "${best[uniform]}" "${best[drain]}" "$u_med" "$f_med") | $(ratio "${best[drain]}" "${best[curl]}" "$f_med" "$c_med")"
  fi
  printf '| %s | %s | %s, %s | %s, %s | %s | %.1f MiB | %.1f MiB | %s |\n' \
    "$scheme" "$(server_of "$scheme")" \
    "$(mibs "${best[uniform]}")" "$(mibs "$u_med")" "$(mibs "${best[curl]}")" "$(mibs "$c_med")" \
    "$ratio" "$(awk -v k="${rss[uniform]}" 'BEGIN { print k / 1024 }')" "$(awk -v k="${rss[curl]}" 'BEGIN { print k / 1024 }')" \
    "$floor_cols"
  # The spread of every figure and the ratio round by round, printed
  # after the table.
  spreads+="  $scheme: uniform $(per_run_mibs "${times[uniform]}" | spread %.0f) MiB/s"$'\n'
  spreads+="  $scheme: curl $(per_run_mibs "${times[curl]}" | spread %.0f) MiB/s"$'\n'
  if [ -n "$floor" ]; then
    spreads+="  $scheme: floor $(per_run_mibs "${times[drain]}" | spread %.0f) MiB/s"$'\n'
  fi
  spreads+="  $scheme: uniform/curl round by round $(per_round "${times[uniform]}" "${times[curl]}" | spread %.2f)"$'\n'
  unset best rss times
done
echo
echo "medians with their spread (each run's MiB/s; the ratio taken round by round, its runs a moment apart):"
printf '%s' "$spreads"
echo
echo "$((BYTES / 1048576)) MiB, $RUNS runs of each tool, alternating, to /dev/null; peak RSS is the largest of the runs; commands:"
echo "  $UNIFORM fetch -q URL -o /dev/null"
echo "  curl -sS URL -o /dev/null"
echo "  $DRAIN gopher HOST PORT SELECTOR | http HOST PORT PATH | ftp HOST PORT PATH    (the floor: read to EOF, nothing written;"
echo "    ftp: anonymous login, TYPE I, EPSV or PASV, RETR PATH)"
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
# small_floor_of SCHEME: the drain's arguments for the small file, where
# it is a floor: Gopher only (a connection a file for every client).
small_floor_of() {
  case $1 in gopher) echo "gopher $H $UNIFORM_GOPHER_PORT /hello.txt" ;; esac
}
# many TOOL N URL: N transfers of URL in one run; prints "NANOSECONDS KIB".
# (For drain, URL is the drain's arguments, from small_floor_of.)
many() {
  local rss=$(mktemp) start end urls
  # (not `yes | head`: under pipefail, yes's SIGPIPE fails the pipeline)
  [ "$1" = drain ] || urls=$(printf "$3 %.0s" $(seq "$2"))
  start=$(date +%s%N)
  case $1 in
    # shellcheck disable=SC2086
    drain) /usr/bin/time -f %M -o "$rss" "$DRAIN" $3 --times "$2" ;;
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
small_spreads=""
echo "| scheme | server | transfers | uniform s (best, median) | curl s (best, median) | uniform/curl (best, median) | uniform peak RSS | curl peak RSS | floor s (best, median) | uniform/floor (best, median) | floor/curl (best, median) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for scheme in $SCHEMES; do
  n=$SMALL
  [ "$scheme" = gopher ] && n=$SMALL_GOPHER
  [ "$n" -gt 0 ] || continue
  url=$(small_url "$scheme")
  floor=$(small_floor_of "$scheme")
  tools="uniform curl${floor:+ drain}"
  if [ -n "$floor" ]; then
    # shellcheck disable=SC2086
    got=$("$DRAIN" $floor -v 2>&1 >/dev/null)
    want=$(curl -sS "$url" | wc -c)
    [ "$got" = "$want" ] || { echo "bench-access: the drain read $got bytes of $url (curl: $want)" >&2; exit 1; }
  fi
  declare -A best=() rss=() times=()
  for tool in $tools; do best[$tool]=0; rss[$tool]=0; times[$tool]=""; done
  for _ in $(seq "$RUNS"); do
    for tool in $tools; do
      arg=$url
      [ "$tool" = drain ] && arg=$floor
      read -r ns kib < <(many "$tool" "$n" "$arg")
      times[$tool]+="$ns "
      [ "${best[$tool]}" = 0 ] || [ "$ns" -lt "${best[$tool]}" ] && best[$tool]=$ns
      [ "$kib" -gt "${rss[$tool]}" ] && rss[$tool]=$kib
    done
  done
  u_med=$(echo "${times[uniform]}" | tr ' ' '\n' | grep . | median)
  c_med=$(echo "${times[curl]}" | tr ' ' '\n' | grep . | median)
  floor_cols="- | - | -"
  if [ -n "$floor" ]; then
    f_med=$(echo "${times[drain]}" | tr ' ' '\n' | grep . | median)
    floor_cols="$(awk -v a="${best[drain]}" -v b="$f_med" 'BEGIN { printf "%.2f, %.2f", a / 1e9, b / 1e9 }') | $(ratio "${best[uniform]}" "${best[drain]}" "$u_med" "$f_med") | $(ratio "${best[drain]}" "${best[curl]}" "$f_med" "$c_med")"
  fi
  printf '| %s | %s | %s | %.2f, %.2f | %.2f, %.2f | %s | %.1f MiB | %.1f MiB | %s |\n' \
    "$scheme" "$(server_of "$scheme")" "$n" \
    "$(awk -v n="${best[uniform]}" 'BEGIN { print n / 1e9 }')" "$(awk -v n="$u_med" 'BEGIN { print n / 1e9 }')" \
    "$(awk -v n="${best[curl]}" 'BEGIN { print n / 1e9 }')" "$(awk -v n="$c_med" 'BEGIN { print n / 1e9 }')" \
    "$(awk -v u="${best[uniform]}" -v c="${best[curl]}" -v um="$u_med" -v cm="$c_med" 'BEGIN { printf "%.2f, %.2f", c / u, cm / um }')" \
    "$(awk -v k="${rss[uniform]}" 'BEGIN { print k / 1024 }')" "$(awk -v k="${rss[curl]}" 'BEGIN { print k / 1024 }')" \
    "$floor_cols"
  small_spreads+="  $scheme: uniform $(tr ' ' '\n' <<<"${times[uniform]}" | grep . | awk '{ print $1 / 1e9 }' | spread %.2f) s"$'\n'
  small_spreads+="  $scheme: curl $(tr ' ' '\n' <<<"${times[curl]}" | grep . | awk '{ print $1 / 1e9 }' | spread %.2f) s"$'\n'
  small_spreads+="  $scheme: uniform/curl round by round $(per_round "${times[uniform]}" "${times[curl]}" | spread %.2f)"$'\n'
  unset best rss times
done
echo
echo "medians with their spread (each run's seconds; the ratio taken round by round):"
printf '%s' "$small_spreads"
echo
echo "small files: each tool once a run with all the URLs, $RUNS runs, alternating, output to /dev/null:"
echo "  $UNIFORM fetch -q URL URL ... > /dev/null"
echo "  curl -sS URL URL ... > /dev/null"
echo "  $DRAIN gopher HOST PORT SELECTOR --times N    (the floor, Gopher only: N connections one after another;"
echo "    curl and uniform keep one connection for all the HTTP or FTP URLs, the drain would not)"
