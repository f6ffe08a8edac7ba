#!/usr/bin/env python3
"""Compares the JSON reports of `uniform links --json -v` and `lychee
--format json` over the same inputs: the links found (counts) and the
broken ones (document, URL, line, column) must be the same. Prints one
line a finding; exits 1 when they differ.

    compare-links.py UNIFORM.json LYCHEE.json
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    u = json.load(open(sys.argv[1]))
    l = json.load(open(sys.argv[2]))
    ok = True
    u_total = u["summary"]["links"]
    print(f"links found: uniform {u_total}, lychee {l['total']}")
    ok &= u_total == l["total"]
    u_broken = {
        (x["document"], x["url"], x["line"], x["column"])
        for x in u["links"]
        if x["status"] in ("broken", "refused")
    }
    l_broken = {
        (doc, e["url"], e["span"]["line"], e["span"]["column"])
        for doc, errors in l.get("error_map", {}).items()
        for e in errors
    }
    print(f"broken: uniform {len(u_broken)}, lychee {len(l_broken)}, both {len(u_broken & l_broken)}")
    for x in sorted(u_broken - l_broken)[:5]:
        print(f"  only uniform: {x}")
    for x in sorted(l_broken - u_broken)[:5]:
        print(f"  only lychee: {x}")
    ok &= u_broken == l_broken
    u_fine = sum(1 for x in u["links"] if x["status"] == "ok")
    print(f"fine: uniform {u_fine}, lychee {l['successful']}")
    ok &= u_fine == l["successful"]
    print("same links, same verdicts" if ok else "DIFFERENT")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
