#!/usr/bin/env python3
"""Whether each peer named answers on its port as that peer, and not as
some other program that happens to hold the port: what a listening port
alone cannot tell. Standard library only.

    identify.py HOST NAME=PORT...

For each peer that does not answer as itself, one line on standard output:
"NAME<TAB>PORT<TAB>what answered" (the first octets, escaped). Exit 0 when
every peer named is itself, 1 otherwise, 2 on a usage error.

Each probe asks what start.sh configured and check.sh relies on: the FTP
banners start.sh and pyftpd.py set, the root menu of the gopher fixtures,
INN's greeting, aiosmtpd's, telnetd's first negotiation, nginx's Server
field, the echo peer's own field, the Z39.50 implementation name in an
InitResponse, the SOCKS5 method each proxy picks, tinyproxy's Server field
(through TLS for stunnel-proxy). Each has 3 s: a peer answers in
milliseconds, a program that is not it may say nothing at all.
"""
import socket
import ssl
import sys

WAIT = 3.0
MOST = 64 * 1024

# A Z39.50 InitRequest ([20]): protocol versions 1-3, options search,
# present and more, preferred and largest message sizes of 1 MiB.
_INIT_BODY = bytes(
    [0x83, 0x02, 0x05, 0xE0]
    + [0x84, 0x03, 0x05, 0xE0, 0x00]
    + [0x85, 0x03, 0x10, 0x00, 0x00]
    + [0x86, 0x03, 0x10, 0x00, 0x00]
)
Z3950_INIT = bytes([0xB4, len(_INIT_BODY)]) + _INIT_BODY

# A request tinyproxy refuses (a request for itself) with its Server field.
PROXY_ASK = b"GET / HTTP/1.0\r\n\r\n"


def exchange(host, port, send, done, tls=False):
    """Connects, sends `send`, and reads until `done(octets)`, the close,
    MOST octets or WAIT seconds: what came."""
    got = b""
    with socket.create_connection((host, port), timeout=WAIT) as raw:
        s = raw
        if tls:
            # Identity, not trust: the certificate is the test CA's.
            ctx = ssl.create_default_context()
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
            s = ctx.wrap_socket(raw)
        s.settimeout(WAIT)
        if send:
            s.sendall(send)
        try:
            while len(got) < MOST and not done(got):
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
        except (socket.timeout, OSError):
            pass
    return got


def line(got):
    return b"\r\n" in got


def head(got):
    return b"\r\n\r\n" in got


def at_least(n):
    return lambda got: len(got) >= n


def menu_item(port, plus):
    item = b"0Hello, a text file\t/hello.txt\t"
    return lambda host, got: item + host.encode() + b"\t" + str(port).encode() + (
        b"\t+" if plus else b"\r\n"
    ) in got


# name: (what to send, when the answer is whole, whether it is the peer,
# through TLS)
def probes(port):
    return {
        "vsftpd": (b"", line, lambda h, g: g.startswith(b"220 Uniform test FTP (vsftpd)"), False),
        "pyftpdlib": (b"", line, lambda h, g: g.startswith(b"220 Uniform test FTP (pyftpdlib)"), False),
        "gophernicus": (b"\r\n", lambda g: False, menu_item(port, False), False),
        "pygopherd": (b"\r\n", lambda g: False, menu_item(port, True), False),
        "innd": (b"", line, lambda h, g: g[:3] in (b"200", b"201") and b"InterNetNews" in g, False),
        "aiosmtpd": (b"", line, lambda h, g: g.startswith(b"220 ") and b"Python SMTP" in g, False),
        # telnetd opens with its negotiation: IAC first.
        "telnetd": (b"", at_least(1), lambda h, g: g[:1] == b"\xff", False),
        "telnetd-script": (b"", at_least(1), lambda h, g: g[:1] == b"\xff", False),
        "nginx": (b"HEAD / HTTP/1.0\r\n\r\n", head, lambda h, g: b"\r\nServer: nginx" in g, False),
        "echo": (b"HEAD / HTTP/1.0\r\n\r\n", head, lambda h, g: b"\r\nServer: UniformEcho/" in g, False),
        "yaz-ztest": (Z3950_INIT, at_least(40), lambda h, g: g[:1] == b"\xb5" and b"GFS/YAZ" in g and b"Zebra" not in g, False),
        "zebra": (Z3950_INIT, at_least(60), lambda h, g: g[:1] == b"\xb5" and b"Zebra Information Server" in g, False),
        # Offered no login and a login: the plain proxy picks none (0),
        # the other the login (2).
        "microsocks": (b"\x05\x02\x00\x02", at_least(2), lambda h, g: g[:2] == b"\x05\x00", False),
        "microsocks-auth": (b"\x05\x02\x00\x02", at_least(2), lambda h, g: g[:2] == b"\x05\x02", False),
        "tinyproxy": (PROXY_ASK, head, lambda h, g: b"\r\nServer: tinyproxy" in g, False),
        "stunnel-proxy": (PROXY_ASK, head, lambda h, g: b"\r\nServer: tinyproxy" in g, True),
    }


def shown(got):
    if not got:
        return "nothing (the connection closed or stayed silent)"
    text = got[:120].decode("latin-1").encode("unicode_escape").decode("ascii")
    return '"' + text + ('" ...' if len(got) > 120 else '"')


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    host = argv[0]
    strangers = 0
    for arg in argv[1:]:
        name, _, port = arg.partition("=")
        table = probes(int(port))
        if name not in table or not port.isdigit():
            print(f"identify.py: unknown peer or port: {arg}", file=sys.stderr)
            return 2
        send, done, is_it, tls = table[name]
        try:
            got = exchange(host, int(port), send, done, tls)
            answer = shown(got)
            ok = is_it(host, got)
        except (OSError, ssl.SSLError) as e:
            answer = f"no {'TLS ' if tls else ''}conversation ({e})"
            ok = False
        if not ok:
            strangers += 1
            print(f"{name}\t{port}\t{answer}")
    return 1 if strangers else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
