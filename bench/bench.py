#!/usr/bin/env python3
"""Benchmark `specsite build` on generated spec trees against a cmark-gfm floor.

    python3 bench/bench.py [--sizes 100,1000,10000] [--binary PATH] [--keep]

For each size N it generates N documents into bench/out/N/content (reused
while the stamp file says same N, seed and generator), times full
`specsite build` runs into bench/out/N/site, times `cmark-gfm` over the same
.md files as a throughput floor, prints a table and writes
bench/out/results.json.  Python standard library only.  See bench/README.md.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
OUT = BENCH / "out"
sys.path.insert(0, str(BENCH))
import generate  # noqa: E402
import instructions  # noqa: E402

CMARK_CHUNK = 2000          # files per cmark-gfm invocation


def log(msg: str = "") -> None:
    print(msg, flush=True)


def rel(p: Path) -> str:
    try:
        return str(p.relative_to(ROOT))
    except ValueError:
        return str(p)


# --------------------------------------------------------------------------
# Measuring one child: wall time + its own peak RSS via os.wait4
# --------------------------------------------------------------------------

@dataclass
class Run:
    wall: float
    rss_bytes: int
    rc: int
    timed_out: bool
    stderr_tail: str


def measure(cmd: list[str], cwd: Path, timeout: float) -> Run:
    """Run cmd once.  Wall time is perf_counter around spawn..reap; peak RSS is
    the ru_maxrss of this child alone (os.wait4 rusage, KiB on Linux), not the
    cumulative RUSAGE_CHILDREN maximum.  stdout is discarded; the stderr tail
    is kept for failure reports."""
    with tempfile.TemporaryFile() as err:
        timed_out = threading.Event()
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=err)

        def kill() -> None:
            timed_out.set()
            try:
                os.kill(p.pid, 9)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)  # already reaped
        err.seek(0)
        tail = err.read()[-4000:].decode("utf-8", "replace")
    return Run(wall, ru.ru_maxrss * 1024, p.returncode, timed_out.is_set(), tail)


def tail_lines(text: str, n: int = 20) -> str:
    return "\n".join(text.rstrip().splitlines()[-n:])


# --------------------------------------------------------------------------
# Setup: specsite binary, cmark-gfm
# --------------------------------------------------------------------------

def build_specsite() -> Path | None:
    cmd = ["swift", "build", "-c", "release", "--product", "specsite"]
    log(f"$ {' '.join(cmd)}    (in {ROOT})")
    t0 = time.perf_counter()
    try:
        r = subprocess.run(cmd, cwd=ROOT)
    except FileNotFoundError:
        log("swift not found on PATH")
        return None
    if r.returncode != 0:
        log(f"swift build failed (exit {r.returncode}); specsite columns will be marked failed")
        return None
    log(f"built in {time.perf_counter() - t0:.1f}s")
    path = ROOT / ".build" / "release" / "specsite"
    if not path.exists():
        shown = subprocess.run(cmd[:4] + ["--show-bin-path"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        path = Path(shown) / "specsite"
    return path if path.exists() else None


def ensure_cmark() -> str | None:
    exe = instructions.ensure_command("cmark-gfm", "cmark-gfm")
    if not exe:
        log("cmark-gfm still missing: floor columns will be empty")
    return exe


def cmark_flags(exe: str) -> list[str]:
    """The extensions of the floor, footnotes as this cmark-gfm spells them
    (see instructions.cmark_flags)."""
    return instructions.cmark_flags(exe)


# --------------------------------------------------------------------------
# Per size
# --------------------------------------------------------------------------

def generator_id() -> str:
    return hashlib.sha256((BENCH / "generate.py").read_bytes()).hexdigest()[:16]


def md_files(content: Path) -> list[str]:
    files = []
    for dp, dns, fns in os.walk(content):
        dns.sort()
        for fn in sorted(fns):
            if fn.endswith(".md"):
                files.append(os.path.relpath(os.path.join(dp, fn), content))
    return files


def ensure_content(n: int, seed: int, jobs: int | None) -> tuple[Path, list[str], int]:
    base = OUT / str(n)
    content = base / "content"
    stamp_path = base / "content.stamp.json"
    want = {"count": n, "seed": seed, "generator": generator_id()}
    try:
        have = json.loads(stamp_path.read_text())
    except (OSError, ValueError):
        have = None
    if have and all(have.get(k) == v for k, v in want.items()) and content.is_dir():
        files = md_files(content)
        total = sum((content / f).stat().st_size for f in files)
        if len(files) == n and total == have.get("bytes"):
            log(f"[N={n}] reusing {rel(content)} ({len(files)} files, {total / 1e6:.1f} MB)")
            return content, files, total
    log(f"[N={n}] generating {n} documents into {rel(content)} (seed {seed}) ...")
    stamp_path.unlink(missing_ok=True)
    base.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    res = generate.generate(str(content), n, seed, jobs=jobs, clean=True)
    log(f"[N={n}] generated {res['files']} files, {res['bytes'] / 1e6:.1f} MB "
        f"in {time.perf_counter() - t0:.1f}s")
    stamp_path.write_text(json.dumps({**want, "files": res["files"], "bytes": res["bytes"]},
                                     indent=2) + "\n")
    return content, md_files(content), res["bytes"]


def schedule(n: int) -> tuple[int, int]:
    """(warm-up runs, measured runs): small sets get one discarded warm-up run
    then two measured; 10000+ gets two measured runs, no warm-up."""
    return (1, 2) if n <= 1000 else (0, 2)


def count_html(site: Path) -> int:
    return sum(1 for _, _, fns in os.walk(site) for fn in fns if fn.endswith(".html"))


def bench_specsite(binary: Path, content: Path, n: int, nbytes: int, timeout: float,
                   keep: bool) -> dict:
    site = content.parent / "site"
    warm, runs = schedule(n)
    # Every run is a full build: without the build cache, which would let
    # the runs after the first skip analysing the pages.
    cmd = [str(binary), "build", rel(content), "--output", rel(site), "--no-cache"]
    log(f"[N={n}] specsite: {' '.join(cmd)}  ({warm} warm-up + {runs} measured)")
    out: dict = {"status": "ok", "cmd": cmd, "warmup_s": [], "runs_s": [], "rss_mb": []}
    for i in range(warm + runs):
        shutil.rmtree(site, ignore_errors=True)
        r = measure(cmd, ROOT, timeout)
        label = "warm-up" if i < warm else f"run {i - warm + 1}"
        if r.rc != 0 or r.timed_out:
            why = f"timed out after {timeout:.0f}s" if r.timed_out else f"exit {r.rc}"
            log(f"[N={n}]   {label}: FAILED ({why}) after {r.wall:.2f}s; stderr tail:")
            for line in tail_lines(r.stderr_tail).splitlines():
                log(f"      | {line}")
            out.update(status="failed", error=why, stderr_tail=tail_lines(r.stderr_tail))
            break
        log(f"[N={n}]   {label}: {r.wall:.3f}s, peak RSS {r.rss_bytes / 1e6:.1f} MB")
        if i < warm:
            out["warmup_s"].append(round(r.wall, 4))
        else:
            out["runs_s"].append(round(r.wall, 4))
            out["rss_mb"].append(round(r.rss_bytes / 1e6, 1))
    if out["status"] == "ok":
        best = min(out["runs_s"])
        out.update(best_s=best, pages_per_s=round(n / best, 1),
                   mb_per_s=round(nbytes / 1e6 / best, 2),
                   peak_rss_mb=max(out["rss_mb"]))
        out["html_pages"] = count_html(site)
        if out["html_pages"] < n:
            log(f"[N={n}]   note: {out['html_pages']} .html files written for {n} .md inputs")
    if not keep:
        shutil.rmtree(site, ignore_errors=True)
    return out


def bench_floor(exe: str, flags: list[str], content: Path, files: list[str], n: int,
                nbytes: int, timeout: float) -> dict:
    warm, runs = schedule(n)
    chunks = [files[i:i + CMARK_CHUNK] for i in range(0, len(files), CMARK_CHUNK)]
    log(f"[N={n}] floor: cmark-gfm {' '.join(flags)} FILE... > /dev/null  "
        f"({len(files)} files in {len(chunks)} invocation{'s' if len(chunks) > 1 else ''}"
        f"{', times summed' if len(chunks) > 1 else ''}; {warm} warm-up + {runs} measured)")
    out: dict = {"status": "ok", "flags": flags, "chunks": len(chunks), "warmup_s": [],
                 "runs_s": [], "rss_mb": []}
    for i in range(warm + runs):
        wall, rss = 0.0, 0
        for chunk in chunks:
            r = measure([exe, *flags, *chunk], content, timeout)
            if r.rc != 0 or r.timed_out:
                out.update(status="failed", error=f"exit {r.rc}",
                           stderr_tail=tail_lines(r.stderr_tail))
                log(f"[N={n}]   cmark-gfm FAILED: {tail_lines(r.stderr_tail, 5)}")
                return out
            wall += r.wall
            rss = max(rss, r.rss_bytes)
        label = "warm-up" if i < warm else f"run {i - warm + 1}"
        log(f"[N={n}]   {label}: {wall:.3f}s, peak RSS {rss / 1e6:.1f} MB")
        if i < warm:
            out["warmup_s"].append(round(wall, 4))
        else:
            out["runs_s"].append(round(wall, 4))
            out["rss_mb"].append(round(rss / 1e6, 1))
    best = min(out["runs_s"])
    out.update(best_s=best, mb_per_s=round(nbytes / 1e6 / best, 2),
               peak_rss_mb=max(out["rss_mb"]))
    return out


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------

COLUMNS = ["N", "total MB", "specsite s", "pages/s", "MB/s", "peak RSS MB",
           "floor s", "floor MB/s", "ratio"]


def table_row(row: dict) -> list[str]:
    s, f = row["specsite"], row["floor"]
    ok_s, ok_f = s.get("status") == "ok", f.get("status") == "ok"
    cells = [str(row["n"]), f"{row['mb']:.1f}"]
    if ok_s:
        cells += [f"{s['best_s']:.3f}", f"{s['pages_per_s']:.0f}", f"{s['mb_per_s']:.1f}",
                  f"{s['peak_rss_mb']:.0f}"]
    else:
        cells += [s.get("status", "skipped").upper(), "-", "-", "-"]
    if ok_f:
        star = "*" if f.get("chunks", 1) > 1 else ""
        cells += [f"{f['best_s']:.3f}{star}", f"{f['mb_per_s']:.1f}"]
    else:
        cells += [f.get("status", "skipped").upper(), "-"]
    cells.append(f"{row['ratio']:.1f}x" if row.get("ratio") else "-")
    return cells


def print_table(rows: list[dict]) -> None:
    body = [COLUMNS] + [table_row(r) for r in rows]
    widths = [max(len(r[i]) for r in body) for i in range(len(COLUMNS))]
    fmt = lambda r: "  ".join(c.rjust(w) for c, w in zip(r, widths))  # noqa: E731
    log()
    log(fmt(body[0]))
    log("  ".join("-" * w for w in widths))
    for r in body[1:]:
        log(fmt(r))
    if any(r["floor"].get("chunks", 1) > 1 for r in rows):
        log(f"* cmark-gfm was run in chunks of {CMARK_CHUNK} files; the floor time is the sum.")
    log("ratio = specsite s / floor s (1.0x would mean specsite is as fast as bare cmark-gfm).")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Benchmark specsite build against a cmark-gfm floor.")
    ap.add_argument("--sizes", default="100,1000,10000",
                    help="comma-separated document counts (default 100,1000,10000)")
    ap.add_argument("--binary", type=Path,
                    help="specsite binary to time (default: swift build -c release first)")
    ap.add_argument("--keep", action="store_true",
                    help="keep bench/out/N/site after the runs (default: delete it)")
    ap.add_argument("--seed", type=int, default=42, help="generator seed (default 42)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per run (default 900)")
    ap.add_argument("--jobs", type=int, default=None, help="generator processes (default: all cores)")
    ap.add_argument("--instructions", type=int, default=100, metavar="N",
                    help="count instructions under callgrind on the N-document set (default 100; 0: skip)")
    args = ap.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        ap.error("--sizes takes integers, e.g. 100,1000")
    if not sizes or min(sizes) < 1:
        ap.error("--sizes needs positive integers")

    t_start = time.perf_counter()
    if args.binary:
        binary: Path | None = args.binary.resolve()
        if not binary.exists():
            log(f"--binary {args.binary} does not exist")
            return 2
    else:
        binary = build_specsite()
    exe = ensure_cmark()
    flags = cmark_flags(exe) if exe else []
    cmark_version = (subprocess.run([exe, "--version"], capture_output=True, text=True)
                     .stdout.splitlines() or [""])[0] if exe else None

    rows = []
    for n in sizes:
        content, files, nbytes = ensure_content(n, args.seed, args.jobs)
        row = {"n": n, "files": len(files), "bytes": nbytes, "mb": round(nbytes / 1e6, 2)}
        if binary:
            row["specsite"] = bench_specsite(binary, content, n, nbytes, args.timeout, args.keep)
        else:
            row["specsite"] = {"status": "failed", "error": "specsite binary could not be built"}
        if exe:
            row["floor"] = bench_floor(exe, flags, content, files, n, nbytes, args.timeout)
        else:
            row["floor"] = {"status": "skipped", "error": "cmark-gfm not available"}
        s, f = row["specsite"], row["floor"]
        if s.get("status") == "ok" and f.get("status") == "ok":
            row["ratio"] = round(s["best_s"] / f["best_s"], 2)
        rows.append(row)

    print_table(rows)
    counted = None
    if args.instructions > 0 and binary:
        content, _, _ = ensure_content(args.instructions, args.seed, args.jobs)
        log()
        counted = instructions.count(binary, content, cmark=exe)
        for line in instructions.describe(counted):
            log(line)
    results = {
        "tool": "bench/bench.py",
        "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seed": args.seed,
        "generator": generator_id(),
        "specsite_binary": str(binary) if binary else None,
        "cmark_gfm": cmark_version,
        "cmark_gfm_flags": flags,
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                    "python": platform.python_version()},
        "units": {"mb": "10^6 bytes", "rss": "10^6 bytes (ru_maxrss)", "time": "seconds, best run"},
        "total_wall_s": round(time.perf_counter() - t_start, 1),
        "rows": rows,
        "instructions": counted,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    log(f"wrote {rel(OUT / 'results.json')}  (total {results['total_wall_s']}s)")
    failed = [r["n"] for r in rows if r["specsite"].get("status") != "ok"]
    if failed:
        log(f"specsite failed for N = {', '.join(map(str, failed))}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
