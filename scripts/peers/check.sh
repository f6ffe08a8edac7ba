#!/usr/bin/env bash
# Checks every running peer (or the names given) with standard clients, not
# with Uniform: curl for FTP, HTTP, Gopher, SMTP, telnet and SOCKS (through
# the proxies to nginx, which must be running too); python's ftplib
# for the raw bytes of FTP TYPE A; bash's /dev/tcp for NNTP; yaz-client for
# Z39.50. Compares what comes back with the fixtures. (A client's output is
# captured before grep reads it: with pipefail, "curl | grep -q" fails when
# grep quits first and curl gets SIGPIPE.) Prints one line per
# peer, OK or FAIL, and exits 1 when any failed. The checks run in parallel;
# each has its own time limit.
set -uo pipefail
set +m
. "$(dirname "$0")/lib.sh"

mapfile -t names < <(expand_peers "$@") || exit 2
[ "${#names[@]}" -gt 0 ] || exit 2
FX=$UNIFORM_PEERS_FIXTURES
PY=$(python_exe) || PY=python3
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

fail() { printf '%s\n' "$*"; exit 1; }
C() { curl -sS --max-time 10 "$@"; }      # every curl: 10 s at most
crlf() { sed 's/$/\r/' "$1"; }            # a LF text file as CR LF lines

# ftp_raw_type_a PORT PATH: the bytes of RETR PATH after "TYPE A", as sent
ftp_raw_type_a() {
  "$PY" - "$H" "$1" "$2" <<'EOF'
import ftplib, sys
host, port, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
f = ftplib.FTP()
f.connect(host, port, timeout=10)
f.login()
f.voidcmd("TYPE A")
conn = f.transfercmd("RETR " + path)
data = b""
while True:
    chunk = conn.recv(65536)
    if not chunk:
        break
    data += chunk
conn.close()
f.voidresp()
f.quit()
sys.stdout.buffer.write(data)
EOF
}

check_ftp() { # PORT
  local u=ftp://$H:$1 n
  C "$u/pub/hello.txt" | cmp -s - "$FX/anon/pub/hello.txt" || fail "anonymous RETR pub/hello.txt (EPSV) differs"
  C --disable-epsv "$u/pub/binary.bin" | cmp -s - "$FX/anon/pub/binary.bin" || fail "pub/binary.bin over PASV differs"
  C -P "$H" "$u/pub/binary.bin" | cmp -s - "$FX/anon/pub/binary.bin" || fail "pub/binary.bin over PORT (active) differs"
  C --ftp-method multicwd "$u/pub/a/b/c.txt" | cmp -s - "$FX/anon/pub/a/b/c.txt" || fail "pub/a/b/c.txt differs"
  C "$u/pub/space%20and%3Bsemicolon.txt" | cmp -s - "$FX/anon/pub/space and;semicolon.txt" || fail "the file with a space and ';' differs"
  grep -q 'space and;semicolon.txt$' <<<"$(C "$u/pub/")" || fail "LIST pub/ lacks the file with a space and ';'"
  n=$(C -l "$u/pub/many/" | grep -c '^entry-')
  [ "$n" = 150 ] || fail "NLST pub/many/ gave $n names, not 150"
  ftp_raw_type_a "$1" pub/hello.txt | cmp -s - <(crlf "$FX/anon/pub/hello.txt") || fail "TYPE A did not turn LF into CR LF"
  C "ftp://$UNIFORM_PEER_USER:$UNIFORM_PEER_PASSWORD@$H:$1/private.txt" | cmp -s - "$FX/user/private.txt" ||
    fail "user login: private.txt differs"
  C "ftp://$UNIFORM_PEER_USER:$UNIFORM_PEER_PASSWORD@$H:$1/pub/hello.txt" | cmp -s - "$FX/anon/pub/hello.txt" ||
    fail "user login: pub/hello.txt differs"
  C -o /dev/null "ftp://$UNIFORM_PEER_USER:wrongpw@$H:$1/private.txt" 2>/dev/null && fail "a wrong password was accepted"
  echo "anonymous + $UNIFORM_PEER_USER; EPSV, PASV, PORT, TYPE A, LIST, NLST"
}
check_vsftpd() { check_ftp "$UNIFORM_FTP_PORT"; }
check_pyftpdlib() { check_ftp "$UNIFORM_PYFTPD_PORT"; }

check_gophernicus() {
  local u=gopher://$H:$UNIFORM_GOPHER_PORT
  grep -qF $'0Hello, a text file\t/hello.txt\t'"$H"$'\t'"$UNIFORM_GOPHER_PORT" <<<"$(C "$u/1/")" || fail "root menu lacks the hello.txt item"
  [ "$(C "$u/1/" | tail -n 1)" = $'.\r' ] || fail "root menu does not end with a '.' line"
  # gophernicus sends text with CR LF line ends, without dot-stuffing
  C "$u/0/hello.txt" | cmp -s - <(crlf "$FX/anon/pub/hello.txt") || fail "0/hello.txt differs"
  C "$u/0/dots.txt" | cmp -s - <(crlf "$FX/anon/pub/dots.txt") || fail "0/dots.txt differs"
  C "$u/9/binary.bin" | cmp -s - "$FX/anon/pub/binary.bin" || fail "9/binary.bin differs"
  grep -q 'has a space in it' <<<"$(C "$u/0/with%20space.txt")" || fail "the selector with a space failed"
  grep -qF 'query=hello world' <<<"$(C "$u/7/cgi-bin/search%09hello%20world")" || fail "type 7 search did not echo the query"
  grep -qF $'/sub/inside.txt\t' <<<"$(C "$u/1/sub")" || fail "the listing of /sub lacks inside.txt"
  echo "menu, text, binary, search, space in selector"
}

check_pygopherd() {
  local u=gopher://$H:$UNIFORM_GOPHERPLUS_PORT out
  grep -qF $'0Hello, a text file\t/hello.txt\t'"$H"$'\t'"$UNIFORM_GOPHERPLUS_PORT"$'\t+' <<<"$(C "$u/1/")" ||
    fail "root menu lacks the Gopher+ hello.txt item"
  # pygopherd sends files as they are, with no '.' line at the end
  C "$u/0/hello.txt" | cmp -s - "$FX/anon/pub/hello.txt" || fail "0/hello.txt differs"
  C "$u/0/dots.txt" | cmp -s - "$FX/anon/pub/dots.txt" || fail "0/dots.txt differs"
  C "$u/9/binary.bin" | cmp -s - "$FX/anon/pub/binary.bin" || fail "9/binary.bin differs"
  grep -qF 'query=hello world' <<<"$(C "$u/7/cgi-bin/search%09hello%20world")" || fail "type 7 search did not echo the query"
  out=$(C "$u/0/hello.txt%09%2B")
  [ "${out%%$'\n'*}" = $'+244\r' ] || fail "Gopher+ '+' request: no +244 header"
  grep -qF ' The abstract of hello.txt' <<<"$(C "$u/0/hello.txt%09%21")" || fail "Gopher+ '!' request: no +ABSTRACT"
  echo "menu, text, binary, search, Gopher+ + and ! (+ABSTRACT)"
}

check_innd() {
  local greeting out
  exec 3<>"/dev/tcp/$H/$UNIFORM_NNTP_PORT" || fail "cannot connect"
  IFS= read -r -t 10 greeting <&3 || fail "no greeting"
  [[ $greeting == 20[01]* ]] || fail "greeting: $greeting"
  printf 'GROUP local.test\r\nARTICLE <test1.urltest@example.com>\r\nGROUP comp.lang.rust\r\nSTAT <nosuch.urltest@example.com>\r\nLIST\r\nQUIT\r\n' >&3
  out=$(timeout 10 cat <&3)
  exec 3<&-
  grep -qx $'211 3 1 3 local.test\r' <<<"$out" || fail "GROUP local.test is not '211 3 1 3'"
  grep -qx $'211 1 1 1 comp.lang.rust\r' <<<"$out" || fail "GROUP comp.lang.rust is not '211 1 1 1'"
  grep -q '^220 .* <test1.urltest@example.com>' <<<"$out" || fail "ARTICLE <test1...> not found"
  grep -qx $'\\.\\.This body line starts with a dot: on the wire it is "\\.\\.This"\\.\r' <<<"$out" ||
    fail "test1's dot line was not dot-stuffed on the wire"
  grep -q '^430' <<<"$out" || fail "STAT of an unknown message-id did not give 430"
  grep -q '^comp.lang.rust ' <<<"$out" || fail "LIST lacks comp.lang.rust"
  echo "GROUP, ARTICLE <id> (dot-stuffed), 430, LIST"
}

check_aiosmtpd() {
  local token f
  token="uniform-check-$$-$RANDOM"
  printf 'From: check@example.com\r\nTo: sink@example.com\r\nSubject: %s\r\n\r\nbody %s\r\n' "$token" "$token" |
    C "smtp://$H:$UNIFORM_SMTP_PORT" --mail-from check@example.com --mail-rcpt sink@example.com -T - ||
    fail "curl could not send"
  for _ in $(seq 1 40); do   # delivery is synchronous; allow 2 s anyway
    f=$(grep -l "Subject: $token" "$UNIFORM_SMTP_MAILDIR"/new/* 2>/dev/null | head -n 1)
    [ -n "$f" ] && break
    sleep 0.05
  done
  [ -n "$f" ] || fail "the message did not reach $UNIFORM_SMTP_MAILDIR/new"
  grep -q '^X-RcptTo: sink@example.com' "$f" || fail "no X-RcptTo header in $f"
  echo "sent with curl, read back from the Maildir"
}

check_telnetd() {
  # curl's telnet shows the session only when its input ends, so the input
  # is paced with sleeps rather than by the prompts. The password must come
  # after the prompt: PAM flushes typed-ahead input. One retry, for a slow
  # machine.
  local out try
  for try in 1 2; do
    # shellcheck disable=SC2016 # $((6*7)) is for the remote shell
    out=$( (sleep 1; printf '%s\r\n' "$UNIFORM_PEER_USER"; sleep $((try))
      printf '%s\r\n' "$UNIFORM_PEER_PASSWORD"; sleep $((try + 1))
      printf 'echo UNIFORM-$((6*7))\r\nexit\r\n'; sleep 0.7) |
      timeout 15 curl -sS "telnet://$H:$UNIFORM_TELNET_PORT" 2>&1)
    grep -q 'UNIFORM-42' <<<"$out" && break
  done
  grep -q 'login:' <<<"$out" || fail "no login prompt"
  grep -q 'UNIFORM-42' <<<"$out" || fail "login as $UNIFORM_PEER_USER did not give a working shell"
  echo "/bin/login as $UNIFORM_PEER_USER, bash ran a command"
}

check_telnetd-script() {
  # The line goes after the banner (before it, the terminal would echo it).
  local want try
  want=$'Uniform telnet test session\r\nType a line: \r\nYou typed: hello uniform\r\nBye.\r\n'
  for try in 1 2; do
    (sleep "$try"; printf 'hello uniform\r\n'; sleep 0.5) |
      timeout 10 curl -sS "telnet://$H:$UNIFORM_TELNET_SCRIPT_PORT" >"$W/tn.out" 2>&1
    cmp -s "$W/tn.out" <(printf '%s' "$want") && break
  done
  cmp -s "$W/tn.out" <(printf '%s' "$want") || fail "the session differs: $(od -c "$W/tn.out" | head -n 3 | tr '\n' ' ')"
  echo "fixed banner, line echoed"
}

check_tinyproxy() {
  local u=http://$H:$UNIFORM_HTTP_PORT/pub/hello.txt
  C -x "http://$H:$UNIFORM_PROXY_PORT" "$u" | cmp -s - "$FX/anon/pub/hello.txt" || fail "GET through tinyproxy differs"
  C -x "http://$H:$UNIFORM_PROXY_PORT" --cacert "$P/http/tls/ca.pem" "https://$H:$UNIFORM_HTTPS_PORT/pub/hello.txt" |
    cmp -s - "$FX/anon/pub/hello.txt" || fail "CONNECT through tinyproxy differs"
}

check_stunnel-proxy() {
  C -x "https://$H:$UNIFORM_HTTPS_PROXY_PORT" --proxy-cacert "$P/http/tls/ca.pem" "http://$H:$UNIFORM_HTTP_PORT/pub/hello.txt" |
    cmp -s - "$FX/anon/pub/hello.txt" || fail "GET through the https proxy differs"
}

check_nginx() {
  local u=http://$H:$UNIFORM_HTTP_PORT
  C "$u/pub/hello.txt" | cmp -s - "$FX/anon/pub/hello.txt" || fail "/pub/hello.txt differs"
  C "$u/pub/binary.bin" | cmp -s - "$FX/anon/pub/binary.bin" || fail "/pub/binary.bin differs"
  C "$u/pub/space%20and%3Bsemicolon.txt" | cmp -s - "$FX/anon/pub/space and;semicolon.txt" || fail "the file with a space and ';' differs"
  grep -q 'href="many/"' <<<"$(C "$u/pub/")" || fail "no autoindex of /pub/"
  [ "$(C "$u/search?hello%20world")" = "query=hello%20world" ] || fail "/search did not echo the query"
  grep -qi "^location: http://$H:$UNIFORM_HTTP_PORT/pub/hello.txt" <<<"$(C -D - -o /dev/null "$u/redirect")" || fail "/redirect"
  grep -qi '^location: file:///etc/passwd' <<<"$(C -D - -o /dev/null "$u/evil-redirect")" || fail "/evil-redirect"
  [ "$(C -o /dev/null -w '%{http_code}' "$u/private/private.txt")" = 401 ] || fail "/private/ without credentials is not 401"
  C -u "$UNIFORM_PEER_USER:$UNIFORM_PEER_PASSWORD" "$u/private/private.txt" | cmp -s - "$FX/user/private.txt" ||
    fail "/private/private.txt with credentials differs"
  C --max-time 60 "$u/large/large.bin" | cmp -s - "$FX/anon/large/large.bin" || fail "/large/large.bin differs"
  C --cacert "$P/http/tls/ca.pem" "https://$H:$UNIFORM_HTTPS_PORT/pub/hello.txt" | cmp -s - "$FX/anon/pub/hello.txt" ||
    fail "https://.../pub/hello.txt with the test CA differs"
  echo "files, autoindex, search, redirects, basic auth, large file"
}

check_echo() {
  local u=http://$H:$UNIFORM_PEER_ECHO_PORT out
  C -d abc "$u/x" >"$W/echo-post" || fail "curl -d abc failed"
  grep -qx 'POST /x HTTP/1.1' "$W/echo-post" && [ "$(tail -c 5 "$W/echo-post")" = $'\n\nabc' ] ||
    fail "POST /x with -d abc: not echoed: $(head -c 300 "$W/echo-post" | od -c | head -n 3 | tr '\n' ' ')"
  grep -qx 'X-A: 1' <<<"$(C -X PROPFIND -H 'X-A: 1' "$u/p")" || fail "PROPFIND with X-A: 1 not echoed"
  [ "$(C -H 'Transfer-Encoding: chunked' -d hello "$u/c" | tail -n 1)" = hello ] || fail "the chunked body is not echoed decoded"
  out=$(C -I "$u/h")
  grep -q $'^Content-Length: [1-9][0-9]*\r$' <<<"$out" || fail "HEAD: no Content-Length of the echo: $out"
  out=$(C -D - -o /dev/null "$u/status/302" "$u/status/404")
  grep -qi $'^location: /echo-target\r$' <<<"$out" || fail "/status/302 has no Location: /echo-target"
  grep -q '^HTTP/1.1 404 ' <<<"$out" || fail "/status/404 did not answer 404"
  grep -qx $'X-Echo-Request-Count: 2\r' <<<"$out" || fail "two requests in one curl did not share the connection"
  echo "any method, headers and body as sent, chunked, HEAD, /status/NNN, keep-alive"
}

# yaz SCRIPT PORT: yaz-client reading commands from standard input
yaz() { printf '%b' "$1" | timeout 15 yaz-client "tcp:$H:$2" 2>&1; }

check_yaz-ztest() {
  local out
  out=$(yaz 'base Default\nfind computer\nquit\n' "$UNIFORM_Z3950_PORT")
  grep -q 'Number of hits: 23' <<<"$out" || fail "'find computer' did not give 23 hits: $(tail -n 8 <<<"$out")"
  echo "init, find (23 hits)"
}

check_zebra() {
  local out
  out=$(yaz 'base Default\nfind gopher\nformat sutrs\nshow 1\nfind protocol\nfind nosuchword\nquit\n' "$UNIFORM_ZEBRA_PORT")
  grep -q 'Number of hits: 1,' <<<"$out" || fail "'find gopher' did not give 1 hit"
  grep -q 'University of Minnesota' <<<"$out" || fail "the SUTRS record is not gopher.txt"
  grep -q 'Number of hits: 3,' <<<"$out" || fail "'find protocol' did not give 3 hits"
  grep -q 'Number of hits: 0,' <<<"$out" || fail "'find nosuchword' did not give 0 hits"
  echo "find (1, 3, 0 hits), SUTRS full text"
}

# socks_needs_nginx: the proxies are checked by fetching from nginx
socks_needs_nginx() {
  port_listening "$UNIFORM_HTTP_PORT" || fail "nginx is the target of the check, and it is not listening (start.sh nginx)"
}

# socks_rc ARGS...: curl's exit status for ARGS, its output dropped
socks_rc() {
  local rc=0
  C -o /dev/null "$@" 2>/dev/null || rc=$?
  echo "$rc"
}

check_microsocks() {
  local s=$H:$UNIFORM_SOCKS_PORT u=http://$H:$UNIFORM_HTTP_PORT rc
  socks_needs_nginx
  C --socks5-hostname "$s" "http://localhost:$UNIFORM_HTTP_PORT/pub/hello.txt" | cmp -s - "$FX/anon/pub/hello.txt" ||
    fail "--socks5-hostname (the proxy resolves localhost): /pub/hello.txt differs"
  C --socks5 "$s" "$u/pub/binary.bin" | cmp -s - "$FX/anon/pub/binary.bin" || fail "--socks5: /pub/binary.bin differs"
  C -x "socks5h://$s" "$u/pub/hello.txt" | cmp -s - "$FX/anon/pub/hello.txt" || fail "-x socks5h://: /pub/hello.txt differs"
  # Port 1 of the loopback address: nothing listens there.
  rc=$(socks_rc --socks5-hostname "$s" "http://$H:1/")
  [ "$rc" = 97 ] || fail "a refused target gave curl's exit $rc, not 97 (CURLE_PROXY)"
  echo "socks5, socks5h (-x and --socks5-hostname) to nginx; a refused target is curl's 97"
}

check_microsocks-auth() {
  local s=$H:$UNIFORM_SOCKS_AUTH_PORT u=http://$H:$UNIFORM_HTTP_PORT/pub/hello.txt rc
  socks_needs_nginx
  C -x "socks5h://$UNIFORM_PEER_USER:$UNIFORM_PEER_PASSWORD@$s" "$u" | cmp -s - "$FX/anon/pub/hello.txt" ||
    fail "with $UNIFORM_PEER_USER's login: /pub/hello.txt differs"
  C --socks5-hostname "$s" --proxy-user "$UNIFORM_PEER_USER:$UNIFORM_PEER_PASSWORD" "$u" | cmp -s - "$FX/anon/pub/hello.txt" ||
    fail "with --proxy-user: /pub/hello.txt differs"
  rc=$(socks_rc -x "socks5h://$UNIFORM_PEER_USER:wrongpw@$s" "$u")
  [ "$rc" = 97 ] || fail "a wrong password gave curl's exit $rc, not 97"
  rc=$(socks_rc --socks5-hostname "$s" "$u")
  [ "$rc" = 97 ] || fail "no login gave curl's exit $rc, not 97"
  echo "RFC 1929 login as $UNIFORM_PEER_USER; a wrong password and none refused (97)"
}

t0=$(date +%s.%N)
for n in "${names[@]}"; do
  (
    if ! peer_running "$n"; then echo "not running (scripts/peers/start.sh $n)"; exit 1; fi
    "check_$n"
  ) >"$W/$n.out" 2>&1 </dev/null &
  echo $! >"$W/$n.pid"
done
bad=0
for n in "${names[@]}"; do
  if wait "$(cat "$W/$n.pid")"; then st=OK; else st=FAIL; bad=$((bad + 1)); fi
  printf '%-4s %-15s %-6s %s\n' "$st" "$n" "$(peer_port "$n")" "$(tail -n 1 "$W/$n.out")"
  [ "$st" = OK ] || head -n -1 "$W/$n.out" | sed 's/^/     /'
done
t1=$(date +%s.%N)
printf 'check: %d of %d OK in %s s\n' $((${#names[@]} - bad)) "${#names[@]}" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
[ "$bad" -eq 0 ]
