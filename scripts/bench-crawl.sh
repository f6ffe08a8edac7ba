#!/usr/bin/env bash
# Uniform's crawl against LinkChecker on one generated site served by the
# nginx peer: scripts/gen-crawl-site.py's front page, its sections and
# PAGES pages of 10 links (relative links between the pages, one in 40 to
# a page that does not exist, on every tenth page a link out of the site
# and an image), crawled from the front page.
#
#   scripts/bench-crawl.sh [PAGES]     # default 10000 pages
#
# First each tool once with its full report: the documents read and the
# broken URLs must be the same (the script stops otherwise). Then
# UNIFORM_BENCH_RUNS (5) runs of each, alternating, each under
# /usr/bin/time: wall time and peak resident set. Like for like: both
# crawl the same scope (the front page's folder), read every page once,
# check the links out of it without following them, obey robots.txt
# (there is none), 32 requests at once, no pause between a host's
# requests, no retries:
#
#   uniform links -R --max-concurrency 32 --max-per-host 32 --max-retries 0 START
#   linkchecker -f RC --no-status -o csv START
#
# where RC sets threads=32, checkextern=1 (links out of the site checked,
# as Uniform checks them) and maxrequestspersecond=10000. LinkChecker
# waits 0.1 s to 0.6 s between two requests to a host unless the host
# answers with a `LinkChecker` field, which the peer's nginx sends for
# /crawl-bench/ (scripts/peers/start.sh); then it waits 1 to 6 times
# 1/maxrequestspersecond, 0.1 ms to 0.6 ms here.
#
# Needs the nginx peer (scripts/peers/start.sh http), python3, and
# linkchecker (Debian's package; installed with apt-get when missing). The
# site is written where nginx serves it, $UNIFORM_PEERS_FIXTURES/anon/
# crawl-bench, and removed at the end, also on failure or interrupt.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/peers/env.sh
. scripts/bench-header.sh

PAGES=${1:-10000}
RUNS=${UNIFORM_BENCH_RUNS:-5}
TARGET=${CARGO_TARGET_DIR:-target}
H=$UNIFORM_PEERS_HOST
SITE=$UNIFORM_PEERS_FIXTURES/anon/crawl-bench
START=http://$H:$UNIFORM_HTTP_PORT/crawl-bench/index.html
WORK=$(mktemp -d)
cleanup() { rm -rf "$SITE" "$WORK"; }
trap cleanup EXIT INT TERM

cargo build --release -q -p uniform-cli
UNIFORM=$TARGET/release/uniform
if ! command -v linkchecker >/dev/null; then
  echo "installing linkchecker (apt-get install linkchecker)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q linkchecker >/dev/null
fi
curl -sf -o /dev/null "http://$H:$UNIFORM_HTTP_PORT/" ||
  { echo "nginx is not answering on $H:$UNIFORM_HTTP_PORT (scripts/peers/start.sh http)" >&2; exit 1; }

rm -rf "$SITE"
python3 scripts/gen-crawl-site.py "$SITE" "$PAGES" 2>"$WORK/site.txt"
curl -sfI "$START" | grep -qi '^LinkChecker:' ||
  { echo "nginx does not send the LinkChecker field for /crawl-bench/: restart it (scripts/peers/stop.sh http; scripts/peers/start.sh http)" >&2; exit 1; }
cat >"$WORK/linkcheckerrc" <<EOF
[checking]
threads=32
maxrequestspersecond=10000
[filtering]
checkextern=1
EOF

U_ARGS=(links -R --max-concurrency 32 --max-per-host 32 --max-retries 0)
L_ARGS=(-f "$WORK/linkcheckerrc" --no-status -o csv)

# Agreement: every link of every document, from each tool.
"$UNIFORM" "${U_ARGS[@]}" -v --format json "$START" >"$WORK/uniform.json" || true
(cd "$WORK" && linkchecker "${L_ARGS[@]}" --verbose "$START" >"$WORK/linkchecker.csv" 2>"$WORK/linkchecker.err") || true
python3 - "$WORK/uniform.json" "$WORK/linkchecker.csv" "$START" <<'EOF'
import csv, json, sys
start = sys.argv[3]
u = json.load(open(sys.argv[1]))["links"]
# The documents read: the start, and every URL Uniform read as a document.
u_docs = {start} | {l["url"].split("#")[0] for l in u if l["reason"] == "read"}
u_urls = {start} | {l["url"].split("#")[0] for l in u}
u_broken = {l["url"].split("#")[0] for l in u if l["status"] == "broken"}
rows = [r for r in csv.reader((line for line in open(sys.argv[2]) if not line.startswith("#")), delimiter=";")]
head, rows = rows[0], rows[1:]
col = {name: i for i, name in enumerate(head)}
# LinkChecker writes each URL once (its first parent), and parses every
# valid HTML page of the site: those are the documents it read.
site = start.rsplit("/", 1)[0] + "/"
l_docs = {r[col["url"]].split("#")[0] for r in rows
          if r[col["valid"]] == "True" and r[col["url"]].startswith(site) and r[col["url"]].endswith(".html")}
l_urls = {r[col["url"]].split("#")[0] for r in rows}
l_broken = {r[col["url"]].split("#")[0] for r in rows if r[col["valid"]] == "False"}
ok = True
for what, a, b in [("documents read", u_docs, l_docs), ("URLs linked", u_urls, l_urls),
                   ("broken URLs", u_broken, l_broken)]:
    same = a == b
    ok &= same
    print(f"  {what}: uniform {len(a)}, linkchecker {len(b)}, {'the same' if same else 'DIFFERENT'}")
    if not same:
        for x in sorted(a - b)[:5]:
            print(f"    only uniform: {x}")
        for x in sorted(b - a)[:5]:
            print(f"    only linkchecker: {x}")
sys.exit(0 if ok else 1)
EOF

bench_header "crawl" "linkchecker $(linkchecker --version 2>/dev/null | head -1 | awk '{print $2}'); nginx-light $(dpkg-query -W -f '${Version}' nginx-light 2>/dev/null || echo '?')"
echo "site: $(cat "$WORK/site.txt"), from $START"
for i in $(seq "$RUNS"); do
  /usr/bin/time -f "uniform %e %M" -a -o "$WORK/times" "$UNIFORM" "${U_ARGS[@]}" "$START" >/dev/null 2>&1 || true
  (cd "$WORK" && /usr/bin/time -f "linkchecker %e %M" -a -o "$WORK/times" linkchecker "${L_ARGS[@]}" "$START" >/dev/null 2>&1) || true
done
python3 - "$WORK/times" "$RUNS" <<'EOF'
import statistics, sys
runs = {"uniform": [], "linkchecker": []}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) == 3 and parts[0] in runs:
        runs[parts[0]].append((float(parts[1]), int(parts[2])))
u, l = runs["uniform"], runs["linkchecker"]
ratios = [lw / uw for (uw, _), (lw, _) in zip(u, l)]
def show(name, r):
    w = [x for x, _ in r]
    print(f"  {name}: wall {statistics.median(w):.2f} s median (range {min(w):.2f}-{max(w):.2f}), "
          f"peak RSS {max(m for _, m in r) / 1024:.1f} MiB, {len(r)} runs")
show("uniform", u)
show("linkchecker", l)
print(f"  linkchecker/uniform wall time, round by round: median {statistics.median(ratios):.1f}x "
      f"(range {min(ratios):.1f}-{max(ratios):.1f}); target at least 5x")
EOF
