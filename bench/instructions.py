#!/usr/bin/env python3
"""Instructions executed by `specsite build` and by bare cmark-gfm on the same
documents, counted by callgrind.

    python3 bench/instructions.py SPECSITE CONTENT

Wall time on a shared machine moves by tens of percent from one run to the
next; the number of instructions a build executes hardly moves, so a change's
effect shows without the machine's noise. `bench.py` calls this on the
100-document set; run alone, it prints the same lines for any folder.

valgrind 3.19 cannot read the DWARF that Swift 6.3 writes, so specsite runs
from a copy with its debug information stripped (`objcopy --strip-debug`; the
symbol table stays, so `callgrind_annotate` still names functions). The build
runs on one thread (`SPECSITE_THREADS=1`): callgrind runs threads one at a
time anyway, and with one the count repeats from run to run.
Python standard library only.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CMARK_EXTENSIONS = ["table", "tasklist", "strikethrough", "autolink", "tagfilter"]
# Files per cmark-gfm invocation, as bench.py runs it.
CMARK_CHUNK = 2000


def log(msg: str = "") -> None:
    print(msg, flush=True)


def ensure_command(name: str, package: str) -> str | None:
    """The path of `name`, installing Debian's `package` with apt when it is missing."""
    found = shutil.which(name)
    if found:
        return found
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    for attempt in (["apt-get", "install", "-y", package], ["apt-get", "update"],
                    ["apt-get", "install", "-y", package]):
        cmd = sudo + attempt
        log(f"{name} not found; running: {' '.join(cmd)}")
        try:
            rc = subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode
        except FileNotFoundError as e:
            log(f"  cannot run it: {e}")
            break
        if attempt[1] == "install" and rc == 0:
            break
    return shutil.which(name)


def cmark_flags(exe: str) -> list[str]:
    """The extensions bench.py's floor uses. cmark-gfm releases differ: upstream
    has a `--footnotes` option, Debian 12's 0.29.0.gfm.6 build only a
    `footnotes` extension; whichever this one accepts is used."""
    flags: list[str] = []
    for ext in CMARK_EXTENSIONS:
        flags += ["-e", ext]
    probe = subprocess.run([exe, *flags, "--footnotes"], input=b"x[^1]\n\n[^1]: y\n",
                           capture_output=True)
    if probe.returncode == 0:
        return flags + ["--footnotes"]
    exts = subprocess.run([exe, "--list-extensions"], capture_output=True, text=True).stdout
    return flags + ["-e", "footnotes"] if "footnotes" in exts.split() else flags


def markdown_files(content: Path) -> list[str]:
    """The `.md` files under `content`, relative and sorted, as bench.py feeds cmark-gfm."""
    return sorted(str(p.relative_to(content)) for p in content.rglob("*.md"))


class Profile:
    """One callgrind run's counts: the total, and each object's own instructions
    (the executable's, each shared library's)."""

    def __init__(self, path: Path):
        self.total = 0
        self.by_object: dict[str, int] = {}
        self._read(path)

    def _read(self, path: Path) -> None:
        # The format (valgrind's docs/cl-format): `ob=(id) name` sets the object of
        # the functions that follow, `(id)` alone repeats a named one; a `calls=`
        # line is followed by the cost of that call, which is the callee's, not
        # this function's own, and is skipped here.
        names: dict[str, str] = {}
        current = "?"
        skip_next = False
        with path.open(encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    self.total = max(self.total, int(line.split()[1]))
                    continue
                if line.startswith("ob="):
                    current = self._object(line[3:].strip(), names)
                    continue
                if line.startswith("calls="):
                    skip_next = True
                    continue
                first = line[:1]
                if first.isdigit() or first in "+-*":
                    if skip_next:
                        skip_next = False
                        continue
                    parts = line.split()
                    if len(parts) >= 2:
                        self.by_object[current] = self.by_object.get(current, 0) + int(parts[1])
                elif line.startswith("cob="):
                    self._object(line[4:].strip(), names)

    @staticmethod
    def _object(text: str, names: dict[str, str]) -> str:
        if text.startswith("("):
            key, _, name = text.partition(")")
            name = name.strip()
            if name:
                names[key] = name
            return names.get(key, text)
        return text

    def share(self, needle: str) -> float:
        """The fraction of all instructions executed in objects whose path contains `needle`."""
        own = sum(count for name, count in self.by_object.items() if needle in name)
        return own / self.total if self.total else 0.0


def callgrind(cmd: list[str], cwd: Path, out: Path, env: dict[str, str] | None = None) -> Profile | None:
    full = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd]
    r = subprocess.run(full, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, errors="replace")
    if r.returncode != 0 or not out.exists():
        log(f"  failed (exit {r.returncode}): {' '.join(cmd[:3])} ...")
        for line in r.stderr.strip().splitlines()[-8:]:
            log(f"      | {line}")
        return None
    return Profile(out)


def count(specsite: Path, content: Path, cmark: str | None = None, keep: Path | None = None) -> dict:
    """Counts specsite's build of `content` and cmark-gfm over the same files.
    Returns what bench.py records: each total, their ratio, and the share of
    specsite's instructions spent inside cmark-gfm's libraries."""
    result: dict = {"status": "ok", "content": str(content)}
    if not ensure_command("valgrind", "valgrind") or not ensure_command("objcopy", "binutils"):
        return {"status": "skipped", "error": "valgrind or objcopy not available"}
    cmark = cmark or ensure_command("cmark-gfm", "cmark-gfm")
    files = markdown_files(content)
    with tempfile.TemporaryDirectory(prefix="specsite-callgrind-") as work_dir:
        work = Path(work_dir)
        stripped = work / "specsite"
        shutil.copy2(specsite, stripped)
        subprocess.run(["objcopy", "--strip-debug", str(stripped)], check=True)
        env = {**os.environ, "SPECSITE_THREADS": "1"}
        log(f"callgrind: specsite build {content} ({len(files)} documents, one thread)")
        mine = callgrind([str(stripped), "build", str(content.resolve()), "--output", str(work / "site"),
                          "--no-cache"], cwd=work, out=work / "specsite.out", env=env)
        if mine is None:
            return {"status": "failed", "error": "specsite failed under callgrind"}
        result["specsite_ir"] = mine.total
        result["specsite_in_cmark_share"] = round(mine.share("libcmark-gfm"), 4)
        if keep:
            shutil.copy2(work / "specsite.out", keep / "callgrind.specsite.out")
        if cmark:
            flags = cmark_flags(cmark)
            log(f"callgrind: cmark-gfm {' '.join(flags)} over the same files")
            total = 0
            for start in range(0, len(files), CMARK_CHUNK):
                floor = callgrind([cmark, *flags, *files[start:start + CMARK_CHUNK]], cwd=content,
                                  out=work / f"cmark-{start}.out")
                if floor is None:
                    return {**result, "status": "failed", "error": "cmark-gfm failed under callgrind"}
                total += floor.total
            result["cmark_ir"] = total
            result["ratio"] = round(mine.total / total, 2) if total else None
    return result


def describe(result: dict) -> list[str]:
    """The lines bench.py prints for a count."""
    if result.get("status") != "ok":
        return [f"instructions: {result.get('status', 'skipped')} ({result.get('error', '')})"]
    lines = [f"instructions (callgrind, {result['content']}):",
             f"  specsite build  {result['specsite_ir']:>15,}"
             f"  ({100 * result['specsite_in_cmark_share']:.1f} % of them inside cmark-gfm)"]
    if "cmark_ir" in result:
        lines.append(f"  cmark-gfm       {result['cmark_ir']:>15,}")
        lines.append(f"  ratio           {result['ratio']:>14.1f}x")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Count instructions of specsite and cmark-gfm under callgrind.")
    ap.add_argument("specsite", type=Path, help="the specsite binary (a release build)")
    ap.add_argument("content", type=Path, help="a folder of markdown documents")
    ap.add_argument("--keep", type=Path, help="copy specsite's callgrind output into this folder")
    args = ap.parse_args(argv)
    if not args.specsite.exists() or not args.content.is_dir():
        ap.error("give an existing binary and a content folder")
    result = count(args.specsite.resolve(), args.content, keep=args.keep)
    for line in describe(result):
        log(line)
    return 0 if result.get("status") == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
