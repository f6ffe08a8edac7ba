#!/usr/bin/env python3
"""Builds the fixture tree that the FTP and HTTP peers serve as it is, and
the gopher peers copy from, under OUT (normally $UNIFORM_PEERS_DIR/fixtures),
from the committed files in testdata/peers and a few generated ones.
Deterministic: the same bytes on every machine.

    gen-fixtures.py TESTDATA OUT [LARGE_MIB]

OUT/anon/           the anonymous FTP root and the HTTP document root
  pub/              testdata/peers/pub, plus
    binary.bin      262144 bytes: 0x00..0xff, then CR/LF/dot patterns, then
                    SHA-256 counter-mode bytes (see binary_bin below)
    many/           150 small files entry-000.txt .. entry-149.txt
  large/large.bin   LARGE_MIB MiB (default 32) of deterministic bytes
OUT/user/           the FTP root of the test account (HTTP: /private/)
  pub/              the same files as anon/pub (hard links)
  private.txt       testdata/peers/user/private.txt
OUT/SHA256SUMS      sha256sum-style sums of every file above

Every file and directory gets the mtime 1994-12-20 00:00:00 UTC, so that
listings are the same bytes on every run. Does nothing when OUT/.stamp says
it was built from the same inputs.
"""
import hashlib
import os
import shutil
import sys

BINARY_SIZE = 256 * 1024
FIXED_MTIME = 787881600  # 1994-12-20 00:00:00 UTC
MANY = 150


def binary_bin() -> bytes:
    """Every byte value, then line-end and dot patterns, then pseudo-random."""
    head = bytes(range(256))
    head += b"\r\n.\r\n..\r\nCR\rLF\nCRLF\r\nLFCR\n\r\r\r\n\n\x00\xff\x00\r\n"
    out = bytearray(head)
    counter = 0
    while len(out) < BINARY_SIZE:
        out += hashlib.sha256(b"uniform-binary-%d" % counter).digest()
        counter += 1
    return bytes(out[:BINARY_SIZE])


def large_bin(mib: int):
    """1 MiB of SHA-256 counter-mode bytes, then each further MiB is that
    block with every byte rotated by the MiB's index (mod 256)."""
    block = bytearray()
    counter = 0
    while len(block) < 1 << 20:
        block += hashlib.sha256(b"uniform-large-%d" % counter).digest()
        counter += 1
    block = bytes(block)
    for i in range(mib):
        table = bytes((b + i) % 256 for b in range(256))
        yield block.translate(table)


def stamp_of(testdata: str, large_mib: int) -> str:
    h = hashlib.sha256()
    with open(__file__, "rb") as f:
        h.update(f.read())
    h.update(b"large=%d\n" % large_mib)
    for sub in ("pub", "user"):
        for root, dirs, files in sorted(os.walk(os.path.join(testdata, sub))):
            dirs.sort()
            for name in sorted(files):
                p = os.path.join(root, name)
                h.update(os.path.relpath(p, testdata).encode() + b"\0")
                with open(p, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()


def main() -> None:
    testdata, out = sys.argv[1], sys.argv[2]
    large_mib = int(sys.argv[3]) if len(sys.argv) > 3 else 32
    stamp = stamp_of(testdata, large_mib)
    try:
        with open(os.path.join(out, ".stamp")) as f:
            if f.read().strip() == stamp:
                return
    except OSError:
        pass

    tmp = out + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    pub = os.path.join(tmp, "anon", "pub")
    shutil.copytree(os.path.join(testdata, "pub"), pub)
    with open(os.path.join(pub, "binary.bin"), "wb") as f:
        f.write(binary_bin())
    many = os.path.join(pub, "many")
    os.mkdir(many)
    for i in range(MANY):
        with open(os.path.join(many, "entry-%03d.txt" % i), "w") as f:
            f.write("entry %03d of %d\n" % (i, MANY))
    os.makedirs(os.path.join(tmp, "anon", "large"))
    with open(os.path.join(tmp, "anon", "large", "large.bin"), "wb") as f:
        for chunk in large_bin(large_mib):
            f.write(chunk)
    shutil.copytree(os.path.join(testdata, "user"), os.path.join(tmp, "user"))
    shutil.copytree(pub, os.path.join(tmp, "user", "pub"), copy_function=os.link)

    # Readable by the unprivileged server processes (nobody), never executable.
    sums = []
    for root, dirs, files in sorted(os.walk(tmp)):
        dirs.sort()
        os.chmod(root, 0o755)
        for name in sorted(files):
            p = os.path.join(root, name)
            os.chmod(p, 0o644)
            h = hashlib.sha256()
            with open(p, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
            sums.append("%s  %s\n" % (h.hexdigest(), os.path.relpath(p, tmp)))
    with open(os.path.join(tmp, "SHA256SUMS"), "w") as f:
        f.writelines(sorted(sums, key=lambda s: s[66:]))
    with open(os.path.join(tmp, ".stamp"), "w") as f:
        f.write(stamp + "\n")
    # One fixed time on everything, so that listings are the same bytes on
    # every run: the date of RFC 1738, 1994-12-20 00:00:00 UTC.
    for root, dirs, files in os.walk(tmp, topdown=False):
        for name in files:
            os.utime(os.path.join(root, name), (FIXED_MTIME, FIXED_MTIME))
        os.utime(root, (FIXED_MTIME, FIXED_MTIME))
    shutil.rmtree(out, ignore_errors=True)
    os.rename(tmp, out)


if __name__ == "__main__":
    main()
