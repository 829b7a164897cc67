#!/usr/bin/env python3
"""Looks through a built site for anything content could have made run.

Usage: check_injection.py SITE_FOLDER

Prints one line per finding and exits 1 when there is any. Markup is parsed
(html.parser for HTML, ElementTree for SVG), so a payload shown as text
(`&lt;img onerror=…&gt;`) is fine and only real elements and attributes count:

- an event-handler attribute (`on…`) on any element;
- a `<script>` other than the theme's own inline script and scripts loaded
  from files inside the site;
- an `<iframe>`, `<object>`, `<embed>`, `<frame>`, `<base>` without a plain
  http(s) or path href, or `<meta http-equiv="refresh">`;
- a `javascript:`, `vbscript:` or `data:text/html` URL in any URL attribute;
- an SVG file that is not well-formed XML, a JSON file that does not parse.
"""
import html.parser
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "srcset"}
FORBIDDEN_ELEMENTS = {"iframe", "object", "embed", "frame", "frameset", "applet"}
THEME_SCRIPT_START = "(function(){var d=document.documentElement"


def dangerous_url(value):
    # As a browser reads a URL: C0 controls and spaces trimmed at the ends, tabs
    # and line breaks dropped inside (so `jav&#x09;ascript:` still counts).
    compact = "".join(ch for ch in (value or "").strip("".join(map(chr, range(33)))) if ch not in "\t\n\r").lower()
    return compact.startswith(("javascript:", "vbscript:", "data:text/html", "data:image/svg"))


class PageChecker(html.parser.HTMLParser):
    def __init__(self, path, site):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.site = site
        self.findings = []
        self.in_script = False
        self.script_text = ""

    def report(self, message):
        line, _ = self.getpos()
        self.findings.append(f"{self.path}:{line}: {message}")

    def handle_starttag(self, tag, attrs):
        self.check(tag, attrs)
        if tag == "script":
            self.in_script = True
            self.script_text = ""
            source = dict(attrs).get("src")
            if source is not None:
                target = os.path.normpath(os.path.join(os.path.dirname(os.path.join(self.site, self.path)), source))
                if "://" in source or not target.startswith(self.site + os.sep) or not os.path.isfile(target):
                    self.report(f"script from outside the site: {source!r}")

    def handle_startendtag(self, tag, attrs):
        self.check(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "script" and self.in_script:
            self.in_script = False
            text = self.script_text.strip()
            if text and not text.startswith(THEME_SCRIPT_START):
                self.report(f"inline script: {text[:60]!r}")

    def handle_data(self, data):
        if self.in_script:
            self.script_text += data

    def check(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.report(f"event handler {name}={value!r} on <{tag}>")
            if name in URL_ATTRIBUTES and dangerous_url(value):
                self.report(f"{name}={value!r} on <{tag}>")
        values = dict(attrs)
        if tag in FORBIDDEN_ELEMENTS:
            self.report(f"<{tag}> element")
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "refresh":
            self.report("meta refresh")
        if tag == "base":
            href = values.get("href") or ""
            if not (href.startswith(("https://", "http://", "/")) and not href.startswith("//")):
                self.report(f"<base href={href!r}>")


def check_svg(path, relative):
    findings = []
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as error:
        return [f"{relative}: SVG is not well-formed: {error}"]
    for element in root.iter():
        tag = element.tag.split("}")[-1]
        if tag in ("script", "foreignObject") or tag in FORBIDDEN_ELEMENTS:
            findings.append(f"{relative}: <{tag}> in SVG")
        for name, value in element.attrib.items():
            local = name.split("}")[-1]
            if local.startswith("on"):
                findings.append(f"{relative}: event handler {local}={value!r} on <{tag}> in SVG")
            if local in ("href", "src") and dangerous_url(value):
                findings.append(f"{relative}: {local}={value!r} on <{tag}> in SVG")
    return findings


def main():
    site = os.path.realpath(sys.argv[1])
    findings = []
    checked = 0
    for folder, _, files in os.walk(site):
        for name in sorted(files):
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, site)
            if name.endswith(".html"):
                checker = PageChecker(relative, site)
                with open(path, encoding="utf-8") as handle:
                    checker.feed(handle.read())
                checker.close()
                findings += checker.findings
            elif name.endswith(".svg"):
                findings += check_svg(path, relative)
            elif name.endswith(".json"):
                try:
                    with open(path, encoding="utf-8") as handle:
                        json.load(handle)
                except ValueError as error:
                    findings.append(f"{relative}: JSON does not parse: {error}")
            else:
                continue
            checked += 1
    for finding in findings:
        print(finding)
    print(f"checked {checked} files, {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
