# Uniform's loopback peer servers: where they listen and where their state is.
# Source it from a shell (`. scripts/peers/env.sh`); a test in another language
# can read it too: every setting is one line `export NAME=${NAME:-VALUE}`, so
# the value after ":-" is the default and the environment may override it.
# Every peer listens on UNIFORM_PEERS_HOST only. See scripts/peers/README.md.

export UNIFORM_PEERS_DIR=${UNIFORM_PEERS_DIR:-/tmp/uniform-peers}
export UNIFORM_PEERS_HOST=${UNIFORM_PEERS_HOST:-127.0.0.1}

# FTP: vsftpd (primary) and pyftpdlib (a second dialect)
export UNIFORM_FTP_PORT=${UNIFORM_FTP_PORT:-2121}
export UNIFORM_FTP_PASV_MIN=${UNIFORM_FTP_PASV_MIN:-30000}
export UNIFORM_FTP_PASV_MAX=${UNIFORM_FTP_PASV_MAX:-30099}
export UNIFORM_PYFTPD_PORT=${UNIFORM_PYFTPD_PORT:-2122}
export UNIFORM_PYFTPD_PASV_MIN=${UNIFORM_PYFTPD_PASV_MIN:-30100}
export UNIFORM_PYFTPD_PASV_MAX=${UNIFORM_PYFTPD_PASV_MAX:-30199}

# Gopher: gophernicus (RFC 1436) and pygopherd (Gopher+)
export UNIFORM_GOPHER_PORT=${UNIFORM_GOPHER_PORT:-7070}
export UNIFORM_GOPHERPLUS_PORT=${UNIFORM_GOPHERPLUS_PORT:-7071}

# NNTP (news: and nntp:): INN
export UNIFORM_NNTP_PORT=${UNIFORM_NNTP_PORT:-1119}

# SMTP (mailto:): aiosmtpd, delivering to a Maildir
export UNIFORM_SMTP_PORT=${UNIFORM_SMTP_PORT:-2525}

# telnet: real /bin/login, and a scripted session (fixed banner, echo)
export UNIFORM_TELNET_PORT=${UNIFORM_TELNET_PORT:-2323}
export UNIFORM_TELNET_SCRIPT_PORT=${UNIFORM_TELNET_SCRIPT_PORT:-2324}

# HTTP: nginx
export UNIFORM_HTTP_PORT=${UNIFORM_HTTP_PORT:-8080}
# nginx's TLS server (the same files), its certificate signed by a test CA
# made at start: \$UNIFORM_PEERS_DIR/http/tls/ca.pem (for --cacert).
export UNIFORM_HTTPS_PORT=${UNIFORM_HTTPS_PORT:-8443}
# An HTTP proxy (tinyproxy: absolute-form GET for http, CONNECT for https),
# and the same reached over TLS (stunnel in front of it, the certificate
# of nginx's test CA): an HTTPS proxy.
export UNIFORM_PROXY_PORT=${UNIFORM_PROXY_PORT:-8888}
export UNIFORM_HTTPS_PROXY_PORT=${UNIFORM_HTTPS_PROXY_PORT:-8889}

# HTTP echo (echo.py): answers any request with that request, as received
export UNIFORM_PEER_ECHO_PORT=${UNIFORM_PEER_ECHO_PORT:-8082}

# Z39.50 (wais:): yaz-ztest (synthetic records) and Zebra (real full text)
export UNIFORM_Z3950_PORT=${UNIFORM_Z3950_PORT:-2100}
export UNIFORM_ZEBRA_PORT=${UNIFORM_ZEBRA_PORT:-2101}

# SOCKS5 proxies (every protocol through them): microsocks without a login,
# and a second one that asks for UNIFORM_PEER_USER / UNIFORM_PEER_PASSWORD
export UNIFORM_SOCKS_PORT=${UNIFORM_SOCKS_PORT:-1080}
export UNIFORM_SOCKS_AUTH_PORT=${UNIFORM_SOCKS_AUTH_PORT:-1081}

# The local account used by FTP and telnet logins
export UNIFORM_PEER_USER=${UNIFORM_PEER_USER:-urltest}
export UNIFORM_PEER_PASSWORD=${UNIFORM_PEER_PASSWORD:-urltestpw}

# Paths that tests read, always under UNIFORM_PEERS_DIR (made by start.sh)
export UNIFORM_PEERS_FIXTURES=$UNIFORM_PEERS_DIR/fixtures
export UNIFORM_SMTP_MAILDIR=$UNIFORM_PEERS_DIR/smtp/maildir
