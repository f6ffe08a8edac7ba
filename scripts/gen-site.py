#!/usr/bin/env python3
"""A generated site for scripts/bench-links.sh: PAGES HTML pages, LINKS
links each, half of them relative links between the pages (the local
files), half absolute http links to the same pages served by nginx; one
link in 50 of each kind names a page that does not exist. Deterministic
(a fixed seed), so every run checks the same links.

    gen-site.py DIR HTTP_BASE [PAGES [LINKS]]

DIR/dNN/pageNNNNN.html, 100 pages a folder; HTTP_BASE is the URL DIR is
served at (http://127.0.0.1:8080/site). Prints the counts on stderr.
"""
import os
import random
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    root, base = sys.argv[1], sys.argv[2].rstrip("/")
    pages = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    links = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    rng = random.Random(1738)

    def name(i):
        return f"d{i // 100:02d}/page{i:05d}.html"

    total = broken = 0
    for i in range(pages):
        path = os.path.join(root, name(i))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        body = []
        for k in range(links):
            j = rng.randrange(pages)
            target = name(j)
            bad = rng.randrange(50) == 0
            if bad:
                target = target.replace("page", "gone")
                broken += 1
            if k % 2 == 0:
                href = "../" + target
            else:
                href = f"{base}/{target}"
            body.append(f'<li><a href="{href}">link {k}</a></li>')
            total += 1
        with open(path, "w") as f:
            f.write(
                "<!doctype html>\n<html><head><title>page %d</title></head><body>\n<ul>\n%s\n</ul>\n</body></html>\n"
                % (i, "\n".join(body))
            )
    print(f"{pages} pages, {total} links, {broken} to missing pages", file=sys.stderr)


if __name__ == "__main__":
    main()
