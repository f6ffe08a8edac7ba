#!/usr/bin/env python3
"""The HTTP echo peer: answers every request with the request as received,
so that a test sees exactly what a client sent. Standard library only.

    echo.py [HOST [PORT]]

HOST and PORT default to $UNIFORM_PEERS_HOST (127.0.0.1) and
$UNIFORM_PEER_ECHO_PORT (8082). HTTP/1.1 with keep-alive; any method token.

The response is 200 (or NNN for the path /status/NNN, 200-599; a 3xx also
has "Location: /echo-target"), Content-Type text/plain, a Content-Length,
"X-Echo-Request-Count: N" (the Nth request on this TCP connection), and
the body:

    the request line, as received, then LF
    each header line, as received (its case, order and spacing), then LF
    LF
    the request body: Content-Length bytes, or the chunks decoded

HEAD gets the same headers and no body; 204 and 304 get no body (and no
Content-Length). A header block (request line to the empty line) over
64 KiB, a body over 16 MiB, a malformed request line or header line, an
obs-fold, or a Transfer-Encoding other than chunked gets 400 and the
connection closes. So does "Connection: close", after its answer. The Host
header is not checked: the server shows what came, it does not judge it.
"""
import os
import re
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_HEAD = 64 * 1024          # request line + header lines + the empty line
MAX_BODY = 16 * 1024 * 1024   # decoded body
MAX_CHUNK_LINE = 4096         # a chunk-size line, with its extensions

TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+\Z")
DIGITS = re.compile(r"[0-9]+\Z")
VERSION = re.compile(rb"HTTP/(\d)\.(\d)\Z")
STATUS_PATH = re.compile(r"/status/(\d{3})\Z")


class Refuse(Exception):
    """The request is refused: answer CODE with REASON, then close."""

    def __init__(self, code: int, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Gone(Exception):
    """The client went away (or timed out) in the middle of a request."""


def strip_eol(line: bytes) -> bytes:
    if line.endswith(b"\r\n"):
        return line[:-2]
    return line[:-1] if line.endswith(b"\n") else line


class EchoHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "UniformEcho/1"
    sys_version = ""
    timeout = 60                  # an idle keep-alive connection, in seconds
    disable_nagle_algorithm = True

    def setup(self) -> None:
        super().setup()
        self.served = 0           # requests on this connection

    # Every do_METHOD, for any method token: BaseHTTPRequestHandler's
    # convention, but no method is unknown.
    def __getattr__(self, name: str):
        if name.startswith("do_"):
            return self.echo
        raise AttributeError(name)

    # ------------------------------------------------------------ reading

    def read_line(self, budget: int, what: str) -> bytes:
        """One line of at most BUDGET bytes (with its end), else Refuse."""
        line = self.rfile.readline(budget + 1)
        if not line:
            raise Gone()
        if len(line) > budget or not line.endswith(b"\n"):
            if len(line) <= budget:   # EOF before the end of the line
                raise Gone()
            raise Refuse(400, f"{what} over {MAX_HEAD} bytes")
        return line

    def read_head(self) -> None:
        """The request line and header lines, raw, within MAX_HEAD."""
        left = MAX_HEAD
        line = self.rfile.readline(left + 1)
        if not line:
            raise Gone()          # the client closed between requests
        self.served += 1
        # A client may send empty lines before a request line (RFC 9112 2.2)
        while line in (b"\r\n", b"\n"):
            left -= len(line)
            line = self.read_line(left, "header block")
        if len(line) > left or not line.endswith(b"\n"):
            if len(line) <= left:
                raise Gone()
            raise Refuse(400, f"header block over {MAX_HEAD} bytes")
        left -= len(line)
        self.raw_requestline = line
        self.request_line = strip_eol(line)
        self.header_lines = []
        while True:
            line = self.read_line(left, "header block")
            left -= len(line)
            if line in (b"\r\n", b"\n"):
                break
            self.header_lines.append(strip_eol(line))

    def parse_head(self) -> None:
        self.requestline = self.request_line.decode("latin-1")
        words = self.request_line.split(b" ")
        if len(words) != 3 or not all(words):
            raise Refuse(400, "the request line is not METHOD SP TARGET SP VERSION")
        method, target, version = words
        if not TOKEN.match(method):
            raise Refuse(400, "the method is not a token")
        v = VERSION.match(version)
        if not v:
            raise Refuse(400, "bad HTTP version")
        if v.group(1) != b"1":
            raise Refuse(505, "only HTTP/1.x")
        self.command = method.decode("ascii")
        self.path = target.decode("latin-1")
        self.request_version = version.decode("ascii")
        self.fields = []          # (lower-case name, value) in order
        for line in self.header_lines:
            if line[:1] in (b" ", b"\t"):
                raise Refuse(400, "obs-fold (a header line starting with white space)")
            name, colon, value = line.partition(b":")
            if not colon or not TOKEN.match(name):
                raise Refuse(400, "a header line is not NAME: VALUE")
            self.fields.append((name.decode("ascii").lower(), value.strip(b" \t").decode("latin-1")))

    def field_values(self, name: str) -> list:
        return [v for n, v in self.fields if n == name]

    def field_tokens(self, name: str) -> list:
        return [t.strip().lower() for v in self.field_values(name) for t in v.split(",") if t.strip()]

    def read_body(self) -> bytes:
        te = self.field_tokens("transfer-encoding")
        if te:
            if te[-1] != "chunked" or te.count("chunked") != 1:
                raise Refuse(400, "a Transfer-Encoding other than chunked")
            if self.field_values("content-length"):
                self.close_connection = True   # RFC 9112 6.3: TE wins, then close
            self.continue_if_asked()
            return self.read_chunked()
        lengths = {v.strip() for v in self.field_values("content-length")}
        if not lengths:
            return b""
        if len(lengths) != 1 or not DIGITS.match(next(iter(lengths))):
            raise Refuse(400, "bad Content-Length")
        n = int(lengths.pop())
        if n > MAX_BODY:
            raise Refuse(400, f"body over {MAX_BODY} bytes")
        if n:
            self.continue_if_asked()
        body = self.rfile.read(n)
        if len(body) != n:
            raise Gone()
        return body

    def read_chunked(self) -> bytes:
        parts, total = [], 0
        while True:
            line = self.rfile.readline(MAX_CHUNK_LINE + 1)
            if not line.endswith(b"\n"):
                if len(line) > MAX_CHUNK_LINE:
                    raise Refuse(400, "chunk-size line too long")
                raise Gone()
            size = strip_eol(line).split(b";", 1)[0].strip(b" \t")
            if not size or not all(c in b"0123456789abcdefABCDEF" for c in size):
                raise Refuse(400, "bad chunk size")
            n = int(size, 16)
            if n == 0:
                break
            total += n
            if total > MAX_BODY:
                raise Refuse(400, f"body over {MAX_BODY} bytes")
            data = self.rfile.read(n)
            if len(data) != n:
                raise Gone()
            parts.append(data)
            crlf = self.rfile.readline(3)
            if strip_eol(crlf) != b"" or not crlf.endswith(b"\n"):
                if not crlf:
                    raise Gone()
                raise Refuse(400, "a chunk does not end with CR LF")
        # the trailer section: read and dropped, within MAX_HEAD
        left = MAX_HEAD
        while True:
            line = self.read_line(left, "trailer section")
            left -= len(line)
            if line in (b"\r\n", b"\n"):
                break
        return b"".join(parts)

    def continue_if_asked(self) -> None:
        if self.request_version == "HTTP/1.1" and "100-continue" in self.field_tokens("expect"):
            self.send_response_only(100)
            self.end_headers()

    # ----------------------------------------------------------- answering

    def handle_one_request(self) -> None:
        self.close_connection = True
        # what the base class's send_response and logging read
        self.requestline, self.request_version, self.command = "", "HTTP/1.1", ""
        try:
            self.read_head()
            self.parse_head()
            connection = self.field_tokens("connection")
            if self.request_version == "HTTP/1.0":
                self.close_connection = "keep-alive" not in connection
            else:
                self.close_connection = "close" in connection
            self.body = self.read_body()
            getattr(self, "do_" + self.command)()
        except Refuse as r:
            self.refuse(r.code, r.reason)
        except (Gone, TimeoutError, ConnectionError):
            self.close_connection = True
        try:
            self.wfile.flush()
        except OSError:
            self.close_connection = True

    def common_headers(self) -> None:
        self.send_header("X-Echo-Request-Count", str(self.served))
        if self.close_connection:
            self.send_header("Connection", "close")
        elif self.request_version == "HTTP/1.0":
            self.send_header("Connection", "keep-alive")

    def echo(self) -> None:
        text = b"".join(
            [self.request_line + b"\n"]
            + [h + b"\n" for h in self.header_lines]
            + [b"\n", self.body])
        code = 200
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith("/") and "://" in path:   # absolute-form
            path = "/" + path.split("://", 1)[1].partition("/")[2]
        m = STATUS_PATH.match(path)
        if m:
            code = int(m.group(1))
            if not 200 <= code <= 599:
                raise Refuse(400, "/status/NNN wants NNN in 200-599")
        self.send_response(code)
        self.send_header("Content-Type", "text/plain")
        if code in (204, 304):
            text = b""
        else:
            self.send_header("Content-Length", str(len(text)))
        if 300 <= code <= 399:
            self.send_header("Location", "/echo-target")
        self.common_headers()
        self.end_headers()
        if self.command != "HEAD" and text:
            self.wfile.write(text)

    def refuse(self, code: int, reason: str) -> None:
        self.close_connection = True
        body = f"{code} {reason}\n".encode()
        try:
            self.send_response(code)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.common_headers()
            self.end_headers()
            self.wfile.write(body)
            self.wfile.flush()
            # Read what the client still sends (for at most 2 s) before the
            # close: closing with unread input sends a RST, and the client
            # could lose this answer.
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(0.5)
            deadline = time.monotonic() + 2
            while time.monotonic() < deadline and self.connection.recv(65536):
                pass
        except OSError:
            pass

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args) -> None:
        sys.stderr.write("%s [%s] #%d %s\n" % (
            self.address_string(), self.log_date_time_string(), getattr(self, "served", 0), format % args))


class EchoServer(ThreadingHTTPServer):
    request_queue_size = 64
    daemon_threads = True


def main() -> None:
    host = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("UNIFORM_PEERS_HOST", "127.0.0.1")
    port = int(sys.argv[2] if len(sys.argv) > 2 else os.environ.get("UNIFORM_PEER_ECHO_PORT", "8082"))
    server = EchoServer((host, port), EchoHandler)
    sys.stderr.write(f"echo: listening on {host}:{port}\n")
    sys.stderr.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()
