#!/usr/bin/env python3
"""Benchmark the checklists plugin on large implementation plans.

    python3 bench/plans.py [--sizes 320,1000,5000] [--binary PATH]

For each size N it writes one content folder holding an IMPLEMENTATION_PLAN.md
of N chunks (status lines, dependencies on earlier chunks, estimates and a
checklist each) and a `.planning/` folder of N / 10 GSD plans (front matter
with `depends_on`, three `<task>` blocks each, a SUMMARY for the first half).
It times `specsite build` and `specsite status --json` on it, each run's own
peak RSS included, and writes bench/out/plans.json.  With 320 chunks the
dependency graph (default `graph_limit` 400 linked items, here 359) is drawn; above it
the page says the graph is too large, so those rows time the rest.
Standard library only; see bench/README.md.
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from bench import OUT, ROOT, build_specsite, log, measure, rel, tail_lines  # noqa: E402

STATUSES = ["✅ Complete", "🚧 In progress", "⏳ Not started", "❌ Blocked — waiting for review"]


def plan(count: int, rng: random.Random) -> str:
    """One plan of `count` chunks: the first fifth done, then a mix."""
    lines = ["# Implementation Plan", "", f"{count} chunks, generated for the benchmark.", ""]
    for number in range(1, count + 1):
        status = STATUSES[0] if number <= count // 5 else rng.choice(STATUSES)
        lines += [f"## CHUNK-{number:04d}: Step {number}", "", f"**Status**: {status}"]
        if number > 1:
            earlier = {number - 1} | {rng.randrange(1, number) for _ in range(rng.randrange(0, 3))}
            lines.append("**Dependencies**: " + ", ".join(f"CHUNK-{d:04d}" for d in sorted(earlier)))
        lines += [f"**Estimated Time**: {rng.choice(['30 minutes', '2 hours', '1.5h', '2-3 days'])}", ""]
        done = status.startswith("✅")
        for box in range(4):
            mark = "x" if done or rng.random() < 0.3 else " "
            lines.append(f"- [{mark}] Task {box + 1} of chunk {number}")
        lines.append("")
    return "\n".join(lines)


def gsd(folder: Path, plans: int, rng: random.Random) -> None:
    """`plans` GSD plans in phases of five, each waiting for earlier ones."""
    for index in range(plans):
        phase, number = index // 5 + 1, index % 5 + 1
        directory = folder / ".planning" / "phases" / f"{phase:02d}-phase-{phase}"
        directory.mkdir(parents=True, exist_ok=True)
        plan_id = f"{phase:02d}-{number:02d}"
        depends = [f"{phase - 1:02d}-0{rng.randrange(1, 6)}"] if phase > 1 else []
        tasks = "\n".join(
            f'<task type="auto">\n  <name>Task {t}: Step {t} of {plan_id}</name>\n'
            f"  <files>src/p{index}/t{t}.swift</files>\n"
            f"  <action>\nWrite `t{t}`.\n\n```swift\nlet t{t} = {t}\n```\n  </action>\n"
            f"  <verify>swift test</verify>\n  <done>t{t} exists</done>\n</task>"
            for t in range(1, 4))
        (directory / f"{plan_id}-PLAN.md").write_text(
            f"---\nphase: {phase:02d}-phase-{phase}\nplan: {number:02d}\ntype: execute\nwave: {number}\n"
            f"depends_on: {json.dumps(depends)}\nfiles_modified: [src/p{index}]\n---\n\n"
            f"<objective>\nPlan {plan_id} of the benchmark.\n</objective>\n\n<tasks>\n{tasks}\n</tasks>\n")
        if index < plans // 2:
            (directory / f"{plan_id}-SUMMARY.md").write_text(
                f"---\nphase: {phase:02d}\nplan: {number:02d}\ncompleted: 2026-01-{index % 28 + 1:02d}\n---\n\n"
                f"# Summary {plan_id}\n")


def content(count: int) -> Path:
    folder = OUT / "plans" / str(count) / "content"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    rng = random.Random(count)
    (folder / "IMPLEMENTATION_PLAN.md").write_text(plan(count, rng))
    gsd(folder, max(count // 10, 5), rng)
    return folder


def timed(binary: Path, arguments: list[str], runs: int = 3) -> dict:
    """Best wall time and the largest peak RSS of `runs` runs after a warm-up."""
    walls, peaks = [], []
    for attempt in range(runs + 1):
        result = measure([str(binary), *arguments], ROOT, 900)
        if result.rc != 0 or result.timed_out:
            return {"status": "failed", "error": tail_lines(result.stderr_tail)}
        if attempt:
            walls.append(result.wall)
            peaks.append(result.rss_bytes / 1e6)
    return {"status": "ok", "best_s": round(min(walls), 3), "peak_rss_mb": round(max(peaks), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description="Benchmark the checklists plugin on large plans.")
    parser.add_argument("--sizes", default="320,1000,5000", help="chunks per plan (default 320,1000,5000)")
    parser.add_argument("--binary", type=Path, help="specsite binary (default: swift build -c release first)")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",") if size.strip()]
    binary = args.binary.resolve() if args.binary else build_specsite()
    if binary is None or not binary.exists():
        log("no specsite binary")
        return 1
    rows = []
    for count in sizes:
        folder = content(count)
        site = folder.parent / "site"
        shutil.rmtree(site, ignore_errors=True)
        build = timed(binary, ["build", rel(folder), "--output", rel(site)])
        status = timed(binary, ["status", rel(folder), "--json"])
        items = len(json.loads((site / "status.json").read_text())["items"]) if build["status"] == "ok" else 0
        graph = 'class="dependency-graph"' in (site / "status.html").read_text() if build["status"] == "ok" else False
        rows.append({"chunks": count, "plans": max(count // 10, 5), "items": items, "graph_drawn": graph,
                     "build": build, "status": status})
        log(f"[{count} chunks] build {build.get('best_s', 'FAILED')} s, {build.get('peak_rss_mb', '-')} MB; "
            f"status {status.get('best_s', 'FAILED')} s, {status.get('peak_rss_mb', '-')} MB; "
            f"{items} items, graph {'drawn' if graph else 'not drawn'}")
    log()
    header = ["chunks", "plans", "items", "graph", "build s", "build MB", "status s", "status MB"]
    table = [header] + [
        [str(row["chunks"]), str(row["plans"]), str(row["items"]), "yes" if row["graph_drawn"] else "no",
         str(row["build"].get("best_s", "FAILED")), str(row["build"].get("peak_rss_mb", "-")),
         str(row["status"].get("best_s", "FAILED")), str(row["status"].get("peak_rss_mb", "-"))]
        for row in rows]
    widths = [max(len(line[column]) for line in table) for column in range(len(header))]
    for line in table:
        log("  ".join(cell.rjust(width) for cell, width in zip(line, widths)))
    (OUT / "plans.json").write_text(json.dumps(
        {"tool": "bench/plans.py", "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
         "specsite_binary": str(binary), "rows": rows}, indent=2) + "\n")
    log(f"wrote {rel(OUT / 'plans.json')}")
    return 0 if all(row["build"]["status"] == row["status"]["status"] == "ok" for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
