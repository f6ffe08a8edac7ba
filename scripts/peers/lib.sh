# shellcheck shell=bash disable=SC2034
# Common to start.sh, stop.sh, status.sh and check.sh: the peer table,
# name expansion, and the process bookkeeping in $P/pids. Sourced, not run.

PEERS_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PEERS_REPO=$(cd "$PEERS_HERE/../.." && pwd)
. "$PEERS_HERE/env.sh"
P=$UNIFORM_PEERS_DIR
H=$UNIFORM_PEERS_HOST
TESTDATA=$PEERS_REPO/testdata/peers

# Every peer, in start order.
ALL_PEERS=(vsftpd pyftpdlib gophernicus pygopherd innd aiosmtpd telnetd
  telnetd-script nginx echo yaz-ztest zebra microsocks microsocks-auth
  tinyproxy stunnel-proxy)

# peer_port NAME: the TCP port it listens on
peer_port() {
  case $1 in
    vsftpd) echo "$UNIFORM_FTP_PORT" ;;
    pyftpdlib) echo "$UNIFORM_PYFTPD_PORT" ;;
    gophernicus) echo "$UNIFORM_GOPHER_PORT" ;;
    pygopherd) echo "$UNIFORM_GOPHERPLUS_PORT" ;;
    innd) echo "$UNIFORM_NNTP_PORT" ;;
    aiosmtpd) echo "$UNIFORM_SMTP_PORT" ;;
    telnetd) echo "$UNIFORM_TELNET_PORT" ;;
    telnetd-script) echo "$UNIFORM_TELNET_SCRIPT_PORT" ;;
    nginx) echo "$UNIFORM_HTTP_PORT" ;;
    echo) echo "$UNIFORM_PEER_ECHO_PORT" ;;
    yaz-ztest) echo "$UNIFORM_Z3950_PORT" ;;
    zebra) echo "$UNIFORM_ZEBRA_PORT" ;;
    microsocks) echo "$UNIFORM_SOCKS_PORT" ;;
    microsocks-auth) echo "$UNIFORM_SOCKS_AUTH_PORT" ;;
    tinyproxy) echo "$UNIFORM_PROXY_PORT" ;;
    stunnel-proxy) echo "$UNIFORM_HTTPS_PROXY_PORT" ;;
    *) return 1 ;;
  esac
}

# expand_peers [NAME|ALIAS...]: the peers named (all when none), in start
# order, each once. Aliases: ftp, gopher, nntp/news, smtp/mailto, telnet,
# http, wais/z3950, socks.
expand_peers() {
  local want=() a p seen=" "
  [ $# -gt 0 ] || set -- "${ALL_PEERS[@]}"
  for a in "$@"; do
    case $a in
      all) want+=("${ALL_PEERS[@]}") ;;
      ftp) want+=(vsftpd pyftpdlib) ;;
      gopher) want+=(gophernicus pygopherd) ;;
      nntp | news | inn) want+=(innd) ;;
      smtp | mailto) want+=(aiosmtpd) ;;
      telnet) want+=(telnetd telnetd-script) ;;
      http) want+=(nginx) ;;
      wais | z3950) want+=(yaz-ztest zebra) ;;
      socks) want+=(microsocks microsocks-auth) ;;
      proxy) want+=(tinyproxy stunnel-proxy) ;;
      *)
        peer_port "$a" >/dev/null || { echo "unknown peer: $a (known: ${ALL_PEERS[*]}; aliases: ftp gopher nntp smtp telnet http wais socks)" >&2; return 2; }
        want+=("$a") ;;
    esac
  done
  for p in "${ALL_PEERS[@]}"; do
    for a in "${want[@]}"; do
      if [ "$a" = "$p" ] && [[ $seen != *" $p "* ]]; then echo "$p"; seen+="$p "; fi
    done
  done
}

# proc_starttime PID: field 22 of /proc/PID/stat (fixed at fork), or nothing
proc_starttime() {
  local s
  s=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  s=${s##*) }            # the command name may hold spaces: cut after ") "
  local -a f
  read -r -a f <<<"$s"   # f[0] is field 3 (state), so field 22 is f[19]
  echo "${f[19]}"
}

# group_alive PGID STARTTIME: whether the process group that we started
# still has a live (non-zombie) member. A leader PID that now belongs to
# another process (another start time) means our group is gone: Linux does
# not reuse a PID while a process group of that number exists.
group_alive() {
  local pgid=$1 st=$2 now
  now=$(proc_starttime "$pgid")
  if [ -n "$now" ] && [ "$now" != "$st" ]; then return 1; fi
  ps -e -o pgid=,stat= 2>/dev/null | awk -v g="$pgid" '$1 == g && $2 !~ /^Z/ { found = 1 } END { exit !found }'
}

# pid_record NAME: "PID STARTTIME" of NAME's entry in $P/pids, if any
pid_record() {
  [ -f "$P/pids" ] || return 0
  awk -v n="$1" '$1 == n { r = $2 " " $3 } END { if (r != "") print r }' "$P/pids"
}

# peer_running NAME: its recorded group is alive
peer_running() {
  local rec
  rec=$(pid_record "$1")
  [ -n "$rec" ] && group_alive "${rec%% *}" "${rec#* }"
}

# listening_ports: "ADDR:PORT" of every listening TCP socket
listening_ports() { ss -Hltn 2>/dev/null | awk '{print $4}'; }

# port_listening PORT [LIST]: someone listens on PORT (any address)
port_listening() {
  local list=${2-$(listening_ports)}
  printf '%s\n' "$list" | grep -qE "[:.]$1\$"
}

# strangers NAME...: of the peers named, each whose port answers as
# something else than that peer (identify.py asks what start.sh set up:
# a banner, a greeting, a Server field), as "NAME<TAB>PORT<TAB>what
# answered". A listening port alone does not say which program holds it.
strangers() {
  local n py args=()
  for n in "$@"; do args+=("$n=$(peer_port "$n")"); done
  [ "${#args[@]}" -gt 0 ] || return 0
  py=$(python_exe 2>/dev/null) || py=${PYTHON:-python3}
  local out rc=0
  out=$("$py" "$PEERS_HERE/identify.py" "$H" "${args[@]}") || rc=$?
  [ -z "$out" ] || printf '%s\n' "$out"
  # Not asked is not identified.
  if [ "$rc" -gt 1 ]; then
    for n in "$@"; do printf '%s\t%s\t(identify.py could not run: exit %s)\n' "$n" "$(peer_port "$n")" "$rc"; done
  fi
}

# The inn.conf of our private INN (INNCONF=this for INN's tools)
INN_CONF=$P/inn/etc/inn.conf

# log_tail NAME: the last lines of NAME's logs
log_tail() {
  local f
  for f in "$P/logs/$1.log" $(peer_extra_logs "$1"); do
    [ -s "$f" ] || continue
    echo "----- tail of $f"
    tail -n "${2:-25}" "$f"
  done
  if [ "$1" = innd ]; then
    echo "----- innd reports through syslog, and a machine without /dev/log loses it."
    echo "      Look with: INNCONF=$INN_CONF /usr/lib/news/bin/inncheck (ownership notes are harmless)"
  fi
}
peer_extra_logs() {
  case $1 in
    vsftpd) echo "$P/ftp/vsftpd-protocol.log" ;;
    innd) ls "$P"/inn/log/* 2>/dev/null ;;
    nginx) echo "$P/http/error.log" ;;
    yaz-ztest) echo "$P/yaz-ztest/applog" ;;
    zebra) echo "$P/zebra/zebraidx.log $P/zebra/zebrasrv.applog" ;;
  esac
}

# python_exe: the real executable behind python3 (or $PYTHON), remembered
# in $P/python for the python3 that PATH finds now.
python_exe() {
  local cmd rec
  cmd=$(command -v "${PYTHON:-python3}") || return 1
  rec=$(cat "$P/python" 2>/dev/null || true)
  if [ "${rec%% *}" = "$cmd" ] && [ -x "${rec#* }" ]; then echo "${rec#* }"; return; fi
  rec=$("$cmd" -c 'import sys; print(sys.executable)') || return 1
  mkdir -p "$P" && echo "$cmd $rec" >"$P/python"
  echo "$rec"
}

# peers_lock: one start.sh or stop.sh at a time (waits up to 60 s)
peers_lock() {
  mkdir -p "$P"
  exec 9>"$P/lock"
  flock -w 60 9 || { echo "another start.sh or stop.sh holds $P/lock" >&2; exit 1; }
}
