#!/usr/bin/env bash
# Starts the loopback peer servers: all of them, or the names given
# (see ALL_PEERS in lib.sh; aliases ftp gopher nntp smtp telnet http wais
# socks).
# A peer already running is left alone. Each runs in the foreground under
# setsid, so its PID is its process group; "NAME PID STARTTIME" goes to
# $P/pids for stop.sh. Waits until each listens on its port and exits
# non-zero, with the log tail, when one does not. Run install.sh first.
set -euo pipefail
set +m
. "$(dirname "$0")/lib.sh"

TIMEOUT=${UNIFORM_PEERS_START_TIMEOUT:-20}   # seconds, for all to listen
LARGE_MIB=${UNIFORM_PEERS_LARGE_MIB:-32}

say() { printf 'start: %s\n' "$*"; }
die() { printf 'start: ERROR: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (vsftpd and telnetd log in through PAM; INN runs as news)"
case $P in *[[:space:]]*) die "UNIFORM_PEERS_DIR must not contain white space: $P" ;; esac
mapfile -t names < <(expand_peers "$@")
[ "${#names[@]}" -gt 0 ] || exit 2

# The python that has pyftpdlib and aiosmtpd (install.sh used the same
# python3), as a real executable: a pyenv shim costs 0.2-0.5 s a call.
PY=$(python_exe) || die "no python3"

peers_lock
mkdir -p "$P/logs"
chmod 755 "$P"
touch "$P/pids"
FX=$UNIFORM_PEERS_FIXTURES
"$PY" "$PEERS_HERE/gen-fixtures.py" "$TESTDATA" "$FX" "$LARGE_MIB"

# ---------------------------------------------------------------- helpers

# launch NAME DIR CMD...: start CMD in DIR as a new session, recorded in pids
launch() {
  local name=$1 dir=$2 pid st
  shift 2
  # (fd 9 is our lock: the server must not keep it)
  (cd "$dir" && exec setsid "$@" 9>&-) >"$P/logs/$name.log" 2>&1 </dev/null &
  pid=$!
  st=$(proc_starttime "$pid")
  # drop any stale entry of NAME, then record this one
  awk -v n="$name" '$1 != n' "$P/pids" >"$P/pids.tmp" || true
  echo "$name $pid $st" >>"$P/pids.tmp"
  mv -f "$P/pids.tmp" "$P/pids"
  started+=("$name")
}

# fixed_mtime DIR: the fixtures' one mtime (1994-12-20 UTC) on all of DIR
fixed_mtime() { find "$1" -depth -exec touch -h -d @787881600 {} +; }

# fresh DIR: an empty directory (our state only: DIR is always under $P)
fresh() { rm -rf "$1"; mkdir -p "$1"; }

# setkey FILE KEY VALUE: "KEY: VALUE" in an INN-style config
setkey() {
  if grep -qE "^#?[[:space:]]*$2:" "$1"; then
    sed -i -E "s|^#?[[:space:]]*$2:.*|$2: $3|" "$1"
  else
    printf '%s: %s\n' "$2" "$3" >>"$1"
  fi
}

# ------------------------------------------------------------------ peers

ftp_dirs() {
  # Both FTP peers serve the fixture tree as it is: $FX/anon for anonymous,
  # $FX/user for the test account. vsftpd wants an empty root-owned dir too.
  mkdir -p "$P/ftp/empty"
  chmod 755 "$P/ftp" "$P/ftp/empty"
}

start_vsftpd() {
  ftp_dirs
  cat >"$P/ftp/vsftpd.conf" <<EOF
listen=YES
listen_ipv6=NO
listen_address=$H
listen_port=$UNIFORM_FTP_PORT
background=NO
anonymous_enable=YES
anon_root=$FX/anon
local_enable=YES
local_root=$FX/user
write_enable=NO
pasv_enable=YES
pasv_address=$H
pasv_min_port=$UNIFORM_FTP_PASV_MIN
pasv_max_port=$UNIFORM_FTP_PASV_MAX
port_enable=YES
connect_from_port_20=NO
ascii_download_enable=YES
ascii_upload_enable=YES
secure_chroot_dir=$P/ftp/empty
pam_service_name=vsftpd
seccomp_sandbox=NO
xferlog_enable=YES
xferlog_file=$P/ftp/xfer.log
vsftpd_log_file=$P/ftp/vsftpd-protocol.log
log_ftp_protocol=YES
ftpd_banner=Uniform test FTP (vsftpd)
EOF
  launch vsftpd "$P/ftp" /usr/sbin/vsftpd "$P/ftp/vsftpd.conf"
}

start_pyftpdlib() {
  ftp_dirs
  launch pyftpdlib "$P/ftp" "$PY" "$PEERS_HERE/pyftpd.py" "$H" "$UNIFORM_PYFTPD_PORT" \
    "$FX/anon" "$UNIFORM_PEER_USER" "$UNIFORM_PEER_PASSWORD" "$FX/user" \
    "$UNIFORM_PYFTPD_PASV_MIN-$UNIFORM_PYFTPD_PASV_MAX"
}

# gopher_root DIR PORT: the tree both gopher peers serve
gopher_root() {
  fresh "$1"
  cp -R "$TESTDATA/gopher/." "$1/"
  cp "$FX/anon/pub/hello.txt" "$FX/anon/pub/dots.txt" "$FX/anon/pub/binary.bin" "$1/"
  sed -i -e "s/@HOST@/$H/g" -e "s/@HTTP_PORT@/$UNIFORM_HTTP_PORT/g" "$1/gophermap"
  find "$1" -type d -exec chmod 755 {} + && find "$1" -type f -exec chmod 644 {} +
  chmod 755 "$1/cgi-bin/search"
  fixed_mtime "$1"
}

start_gophernicus() {
  gopher_root "$P/gopher/root"
  # inetd-style: socat accepts, gophernicus serves one connection as nobody.
  # -nc -no: no content detection, no charset conversion (binary-safe);
  # -nf -nd: no footer, no dates or sizes (menus are the same every run);
  # -nm: no shared memory, so no per-client session counts. With them,
  # gophernicus throttles a client that has fetched 4 GiB (-k) within the
  # session timeout (-s, 30 minutes): a few runs of bench-access.sh, after
  # which every transfer crawled at a few tens of MiB/s.
  launch gophernicus "$P/gopher" socat \
    "TCP-LISTEN:$UNIFORM_GOPHER_PORT,bind=$H,reuseaddr,fork" \
    "EXEC:/usr/sbin/gophernicus -h $H -p $UNIFORM_GOPHER_PORT -r $P/gopher/root -ns -nv -nc -no -nf -nd -nm -e dat=9 -e bin=9,su=nobody"
}

start_pygopherd() {
  local d=$P/pygopher
  gopher_root "$d/root"
  cp "$TESTDATA/gopher-plus/"*.abstract "$d/root/"
  chmod 644 "$d/root/"*.abstract
  fixed_mtime "$d/root"
  sed -E \
    -e "s|^detach = .*|detach = no|" \
    -e "s|^pidfile = .*|pidfile = $d/pygopherd.pid|" \
    -e "s|^port = .*|port = $UNIFORM_GOPHERPLUS_PORT|" \
    -e "s|^# ?interface = .*|interface = $H|" \
    -e "s|^# ?servername = .*|servername = $H|" \
    -e "s|^usechroot = .*|usechroot = no|" \
    -e "s|^#setuid = .*|setuid = nobody|" \
    -e "s|^#setgid = .*|setgid = nogroup|" \
    -e "s|^root = .*|root = $d/root|" \
    -e "s|^logmethod = .*|logmethod = none|" \
    -e "s|^admin = .*|admin = Uniform test <urltest@example.com>|" \
    -e "s|^handlers = \[|handlers = [scriptexec.ExecHandler, |" \
    /etc/pygopherd/pygopherd.conf >"$d/pygopherd.conf"
  for k in "interface = $H" "servername = $H" "setuid = nobody" "usechroot = no" "handlers = \[scriptexec"; do
    grep -q "^$k" "$d/pygopherd.conf" || die "pygopherd.conf: could not set '$k'"
  done
  launch pygopherd "$d" /usr/sbin/pygopherd "$d/pygopherd.conf"
}

start_innd() {
  local i=$P/inn
  fresh "$i"
  mkdir -p "$i"/{db,log,run,tmp,http} "$i"/spool/{articles,overview,incoming/tmp,outgoing,archive}
  cp -a /etc/news "$i/etc"
  local c=$i/etc/inn.conf
  setkey "$c" pathetc "$i/etc"
  setkey "$c" pathfilter "$i/etc/filter"
  setkey "$c" pathdb "$i/db"
  setkey "$c" pathspool "$i/spool"
  setkey "$c" patharticles "$i/spool/articles"
  setkey "$c" pathincoming "$i/spool/incoming"
  setkey "$c" pathtmp "$i/spool/incoming/tmp"
  setkey "$c" pathoutgoing "$i/spool/outgoing"
  setkey "$c" pathoverview "$i/spool/overview"
  setkey "$c" patharchive "$i/spool/archive"
  setkey "$c" pathlog "$i/log"
  setkey "$c" pathrun "$i/run"
  setkey "$c" pathhttp "$i/http"
  setkey "$c" port "$UNIFORM_NNTP_PORT"
  setkey "$c" bindaddress "$H"
  setkey "$c" pathhost urltest.localdomain
  setkey "$c" domain localdomain
  setkey "$c" organization '"Uniform test news server"'
  # No "peer ME": connections from loopback are readers, handed to nnrpd.
  printf '# Uniform: no peers; every connection is a reader\n' >"$i/etc/incoming.conf"
  # No program feeds (controlchan): only the local site entry.
  printf 'ME:!*/!local::\n' >"$i/etc/newsfeeds"
  cat >"$i/db/active" <<'EOF'
control 0000000000 0000000001 n
control.cancel 0000000000 0000000001 n
junk 0000000000 0000000001 n
local.test 0000000000 0000000001 y
comp.lang.rust 0000000000 0000000001 y
EOF
  printf 'control\tControl messages\ncontrol.cancel\tCancel messages\njunk\tUnfiled articles\nlocal.test\tLocal test group of the Uniform project\ncomp.lang.rust\tThe Rust programming language (Uniform test copy)\n' >"$i/db/newsgroups"
  : >"$i/db/active.times"
  : >"$i/db/history"
  chown -R news:news "$i"
  (cd "$i/db" && timeout 30 env INNCONF="$c" setpriv --reuid=news --regid=news --init-groups /usr/lib/news/bin/makedbz -i -o) >"$P/logs/innd-makedbz.log" 2>&1 ||
    { cat "$P/logs/innd-makedbz.log" >&2; die "innd: makedbz failed"; }
  launch innd "$i" env INNCONF="$c" setpriv --reuid=news --regid=news --init-groups /usr/lib/news/bin/innd -f
}

# seed_innd: post the articles of testdata/peers/nntp over NNTP, in name order
seed_innd() {
  local f line resp
  exec 3<>"/dev/tcp/$H/$UNIFORM_NNTP_PORT" || die "innd: cannot connect to post"
  nntp_expect() {
    IFS= read -r -t 10 resp <&3 || resp="(no answer)"
    resp=${resp%$'\r'}
    [[ $resp == "$1"* ]] || { exec 3<&-; die "innd seeding: expected $1, got: $resp"; }
  }
  nntp_expect 20
  for f in "$TESTDATA"/nntp/*.txt; do
    printf 'POST\r\n' >&3
    nntp_expect 340
    while IFS= read -r line || [ -n "$line" ]; do
      [[ $line == .* ]] && line=.$line
      printf '%s\r\n' "$line"
    done <"$f" >&3
    printf '.\r\n' >&3
    nntp_expect 240
  done
  printf 'GROUP local.test\r\n' >&3
  nntp_expect "211 3 1 3 local.test"
  printf 'QUIT\r\n' >&3
  exec 3<&-
}

start_aiosmtpd() {
  fresh "$P/smtp"
  launch aiosmtpd "$P/smtp" "$PY" -m aiosmtpd -n -l "$H:$UNIFORM_SMTP_PORT" \
    -c aiosmtpd.handlers.Mailbox "$UNIFORM_SMTP_MAILDIR"
}

start_telnetd() {
  mkdir -p "$P/telnet"
  # telnetd needs the TCP socket itself on fd 0 (nofork); root for /bin/login
  launch telnetd "$P/telnet" socat "TCP-LISTEN:$UNIFORM_TELNET_PORT,bind=$H,reuseaddr,fork" \
    "EXEC:/usr/sbin/telnetd -h,nofork"
}

start_telnetd-script() {
  mkdir -p "$P/telnet"
  install -m 755 "$TESTDATA/telnet/session.sh" "$P/telnet/session.sh"
  launch telnetd-script "$P/telnet" socat "TCP-LISTEN:$UNIFORM_TELNET_SCRIPT_PORT,bind=$H,reuseaddr,fork" \
    "EXEC:/usr/sbin/telnetd -h -E $P/telnet/session.sh,nofork"
}

start_nginx() {
  local d=$P/http
  fresh "$d"
  mkdir -p "$d/tmp"
  printf '%s:%s\n' "$UNIFORM_PEER_USER" "$(openssl passwd -apr1 "$UNIFORM_PEER_PASSWORD")" >"$d/htpasswd"
  chmod 644 "$d/htpasswd"
  # A test CA and the server's certificate (localhost and 127.0.0.1),
  # made fresh: clients trust it with --cacert $d/tls/ca.pem.
  mkdir -p "$d/tls"
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Uniform test CA" \
    -keyout "$d/tls/ca.key" -out "$d/tls/ca.pem" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
    -keyout "$d/tls/server.key" -out "$d/tls/server.csr" 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$d/tls/san.ext"
  openssl x509 -req -in "$d/tls/server.csr" -CA "$d/tls/ca.pem" -CAkey "$d/tls/ca.key" \
    -CAcreateserial -days 3650 -extfile "$d/tls/san.ext" -out "$d/tls/server.pem" 2>/dev/null
  chmod 644 "$d/tls/ca.pem" "$d/tls/server.pem"
  cat >"$d/nginx.conf" <<EOF
daemon off;
worker_processes 1;
pid $d/nginx.pid;
error_log $d/error.log info;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log $d/access.log;
    client_body_temp_path $d/tmp/body;
    proxy_temp_path $d/tmp/proxy;
    fastcgi_temp_path $d/tmp/fastcgi;
    uwsgi_temp_path $d/tmp/uwsgi;
    scgi_temp_path $d/tmp/scgi;
    server {
        listen $H:$UNIFORM_HTTP_PORT;
        server_name localhost;
        root $FX/anon;
        autoindex on;
        location /search { default_type text/plain; return 200 "query=\$args\n"; }
        location = /redirect { return 302 /pub/hello.txt; }
        location = /evil-redirect { return 302 "file:///etc/passwd"; }
        location = /redirect-other-host { return 302 "http://localhost:\$server_port/pub/hello.txt"; }
        location = /redirect-loop { return 302 /redirect-loop; }
        location /private/ { alias $FX/user/; auth_basic "uniform"; auth_basic_user_file $d/htpasswd; }
        # scripts/bench-crawl.sh's site: LinkChecker fetches more than 10
        # URLs a second from a host only when it answers with this field.
        location /crawl-bench/ { add_header LinkChecker "unthrottled"; }
    }
    server {
        listen $H:$UNIFORM_HTTPS_PORT ssl;
        server_name localhost;
        ssl_certificate $d/tls/server.pem;
        ssl_certificate_key $d/tls/server.key;
        root $FX/anon;
        location = /redirect-to-http { return 302 "http://$H:$UNIFORM_HTTP_PORT/pub/hello.txt"; }
    }
}
EOF
  launch nginx "$d" /usr/sbin/nginx -e stderr -p "$d" -c "$d/nginx.conf"
}

start_echo() {
  mkdir -p "$P/echo"
  launch echo "$P/echo" "$PY" "$PEERS_HERE/echo.py" "$H" "$UNIFORM_PEER_ECHO_PORT"
}

start_yaz-ztest() {
  fresh "$P/yaz-ztest"
  launch yaz-ztest "$P/yaz-ztest" yaz-ztest -l "$P/yaz-ztest/applog" "tcp:$H:$UNIFORM_Z3950_PORT"
}

start_zebra() {
  local z=$P/zebra mod
  fresh "$z"
  mkdir -p "$z/docs" "$z/reg" "$z/lock" "$z/tmp"
  cp "$TESTDATA"/zebra/docs/*.txt "$z/docs/"
  for mod in /usr/lib/*/idzebra-2.0/modules ""; do [ -d "$mod" ] && break; done
  [ -n "$mod" ] || die "zebra: no idzebra-2.0 modules directory (run install.sh)"
  cat >"$z/zebra.cfg" <<EOF
profilePath: /usr/share/idzebra-2.0/tab
modulePath: $mod
attset: bib1.att
recordType: text
register: $z/reg:20M
lockDir: $z/lock
setTmpDir: $z/tmp
keyTmpDir: $z/tmp
database: Default
storeData: 1
EOF
  (cd "$z" && timeout 60 zebraidx -c zebra.cfg -d Default update docs) >"$z/zebraidx.log" 2>&1 ||
    { tail -n 20 "$z/zebraidx.log" >&2; die "zebra: zebraidx failed"; }
  launch zebra "$z" zebrasrv -c zebra.cfg -l "$z/zebrasrv.applog" "tcp:$H:$UNIFORM_ZEBRA_PORT"
}

# microsocks runs in the foreground and logs each client to standard
# output. Its targets are any host and port: it is the client that chooses.
start_microsocks() {
  mkdir -p "$P/socks"
  launch microsocks "$P/socks" microsocks -i "$H" -p "$UNIFORM_SOCKS_PORT"
}

start_microsocks-auth() {
  mkdir -p "$P/socks"
  # -u/-P: RFC 1929 user name and password, asked of every client (no -1:
  # a login does not whitelist the client's address for later ones).
  launch microsocks-auth "$P/socks" microsocks -i "$H" -p "$UNIFORM_SOCKS_AUTH_PORT" \
    -u "$UNIFORM_PEER_USER" -P "$UNIFORM_PEER_PASSWORD"
}

start_tinyproxy() {
  local d=$P/proxy
  mkdir -p "$d"
  # CONNECT to the https peer's port too (tinyproxy allows 443 and 563
  # only when ConnectPort is set at all); no syslog, no daemon.
  cat >"$d/tinyproxy.conf" <<EOF
Port $UNIFORM_PROXY_PORT
Listen $H
Timeout 60
LogFile "$d/tinyproxy.log"
LogLevel Info
MaxClients 32
Allow 127.0.0.1
ConnectPort 443
ConnectPort $UNIFORM_HTTPS_PORT
DisableViaHeader Yes
EOF
  launch tinyproxy "$d" tinyproxy -d -c "$d/tinyproxy.conf"
}

start_stunnel-proxy() {
  local d=$P/proxy-tls
  mkdir -p "$d"
  # TLS in front of tinyproxy: an HTTPS proxy. The certificate is nginx's
  # (localhost, 127.0.0.1, the test CA), made when nginx starts.
  [ -f "$P/http/tls/server.pem" ] || die "stunnel-proxy needs nginx's certificate: start nginx first"
  cat >"$d/stunnel.conf" <<EOF
foreground = yes
pid =
output = $d/stunnel.log
[https-proxy]
accept = $H:$UNIFORM_HTTPS_PROXY_PORT
connect = $H:$UNIFORM_PROXY_PORT
cert = $P/http/tls/server.pem
key = $P/http/tls/server.key
EOF
  launch stunnel-proxy "$d" stunnel4 "$d/stunnel.conf"
}

# ------------------------------------------------------------------- main

t0=$(date +%s.%N)
started=()
listening=$(listening_ports)
for n in "${names[@]}"; do
  if peer_running "$n"; then
    say "$n already running (pid $(pid_record "$n" | cut -d' ' -f1))"
    continue
  fi
  port=$(peer_port "$n")
  if port_listening "$port" "$listening"; then
    die "$n: port $port is already taken by a process that $P/pids does not know (see: ss -ltnp)"
  fi
  "start_$n"
done

# Wait until every started peer listens on its port, or dies, or time runs out.
deadline=$(($(date +%s) + TIMEOUT))
pending=("${started[@]}")
failed=()
while [ "${#pending[@]}" -gt 0 ]; do
  listening=$(listening_ports)
  still=()
  for n in "${pending[@]}"; do
    port=$(peer_port "$n")
    if printf '%s\n' "$listening" | grep -qxF "$H:$port"; then
      continue
    elif ! peer_running "$n"; then
      failed+=("$n (exited before listening on $H:$port)")
    elif [ "$(date +%s)" -ge "$deadline" ]; then
      failed+=("$n (not listening on $H:$port after ${TIMEOUT}s)")
    else
      still+=("$n")
    fi
  done
  pending=("${still[@]+"${still[@]}"}")
  [ "${#pending[@]}" -eq 0 ] || sleep 0.05
done

if [ "${#failed[@]}" -eq 0 ] && [[ " ${started[*]-} " == *" innd "* ]]; then
  seed_innd
fi

if [ "${#failed[@]}" -gt 0 ]; then
  bad=()
  for f in "${failed[@]}"; do
    printf 'start: FAIL %s\n' "$f" >&2
    log_tail "${f%% *}" >&2
    bad+=("${f%% *}")
  done
  # a peer that failed is not left half-started
  exec 9>&-
  "$PEERS_HERE/stop.sh" "${bad[@]}" >&2 || true
  printf 'start: the others keep running; stop them with scripts/peers/stop.sh\n' >&2
  exit 1
fi

# Nothing of ours may listen on anything but the loopback address.
for n in "${started[@]+"${started[@]}"}"; do
  port=$(peer_port "$n")
  elsewhere=$(listening_ports | grep -E "[:.]$port\$" | grep -vxF "$H:$port" || true)
  [ -z "$elsewhere" ] || die "$n also listens on $elsewhere"
done

t1=$(date +%s.%N)
say "${#started[@]} started (${started[*]-}) in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s; state in $P"
