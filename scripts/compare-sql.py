#!/usr/bin/env python3
"""The host group-by of scripts/bench-sql.sh, on Uniform (embedded and on
the cluster), chDB and DuckDB, in interleaved rounds; then whether their
groups agree over the URLs Uniform finds valid.

usage: compare-sql.py UNIFORM PARQUET ROUNDS [CLUSTER_URL]

Each engine runs in a process of its own, measured from outside (wall
time and peak RSS, by wait4); chDB and DuckDB also report the time of the
query alone (their Python import and start aside), and the ratios are
taken against that, the figure least favourable to Uniform.
"""
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

# The query each engine answers: hosts and their counts.
UNIFORM_QUERY = ("SELECT url_host(url) AS host, count(*) AS n FROM urls "
                 "WHERE url_valid(url) GROUP BY host")
# The same groups from one parse a URL: a strict url_host is NULL for an
# invalid URL (and the NULL group is left out of the comparisons). No
# HAVING host IS NOT NULL: DataFusion would push that filter below the
# aggregate and call the function twice.
UNIFORM_ONE_PASS = ("SELECT url_host(url, 'rfc1738', true) AS host, count(*) AS n FROM urls "
                    "GROUP BY host")
# Like for like with chDB's domain(), which validates nothing: the host
# by a lenient parse, every URL.
UNIFORM_LENIENT = "SELECT url_host(url) AS host, count(*) AS n FROM urls GROUP BY host"
# What validation alone costs on DataFusion: the scan and a strict parse
# a URL, no group-by; and the scan alone (a filter every row passes).
VALID_COUNT = "SELECT count(*) AS n FROM urls WHERE url_valid(url)"
SCAN_ONLY = "SELECT count(*) AS n FROM urls WHERE length(url) > 0"
# The floors: the same scan and group-by with no URL function at all (the
# first 20 bytes as the key), on DataFusion (through uniform sql) and on
# chDB: what each engine costs before any URL is read.
FLOOR_QUERY = "SELECT substr(url, 1, 20) AS host, count(*) AS n FROM urls GROUP BY host"
CHDB_FLOOR = "SELECT substring(url, 1, 20) AS host, count() AS n FROM file('{file}', Parquet) GROUP BY host"
CHDB_QUERY = "SELECT domain(url) AS host, count() AS n FROM file('{file}', Parquet) GROUP BY host"
# The authority's host: after the scheme's "//", past any user info, up to
# the port, path, query or fragment.
DUCK_REGEX = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)"
DUCK_QUERY = ("SELECT regexp_extract(url, '" + DUCK_REGEX + "', 1) AS host, count(*) AS n "
              "FROM read_parquet('{file}') GROUP BY host")

CHDB = r"""
import sys, time, chdb
file, out, query = sys.argv[1], sys.argv[2], sys.argv[3]
start = time.perf_counter()
result = chdb.query(query.format(file=file), "CSVWithNames")
took = time.perf_counter() - start
open(out, "wb").write(result.bytes())
print(took, file=sys.stderr)
"""

DUCK = r"""
import sys, time, duckdb
file, out, query = sys.argv[1], sys.argv[2], sys.argv[3]
con = duckdb.connect()
start = time.perf_counter()
con.execute("COPY (" + query.format(file=file) + ") TO '" + out + "' (HEADER, DELIMITER ',')")
took = time.perf_counter() - start
print(took, file=sys.stderr)
"""


def measured(argv):
    """(wall seconds, peak RSS MiB, stderr) of one run of argv."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[:3]} failed:\n{text}")
    return wall, usage.ru_maxrss / 1024, text


def groups(path):
    """host -> count; NULL and the empty host (both written as nothing in
    CSV) are no host group and are left out."""
    with open(path, newline="") as f:
        rows = csv.reader(f)
        next(rows)
        return {host: int(n) for host, n in rows if host != ""}


def main():
    uniform, parquet, rounds = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
    cluster = sys.argv[4] if len(sys.argv) > 4 else None
    rows = int(subprocess.run([uniform, "sql", "SELECT count(*) FROM urls", "-t", f"urls={parquet}",
                               "--format", "csv"], check=True, capture_output=True,
                              text=True).stdout.split()[1])
    work = tempfile.mkdtemp(prefix="uniform-bench-sql-")
    out = {name: os.path.join(work, name + ".csv")
           for name in ["uniform", "uniform_one_pass", "cluster", "chdb", "duckdb"]}

    def ours(name, query):
        """uniform sql over the table, to the engine's own CSV file."""
        return [uniform, "sql", query, "-t", f"urls={parquet}", "--format", "csv",
                "-o", os.path.join(work, name + ".csv")]

    engines = {
        "uniform": ours("uniform", UNIFORM_QUERY),
        "uniform_one_pass": ours("uniform_one_pass", UNIFORM_ONE_PASS),
        "uniform_lenient": ours("uniform_lenient", UNIFORM_LENIENT),
        "uniform_valid_count": ours("uniform_valid_count", VALID_COUNT),
        "datafusion_scan": ours("datafusion_scan", SCAN_ONLY),
        "chdb": [sys.executable, "-c", CHDB, parquet, out["chdb"], CHDB_QUERY],
        "datafusion_floor": ours("datafusion_floor", FLOOR_QUERY),
        "chdb_floor": [sys.executable, "-c", CHDB, parquet, os.path.join(work, "chdb_floor.csv"),
                       CHDB_FLOOR],
        "duckdb": [sys.executable, "-c", DUCK, parquet, out["duckdb"], DUCK_QUERY],
    }
    if cluster:
        engines["cluster"] = engines["uniform"][:-1] + [out["cluster"], "--cluster", cluster]
    runs = {name: [] for name in engines}
    for r in range(rounds):
        # Interleaved, and each round in another order, so that no engine
        # always runs on a warm or a cold page cache.
        order = list(engines)
        order = order[r % len(order):] + order[:r % len(order)]
        for name in order:
            wall, rss, err = measured(engines[name])
            python = name.startswith(("chdb", "duckdb"))
            inner = float(err.strip().splitlines()[-1]) if python else wall
            runs[name].append((wall, rss, inner))
            print(f"round {r + 1} {name}: {wall:.2f} s wall, {inner:.2f} s query, {rss:.0f} MiB",
                  file=sys.stderr)

    def median(xs):
        xs = sorted(xs)
        return xs[len(xs) // 2]

    report = {"rows": rows, "rounds": rounds, "engines": {}}
    for name, rs in runs.items():
        query = median([x[2] for x in rs])
        report["engines"][name] = {
            "wall_s": round(median([x[0] for x in rs]), 3),
            "query_s": round(query, 3),
            "rows_per_s": round(rows / query),
            "peak_rss_mib": round(max(x[1] for x in rs)),
        }
        if name in out:
            report["engines"][name]["groups"] = len(groups(out[name]))
    # Ratios: a peer's time over Uniform's (above 1: Uniform is faster).
    for ours_name in ("uniform", "uniform_one_pass", "uniform_lenient", "cluster"):
        if ours_name not in report["engines"]:
            continue
        u = report["engines"][ours_name]["query_s"]
        for peer in ("chdb", "duckdb"):
            report[f"{peer}_over_{ours_name}"] = round(report["engines"][peer]["query_s"] / u, 2)

    # Agreement over the valid URLs: Uniform marks each URL, then each
    # peer groups the valid ones by its own host function.
    marked = os.path.join(work, "marked.parquet")
    subprocess.run([uniform, "sql", "SELECT url, url_valid(url) AS valid, "
                    "lower(url_scheme(url)) AS scheme FROM urls", "-t",
                    f"urls={parquet}", "--format", "parquet", "-o", marked], check=True)
    ours = groups(out["uniform"])
    if cluster:
        # The client's RSS is what wait4 saw; the scheduler's and the
        # executors' peaks (VmHWM, over every round) are their own.
        port = cluster.rsplit(":", 1)[1]
        state = os.environ.get("UNIFORM_CLUSTER_DIR", f"/tmp/uniform-cluster-{port}")
        peaks = {}
        with open(os.path.join(state, "pids")) as f:
            for line in f:
                name, pid = line.split()
                with open(f"/proc/{pid}/status") as st:
                    hwm = next(l for l in st if l.startswith("VmHWM:"))
                peaks[name] = round(int(hwm.split()[1]) / 1024)
        report["engines"]["cluster"]["servers_peak_rss_mib"] = peaks
    one_pass = groups(out["uniform_one_pass"])
    report["one_pass_groups_equal"] = one_pass == ours
    if cluster:
        report["cluster_groups_equal"] = groups(out["cluster"]) == groups(out["uniform"])
    # chDB's domain() finds no host in file:// URLs (a third of the
    # corpus: file://deps/...), whose host RFC 1738 reads: the agreement
    # is also given without them.
    no_file = os.path.join(work, "uniform_no_file.csv")
    subprocess.run([uniform, "sql", "SELECT url_host(url) AS host, count(*) AS n FROM m "
                    "WHERE valid AND scheme <> 'file' GROUP BY host", "-t", f"m={marked}",
                    "--format", "csv", "-o", no_file], check=True)
    ours_no_file = groups(no_file)
    for peer, script, query, where in (
            ("chdb", CHDB, CHDB_QUERY, "WHERE valid"),
            ("duckdb", DUCK, DUCK_QUERY, "WHERE valid"),
            ("chdb_without_file_urls", CHDB, CHDB_QUERY, "WHERE valid AND scheme <> 'file'"),
            ("duckdb_without_file_urls", DUCK, DUCK_QUERY, "WHERE valid AND scheme <> 'file'")):
        measured([sys.executable, "-c", script, marked, out[peer.split("_")[0]],
                  query.replace("GROUP BY", where + " GROUP BY")])
        theirs = groups(out[peer.split("_")[0]])
        ours = ours_no_file if "without" in peer else groups(out["uniform"])
        same = sum(n for h, n in ours.items() if theirs.get(h) == n)
        differ = sorted((h for h in set(ours) | set(theirs) if ours.get(h) != theirs.get(h)),
                        key=lambda h: -max(ours.get(h, 0), theirs.get(h, 0)))
        report[f"agreement_{peer}"] = {
            "valid_urls_with_a_host": sum(ours.values()),
            "in_groups_that_agree": same,
            "share": round(same / max(1, sum(ours.values())), 4),
            "groups_that_differ": len(differ),
            "examples": [(h, ours.get(h), theirs.get(h)) for h in differ[:5]],
        }
    print(json.dumps(report, indent=1))
    # The figures stand only on the same answers: Uniform's two forms of
    # the query and the cluster give the same groups, and DuckDB's regex
    # the same hosts for every valid URL (it does on the whole corpus).
    wrong = [k for k in ("one_pass_groups_equal", "cluster_groups_equal") if report.get(k) is False]
    if report["agreement_duckdb"]["share"] < 1.0:
        wrong.append("agreement_duckdb")
    if wrong:
        sys.exit(f"compare-sql: the engines disagree: {', '.join(wrong)}")


if __name__ == "__main__":
    main()
