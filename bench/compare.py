#!/usr/bin/env python3
"""specsite beside the tools a user would pick instead, on the same pages.

    python3 bench/compare.py [--sizes 100,1000,10000] [--runs 2] [--binary PATH] [--timeout 900]

For each size N it takes bench.py's generated documents (bench/out/N/content)
and builds them with:

- specsite (`build --no-cache`, every plugin on);
- Hugo (Debian's `hugo`) with a minimal template that prints `.TableOfContents`
  and `.Content`, once with its default code highlighting and once without;
- MkDocs (PyPI) with its default theme, up to --mkdocs-max documents (1,000:
  its theme writes the whole navigation into every page, so its time grows
  with the square of the pages; at 1,000 it already takes about 50 s);
- bare `cmark-gfm` over the same files, with the extensions specsite turns
  on, as the floor: no site, only each page's HTML.

Hugo and MkDocs skip hidden folders, so they read a copy of the documents in
which `.planning/` is `planning/` (the same files and bytes); specsite and
cmark-gfm read the original. Each round runs every tool once, the site builders
in an order that rotates from round to round (so the machine's noise falls on
all of them) and cmark-gfm last;
the best of the measured rounds is reported, with each tool's peak RSS and
the pages it wrote. Prints a table with ratios to specsite and writes
bench/out/compare.json with the machine's details. See docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
import bench  # noqa: E402

OUT = BENCH / "out"

HUGO_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><nav>{{ .TableOfContents }}</nav><main>{{ .Content }}</main></body></html>
"""


def peers_copy(content: Path) -> Path:
    """The documents with hidden folders renamed (`.planning` → `planning`),
    made once per generated set (kept while its stamp matches)."""
    copy = content.parent / "peers-content"
    stamp = content.parent / "content.stamp.json"
    copied_stamp = content.parent / "peers-content.stamp.json"
    if copy.is_dir() and copied_stamp.exists() and stamp.exists() \
            and copied_stamp.read_text() == stamp.read_text():
        return copy
    shutil.rmtree(copy, ignore_errors=True)

    def renamed(path: str) -> str:
        return "/".join(part.lstrip(".") or part for part in path.split("/"))

    for dirpath, _, filenames in os.walk(content):
        for name in filenames:
            source = Path(dirpath) / name
            relative = renamed(os.path.relpath(source, content))
            target = copy / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    copied_stamp.write_text(stamp.read_text())
    return copy


def hugo_site(base: Path, peers: Path, highlight: bool) -> Path:
    site = base / ("hugo-highlight" if highlight else "hugo-plain")
    layouts = site / "layouts" / "_default"
    layouts.mkdir(parents=True, exist_ok=True)
    for name in ("single.html", "list.html"):
        (layouts / name).write_text(HUGO_PAGE)
    (site / "layouts" / "index.html").write_text(HUGO_PAGE)
    (site / "hugo.toml").write_text(
        'baseURL = "https://example.org/"\n'
        f'contentDir = "{peers}"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
        "[markup.highlight]\n"
        f"  codeFences = {'true' if highlight else 'false'}\n")
    return site


def mkdocs_config(base: Path, peers: Path) -> Path:
    config = base / "mkdocs" / "mkdocs.yml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(
        "site_name: Bench\n"
        f"docs_dir: {peers}\n"
        f"site_dir: {base / 'mkdocs' / 'site'}\n"
        "theme:\n  name: mkdocs\n")
    return config


def version(cmd: list[str]) -> str:
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return "missing"
    text = (result.stdout or result.stderr).strip().splitlines()
    return text[0] if text else "unknown"


def machine() -> dict:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = 0
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = int(line.split()[1]) * 1024
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "memory_gb": round(memory / 2**30, 1),
            "system": platform.platform(), "python": platform.python_version()}


def html_count(folder: Path) -> int:
    return sum(1 for _, _, names in os.walk(folder) for name in names if name.endswith(".html"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--runs", type=int, default=2, help="measured rounds (after one warm-up round)")
    parser.add_argument("--binary", default=str(bench.ROOT / ".build" / "release" / "specsite"))
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--mkdocs-max", type=int, default=1000, help="leave MkDocs out above this many documents")
    args = parser.parse_args()

    binary = Path(args.binary)
    if not binary.exists():
        print(f"no specsite at {binary}: build it with swift build -c release --product specsite")
        return 1
    cmark = bench.ensure_cmark()
    flags = bench.cmark_flags(cmark) if cmark else []
    hugo = shutil.which("hugo")
    versions = {
        "specsite": version([str(binary), "--version"]),
        "hugo": version(["hugo", "version"]) if hugo else "missing",
        "mkdocs": version([sys.executable, "-m", "mkdocs", "--version"]),
        "cmark-gfm": version([cmark, "--version"]) if cmark else "missing",
    }
    print("machine:", json.dumps(machine()))
    print("versions:", json.dumps(versions))
    results: dict = {"machine": machine(), "versions": versions, "sizes": {}}

    for n in [int(size) for size in args.sizes.split(",")]:
        content, files, nbytes = bench.ensure_content(n, args.seed, None)
        base = content.parent
        peers = peers_copy(content)
        tools: dict[str, tuple[list[str], Path, Path | None]] = {}
        site = base / "compare-specsite"
        tools["specsite"] = ([str(binary), "build", str(content), "--output", str(site), "--no-cache"], site, site)
        if hugo:
            for highlight in (True, False):
                source = hugo_site(base, peers, highlight)
                name = "hugo" if highlight else "hugo (no highlighting)"
                public = source / "public"
                tools[name] = ([hugo, "--quiet", "--source", str(source), "--destination", str(public)], public, public)
        if versions["mkdocs"] != "missing" and "No module" not in versions["mkdocs"] and n <= args.mkdocs_max:
            config = mkdocs_config(base, peers)
            tools["mkdocs"] = ([sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(config)],
                               config.parent / "site", config.parent / "site")
        names = list(tools)
        walls: dict[str, list[float]] = {name: [] for name in names + ["cmark-gfm"]}
        peaks: dict[str, int] = {name: 0 for name in names + ["cmark-gfm"]}
        pages: dict[str, int] = {}
        failed: dict[str, str] = {}
        rounds = 1 + args.runs
        for round_index in range(rounds):
            order = names[round_index % len(names):] + names[:round_index % len(names)]
            for name in order + (["cmark-gfm"] if cmark else []):
                if name in failed:
                    continue
                if name == "cmark-gfm":
                    wall, peak = 0.0, 0
                    for start in range(0, len(files), bench.CMARK_CHUNK):
                        run = bench.measure([cmark, *flags, *files[start:start + bench.CMARK_CHUNK]],
                                            content, args.timeout)
                        wall += run.wall
                        peak = max(peak, run.rss_bytes)
                    pages[name] = len(files)
                else:
                    cmd, output, counted = tools[name]
                    shutil.rmtree(output, ignore_errors=True)
                    run = bench.measure(cmd, bench.ROOT, args.timeout)
                    if run.rc != 0 or run.timed_out:
                        why = f"timed out after {args.timeout:.0f} s" if run.timed_out else f"exit {run.rc}"
                        failed[name] = why
                        print(f"[N={n}] {name}: FAILED ({why})\n{bench.tail_lines(run.stderr_tail, 8)}")
                        continue
                    wall, peak = run.wall, run.rss_bytes
                    pages[name] = html_count(counted) if counted else 0
                label = "warm-up" if round_index == 0 else f"round {round_index}"
                print(f"[N={n}] {label} {name}: {wall:.2f} s, peak {peak / 1e6:.0f} MB", flush=True)
                if round_index > 0:
                    walls[name].append(wall)
                    peaks[name] = max(peaks[name], peak)
        for name in names:
            tools_output = tools[name][1]
            shutil.rmtree(tools_output, ignore_errors=True)
        rows = {}
        for name in names + (["cmark-gfm"] if cmark else []):
            if name in failed or not walls[name]:
                rows[name] = {"status": failed.get(name, "not run")}
                continue
            best = min(walls[name])
            rows[name] = {"status": "ok", "best_s": round(best, 3), "runs_s": [round(w, 3) for w in walls[name]],
                          "pages": pages.get(name, 0), "pages_per_s": round(pages.get(name, 0) / best, 1),
                          "peak_mb": round(peaks[name] / 1e6, 1)}
        results["sizes"][str(n)] = {"documents": n, "bytes": nbytes, "tools": rows}
        own = rows.get("specsite", {})
        print(f"\nN={n} ({nbytes / 1e6:.1f} MB of markdown)")
        print(f"{'tool':<24}{'best s':>9}{'pages':>8}{'pages/s':>10}{'peak MB':>9}{'× time':>8}{'× memory':>10}")
        for name, row in rows.items():
            if row["status"] != "ok":
                print(f"{name:<24}{row['status']:>9}")
                continue
            time_ratio = row["best_s"] / own["best_s"] if own.get("status") == "ok" else float("nan")
            memory_ratio = row["peak_mb"] / own["peak_mb"] if own.get("status") == "ok" else float("nan")
            print(f"{name:<24}{row['best_s']:>9.2f}{row['pages']:>8}{row['pages_per_s']:>10.0f}"
                  f"{row['peak_mb']:>9.0f}{time_ratio:>8.2f}{memory_ratio:>10.2f}")
        print()
    (OUT / "compare.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {bench.rel(OUT / 'compare.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
