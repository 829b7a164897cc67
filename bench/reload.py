#!/usr/bin/env python3
"""Save to reloaded page: how long a reader of `specsite serve` waits.

Serves a copy of a content folder with a built specsite, opens one of its
pages in headless Chromium (through Tests/browser/cdp.py), and then, round
after round, saves an edit of that page's markdown and waits for the open page
to reload by itself. A round's time runs from just before the file is written
to the reloaded page's load event, both read from this machine's wall clock:
the browser's `performance.timeOrigin + loadEventEnd` of the new navigation.
It takes in everything a reader waits through: the watcher, the quiet time
that ends a burst of changes, the rebuild, the reload message and the
browser's fetch and layout of the new page.

Usage::

    python3 bench/reload.py SPECSITE CONTENT [--rounds N] [--page PATH.md]

Prints each round, then the median and the best. Python's standard library
and Debian's Chromium only.
"""

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "browser"))
import cdp  # noqa: E402  (the path above is where it lives)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def pick_page(content):
    """The first markdown file (in sorted order) that is not an index page."""
    for folder, folders, names in sorted(os.walk(content)):
        folders.sort()
        for name in sorted(names):
            if name.endswith(".md") and name.lower() not in ("index.md", "readme.md"):
                return os.path.relpath(os.path.join(folder, name), content)
    raise SystemExit("no markdown page in " + content)


class Server:
    """`specsite serve` in the background, its output lines kept as they come."""

    def __init__(self, specsite, content, output, port):
        self.lines = []
        self.process = subprocess.Popen(
            [specsite, "serve", content, "--output", output, "--port", str(port), "--no-cache"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, text, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(text in line for line in self.lines):
                return
            if self.process.poll() is not None:
                raise SystemExit("specsite serve exited:\n" + "\n".join(self.lines))
            time.sleep(0.05)
        raise SystemExit("specsite serve did not say %r in %d s:\n%s" % (text, timeout, "\n".join(self.lines)))

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


NAVIGATION = """(() => {
  const entry = performance.getEntriesByType("navigation")[0];
  return {origin: performance.timeOrigin, load: entry ? entry.loadEventEnd : 0,
          edited: document.body ? document.body.textContent.includes(%s) : false};
})()"""


def loaded_after(tab, saved, marker, timeout=30):
    """The wall-clock time (ms) the page's reload finished, once it shows `marker`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            state = tab.evaluate(NAVIGATION % json.dumps(marker), timeout=5)
        except cdp.DriverError:
            state = None  # the page is between documents
        if state and state["origin"] > saved and state["load"] > 0 and state["edited"]:
            return state["origin"] + state["load"], state["load"]
        tab.browser.drain(tab.session)
        time.sleep(0.005)
    raise SystemExit("the page did not reload with the edit within %d s" % timeout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specsite")
    parser.add_argument("content")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--page", help="the page to edit, relative to CONTENT (default: the first one)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="specsite-reload-")
    content = os.path.join(work, "content")
    shutil.copytree(arguments.content, content)
    page = arguments.page or pick_page(content)
    source = os.path.join(content, page)
    with open(source, encoding="utf-8") as file:
        original = file.read()
    port = free_port()
    started = time.monotonic()
    server = Server(os.path.abspath(arguments.specsite), content, os.path.join(work, "site"), port)
    browser = None
    try:
        server.wait_for("Serving ", 1800)
        built = next((line for line in server.lines if line.startswith("Built ")), "")
        print("served %s (%s) after %.1f s" % (arguments.content, built, time.monotonic() - started))
        browser = cdp.Browser(arguments.chromium)
        tab = cdp.Tab(browser, 1280, 900)
        url = "http://127.0.0.1:%d/%s" % (port, page[: -len(".md")] + ".html")
        tab.navigate(url)
        times, page_loads = [], []
        for round in range(arguments.rounds):
            marker = "Reload check %d of %d." % (round + 1, arguments.rounds)
            time.sleep(0.5)  # let the previous reload settle
            rebuilds = len(server.lines)
            saved = time.time() * 1000
            with open(source, "w", encoding="utf-8") as file:
                file.write(original.rstrip("\n") + "\n\n" + marker + "\n")
            loaded, page_load = loaded_after(tab, saved, marker)
            times.append(loaded - saved)
            page_loads.append(page_load)
            rebuilt = next((line for line in server.lines[rebuilds:] if line.startswith("Rebuilt")), "")
            print("  round %d: %6.0f ms (page load %3.0f ms)   %s" % (round + 1, loaded - saved, page_load, rebuilt))
        print(
            "save to reloaded page: median %.0f ms, best %.0f ms; of which the page's own load: median %.0f ms"
            " (%d rounds, %s)" % (statistics.median(times), min(times), statistics.median(page_loads), len(times), page)
        )
    finally:
        if browser is not None:
            browser.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
