#!/usr/bin/env python3
"""Deterministic generator of realistic app-spec markdown trees.

Used by bench/bench.py to build the inputs that specsite is timed on, and
runnable by hand:

    python3 bench/generate.py OUT_DIR --count 1000 --seed 42 [--verify]

``generate(folder, count, seed)`` writes ``count`` markdown documents of
5-50 KB each (log-uniform sizes) into a tree shaped like a real spec repo:

    PRD.md ARCHITECTURE.md UX_SPEC.md DESIGN_SYSTEM.md
    plans/NN-topic.md                         (at most 50)
    features/NN-name/doc-NNNN.md              (~50 per folder)
    .planning/phases/NN-name/NN-CONTEXT.md    (one per phase)
    .planning/phases/NN-name/NN-MM-PLAN.md    (YAML front matter: phase, plan,
                                               wave, depends_on)

Content mixes headings (levels 1-4, including ``## CHUNK-012: Title ✅
COMPLETED``), paragraphs with emphasis/code/links/strikethrough/autolinks,
bullet, numbered and (nested) task lists, GFM tables, fenced code (swift, ts,
json, css), block quotes, ``> [!NOTE]`` alerts, footnotes and relative links
to other generated documents whose ``#anchor`` is the GitHub slug of a heading
that really exists in the target.

Output depends only on (count, seed): every document draws from its own
``random.Random`` seeded with the seed and its path, so generation can run in
parallel and still be byte-for-byte reproducible.  Standard library only.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import posixpath
import random
import re
import shutil
import sys
import time
from dataclasses import dataclass, field

GENERATOR_VERSION = 1

MIN_BYTES = 5 * 1024
MAX_BYTES = 50 * 1024
FILES_PER_FOLDER = 50
MAX_PLANS = 50
TOP_LEVEL = ["PRD.md", "ARCHITECTURE.md", "UX_SPEC.md", "DESIGN_SYSTEM.md"]

# --------------------------------------------------------------------------
# Vocabulary (a few hundred words, app-spec flavoured)
# --------------------------------------------------------------------------

NOUNS = """account activity adapter alert analytics anchor api app archive asset
attachment audit avatar backend badge banner baseline batch bookmark boundary
budget buffer build bundle button cache calendar callback canvas card catalog
category channel checkpoint client clipboard cluster color column command
component config conflict connection consent contact container context contract
cursor dashboard database dataset deadline dependency deployment device dialog
diff directory document draft editor endpoint entity environment error event
export feature feed field filter flag folder font footer form frame gateway
gesture grid handler header heading history hook icon identity image import
index input integration invoice item job keyboard label language latency layer
layout ledger library limit link list locale lock log manifest margin marker
menu merge message metric migration milestone mode model module modal network
node notification offset onboarding owner package page pagination palette panel
parser password payload permission picker pipeline placeholder plan platform
plugin policy preference preview profile project prompt provider query queue
quota reader record reducer region release reminder renderer replica report
repository request resolver resource response retry revision role route row
runtime schedule schema scope screen scroll search section selector session
setting shadow sheet shortcut sidebar signal snapshot socket source spacing spec
spinner stack state status step storage store stream style subscription summary
surface switch sync tab table tag task team template tenant theme thread
threshold thumbnail timeline timer toast token toolbar tooltip trace
transaction transition trigger typography upload user validator value variant
vendor version view viewport webhook widget window workflow workspace""".split()

VERBS = """accept add align allow apply archive attach block cache cancel capture
clear collapse commit compute confirm connect copy create debounce decode defer
delete deliver detect disable dismiss display emit enable encode ensure expand
expose fetch filter flush focus format handle hide highlight hydrate import
index invalidate load lock log merge migrate mirror monitor notify observe open
paginate parse persist prefetch preserve publish push queue read rebuild
reconcile record redirect refresh reject reload remove render replace request
reset resolve restore retry return revoke rotate route save schedule scroll
select send serialize share show sort split store stream submit subscribe
support surface sync throttle toggle track transform trigger truncate unlock
update upload validate verify wrap write""".split()

ADJECTIVES = """active async atomic automatic available background basic binary
blocking brief cached canonical compact concurrent consistent current custom
dark default dedicated deferred degraded dense deterministic disabled draft
dynamic editable empty encrypted explicit external failed fast final flexible
global granular hidden idle immutable implicit incremental initial inline
internal invalid isolated large lazy legacy light local localized main manual
minimal mobile modular native nested new offline online optional orphaned paged
partial pending persistent pinned primary private public read-only recent
redundant relative remote required responsive reusable scoped secondary secure
shared silent single small stable stale static strict structured synchronous
temporary transient trusted unique unread upstream urgent valid verbose
visible""".split()

ADVERBS = """always briefly carefully eagerly eventually explicitly gracefully
immediately incrementally lazily locally never optimistically periodically
quietly rarely safely silently synchronously transparently""".split()

PREPOSITIONS = ["in", "on", "from", "into", "for", "with", "after", "before",
                "across", "behind", "per", "through", "via", "without", "under"]
CONDITIONS = ["When", "If", "After", "Before", "Once", "Unless", "While",
              "Whenever", "As soon as", "Until"]
MODALS = ["must", "should", "may", "can", "will", "must not", "should not"]
SUBJECTS = ["The app", "The client", "The server", "The user", "Each screen",
            "The sync engine", "The design system", "Every request", "The editor",
            "The background task", "The store", "The renderer", "The API layer",
            "Support staff", "An admin", "A guest user", "The widget"]
PEOPLE = ["Ana", "Bilal", "Chen", "Dara", "Emeka", "Fatima", "Gus", "Hana",
          "Ivo", "Jules", "Kenji", "Lena", "Mateo", "Nadia", "Omar", "Priya"]
STATUSES = ["✅ COMPLETED", "🚧 IN PROGRESS", "⏳ PLANNED", "❌ BLOCKED", "✅ DONE", ""]
CELL_STATUS = ["✅ Done", "🚧 In progress", "⏳ Planned", "❌ Blocked", "🔍 Review", "—"]
PRIORITIES = ["P0", "P1", "P2", "P3"]
ALERT_KINDS = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"]
SECTIONS = """Overview|Goals|Non-Goals|Background|Problem Statement|User Stories|
Requirements|Functional Requirements|Non-Functional Requirements|Data Model|
API Surface|Architecture|Components|State Management|Error Handling|Security|
Privacy|Accessibility|Performance|Testing Strategy|Rollout Plan|Open Questions|
Risks & Mitigations|Dependencies|Success Metrics|Acceptance Criteria|Edge Cases|
Migration|Telemetry|Localization|Design Tokens|Layout|Navigation|Interactions|
Empty States|Notes|References|Changelog|Glossary|Timeline|Scope|Assumptions|
Alternatives Considered|Implementation Notes|Verification|Success Criteria|
Tasks|Context|Decisions|Follow-ups""".replace("\n", "").split("|")
SUBSECTIONS = ["Acceptance Criteria", "Notes", "Tasks", "Edge Cases", "Examples",
               "Open Questions", "Implementation", "Tests", "States", "Props",
               "Request", "Response", "Errors", "Rationale", "Out of Scope"]
APP_NAMES = ["Tidewater", "Larkspur", "Northwind", "Quillpad", "Harbor",
             "Kestrel", "Meridian", "Pebble", "Juniper", "Orbit"]

SWIFT_TYPES = ["String", "Int", "Bool", "Date", "UUID", "URL", "Double", "[String]",
               "Data", "TimeInterval", "[UUID: Int]", "String?", "Int?"]
TS_TYPES = ["string", "number", "boolean", "Date", "string[]", "number | null",
            "Record<string, number>", "unknown", "Promise<void>"]
LANGS = ["swift", "ts", "json", "css"]
SCREENS = ["Welcome", "Sign In", "Home", "Settings", "Profile", "Search", "Detail", "Checkout", "Payment",
           "Receipt", "Onboarding", "Permissions", "Notifications", "Help", "Done"]

VOWELS = set("aeiou")


def _third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in VOWELS:
        return verb[:-1] + "ies"
    return verb + "s"


def _plural(noun: str) -> str:
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and len(noun) > 1 and noun[-2] not in VOWELS:
        return noun[:-1] + "ies"
    return noun + "s"


def _article(word: str) -> str:
    return "an" if word[0] in VOWELS else "a"


def _camel(words: list[str], upper_first: bool = False) -> str:
    parts = [w.replace("-", "") for w in words]
    out = "".join(p[:1].upper() + p[1:] for p in parts)
    return out if upper_first else out[:1].lower() + out[1:]


def _title(words: list[str]) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in words)


# --------------------------------------------------------------------------
# GitHub heading slugs
# --------------------------------------------------------------------------

_SLUG_DROP = re.compile(r"[^\w\- ]")


def github_slug(text: str) -> str:
    """GitHub's rule: lowercase, drop every char that is not a letter, digit,
    underscore, hyphen or space, then spaces become hyphens."""
    return _SLUG_DROP.sub("", text.strip().lower()).replace(" ", "-")


class Slugger:
    """Assigns unique slugs within one document (github-slugger semantics:
    the second 'notes' becomes 'notes-1', the third 'notes-2')."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def slug(self, text: str) -> str:
        base = slug = github_slug(text)
        while slug in self.seen:
            self.seen[base] += 1
            slug = f"{base}-{self.seen[base]}"
        self.seen[slug] = 0
        return slug


# --------------------------------------------------------------------------
# Plan: which documents exist, their headings (so links can point at them)
# --------------------------------------------------------------------------

@dataclass
class Heading:
    level: int
    text: str
    slug: str


@dataclass
class Doc:
    index: int
    path: str           # posix, relative to the content root
    kind: str           # top | plan | feature | context | phase-plan
    target: int         # target size in bytes
    headings: list[Heading] = field(default_factory=list)
    front_matter: str = ""
    topic: list[str] = field(default_factory=list)


def _spread(total: int, groups: int) -> list[int]:
    base, extra = divmod(total, groups)
    return [base + (1 if i < extra else 0) for i in range(groups)]


def _folder_name(rng: random.Random) -> str:
    n = rng.choice([1, 2, 2, 3])
    return "-".join(rng.sample(NOUNS, n)).replace("-only", "")


def plan_tree(count: int, seed: int) -> tuple[list[Doc], dict]:
    """Decide every document's path, kind, size target, front matter and
    heading outline.  Cheap; runs single-threaded before the bodies."""
    rng = random.Random(f"specsite-bench/{seed}/tree")
    meta = {"app": rng.choice(APP_NAMES)}
    paths: list[tuple[str, str, dict]] = []  # (path, kind, extra)

    for name in TOP_LEVEL[: min(count, len(TOP_LEVEL))]:
        paths.append((name, "top", {}))
    rest = count - len(paths)
    n_plans = min(MAX_PLANS, round(rest * 0.10))
    n_features = round((rest - n_plans) * 0.60)
    n_phase = rest - n_plans - n_features

    for i in range(n_plans):
        topic = "-".join(rng.sample(NOUNS, 2))
        paths.append((f"plans/{i + 1:02d}-{topic}.md", "plan", {}))

    if n_features:
        groups = math.ceil(n_features / FILES_PER_FOLDER)
        width = max(2, len(str(groups)))
        gwidth = max(4, len(str(n_features)))
        k = 0
        for g, size in enumerate(_spread(n_features, groups)):
            folder = f"features/{g + 1:0{width}d}-{_folder_name(rng)}"
            for _ in range(size):
                k += 1
                paths.append((f"{folder}/doc-{k:0{gwidth}d}.md", "feature",
                              {"feature": g + 1}))

    if n_phase:
        groups = math.ceil(n_phase / FILES_PER_FOLDER)
        width = max(2, len(str(groups)))
        for g, size in enumerate(_spread(n_phase, groups)):
            num = f"{g + 1:0{width}d}"
            name = f"{num}-{_folder_name(rng)}"
            folder = f".planning/phases/{name}"
            paths.append((f"{folder}/{num}-CONTEXT.md", "context",
                          {"phase": name, "phase_num": num}))
            waves: list[int] = []
            for p in range(1, size):
                deps: list[int] = []
                if p > 1:
                    for _ in range(rng.choice([0, 1, 1, 1, 2])):
                        d = rng.randint(max(1, p - 4), p - 1)
                        if d not in deps:
                            deps.append(d)
                    deps.sort()
                wave = 1 + max((waves[d - 1] for d in deps), default=0)
                waves.append(wave)
                paths.append((f"{folder}/{num}-{p:02d}-PLAN.md", "phase-plan",
                              {"phase": name, "phase_num": num, "plan": p,
                               "wave": wave, "deps": deps}))

    lo, hi = math.log(MIN_BYTES), math.log(MAX_BYTES)
    docs: list[Doc] = []
    for i, (path, kind, extra) in enumerate(paths):
        target = int(math.exp(rng.uniform(lo, hi)))
        target = max(MIN_BYTES + 64, min(target, MAX_BYTES - 2048))
        doc = Doc(index=i, path=path, kind=kind, target=target)
        _outline(doc, extra, seed, meta)
        docs.append(doc)
    return docs, meta


def _outline(doc: Doc, extra: dict, seed: int, meta: dict) -> None:
    rng = random.Random(f"specsite-bench/{seed}/outline/{doc.path}")
    doc.topic = rng.sample(NOUNS, 2)
    topic = _title(doc.topic)
    app = meta["app"]
    if doc.kind == "top":
        h1 = {
            "PRD.md": f"{app} — Product Requirements Document",
            "ARCHITECTURE.md": f"{app} Architecture",
            "UX_SPEC.md": f"{app} UX Specification",
            "DESIGN_SYSTEM.md": f"{app} Design System",
        }[doc.path]
    elif doc.kind == "plan":
        h1 = f"Plan: {topic} {_title([rng.choice(NOUNS)])}"
    elif doc.kind == "feature":
        h1 = f"Feature {extra['feature']}.{doc.index % 97}: {topic} " \
             f"{rng.choice(['Spec', 'Design', 'Flow', 'Screen', 'Service'])}"
    elif doc.kind == "context":
        h1 = f"Phase {int(extra['phase_num'])}: {topic} — Context"
    else:
        h1 = f"Phase {int(extra['phase_num'])} Plan {extra['plan']}: " \
             f"{_title([rng.choice(VERBS)])} {topic}"
        deps = ", ".join(f'"{extra["phase_num"]}-{d:02d}"' for d in extra["deps"])
        files = ", ".join(
            f"Sources/{_camel([rng.choice(NOUNS)], True)}/"
            f"{_camel(rng.sample(NOUNS, 2), True)}.swift"
            for _ in range(rng.randint(1, 3)))
        doc.front_matter = (
            "---\n"
            f"phase: {extra['phase']}\n"
            f"plan: {extra['plan']:02d}\n"
            "type: execute\n"
            f"wave: {extra['wave']}\n"
            f"depends_on: [{deps}]\n"
            f"files_modified: [{files}]\n"
            f"autonomous: {rng.choice(['true', 'false'])}\n"
            "---\n\n"
        )

    slugger = Slugger()
    heads = [Heading(1, h1, slugger.slug(h1))]
    # one heading per ~0.8-1.5 KB of body keeps sections a realistic length
    n_heads = max(4, doc.target // rng.randint(800, 1500))
    style = rng.choice(["numbered", "chunk", "plain", "plain", "req"])
    if doc.kind == "phase-plan":
        style = "plan"
    sec = 0
    chunk_id = rng.randint(1, 400)
    while len(heads) < n_heads:
        sec += 1
        h2 = _h2(rng, style, sec, chunk_id)
        chunk_id += 1
        heads.append(Heading(2, h2, slugger.slug(h2)))
        for sub in range(1, rng.choice([0, 1, 2, 2, 3, 4]) + 1):
            if len(heads) >= n_heads:
                break
            h3 = _h3(rng, style, sec, sub)
            heads.append(Heading(3, h3, slugger.slug(h3)))
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                if len(heads) >= n_heads:
                    break
                h4 = _h4(rng)
                heads.append(Heading(4, h4, slugger.slug(h4)))
    doc.headings = heads


def _phrase(rng: random.Random, n: int | None = None) -> str:
    n = n or rng.choice([2, 2, 3, 3, 4])
    words = [rng.choice(ADJECTIVES)] + [rng.choice(NOUNS) for _ in range(n - 1)]
    if rng.random() < 0.4:
        words = words[1:] + [rng.choice(NOUNS)]
    return _title(words)


def _h2(rng: random.Random, style: str, sec: int, chunk_id: int) -> str:
    r = rng.random()
    if style == "chunk" and r < 0.75:
        status = rng.choice(STATUSES)
        return f"CHUNK-{chunk_id:03d}: {_phrase(rng)} {status}".rstrip()
    if style == "numbered" and r < 0.8:
        return f"{sec}. {rng.choice(SECTIONS) if r < 0.5 else _phrase(rng)}"
    if style == "req" and r < 0.6:
        kind = rng.choice(["FR", "FR", "NFR", "UX"])
        return f"{kind}-{100 + sec * 3 + rng.randint(0, 2)} — {_phrase(rng)}"
    if style == "plan" and r < 0.7:
        return rng.choice(["Objective", "Context", "Tasks", "Verification",
                           "Success Criteria", "Output", "Risks", "Notes",
                           "Threat Model", "Must Haves"])
    if r < 0.85:
        return rng.choice(SECTIONS)
    if r < 0.93:
        return f"`{_camel(rng.sample(NOUNS, 2), True)}` API"
    return f"{_phrase(rng)} (v{rng.randint(1, 3)})"


def _h3(rng: random.Random, style: str, sec: int, sub: int) -> str:
    r = rng.random()
    if style == "numbered" and r < 0.6:
        return f"{sec}.{sub} {_phrase(rng) if r < 0.3 else rng.choice(SECTIONS)}"
    if style == "plan" and r < 0.6:
        return f"Task {sub}: {_title([rng.choice(VERBS)])} {_phrase(rng, 2)}"
    if r < 0.55:
        return rng.choice(SUBSECTIONS)  # many duplicates -> -1, -2 slugs
    if r < 0.7:
        return f"`{_camel(rng.sample(NOUNS, 2))}()`"
    if r < 0.8:
        return f"{_phrase(rng)} **{rng.choice(['required', 'optional', 'beta'])}**"
    if r < 0.9:
        return f"{_phrase(rng)}?"
    return _phrase(rng)


def _h4(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.5:
        return rng.choice(["Example", "Request", "Response", "Props", "States",
                           "Edge cases", "Errors", "Notes"])
    if r < 0.75:
        return f"Example: {_phrase(rng, 2)}"
    return f"`{rng.choice(ADJECTIVES).replace('-', '')}` {rng.choice(NOUNS)}"


# --------------------------------------------------------------------------
# Bodies
# --------------------------------------------------------------------------

_PLAN: list[Doc] = []
_BY_DIR: dict[str, list[int]] = {}
_TOP: list[int] = []


class Body:
    """Builds one document's text from its own RNG."""

    def __init__(self, doc: Doc, seed: int) -> None:
        self.doc = doc
        self.rng = random.Random(f"specsite-bench/{seed}/body/{doc.path}")
        self.dir = posixpath.dirname(doc.path)
        self.footnotes: list[str] = []
        self.fn_max = self.rng.choice([0, 0, 1, 2, 3, 5])

    # ---- inline ---------------------------------------------------------
    def ident(self) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            return _camel(rng.sample(NOUNS, 2))
        if r < 0.55:
            return _camel(rng.sample(NOUNS, 2), True)
        if r < 0.7:
            return f"{_camel([rng.choice(VERBS), rng.choice(NOUNS)])}()"
        if r < 0.8:
            return f"--{rng.choice(['color', 'space', 'radius', 'font'])}-{rng.choice(NOUNS)}"
        if r < 0.9:
            return f"{rng.choice(NOUNS)}_{rng.choice(NOUNS)}"
        return f"{rng.choice(NOUNS)}.{rng.choice(NOUNS)}.{rng.choice(ADJECTIVES)}"

    def link_target(self) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.5 and len(_BY_DIR.get(self.dir, ())) > 1:
            idx = rng.choice(_BY_DIR[self.dir])
        elif r < 0.7 and _TOP:
            idx = rng.choice(_TOP)
        else:
            idx = rng.randrange(len(_PLAN))
        target = _PLAN[idx]
        if target.index == self.doc.index:
            rel = ""
        else:
            rel = posixpath.relpath(target.path, self.dir or ".")
            if rng.random() < 0.1 and not rel.startswith("."):
                rel = "./" + rel
        if rng.random() < 0.8 or not rel:
            h = rng.choice(target.headings[1:] or target.headings)
            return f"{rel}#{h.slug}"
        return rel

    def link(self) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.75:
            text = rng.choice([f"{rng.choice(NOUNS)} spec", _phrase(rng, 2),
                               f"see {rng.choice(NOUNS)}", rng.choice(SECTIONS)])
            return f"[{text}]({self.link_target()})"
        if r < 0.9:
            return (f"[{rng.choice(NOUNS)} docs](https://docs.example.com/"
                    f"{rng.choice(NOUNS)}/{rng.choice(VERBS)}-{rng.choice(NOUNS)})")
        return f"https://{rng.choice(['status', 'api', 'design'])}.example.org/{rng.choice(NOUNS)}"

    def sentence(self) -> str:
        rng = self.rng
        t = rng.randrange(8)
        n1, n2, n3 = rng.choice(NOUNS), rng.choice(NOUNS), rng.choice(NOUNS)
        a1 = rng.choice(ADJECTIVES)
        if t == 0:
            s = (f"The {a1} {n1} {_third_person(rng.choice(VERBS))} the {n2} "
                 f"{rng.choice(PREPOSITIONS)} the {n3}")
        elif t == 1:
            s = (f"{rng.choice(CONDITIONS)} the {n1} {_third_person(rng.choice(VERBS))}, "
                 f"the {n2} {rng.choice(MODALS)} {rng.choice(VERBS)} {_article(a1)} {a1} {n3}")
        elif t == 2:
            s = (f"{rng.choice(SUBJECTS)} {rng.choice(MODALS)} {rng.choice(VERBS)} "
                 f"{_plural(n1)} {rng.choice(PREPOSITIONS)} the {n2} {n3}")
        elif t == 3:
            s = (f"We {rng.choice(VERBS)} the {n1} {rng.choice(ADVERBS)} so that "
                 f"the {n2} never {_third_person(rng.choice(VERBS))} {_article(a1)} {a1} {n3}")
        elif t == 4:
            s = (f"Each {n1} has {_article(a1)} {a1} {n2} and "
                 f"{rng.randint(2, 64)} {_plural(n3)}")
        elif t == 5:
            s = (f"{rng.choice(SUBJECTS)} {_third_person(rng.choice(VERBS))} "
                 f"{_plural(n1)} within {rng.choice([50, 100, 200, 250, 500])} ms "
                 f"{rng.choice(PREPOSITIONS)} {_plural(n2)}")
        elif t == 6:
            words = rng.choices(NOUNS + VERBS + ADJECTIVES + PREPOSITIONS, k=rng.randint(6, 14))
            s = " ".join(words)
        else:
            s = (f"{_title([n1])} {_plural(n2)} are {a1} by default; changing one "
                 f"{rng.choice(MODALS)} {rng.choice(VERBS)} the {rng.choice(ADJECTIVES)} {n3}")
        # one inline decoration, sometimes two
        for _ in range(rng.choice([0, 1, 1, 1, 2])):
            r = rng.random()
            words = s.split(" ")
            i = rng.randrange(1, len(words)) if len(words) > 1 else 0
            w = words[i].rstrip(",;")
            tail = words[i][len(w):]
            if not w:
                continue
            if r < 0.25:
                words[i] = f"**{w}**{tail}"
            elif r < 0.4:
                words[i] = f"*{w}*{tail}"
            elif r < 0.45:
                words[i] = f"_{w}_{tail}"
            elif r < 0.72:
                words[i] = f"`{self.ident()}`{tail}"
            elif r < 0.84:
                words[i] = f"{w}{tail} ({self.link()})"
            elif r < 0.93:
                words[i] = f"~~{w}~~{tail}"
            elif len(self.footnotes) < self.fn_max:
                label = str(len(self.footnotes) + 1) if rng.random() < 0.7 else \
                    f"{rng.choice(NOUNS)}-{len(self.footnotes) + 1}"
                self.footnotes.append(label)
                words[i] = f"{w}{tail}[^{label}]"
            s = " ".join(words)
        return s[:1].upper() + s[1:] + rng.choice([".", ".", ".", ".", "!", "?"] if t != 6 else ".")

    def paragraph(self, lo: int = 2, hi: int = 6) -> str:
        return " ".join(self.sentence() for _ in range(self.rng.randint(lo, hi)))

    def clause(self) -> str:
        s = self.sentence()
        return s[:-1] if len(s) > 60 and self.rng.random() < 0.5 else s

    # ---- blocks ---------------------------------------------------------
    def bullet_list(self) -> str:
        rng = self.rng
        lines = []
        for _ in range(rng.randint(3, 8)):
            lines.append(f"- {self.clause()}")
            if rng.random() < 0.2:
                for _ in range(rng.randint(1, 3)):
                    lines.append(f"  - {self.clause()}")
        return "\n".join(lines)

    def numbered_list(self) -> str:
        rng = self.rng
        lines = []
        for i in range(1, rng.randint(3, 9)):
            lines.append(f"{i}. {self.clause()}")
            if rng.random() < 0.15:
                for _ in range(rng.randint(1, 2)):
                    lines.append(f"   - {self.clause()}")
        return "\n".join(lines)

    def task_list(self) -> str:
        rng = self.rng
        lines = []
        done_bias = rng.random()
        for _ in range(rng.randint(3, 9)):
            mark = "x" if rng.random() < done_bias else " "
            lines.append(f"- [{mark}] {self.clause()}")
            if rng.random() < 0.3:
                for _ in range(rng.randint(1, 4)):
                    sub = "x" if (mark == "x" or rng.random() < done_bias) else " "
                    lines.append(f"  - [{sub}] {self.clause()}")
                    if rng.random() < 0.1:
                        lines.append(f"    - [ ] {self.clause()}")
        return "\n".join(lines)

    def table(self) -> str:
        rng = self.rng
        kind = rng.randrange(4)
        if kind == 0:
            head = ["ID", "Requirement", "Priority", "Status", "Owner"]
            align = [":---", ":---", ":---:", ":---", "---:"]
            row = lambda i: [f"FR-{rng.randint(100, 999)}", self.clause(),
                             rng.choice(PRIORITIES), rng.choice(CELL_STATUS),
                             rng.choice(PEOPLE)]
        elif kind == 1:
            head = ["Token", "Light", "Dark", "Usage"]
            align = ["---", "---", "---", "---"]
            row = lambda i: [f"`--{rng.choice(['color', 'surface', 'text', 'border'])}-{rng.choice(NOUNS)}`",
                             f"`#{rng.randrange(0x1000000):06X}`",
                             f"`#{rng.randrange(0x1000000):06X}`",
                             _phrase(rng, 3).lower()]
        elif kind == 2:
            head = ["Field", "Type", "Required", "Description"]
            align = [":--", ":--", ":-:", ":--"]
            row = lambda i: [f"`{_camel(rng.sample(NOUNS, 2))}`",
                             f"`{rng.choice(SWIFT_TYPES)}`",
                             rng.choice(["yes", "no", "✅", "❌"]),
                             self.clause() if rng.random() < 0.5 else
                             f"See {self.link()}"]
        else:
            n = rng.randint(3, 6)
            head = [_title([w]) for w in rng.sample(NOUNS, n)]
            align = [rng.choice(["---", ":---", "---:", ":---:"]) for _ in range(n)]
            row = lambda i: [rng.choice([rng.choice(NOUNS), f"**{rng.choice(ADJECTIVES)}**",
                                         str(rng.randint(0, 5000)), f"`{self.ident()}`",
                                         rng.choice(CELL_STATUS), f"{rng.randint(1, 99)} ms"])
                             for _ in range(n)]
        lines = ["| " + " | ".join(head) + " |", "| " + " | ".join(align) + " |"]
        for i in range(rng.randint(5, 20)):
            lines.append("| " + " | ".join(row(i)) + " |")
        return "\n".join(lines)

    def code(self) -> str:
        rng = self.rng
        lang = rng.choice(LANGS)
        body = getattr(self, f"code_{lang}")()
        return f"```{lang}\n{body}\n```"

    def code_swift(self) -> str:
        rng = self.rng
        name = _camel(rng.sample(NOUNS, 2), True)
        lines = [f"/// {self.clause()}",
                 f"struct {name}: Codable, Sendable {{"]
        for _ in range(rng.randint(2, 7)):
            lines.append(f"    {rng.choice(['let', 'var'])} {_camel(rng.sample(NOUNS, 2))}: "
                         f"{rng.choice(SWIFT_TYPES)}")
        lines.append("}")
        if rng.random() < 0.7:
            verb, noun = rng.choice(VERBS), rng.choice(NOUNS)
            lines += ["",
                      f"func {verb}{_title([noun])}(_ input: {name}) async throws -> "
                      f"[{_title([rng.choice(NOUNS)])}] {{",
                      f"    // {self.clause()}",
                      f"    guard input.{_camel(rng.sample(NOUNS, 2))} != nil else {{ "
                      f"throw {name}Error.{rng.choice(ADJECTIVES).replace('-', '')} }}",
                      f"    let items = try await store.{rng.choice(VERBS)}(input, limit: "
                      f"{rng.randint(1, 500)})",
                      f"    return items.filter {{ $0.is{_title([rng.choice(ADJECTIVES).replace('-', '')])} }}",
                      "}"]
        return "\n".join(lines)

    def code_ts(self) -> str:
        rng = self.rng
        name = _camel(rng.sample(NOUNS, 2), True)
        lines = [f"export interface {name} {{"]
        for _ in range(rng.randint(2, 7)):
            lines.append(f"  {_camel(rng.sample(NOUNS, 2))}{rng.choice(['', '?'])}: "
                         f"{rng.choice(TS_TYPES)};")
        lines.append("}")
        if rng.random() < 0.7:
            fn = _camel([rng.choice(VERBS), rng.choice(NOUNS)])
            lines += ["",
                      f"export async function {fn}(input: {name}): Promise<{name}[]> {{",
                      f"  const res = await fetch(`/api/{rng.choice(NOUNS)}/${{input.id}}`);",
                      "  if (!res.ok) {",
                      f"    throw new Error(\"{self.clause().replace(chr(34), '')}\");",
                      "  }",
                      f"  return (await res.json()) as {name}[];",
                      "}"]
        return "\n".join(lines)

    def code_json(self) -> str:
        rng = self.rng
        lines = ["{"]
        n = rng.randint(3, 9)
        for i in range(n):
            key = _camel(rng.sample(NOUNS, 2))
            r = rng.random()
            if r < 0.3:
                v = str(rng.randint(0, 10000))
            elif r < 0.5:
                v = rng.choice(["true", "false", "null"])
            elif r < 0.7:
                v = "[" + ", ".join(f'"{w}"' for w in rng.sample(NOUNS, rng.randint(1, 4))) + "]"
            else:
                v = f'"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"'
            lines.append(f'  "{key}": {v}' + ("," if i < n - 1 else ""))
        lines.append("}")
        return "\n".join(lines)

    def code_css(self) -> str:
        rng = self.rng
        lines = [":root {"]
        for _ in range(rng.randint(2, 6)):
            lines.append(f"  --{rng.choice(['color', 'space', 'radius'])}-{rng.choice(NOUNS)}: "
                         f"{rng.choice(['#%06x' % rng.randrange(0x1000000), f'{rng.randint(1, 48)}px', f'{rng.randint(1, 4)}rem'])};")
        lines.append("}")
        for _ in range(rng.randint(1, 3)):
            lines += ["",
                      f".{rng.choice(NOUNS)}-{rng.choice(NOUNS)} {rng.choice(['', '> ', ':hover ', '.is-active '])}.{rng.choice(NOUNS)} {{",
                      f"  display: {rng.choice(['flex', 'grid', 'block', 'none'])};",
                      f"  padding: var(--space-{rng.choice(NOUNS)});",
                      f"  color: var(--color-{rng.choice(NOUNS)});",
                      "}"]
        return "\n".join(lines)

    def quote(self) -> str:
        rng = self.rng
        paras = [self.paragraph(1, 3) for _ in range(rng.randint(1, 2))]
        text = "\n>\n".join(f"> {p}" for p in paras)
        if rng.random() < 0.3:
            text += f"\n>\n> — {rng.choice(PEOPLE)}, {rng.choice(['design review', 'user interview', 'retro', 'support ticket'])}"
        return text

    def alert(self) -> str:
        rng = self.rng
        lines = [f"> [!{rng.choice(ALERT_KINDS)}]", f"> {self.paragraph(1, 3)}"]
        if rng.random() < 0.3:
            lines.append(f"> - {self.clause()}")
            lines.append(f"> - {self.clause()}")
        return "\n".join(lines)

    def flow(self) -> str:
        """A screen flow in one of the three notations specs use."""
        rng = self.rng
        screens = rng.sample(SCREENS, rng.randint(4, 8))
        style = rng.randrange(3)
        if style == 0:
            return "The main path is " + " → ".join(screens) + "."
        if style == 1:
            lines = [f"{a} -> {b}" for a, b in zip(screens, screens[1:])]
            lines.append(f"{screens[-1]} -> {screens[1]} : retry")
            return "```flow\n" + "\n".join(lines) + "\n```"
        ids = [f"S{i}" for i in range(len(screens))]
        lines = [f"    {ids[0]}([{screens[0]}]) --> {ids[1]}{{{screens[1]}?}}"]
        for i in range(1, len(screens) - 1):
            lines.append(f"    {ids[i]} -->|step {i}| {ids[i + 1]}[{screens[i + 1]}]")
        lines.append(f"    {ids[1]} -.-> {ids[-1]}")
        return "```mermaid\nflowchart TD\n" + "\n".join(lines) + "\n```"

    def block(self) -> str:
        r = self.rng.random()
        if r < 0.36:
            return self.paragraph()
        if r < 0.46:
            return self.bullet_list()
        if r < 0.52:
            return self.numbered_list()
        if r < 0.61:
            return self.task_list()
        if r < 0.69:
            return self.table()
        if r < 0.81:
            return self.code()
        if r < 0.86:
            return self.quote()
        if r < 0.92:
            return self.alert()
        if r < 0.93:
            return "---"
        if r < 0.95:
            return self.flow()
        return self.paragraph(1, 3)

    # ---- document -------------------------------------------------------
    def build(self) -> str:
        doc = self.doc
        out: list[str] = []
        size = 0

        def add(text: str) -> None:
            nonlocal size
            out.append(text)
            size += len(text.encode("utf-8")) + 2  # + blank line

        if doc.front_matter:
            out.append(doc.front_matter)
            size += len(doc.front_matter.encode("utf-8"))
        heads = doc.headings
        hbytes = [len(("#" * h.level + " " + h.text).encode("utf-8")) + 2 for h in heads]
        remaining_heads = sum(hbytes)
        reserve = 900  # footnote definitions + slack
        n_sections = len(heads)
        for i, h in enumerate(heads):
            add("#" * h.level + " " + h.text)
            remaining_heads -= hbytes[i]
            goal = doc.target * (i + 1) // n_sections
            first = True
            while first or size < goal:
                blk = self.block()
                limit = MAX_BYTES - reserve - remaining_heads
                if size + len(blk.encode("utf-8")) + 2 > limit:
                    blk = self.sentence()
                    if size + len(blk.encode("utf-8")) + 2 > limit:
                        break
                add(blk)
                first = False
        while size < MIN_BYTES + 64:
            add(self.paragraph())
        for label in self.footnotes:
            add(f"[^{label}]: {self.clause()}")
        text = "\n\n".join(out[1:]) if doc.front_matter else "\n\n".join(out)
        if doc.front_matter:
            text = out[0] + text
        return text + "\n"


def _write_one(args: tuple[int, str, int]) -> int:
    idx, root, seed = args
    doc = _PLAN[idx]
    data = Body(doc, seed).build().encode("utf-8")
    path = os.path.join(root, doc.path)
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def generate(folder: str, count: int, seed: int, jobs: int | None = None,
             clean: bool = False) -> dict:
    """Write ``count`` documents under ``folder``.  Returns
    {"files": n, "bytes": total}.  The folder must be missing or empty
    unless ``clean`` is true (then it is removed first)."""
    global _PLAN, _BY_DIR, _TOP
    if count < 1:
        raise ValueError("count must be >= 1")
    if os.path.isdir(folder) and os.listdir(folder):
        if not clean:
            raise ValueError(f"{folder} is not empty (pass clean=True to replace it)")
        shutil.rmtree(folder)
    docs, _ = plan_tree(count, seed)
    _PLAN = docs
    _BY_DIR = {}
    for d in docs:
        _BY_DIR.setdefault(posixpath.dirname(d.path), []).append(d.index)
    _TOP = [d.index for d in docs if d.kind == "top"]
    root = os.path.abspath(folder)
    for dirname in sorted(_BY_DIR):
        os.makedirs(os.path.join(root, dirname), exist_ok=True)

    work = [(d.index, root, seed) for d in docs]
    jobs = jobs or os.cpu_count() or 1
    if jobs > 1 and count >= 200 and "fork" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            sizes = pool.map(_write_one, work, chunksize=max(1, count // (jobs * 8)))
    else:
        sizes = [_write_one(w) for w in work]
    return {"files": len(sizes), "bytes": sum(sizes)}


# --------------------------------------------------------------------------
# Verification (independent of the plan: re-reads the written files)
# --------------------------------------------------------------------------

_LINK = re.compile(r"\]\(([^)\s]+)\)")
_ATX = re.compile(r"^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")


def _scan(text: str) -> tuple[list[str], list[str]]:
    """Return (heading texts, link destinations) outside front matter and
    fenced code."""
    lines = text.split("\n")
    i = 0
    if lines and lines[0] == "---":
        i = lines.index("---", 1) + 1
    heads, links = [], []
    fence = False
    for line in lines[i:]:
        if line.startswith("```"):
            fence = not fence
            continue
        if fence:
            continue
        m = _ATX.match(line)
        if m:
            heads.append(m.group(2))
        links.extend(_LINK.findall(line))
    return heads, links


def verify(folder: str) -> dict:
    """Check sizes, relative link targets and anchors.  Raises AssertionError
    listing the first problems; returns counts on success."""
    root = os.path.abspath(folder)
    files = []
    for dp, _, fns in os.walk(root):
        for fn in fns:
            if fn.endswith(".md"):
                files.append(os.path.relpath(os.path.join(dp, fn), root).replace(os.sep, "/"))
    files.sort()
    slugs: dict[str, set[str]] = {}
    links: dict[str, list[str]] = {}
    problems: list[str] = []
    per_folder: dict[str, int] = {}
    for rel in files:
        data = open(os.path.join(root, rel), "rb").read()
        if not MIN_BYTES <= len(data) <= MAX_BYTES:
            problems.append(f"{rel}: size {len(data)} outside [{MIN_BYTES}, {MAX_BYTES}]")
        heads, dests = _scan(data.decode("utf-8"))
        s = Slugger()
        slugs[rel] = {s.slug(h) for h in heads}
        links[rel] = dests
        d = posixpath.dirname(rel)
        per_folder[d] = per_folder.get(d, 0) + 1
    n_rel = n_anchor = n_ext = 0
    for rel, dests in links.items():
        base = posixpath.dirname(rel)
        for dest in dests:
            if dest.startswith(("http://", "https://", "mailto:")):
                n_ext += 1
                continue
            path, _, anchor = dest.partition("#")
            target = posixpath.normpath(posixpath.join(base, path)) if path else rel
            if target not in slugs:
                problems.append(f"{rel}: link target missing: {dest}")
                continue
            n_rel += 1
            if anchor:
                n_anchor += 1
                if anchor not in slugs[target]:
                    problems.append(f"{rel}: anchor #{anchor} not a heading slug in {target}")
    if problems:
        raise AssertionError(f"{len(problems)} problems:\n" + "\n".join(problems[:20]))
    return {"files": len(files), "relative_links": n_rel, "anchors": n_anchor,
            "external_links": n_ext, "max_per_folder": max(per_folder.values())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--clean", action="store_true", help="remove FOLDER first")
    ap.add_argument("--verify", action="store_true", help="check sizes, links, anchors afterwards")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    res = generate(args.folder, args.count, args.seed, jobs=args.jobs, clean=args.clean)
    dt = time.perf_counter() - t0
    print(f"wrote {res['files']} files, {res['bytes'] / 1e6:.1f} MB in {dt:.1f}s")
    if args.verify:
        print("verify:", verify(args.folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
