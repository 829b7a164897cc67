#!/usr/bin/env python3
"""specsite external renderer: draws ```bar-chart blocks as inline SVG.

Enable it in specsite.yml (paths are relative to the content folder):

    external_plugins:
      - name: bar-chart
        command: python3 plugins/bar-chart.py
        role: renderer
        blocks: [bar-chart]

Then, in a page:

    ```bar-chart Requests per day
    Monday: 42
    Tuesday: 17.5
    ```

Each non-empty line is `Label: number` (numbers may not be negative); lines
starting with `#` are comments. Words after `bar-chart` on the fence line
become the chart's title. Anything else is an error naming the file line, and
the build reports it.

Protocol: one JSON request on stdin, one JSON response on stdout
(see docs/plugins.md). Standard library only; all text is XML-escaped, so the
output is well-formed XML whatever the labels contain.
"""

import json
import re
import sys

WIDTH = 560
LABEL_WIDTH = 160
VALUE_WIDTH = 70
BAR_HEIGHT = 22
GAP = 8
TITLE_HEIGHT = 28
# Characters XML 1.0 does not allow at all, not even escaped.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(text):
    """Escapes text for XML content and double-quoted attributes."""
    text = NOT_XML.sub("", text)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )


def number(value):
    """Shows 42.0 as 42, 3.25 as 3.25 and 1/3 as 0.333333."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return str(round(value, 6))


def parse(code, first_line):
    """Returns [(label, value)] or raises ValueError naming the bad line."""
    rows = []
    for offset, line in enumerate(code.splitlines()):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        label, colon, value = stripped.rpartition(":")
        label = label.strip()
        try:
            amount = float(value.strip()) if colon and label else None
        except ValueError:
            amount = None
        if amount is None or amount != amount or amount in (float("inf"), float("-inf")):
            raise ValueError(f"line {first_line + offset}: expected 'Label: number', got {stripped!r}")
        if amount < 0:
            raise ValueError(f"line {first_line + offset}: {label!r} is negative; bars start at zero")
        rows.append((label, amount))
    if not rows:
        raise ValueError(f"line {first_line}: the chart has no 'Label: number' lines")
    return rows


def svg(rows, title):
    top = TITLE_HEIGHT if title else 0
    height = top + len(rows) * (BAR_HEIGHT + GAP) - GAP
    largest = max(value for _, value in rows)
    room = WIDTH - LABEL_WIDTH - VALUE_WIDTH
    name = title or "Bar chart"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bar-chart" width="{WIDTH}" height="{height}"'
        f' viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{xml_text(name)}">',
        f"<title>{xml_text(name)}</title>",
    ]
    if title:
        parts.append(f'<text x="0" y="18" font-weight="bold" font-size="15">{xml_text(title)}</text>')
    for index, (label, value) in enumerate(rows):
        y = top + index * (BAR_HEIGHT + GAP)
        width = 0 if largest == 0 else round(room * value / largest, 1)
        width_text = number(width)
        middle = number(y + BAR_HEIGHT / 2 + 5)
        parts.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{middle}" text-anchor="end" font-size="13">{xml_text(label)}</text>'
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{width_text}" height="{BAR_HEIGHT}" fill="#4c78a8">'
            f"<title>{xml_text(label)}: {number(value)}</title></rect>"
            f'<text x="{number(LABEL_WIDTH + width + 6)}" y="{middle}" font-size="13">{number(value)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def main():
    request = json.load(sys.stdin)
    if request.get("specsite") != 1 or request.get("role") != "renderer":
        print("bar-chart: expected a specsite 1 renderer request", file=sys.stderr)
        return 2
    block = request["block"]
    title = block["info"][len(block["language"]):].strip()
    try:
        rows = parse(block["code"], block["line"] + 1)
    except ValueError as error:
        print(f"bar-chart: {error}", file=sys.stderr)
        return 1
    json.dump({"html": svg(rows, title)}, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
