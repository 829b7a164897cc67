#!/usr/bin/env python3
"""One large document: the 1,000-document set joined into a single file
(about 21 MB), built by specsite and parsed by bare cmark-gfm, alternating.

    python3 bench/single.py SPECSITE [--count 1000] [--runs 3]

A site of one huge page takes paths that thousands of small pages never do:
every per-page table holds the whole document, and work that looks at "the
other tokens of this file" or "the other lines of this page" for each one
becomes quadratic. Prints wall and user time and peak memory of each run and
specsite's ratio to cmark-gfm. Python standard library only.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from instructions import cmark_flags, ensure_command  # noqa: E402


def joined(count: int) -> Path:
    """The generated set of `count` documents joined into one file, in path order."""
    content = HERE / "out" / str(count) / "content"
    if not (content / "PRD.md").exists():
        subprocess.run([sys.executable, str(HERE / "generate.py"), str(content), "--count", str(count),
                        "--seed", "42", "--clean"], check=True)
    target = HERE / "out" / f"single-{count}" / "all.md"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        files = sorted(str(p.relative_to(content)) for p in content.rglob("*.md"))
        with open(target, "wb") as out:
            for name in files:
                out.write((content / name).read_bytes())
    return target


def run(cmd: list[str]) -> tuple[float, float, int]:
    """Wall seconds, user seconds and peak RSS (KB) of `cmd` (children's rusage)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{cmd[0]} failed with status {status}")
    return wall, usage.ru_utime, usage.ru_maxrss


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("specsite", type=Path)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    cmark = ensure_command("cmark-gfm", "cmark-gfm")
    if cmark is None:
        print("cmark-gfm is not installed and could not be installed")
        return 1
    document = joined(args.count)
    size = document.stat().st_size
    print(f"one document of {size / 1e6:.1f} MB ({args.count} generated documents joined)")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        content = Path(scratch) / "content"
        content.mkdir()
        shutil.copy(document, content / "all.md")
        for index in range(args.runs):
            site = Path(scratch) / f"site{index}"
            ours = run([str(args.specsite), "build", str(content), "--output", str(site), "--no-cache"])
            floor = run([cmark, *cmark_flags(cmark), str(document)])
            rows.append((ours, floor))
            print(f"  run {index + 1}: specsite {ours[0]:.2f} s wall, {ours[1]:.2f} s user, "
                  f"{ours[2] / 1024:.0f} MB; cmark-gfm {floor[0]:.2f} s wall, {floor[1]:.2f} s user, "
                  f"{floor[2] / 1024:.0f} MB")
    best = min(r[0][0] for r in rows)
    floor_best = min(r[1][0] for r in rows)
    print(f"best wall: specsite {best:.2f} s, cmark-gfm {floor_best:.2f} s, ratio {best / floor_best:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
