"""Find action notation and rule ids in text a person reads: the detector behind the scan tests (issue
23: every printed analysis, node, checker text, review and exported page speaks in words).

    from tests.wordscan import findings, assert_words, html_text
    assert_words(str(analysis), "analysis")             # raises AssertionError naming what it found
    assert_words(page_html, "page", html=True)           # the text a reader sees in HTML
    findings("Athens: area attika; rows silver:3")       # [Finding('place', 'area attika'), ...]

What counts (each a :class:`Finding` ``kind``):

``card``    a formation:manoeuvre pair, or any lowercase ``word:word`` (``cavalry:advance``,
            ``silver-for:wood``)
``goods``   a good and a count (``silver:3``, ``wine:2,wheat:2``)
``offer``   an offer id, a market id and a slot (``persis.1``)
``place``   a lowercase place, project or event id right after a notation keyword (``polis pydna``,
            ``area attika``, ``to arkadia``, ``from lakedaimon``, ``tile zeus``, ``event no-event``)
``route``   a lowercase id before ``by land`` / ``by sea`` (``chalkis by land``)
``payment`` a good paid with a plus sign (``trade +metal``)
``count``   ``phoros 2`` / ``sell 2`` (the widgets say "Phoros: 2 prestige → silver")
``rule``    a bracketed rule id or list (``[siege.failure]``, ``[end.score, end.tie-break]``) or a bare
            rule id of the index (``turn.two-different-actions``)
``ply``     "ply 49": the widgets number decisions ("50.", "Decision 50"), never plies

Place ids, goods and markets come from every packaged component set, so names written as names
("Besiege Pydna by land", "from Lakedaimon to Arkadia") and plain English ("to be", "from the
market", "e.g. 3.5", "10:30", "Note: the die") never match. In HTML the text is what a reader sees:
tags, scripts and styles are dropped, entities read; ``attributes`` adds attribute values a reader
may see too (``("title",)`` for tooltips).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser

from polis_nb.data.loader import PACKAGED
from polis_nb.rules import RULES
from polis_nb.rules.topology import components_named

KINDS = ("card", "goods", "offer", "place", "route", "payment", "count", "rule", "ply")
#: the notation keywords that take a place, project or event id as their argument
KEYWORDS = ("polis", "area", "to", "from", "grow", "release", "take", "send", "place", "battle", "remove",
            "tile", "draw", "event", "offer")


@dataclass(frozen=True)
class Finding:
    """One piece of notation: its ``kind`` (see the module docstring), the ``text`` matched and
    where it starts in the text scanned."""

    kind: str
    text: str
    at: int

    def __str__(self) -> str:
        return f"{self.kind} {self.text!r} at {self.at}"


def _alt(words) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, re.Pattern], ...]:
    ids, goods, markets = set(), set(), set()
    for name in PACKAGED:
        comp = components_named(name)
        goods |= set(comp.goods) | set(comp.market_goods)
        markets |= {m.id for m in comp.markets}
        ids |= {a.id for a in comp.areas} | {p.id for p in comp.poleis} | {m.id for m in comp.markets}
        ids |= {p.id for p in comp.projects} | {e.id for e in comp.events}
    ids = {i for i in ids if i == i.lower()}
    id_ = rf"(?:{_alt(ids)})(?![\w-])"
    rule_ids = _alt(RULES)
    rule = r"[a-z][a-z0-9]*\.[a-z0-9][a-z0-9.-]*"
    return (
        ("rule", re.compile(rf"\[\s*{rule}(?:\s*[,;]\s*{rule})*\s*\]")),
        ("rule", re.compile(rf"(?<![\w.\[-])(?:{rule_ids})(?![\w-])")),
        ("goods", re.compile(rf"(?<![\w:-])(?:{_alt(goods)}):\d+(?:,[a-z]+:\d+)*")),
        ("card", re.compile(r"(?<![\w:/.-])[a-z]{2,}(?:-[a-z]+)*:[a-z]{2,}(?:-[a-z]+)*(?![\w:/-])")),
        ("offer", re.compile(rf"(?<![\w.-])(?:{_alt(markets)})\.\d+(?!\w|\.\d)")),
        ("place", re.compile(rf"(?<![\w-])(?:{_alt(KEYWORDS)}) {id_}")),
        ("route", re.compile(rf"(?<![\w-]){id_} by (?:land|sea)\b")),
        ("payment", re.compile(rf"(?<![\w+])\+(?:{_alt(goods)})\b")),
        ("count", re.compile(r"(?<![\w-])(?:phoros|sell) \d+\b")),
        ("ply", re.compile(r"\bply \d+", re.IGNORECASE)),
    )


def findings(text: str, *, kinds: tuple[str, ...] = KINDS) -> list[Finding]:
    """Every piece of action notation and every rule id in ``text``, in the order they occur (a
    stretch matched by two patterns is reported once, by the first: rules before cards)."""
    out: list[Finding] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _patterns():
        if kind not in kinds:
            continue
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            out.append(Finding(kind, m.group(0), m.start()))
    return sorted(out, key=lambda f: f.at)


class _Text(HTMLParser):
    SKIP = {"script", "style", "template"}

    def __init__(self, attributes: tuple[str, ...]):
        super().__init__(convert_charrefs=True)
        self.attributes = attributes
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        for k, v in attrs:
            if k in self.attributes and v:
                self.parts.append(f" {v} ")
        self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1
        self.parts.append(" ")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def html_text(markup: str, *, attributes: tuple[str, ...] = ()) -> str:
    """The text a reader sees in ``markup``: no tags, scripts or styles, entities read (each tag
    counts as a space, so cells do not run together), plus the values of ``attributes``."""
    p = _Text(attributes)
    p.feed(markup)
    p.close()
    return html.unescape("".join(p.parts))


def assert_words(text: str, what: str = "text", *, html: bool = False, attributes: tuple[str, ...] = (),
                 kinds: tuple[str, ...] = KINDS) -> None:
    """Raise ``AssertionError`` listing the notation and rule ids found in ``text`` (read as HTML with
    ``html=True``), each with the words around it; ``what`` names the text in the message."""
    seen = html_text(text, attributes=attributes) if html else text
    found = findings(seen, kinds=kinds)
    if found:
        lines = [f"  {f.kind} {f.text!r} in …{seen[max(0, f.at - 40):f.at + len(f.text) + 40]!s}…"
                 for f in found[:10]]
        more = f"\n  … and {len(found) - 10} more" if len(found) > 10 else ""
        raise AssertionError(f"{what} holds notation or rule ids a reader should not see:\n"
                             + "\n".join(lines) + more)
