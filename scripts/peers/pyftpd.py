#!/usr/bin/env python3
"""The second FTP peer: pyftpdlib with anonymous AND one user, read-only.
(`python -m pyftpdlib` offers one or the other, not both.)

    pyftpd.py HOST PORT ANON_ROOT USER PASSWORD USER_ROOT PASV_MIN-PASV_MAX
"""
import logging
import sys

from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.servers import FTPServer


def main() -> None:
    host, port, anon_root, user, password, user_root, pasv = sys.argv[1:8]
    lo, hi = (int(x) for x in pasv.split("-"))
    auth = DummyAuthorizer()
    auth.add_anonymous(anon_root)  # perm "elr": list and read only
    auth.add_user(user, password, user_root, perm="elr")

    class Handler(FTPHandler):
        authorizer = auth
        banner = "Uniform test FTP (pyftpdlib)"
        passive_ports = range(lo, hi + 1)
        permit_foreign_addresses = False
        permit_privileged_ports = False

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(message)s")
    server = FTPServer((host, int(port)), Handler)
    server.max_cons = 64
    server.serve_forever(handle_exit=True)


if __name__ == "__main__":
    main()
