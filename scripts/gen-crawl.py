#!/usr/bin/env python3
"""Writes N URLs (10,000,000 by default) to a Parquet file, one column
`url`: the corpus of ../shared/corpus repeated with variations, so that
the hosts, paths and queries are the corpus's own but no two passes are
alike: a page number in the path, a query parameter, a subdomain on one
URL in eight, an explicit port on one in sixteen, an upper-case host on
one in thirty-two. Deterministic (no randomness): the same N gives the
same file.

usage: gen-crawl.py OUT.parquet [N] [CORPUS_DIR]
"""
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq

FILES = ["kasztp.txt", "userbait.txt", "localdocs_links.txt", "legacy_schemes.txt", "node_files.txt"]


def corpus(directory):
    urls = []
    for name in FILES:
        path = os.path.join(directory, name)
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            for line in f:
                line = line.strip("\ufeff\r\n")
                if line:
                    urls.append(line)
    return urls


def vary(url, k):
    """The k-th pass's variation of url."""
    if k == 0:
        return url
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url  # mailto:, news: ... as they are
    host, slash, tail = rest.partition("/")
    if k % 8 == 1 and host and "@" not in host and "[" not in host:
        host = f"s{k % 5}.{host}"
    if k % 16 == 3 and host and ":" not in host:
        host = f"{host}:{8000 + k % 3}"
    if k % 32 == 5:
        host = host.upper()
    tail = f"{tail}/p{k}" if "?" not in tail and "#" not in tail else tail
    if "?" not in tail and "#" not in tail and k % 3 == 0:
        tail = f"{tail}?page={k}"
    return f"{scheme}://{host}{slash or '/'}{tail}"


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    directory = sys.argv[3] if len(sys.argv) > 3 else os.environ.get(
        "UNIFORM_CORPUS", os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus"))
    base = corpus(directory)
    schema = pa.schema([("url", pa.string())])
    group = 1 << 20  # rows a row group, about a million, as crawl exports have
    with pq.ParquetWriter(out, schema, compression="snappy") as writer:
        done, k, pending = 0, 0, []
        while done < n:
            chunk = [vary(u, k) for u in base[: n - done]]
            pending.extend(u.encode("utf-8", "surrogateescape").decode("utf-8", "replace") for u in chunk)
            done += len(chunk)
            k += 1
            while len(pending) >= group or (done >= n and pending):
                part, pending = pending[:group], pending[group:]
                writer.write_table(pa.table({"url": pa.array(part, pa.string())}, schema=schema),
                                   row_group_size=group)
    print(f"{out}: {n} URLs from {len(base)} of the corpus, {k} passes")


if __name__ == "__main__":
    main()
