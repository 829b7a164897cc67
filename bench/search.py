#!/usr/bin/env python3
"""Search in headless Chromium on a generated site: index size, what the
first query loads, and how long a query takes from a key press to the
results drawn (the dialog's `data-query-ms`, measured by search.js with
performance.now()), from file://.

    python3 bench/search.py SPECSITE [--count 1000] [--runs 3]

Builds the generated set of `count` documents, then for each query opens a
page in a fresh browser context (so the first query of each run loads the
index from disk), types the query and reads the time; then types it again
(a warm query). Prints the median of the runs. Needs Debian's `chromium`
(`make test-deps` installs it). Python standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DRIVER = HERE.parent / "Tests" / "browser" / "cdp.py"
QUERIES = ["chunk 7", "authentication", "sync conflict", "color primary", "migrat", "dashbord", "api error"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("specsite")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("search.py: chromium is not installed (make test-deps)", file=sys.stderr)
        return 1
    content = HERE / "out" / str(args.count) / "content"
    if not (content / "PRD.md").exists():
        subprocess.run([sys.executable, str(HERE / "generate.py"), str(content), "--count", str(args.count),
                        "--seed", "42", "--clean"], check=True)
    site = Path(tempfile.mkdtemp(prefix="specsite-search-")) / "site"
    try:
        built = subprocess.run([args.specsite, "build", str(content), "-o", str(site), "--no-cache"],
                               capture_output=True, text=True)
        if built.returncode != 0:
            print(built.stdout + built.stderr, file=sys.stderr)
            return 1
        print((built.stdout + built.stderr).strip().splitlines()[-1])
        search = site / "assets" / "search"
        shards = sorted((search / "t").glob("*.js"), key=lambda p: p.stat().st_size)
        pages = [p.stat().st_size for p in (search / "p").glob("*.js")]
        meta = (search / "index.js").stat().st_size
        index = meta + sum(p.stat().st_size for p in shards)
        print(f"index: {index / 1e6:.2f} MB ({meta / 1e3:.1f} kB list of shards + {len(shards)} shards, "
              f"largest {shards[-1].stat().st_size / 1e3:.1f} kB); a one-word query loads at most "
              f"{(meta + shards[-1].stat().st_size) / 1e3:.1f} kB of index")
        print(f"pages' sections for snippets: {sum(pages) / 1e6:.1f} MB in {len(pages)} files, "
              f"median {statistics.median(pages) / 1e3:.1f} kB (up to 10 are loaded for the results shown)")
        start = (site / "PRD.html").as_uri()
        cold: dict[str, list[float]] = {q: [] for q in QUERIES}
        warm: dict[str, list[float]] = {q: [] for q in QUERIES}
        read = "Number(document.querySelector('dialog.search-dialog').dataset.queryMs)"
        clear = "(() => { const i = document.querySelector('.search-input'); i.value = ''; " \
                "document.querySelector('dialog.search-dialog').removeAttribute('data-query-ms'); })()"
        for _ in range(args.runs):
            visits = []
            for query in QUERIES:
                visits.append({"url": start, "actions": [
                    {"key": "/"}, {"wait": 300}, {"type": query}, {"wait": 600}, {"evaluate": read},
                    {"evaluate": clear}, {"type": query}, {"wait": 400}, {"evaluate": read}]})
            job = json.dumps({"command": "visit", "visits": visits})
            out = subprocess.run([sys.executable, str(DRIVER), "--timeout", "300", "--chromium", chromium],
                                 input=job, capture_output=True, text=True)
            if out.returncode != 0:
                print(out.stdout + out.stderr, file=sys.stderr)
                return 1
            for query, visit in zip(QUERIES, json.loads(out.stdout)["visits"]):
                steps = visit["steps"]
                cold[query].append(steps[4]["value"])
                warm[query].append(steps[8]["value"])
        print(f"{'query':<16} {'first (ms)':>10} {'again (ms)':>10}")
        for query in QUERIES:
            print(f"{query:<16} {statistics.median(cold[query]):>10.1f} {statistics.median(warm[query]):>10.1f}")
        return 0
    finally:
        shutil.rmtree(site.parent, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
