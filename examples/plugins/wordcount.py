#!/usr/bin/env python3
"""specsite external preprocessor: replaces {{wordcount}} with the page's word count.

Enable it in specsite.yml (paths are relative to the content folder):

    external_plugins:
      - name: wordcount
        command: python3 plugins/wordcount.py
        role: preprocessor

Write `{{wordcount}}` (spaces inside the braces are allowed) anywhere in a page,
for example `*{{wordcount}} words*`. Words are counted in the page's prose:
fenced code blocks, inline code, HTML comments and link destinations are left
out, and so is the placeholder itself. Placeholders inside code are kept as
written, so a page can show the syntax.

Protocol: one JSON request on stdin, one JSON response on stdout
(see docs/plugins.md). Standard library only.
"""

import json
import re
import sys

PLACEHOLDER = re.compile(r"\{\{\s*wordcount\s*\}\}")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# A word: letters or digits, with inner apostrophes or hyphens (don't, well-known).
WORD = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
LINK_DESTINATION = re.compile(r"\]\([^)]*\)")


def split_code(markdown):
    """Yields (is_code, text) pieces: fenced blocks and inline code spans are code."""
    fence = None
    prose = []
    for line in markdown.splitlines(keepends=True):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
            yield from split_inline("".join(prose))
            prose = []
            yield True, line
        elif fence is not None:
            yield True, line
            stripped = line.strip()
            if stripped.startswith(fence[0] * len(fence)) and set(stripped) == {fence[0]}:
                fence = None
        else:
            prose.append(line)
    yield from split_inline("".join(prose))


def split_inline(text):
    """Splits prose on backtick code spans (`like this`)."""
    position = 0
    for match in re.finditer(r"(`+)(.+?)\1", text, re.DOTALL):
        yield False, text[position:match.start()]
        yield True, match.group(0)
        position = match.end()
    yield False, text[position:]


def count_words(markdown):
    total = 0
    for is_code, text in split_code(markdown):
        if is_code:
            continue
        text = PLACEHOLDER.sub(" ", text)
        text = COMMENT.sub(" ", text)
        text = LINK_DESTINATION.sub("] ", text)
        total += len(WORD.findall(text))
    return total


def main():
    request = json.load(sys.stdin)
    if request.get("specsite") != 1 or request.get("role") != "preprocessor":
        print("wordcount: expected a specsite 1 preprocessor request", file=sys.stderr)
        return 2
    markdown = request["markdown"]
    if PLACEHOLDER.search(markdown):
        count = str(count_words(markdown))
        markdown = "".join(
            text if is_code else PLACEHOLDER.sub(count, text) for is_code, text in split_code(markdown)
        )
    json.dump({"markdown": markdown}, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
