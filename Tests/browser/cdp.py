#!/usr/bin/env python3
"""Drive Debian's headless Chromium over the Chrome DevTools Protocol.

The browser is started with ``--remote-debugging-pipe``: the driver writes
commands to the browser's fd 3 and reads replies and events from its fd 4,
each message JSON followed by a NUL byte. Python's standard library only.

Usage::

    python3 Tests/browser/cdp.py [--timeout SECONDS] [--chromium PATH] < job.json > result.json

A job is one JSON object on stdin; the result is one JSON object on stdout.
The whole run has a hard time limit (the job's ``timeout``, else ``--timeout``,
else 120 s): when it runs out, Chromium's process group is killed, a JSON
``{"error": "..."}`` is printed and the driver exits with status 3. Exit
status 2 means the job was malformed or the browser could not be started;
status 0 means the job ran (what it found in the pages is in the result).

Job ``visit``
-------------
::

    {"command": "visit", "timeout": 120, "visits": [VISIT, ...]}

    VISIT = {
      "url": "file:///…/index.html",
      "width": 1280, "height": 900,          # viewport; mobile emulation under 600 px
      "colorScheme": "light" | "dark",        # prefers-color-scheme (default light)
      "javascript": true,                     # false: Emulation.setScriptExecutionDisabled
      "screenshot": "/path/shot.png" | null,  # taken after the actions and evaluate
      "fullPage": false,                      # screenshot beyond the viewport
      "actions": [ACTION, ...],               # run in order after the load
      "evaluate": "JS expression"             # its JSON value is the visit's "value"
    }

    ACTION = {"click": "css selector"}        # a real mouse click at the element's centre
           | {"key": "Tab", "shift": false,   # a key press: Tab, Enter, Escape, Space, ArrowDown, "/", "k", …
              "ctrl": false}                  # with Shift or Control held
                                              # (after a click or key that follows a link, the
                                              # action waits until the new page has loaded)
           | {"type": "text"}                 # text typed into the focused element (Input.insertText)
           | {"evaluate": "JS expression"}    # its value is kept in "steps"
           | {"reload": true}                 # reload and wait for the load event
           | {"navigate": "url"}              # go to another page in the same tab
           | {"wait": 250}                    # milliseconds

Each visit gets a fresh tab in a fresh browser context (its own, empty
localStorage), so visits do not leak state into each other; actions within a
visit share it (so a reload keeps localStorage). Expressions are run with
``Runtime.evaluate`` (``returnByValue``, ``awaitPromise``): write
``(() => { ... })()`` for statements. They still run when the page's own
scripts are disabled. The result::

    {"visits": [{
      "url": "...",
      "value": <JSON value of evaluate, or null>,
      "steps": [{"action": {...}, "value": ..., "error": "..."}],
      "consoleMessages": [{"source": "console"|"exception"|"log"|"network",
                           "level": "error"|"warning", "text": "...", "url": "..."}],
      "screenshot": "/path/shot.png" | null,
      "error": null | "what went wrong (navigation failed, evaluate threw, …)"
    }, ...]}

``consoleMessages`` holds errors and warnings only: Runtime.consoleAPICalled
(error, warning, assert), Runtime.exceptionThrown, Log.entryAdded (error,
warning) and Network.loadingFailed (not counting cancelled loads). A dialog
(``alert()``, ``confirm()``) would block the page: it is dismissed at once and
reported as an error with source "dialog".

Job ``crawl``
-------------
::

    {"command": "crawl", "timeout": 300, "start": ["file:///site/index.html", ...],
     "root": "/site",          # optional: the site folder (default: the first start page's folder)
     "width": 1280, "height": 900, "colorScheme": "light"}

Visits every page of the site reachable from the start pages through
``a[href]`` (HTML files, or folders holding an index.html), and checks every
internal reference: ``a[href]``, ``link[href]``, ``script[src]``, ``img[src]``.
A ``file:`` reference is internal; it is broken when, once its query and
fragment are dropped and its path percent-decoded, no such file exists, when
it is a folder without index.html, or when it leaves the site folder. A
``#fragment`` on a link to a page is broken when that page has no element
with that id (or an ``a[name]``); ``#`` and ``#top`` always work. The result::

    {"pages": ["index.html", ...],            # visited, relative to root
     "checked": 123,                           # internal references checked
     "brokenLinks": [{"from": "a/b.html", "href": "../c.html#x", "reason": "..."}],
     "consoleErrors": [{"page": "a/b.html", "messages": [MESSAGE, ...]}]}
"""

import base64
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

DEFAULT_TIMEOUT = 120
LOAD_TIMEOUT = 30
COMMAND_TIMEOUT = 30

KEYS = {
    "Tab": ("Tab", 9, ""),
    "Enter": ("Enter", 13, "\r"),
    "Escape": ("Escape", 27, ""),
    "Space": ("Space", 32, " "),
    " ": ("Space", 32, " "),
    "ArrowDown": ("ArrowDown", 40, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
}

_browser = None


class DriverError(Exception):
    """Something the driver itself could not do (not a page problem)."""


def fail(status, message):
    print(json.dumps({"error": message}))
    print("cdp.py: " + message, file=sys.stderr)
    sys.stdout.flush()
    sys.stderr.flush()
    if _browser is not None:
        _browser.kill()
    os._exit(status)


def on_alarm(signum, frame):
    fail(3, "timed out: the job did not finish in time; Chromium was killed")


class Browser:
    """One Chromium process and the pipe to it."""

    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="specsite-cdp-")
        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # The child's ends move above fd 9, so putting them at 3 and 4 clobbers neither.
        child_ends = []
        for end in (to_browser_read, from_browser_write):
            child_ends.append(fcntl.fcntl(end, fcntl.F_DUPFD, 10))
            os.close(end)
        to_browser_read, from_browser_write = child_ends
        arguments = [
            executable,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--user-data-dir=" + os.path.join(self.profile, "profile"),
            "--remote-debugging-pipe",
            "--allow-file-access-from-files",
        ]

        def put_pipe_at_3_and_4():
            # In the child, before exec: the ends become fd 3 and 4 (inheritable);
            # every other descriptor of ours is close-on-exec, so Chromium gets only these.
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.process = subprocess.Popen(
            arguments,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
            close_fds=False,
            preexec_fn=put_pipe_at_3_and_4,
            start_new_session=True,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []  # (sessionId, method, params), not yet consumed

    def kill(self):
        """Ends Chromium and its helpers (its own process group) and removes the profile."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except DriverError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def chromium_log(self):
        try:
            with open(os.path.join(self.profile, "chromium.log"), "rb") as log:
                return log.read()[-2000:].decode("utf-8", "replace")
        except OSError:
            return ""

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise DriverError("no message from Chromium in time")
            ready, _, _ = select.select([self.from_browser], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise DriverError("Chromium closed the pipe (it exited): " + self.chromium_log())
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=COMMAND_TIMEOUT):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                written = os.write(self.to_browser, data)
                data = data[written:]
        except OSError as error:
            raise DriverError("cannot write to Chromium: %s" % error)
        deadline = time.monotonic() + timeout
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise DriverError("%s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})
            if "method" in reply:
                self.event(reply)

    def pump(self, deadline):
        """Reads one event into self.events; False when none came before the deadline."""
        try:
            message = self.read_message(deadline)
        except DriverError as error:
            if "in time" in str(error):
                return False
            raise
        if "method" in message:
            self.event(message)
        return True

    def event(self, message):
        """Keeps an event for its tab; dismisses alert() and friends at once, since they block the page."""
        if message["method"] == "Page.javascriptDialogOpening":
            self.next_id += 1
            command = {
                "id": self.next_id,
                "method": "Page.handleJavaScriptDialog",
                "params": {"accept": False},
                "sessionId": message.get("sessionId"),
            }
            os.write(self.to_browser, json.dumps(command).encode() + b"\0")
        self.events.append((message.get("sessionId"), message["method"], message.get("params", {})))

    def drain(self, session):
        """Reads what is waiting on the pipe and returns (and forgets) this session's events."""
        deadline = time.monotonic() + 0.02
        while self.pump(deadline):
            pass
        mine = [(method, params) for event_session, method, params in self.events if event_session == session]
        self.events = [event for event in self.events if event[0] != session]
        return mine


def remote_object_text(value):
    if "value" in value:
        return value["value"] if isinstance(value["value"], str) else json.dumps(value["value"])
    return value.get("description") or value.get("unserializableValue") or value.get("type", "")


class Tab:
    """A page in its own browser context, with the domains the checks need."""

    def __init__(self, browser, width, height, color_scheme="light", javascript=True):
        self.browser = browser
        self.context = browser.send("Target.createBrowserContext")["browserContextId"]
        self.target = browser.send(
            "Target.createTarget", {"url": "about:blank", "browserContextId": self.context}
        )["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})[
            "sessionId"
        ]
        self.width = width
        self.height = height
        self.requests = {}
        self.failed = set()
        self.javascript = javascript
        self.messages = []
        self.loads = 0
        self.navigating = False
        self.stopped = False
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(domain + ".enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        self.call(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": color_scheme}]},
        )
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})
        if not javascript:
            self.call("Emulation.setScriptExecutionDisabled", {"value": True})

    def call(self, method, params=None, timeout=COMMAND_TIMEOUT):
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def close(self):
        try:
            self.browser.send("Target.closeTarget", {"targetId": self.target})
            self.browser.send("Target.disposeBrowserContext", {"browserContextId": self.context})
        except DriverError:
            pass
        self.browser.events = [event for event in self.browser.events if event[0] != self.session]

    def collect(self):
        """Turns this tab's waiting events into console messages."""
        for method, params in self.browser.drain(self.session):
            self.note(method, params)

    def note(self, method, params):
        if method == "Page.loadEventFired":
            self.loads += 1
        elif method == "Page.frameStartedLoading":
            self.navigating = True
        elif method == "Page.frameStoppedLoading":
            self.stopped = True
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            frames = (params.get("stackTrace") or {}).get("callFrames") or [{}]
            self.messages.append(
                {
                    "source": "console",
                    "level": "warning" if params["type"] == "warning" else "error",
                    "text": " ".join(remote_object_text(arg) for arg in params.get("args", [])),
                    "url": frames[0].get("url", ""),
                }
            )
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            exception = details.get("exception") or {}
            text = exception.get("description") or details.get("text", "exception")
            self.messages.append(
                {"source": "exception", "level": "error", "text": text, "url": details.get("url", "")}
            )
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            # "Failed to load resource" repeats a Network.loadingFailed: keep one.
            repeated = entry.get("source") == "network" and entry.get("url") in self.failed
            if entry.get("level") in ("error", "warning") and not repeated:
                self.messages.append(
                    {
                        "source": "log",
                        "level": entry["level"],
                        "text": entry.get("text", ""),
                        "url": entry.get("url", ""),
                    }
                )
        elif method == "Page.javascriptDialogOpening":
            self.messages.append(
                {
                    "source": "dialog",
                    "level": "error",
                    "text": "%s(%s) opened (dismissed)" % (params.get("type", "dialog"), params.get("message", "")),
                    "url": params.get("url", ""),
                }
            )
        elif method == "Network.requestWillBeSent":
            self.requests[params.get("requestId")] = params.get("request", {}).get("url", "")
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            url = self.requests.get(params.get("requestId"), "")
            self.failed.add(url)
            self.messages = [
                message
                for message in self.messages
                if not (message["source"] == "log" and message["url"] == url and "Failed to load" in message["text"])
            ]
            self.messages.append(
                {
                    "source": "network",
                    "level": "error",
                    "text": "%s %s" % (params.get("errorText", "load failed"), url),
                    "url": url,
                }
            )

    def wait_for_load(self):
        """Waits for the load event, keeping the console messages seen on the way."""
        deadline = time.monotonic() + LOAD_TIMEOUT
        while True:
            for method, params in self.browser.drain(self.session):
                self.note(method, params)
            if self.loads:
                self.loads = 0
                break
            if time.monotonic() > deadline:
                raise DriverError("the page did not finish loading in %d s" % LOAD_TIMEOUT)
            self.browser.pump(min(deadline, time.monotonic() + 0.5))
        self.settle()

    def settle(self):
        """Lets the page run its load handlers and paint twice."""
        if not self.javascript:
            # No animation frame callbacks run while scripts are off.
            time.sleep(0.1)
            self.collect()
            return
        try:
            self.evaluate(
                "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))",
                timeout=5,
            )
        except DriverError:
            time.sleep(0.1)
        self.collect()

    def navigate(self, url):
        self.loads = 0
        self.collect()
        self.loads = 0
        result = self.call("Page.navigate", {"url": url})
        if result.get("errorText"):
            self.collect()
            raise DriverError("navigation to %s failed: %s" % (url, result["errorText"]))
        self.wait_for_load()

    def reload(self):
        self.collect()
        self.loads = 0
        self.call("Page.reload")
        self.wait_for_load()

    def evaluate(self, expression, timeout=COMMAND_TIMEOUT):
        result = self.call(
            "Runtime.evaluate",
            {
                "expression": expression,
                "returnByValue": True,
                "awaitPromise": True,
                "userGesture": True,
            },
            timeout=timeout,
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            exception = details.get("exception") or {}
            raise DriverError("evaluate threw: " + (exception.get("description") or details.get("text", "")))
        return result.get("result", {}).get("value")

    def click(self, selector):
        box = self.evaluate(
            """(() => {
                const element = document.querySelector(%s);
                if (!element) return null;
                element.scrollIntoView({block: "center", inline: "center"});
                const r = element.getBoundingClientRect();
                return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height};
            })()"""
            % json.dumps(selector)
        )
        if box is None:
            raise DriverError("click: no element matches %s" % selector)
        if box["w"] <= 0 or box["h"] <= 0:
            raise DriverError("click: %s is not displayed (it has no size)" % selector)
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1},
            )
        self.settle_after_input()

    def settle_after_input(self):
        """Settles; when the input started loading a page (a link), waits until it has loaded.

        A link to a #fragment of the same page loads nothing, so no load event comes:
        the frame's loading stops instead, as it does after a real page's load event.
        """
        self.navigating = False
        self.stopped = False
        self.settle()
        deadline = time.monotonic() + 0.15
        while not self.navigating and time.monotonic() < deadline:
            self.browser.pump(deadline)
            self.collect()
        if self.navigating:
            deadline = time.monotonic() + LOAD_TIMEOUT
            while not self.stopped:
                if time.monotonic() > deadline:
                    raise DriverError("the page did not finish loading in %d s" % LOAD_TIMEOUT)
                self.browser.pump(min(deadline, time.monotonic() + 0.5))
                self.collect()
            self.navigating = False
            self.loads = 0
            self.settle()

    def key(self, name, shift=False, ctrl=False):
        code, key_code, text = KEYS.get(name, (name, 0, name if len(name) == 1 else ""))
        key = " " if code == "Space" else name
        if len(name) == 1 and name.isalpha():
            code, key_code = "Key" + name.upper(), ord(name.upper())
        modifiers = (8 if shift else 0) | (2 if ctrl else 0)
        if ctrl:
            text = ""
        down = {
            "type": "keyDown" if text else "rawKeyDown",
            "key": key,
            "code": code,
            "windowsVirtualKeyCode": key_code,
            "nativeVirtualKeyCode": key_code,
            "modifiers": modifiers,
        }
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call(
            "Input.dispatchKeyEvent",
            {
                "type": "keyUp",
                "key": key,
                "code": code,
                "windowsVirtualKeyCode": key_code,
                "nativeVirtualKeyCode": key_code,
                "modifiers": modifiers,
            },
        )
        self.settle_after_input()

    def screenshot(self, path, full_page=False):
        params = {"format": "png"}
        if full_page:
            metrics = self.call("Page.getLayoutMetrics")
            size = metrics.get("cssContentSize") or metrics.get("contentSize")
            params["captureBeyondViewport"] = True
            params["clip"] = {
                "x": 0,
                "y": 0,
                "width": max(self.width, size["width"]),
                "height": min(size["height"], 16000),
                "scale": 1,
            }
        data = self.call("Page.captureScreenshot", params, timeout=60)["data"]
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))


def run_action(tab, action):
    if "click" in action:
        tab.click(action["click"])
    elif "key" in action:
        tab.key(action["key"], bool(action.get("shift")), bool(action.get("ctrl")))
    elif "type" in action:
        tab.call("Input.insertText", {"text": action["type"]})
        tab.settle_after_input()
    elif "evaluate" in action:
        value = tab.evaluate(action["evaluate"])
        tab.collect()
        return value
    elif "reload" in action:
        tab.reload()
    elif "navigate" in action:
        tab.navigate(action["navigate"])
    elif "wait" in action:
        time.sleep(float(action["wait"]) / 1000)
        tab.collect()
    else:
        raise DriverError("unknown action %s" % json.dumps(action))
    return None


def visit(browser, spec):
    result = {"url": spec.get("url"), "value": None, "steps": [], "consoleMessages": [], "screenshot": None, "error": None}
    tab = Tab(
        browser,
        int(spec.get("width", 1280)),
        int(spec.get("height", 900)),
        spec.get("colorScheme", "light"),
        spec.get("javascript", True),
    )
    try:
        tab.navigate(spec["url"])
        for action in spec.get("actions") or []:
            step = {"action": action, "value": None, "error": None}
            try:
                step["value"] = run_action(tab, action)
            except DriverError as error:
                step["error"] = str(error)
            result["steps"].append(step)
        if spec.get("evaluate"):
            result["value"] = tab.evaluate(spec["evaluate"])
        if spec.get("screenshot"):
            tab.screenshot(spec["screenshot"], bool(spec.get("fullPage")))
            result["screenshot"] = spec["screenshot"]
        tab.collect()
    except DriverError as error:
        if "closed the pipe" in str(error):
            raise
        result["error"] = str(error)
    finally:
        result["consoleMessages"] = tab.messages
        tab.close()
    return result


LINKS_SCRIPT = """(() => {
    const refs = [];
    const add = (kind, element, attribute, resolved) => {
        const raw = element.getAttribute(attribute);
        if (raw !== null) refs.push({kind, raw, url: resolved});
    };
    // An SVG link's href is an SVGAnimatedString: resolve its value against the page.
    for (const a of document.querySelectorAll("a[href]")) add("a", a, "href", typeof a.href === "string" ? a.href : new URL(a.getAttribute("href"), document.baseURI).href);
    for (const l of document.querySelectorAll("link[href]")) add("link", l, "href", l.href);
    for (const s of document.querySelectorAll("script[src]")) add("script", s, "src", s.src);
    for (const i of document.querySelectorAll("img[src]")) add("img", i, "src", i.src);
    const ids = [...document.querySelectorAll("[id]")].map(e => e.id)
        .concat([...document.querySelectorAll("a[name]")].map(e => e.getAttribute("name")));
    return {refs, ids};
})()"""


def file_path(url):
    parts = urllib.parse.urlsplit(url)
    return os.path.normpath(urllib.parse.unquote(parts.path)), parts.fragment


def crawl(browser, job):
    starts = job["start"] if isinstance(job["start"], list) else [job["start"]]
    root = os.path.normpath(job.get("root") or os.path.dirname(file_path(starts[0])[0]))
    tab = Tab(browser, int(job.get("width", 1280)), int(job.get("height", 900)), job.get("colorScheme", "light"))
    relative = lambda path: os.path.relpath(path, root)
    queue = [file_path(url)[0] for url in starts]
    seen = set(queue)
    pages = []
    ids = {}
    fragments = []  # (from, href, target page, fragment)
    broken = []
    console = []
    checked = 0
    try:
        while queue:
            page = queue.pop(0)
            pages.append(relative(page))
            tab.messages = []
            try:
                tab.navigate("file://" + urllib.parse.quote(page))
                found = tab.evaluate(LINKS_SCRIPT)
            except DriverError as error:
                if "closed the pipe" in str(error):
                    raise
                broken.append({"from": relative(page), "href": "", "reason": "page did not load: %s" % error})
                continue
            finally:
                tab.collect()
                if tab.messages:
                    console.append({"page": relative(page), "messages": tab.messages})
            ids[page] = set(found["ids"])
            for ref in found["refs"]:
                url = ref["url"]
                if not url.startswith("file:"):
                    continue
                checked += 1
                path, fragment = file_path(url)
                where = {"from": relative(page), "href": ref["raw"]}
                if path != root and not path.startswith(root + os.sep):
                    broken.append(dict(where, reason="leaves the site folder (%s)" % path))
                    continue
                target = path
                if os.path.isdir(path):
                    target = os.path.join(path, "index.html")
                    if not os.path.isfile(target):
                        broken.append(dict(where, reason="folder without index.html: %s" % relative(path)))
                        continue
                elif not os.path.isfile(path):
                    broken.append(dict(where, reason="no such file: %s" % relative(path)))
                    continue
                is_page = target.endswith((".html", ".htm"))
                if ref["kind"] == "a" and is_page:
                    if target not in seen:
                        seen.add(target)
                        queue.append(target)
                    if fragment:
                        fragments.append((where, target, fragment))
        for where, target, fragment in fragments:
            if fragment.lower() == "top":
                continue
            known = ids.get(target, set())
            if fragment not in known and urllib.parse.unquote(fragment) not in known:
                broken.append(dict(where, reason="no element with id '%s' in %s" % (fragment, relative(target))))
    finally:
        tab.close()
    return {"pages": pages, "checked": checked, "brokenLinks": broken, "consoleErrors": console}


def main():
    global _browser
    arguments = sys.argv[1:]
    timeout = None
    executable = "/usr/bin/chromium"
    while arguments:
        flag = arguments.pop(0)
        if flag == "--timeout" and arguments:
            timeout = float(arguments.pop(0))
        elif flag == "--chromium" and arguments:
            executable = arguments.pop(0)
        else:
            fail(2, "usage: cdp.py [--timeout SECONDS] [--chromium PATH] < job.json")
    try:
        job = json.load(sys.stdin)
    except ValueError as error:
        fail(2, "the job on stdin is not JSON: %s" % error)
    if timeout is None:
        timeout = float(job.get("timeout", DEFAULT_TIMEOUT))
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    command = job.get("command")
    if command not in ("visit", "crawl"):
        fail(2, "unknown command %r: use visit or crawl" % command)
    try:
        _browser = Browser(executable)
    except OSError as error:
        fail(2, "cannot start %s: %s" % (executable, error))
    try:
        if command == "visit":
            output = {"visits": [visit(_browser, spec) for spec in job.get("visits", [])]}
        else:
            output = crawl(_browser, job)
    except (DriverError, KeyError) as error:
        fail(2, "%s: %s" % (type(error).__name__, error))
    signal.setitimer(signal.ITIMER_REAL, 0)
    _browser.close()
    print(json.dumps(output, indent=1))


if __name__ == "__main__":
    main()
