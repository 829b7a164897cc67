#!/usr/bin/env python3
"""Status history benchmark: replays a generated git history.

Makes (once) a repository of COMMITS commits over a plan of CHUNKS chunks with
`git fast-import` (chunks started, ticked, a few reopened, chunks added, prose
edited, the plan renamed half-way, a PRD edited beside it), then times
`specsite status CONTENT --history --format json` with no history cache (a cold
replay), and again with the cache the first run wrote (nothing changed).

    python3 bench/history.py [--binary PATH] [--commits 2000] [--chunks 300] [--runs 3]
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "history")


def plan_text(statuses, notes):
    parts = ["# Implementation Plan\n\nThe work, chunk by chunk.\n"]
    for number, status in enumerate(statuses, 1):
        parts.append(
            f"\n## CHUNK-{number:03d}: Part {number} of the app\n\n**Status**: {status}\n\n"
            f"**Depends on**: {'CHUNK-%03d' % (number - 1) if number > 1 else 'none'}\n\n"
            f"{notes[number - 1]}\n\n- [{'x' if status.startswith('✅') else ' '}] Code\n"
            f"- [{'x' if status.startswith('✅') else ' '}] Tests\n"
        )
    return "".join(parts)


def generate(folder, commits, chunks, seed):
    rng = random.Random(seed)
    statuses = ["Not started"] * chunks
    notes = [f"Build part {n}: screens, models and tests for it." for n in range(1, chunks + 1)]
    prd = ["# PRD\n"]
    plan_path = "content/IMPLEMENTATION_PLAN.md"
    stream = []
    date = 1_767_225_600  # 2026-01-01
    mark = 0
    next_chunk = 0
    for index in range(commits):
        date += rng.randint(600, 7200)
        roll = rng.random()
        files = {}
        rename = None
        if index == 0:
            files = {plan_path: plan_text(statuses, notes), "content/PRD.md": "".join(prd)}
            message = "Plan the app"
        elif index == commits // 2:
            rename = (plan_path, "content/plans/IMPLEMENTATION_PLAN.md")
            plan_path = rename[1]
            message = "Move the plan into plans/"
        elif roll < 0.1:
            prd.append(f"\nRequirement {index}: the app does thing {index}.\n")
            files = {"content/PRD.md": "".join(prd)}
            message = f"PRD: requirement {index}"
        elif roll < 0.13:
            done = [n for n, s in enumerate(statuses) if s.startswith("✅")]
            if done:
                statuses[rng.choice(done)] = "🚧 In progress"
            files = {plan_path: plan_text(statuses, notes)}
            message = "Reopen a chunk"
        elif roll < 0.16:
            statuses.append("Not started")
            notes.append(f"Build the added part {len(statuses)}.")
            files = {plan_path: plan_text(statuses, notes)}
            message = f"Add CHUNK-{len(statuses):03d}"
        elif roll < 0.5 and next_chunk < len(statuses):
            statuses[next_chunk] = "🚧 In progress"
            files = {plan_path: plan_text(statuses, notes)}
            message = f"Start CHUNK-{next_chunk + 1:03d}"
        elif roll < 0.75:
            started = [n for n, s in enumerate(statuses) if s.startswith("🚧")]
            if started:
                statuses[started[0]] = "✅ Done"
                next_chunk = max(next_chunk, started[0] + 1)
            files = {plan_path: plan_text(statuses, notes)}
            message = "Finish a chunk"
        else:
            n = rng.randrange(len(notes))
            notes[n] += f" Note {index}."
            files = {plan_path: plan_text(statuses, notes)}
            message = f"Notes on CHUNK-{n + 1:03d}"
        stream.append(f"commit refs/heads/main\nmark :{mark + 1}\n")
        mark += 1
        stream.append(f"committer Bench <bench@example.com> {date} +0000\n")
        data = message.encode()
        stream.append(f"data {len(data)}\n{message}\n")
        if rename:
            stream.append(f'R "{rename[0]}" "{rename[1]}"\n')
        for path, text in files.items():
            body = text.encode()
            stream.append(f"M 100644 inline {path}\ndata {len(body)}\n")
            stream.append(body.decode() + "\n")
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    subprocess.run(["git", "init", "-q", "-b", "main", folder], check=True)
    subprocess.run(["git", "-C", folder, "fast-import", "--quiet"], input="".join(stream).encode(), check=True)
    subprocess.run(["git", "-C", folder, "checkout", "-q", "main"], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--commits", type=int, default=2000)
    parser.add_argument("--chunks", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    binary = args.binary
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "specsite"], cwd=ROOT, check=True)
        binary = os.path.join(ROOT, ".build", "release", "specsite")
    folder = os.path.join(OUT, f"{args.commits}x{args.chunks}")
    stamp = os.path.join(folder, ".stamp")
    key = f"{args.commits} {args.chunks} {args.seed} {os.path.getmtime(__file__)}"
    if not os.path.exists(stamp) or open(stamp).read() != key:
        started = time.perf_counter()
        generate(folder, args.commits, args.chunks, args.seed)
        with open(stamp, "w") as handle:
            handle.write(key)
        print(f"generated {args.commits} commits in {time.perf_counter() - started:.1f} s")
    content = os.path.join(folder, "content")
    cache = os.path.join(OUT, "cache")

    def run(cold):
        if cold and os.path.exists(cache):
            shutil.rmtree(cache)
        started = time.perf_counter()
        result = subprocess.run(
            [binary, "status", content, "--history", "--format", "json", "--cache-dir", cache],
            capture_output=True,
        )
        elapsed = time.perf_counter() - started
        if result.returncode != 0:
            sys.exit(f"specsite failed: {result.stderr.decode()[-2000:]}")
        return elapsed, json.loads(result.stdout)

    cold = [run(True) for _ in range(args.runs)]
    warm = [run(False) for _ in range(args.runs)]
    history = cold[0][1]
    print(f"{len(history['points'])} points, last {history['points'][-1]['done']} of {history['points'][-1]['total']}")
    print(f"cold replay: best {min(t for t, _ in cold) * 1000:.0f} ms, runs " + ", ".join(f"{t * 1000:.0f}" for t, _ in cold))
    print(f"unchanged:   best {min(t for t, _ in warm) * 1000:.0f} ms, runs " + ", ".join(f"{t * 1000:.0f}" for t, _ in warm))


if __name__ == "__main__":
    main()
