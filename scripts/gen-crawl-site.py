#!/usr/bin/env python3
"""A generated site to crawl, for scripts/bench-crawl.sh: a front page
naming SECTIONS section pages, each naming its pages; PAGES pages in all,
each with LINKS links: relative links to other pages of the site (so that
a crawl meets most pages many times), one link in 40 to a page that does
not exist, and on every tenth page one link out of the site (the server's
/pub/hello.txt, outside the crawl's scope: checked, not followed) and an
image that is there. Deterministic (a fixed seed).

    gen-crawl-site.py DIR [PAGES [LINKS]]

DIR/index.html, DIR/sNN/index.html, DIR/sNN/pNNNNN.html (100 pages a
section). Prints the counts on stderr: documents, distinct broken URLs.
"""
import os
import random
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    pages = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    links = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    rng = random.Random(1630)
    per = 100
    sections = (pages + per - 1) // per

    def page(i):
        return f"s{i // per:03d}/p{i:05d}.html"

    def write(name, title, hrefs):
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        items = "\n".join(f'<li><a href="{h}">{h}</a></li>' for h in hrefs)
        with open(path, "w") as f:
            f.write(
                f"<!doctype html>\n<html><head><title>{title}</title></head>"
                f"<body>\n<ul>\n{items}\n</ul>\n</body></html>\n"
            )

    write("index.html", "front", [f"s{s:03d}/index.html" for s in range(sections)])
    for s in range(sections):
        first, last = s * per, min(pages, (s + 1) * per)
        write(f"s{s:03d}/index.html", f"section {s}",
              ["../index.html"] + [f"p{i:05d}.html" for i in range(first, last)])
    broken = set()
    os.makedirs(os.path.join(root, "img"), exist_ok=True)
    with open(os.path.join(root, "img", "logo.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
    for i in range(pages):
        hrefs = []
        for _ in range(links):
            target = page(rng.randrange(pages))
            if rng.randrange(40) == 0:
                target = target.replace("/p", "/gone")
                broken.add(target)
            hrefs.append("../" + target)
        if i % 10 == 0:
            hrefs.append("/pub/hello.txt")
            hrefs.append("../img/logo.png")
        write(page(i), f"page {i}", hrefs)
    print(f"{1 + sections + pages} documents, {len(broken)} distinct broken URLs",
          file=sys.stderr)


if __name__ == "__main__":
    main()
