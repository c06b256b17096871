"""Every page ``Game.to_html`` writes — the annotated game, the worksheet, the answer key — speaks in
words (issue 23, item 2): no action notation ("polis pydna by land", "rows silver:3", "offer thrake.0
buy", "cavalry:advance", "area attika"), no rule id, bracketed or as a chip, anywhere a reader can see
it: text, tooltips, accessible names, the board pictures' labels, and the page's data. Scanned over the
tutorials' saved records, a reviewed record, records with variations and questions, and a
second-edition record. Ids stay only where they are ids (``data-*`` attributes, element ids, classes).

The shapes of notation and rule ids are ``tests/wordscan.py``'s, as for every other output; a page
adds one stricter check: a place id in lowercase anywhere (a page names places, never ids)."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from html.parser import HTMLParser

import pytest

import polis_nb as pn
from polis_nb.render.htmlgame import game_html
from polis_nb.render.questions import own_comment
from polis_nb.rules import topology_of

from ..wordscan import findings

from .records import TUTORIAL_GAMES, quizzed, reviewed_quizzed, second_edition
from .test_htmlgame import annotated

#: attributes whose values a reader sees or hears
READ_ATTRS = {"title", "aria-label", "alt", "placeholder", "value", "label"}


class _Reader(HTMLParser):
    """The text a reader meets in a page: text outside scripts and styles, the read attributes, and
    every string of the page's JSON data (markup in it read the same way)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.code = 0
        self.json = False

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.code += 1
            self.json = dict(attrs).get("type") == "application/json"
        self.out += [v for k, v in attrs if k in READ_ATTRS and v]

    def handle_startendtag(self, tag, attrs):
        self.out += [v for k, v in attrs if k in READ_ATTRS and v]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.code -= 1
            self.json = False

    def handle_data(self, data):
        if self.code and self.json:
            _strings(json.loads(data), self.out)
        elif not self.code:
            self.out.append(data)


def _strings(x, out: list[str]) -> None:
    if isinstance(x, str):
        out.extend(read(x) if x.lstrip().startswith("<") else [x])
    elif isinstance(x, dict):
        for v in x.values():
            _strings(v, out)
    elif isinstance(x, list):
        for v in x:
            _strings(v, out)


def read(page: str) -> list[str]:
    r = _Reader()
    r.feed(page)
    return r.out


@lru_cache(maxsize=4)
def _place_ids(s: pn.State) -> re.Pattern:
    """A place named by its id (lowercase: words name it "Pydna", notation "pydna")."""
    b = topology_of(s)
    places = sorted(set(b.area_index) | set(b.polis_index) | set(b.market_index), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(places) + r")(?![\w-])")


def notation(page: str, s: pn.State, user: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Each piece of notation or rule id a reader would meet in ``page`` (of a game played on the
    components of ``s``), with the text around it; the ``user`` texts (an author's comments, names
    and headers, which may say anything) are left out."""
    hits = []
    for text in read(page):
        for u in sorted(user, key=len, reverse=True):
            text = text.replace(u, " ")
        spans = [(m.group(0), m.start(), m.end()) for m in _place_ids(s).finditer(text)]
        spans += [(f.text, f.at, f.at + len(f.text)) for f in findings(text)]
        hits += [(found, text[max(0, a - 40):b + 40]) for found, a, b in spans]
    return hits


ED1 = pn.new_game()


def test_the_detector_finds_each_kind_of_notation():
    """The detector is no test that cannot fail: each example of the issue is found, in text, in a
    tooltip, and in the page's data; words are not."""
    found = {
        "polis pydna by land", "rows silver:3", "offer thrake.0 buy", "cavalry:advance", "area attika",
        "Athens has the higher score [end.score]", "a chip siege.failure", "hoplites +wheat",
    }
    for text in found:
        for page in (f"<p>{text}</p>", f'<span title="{text}">x</span>',
                     f'<script type="application/json" id="d">{json.dumps({"n": [text]})}</script>'):
            assert notation(page, ED1), (text, page)
    words = ("<p>Proxenos to Pydna, by land. Tribute: 3 hoplites on the silver row. Attack with Cavalry "
             "(Advance) and Archers (Shoot). Ed1 · Actions › g. Besieging a polis</p>"
             '<g data-area="attika" id="area-attika" class="area land"></g>')
    assert notation(words, ED1) == []


def _tutorial(path) -> pn.Game:
    g = pn.Game.load(path)
    players = [n for n in g.root.mainline() if not n.parent.state.is_chance and len(pn.legal_actions(n.parent.state)) > 1]
    g.quiz(players[10], hint="What does the market offer?")
    g.quiz(players[min(40, len(players) - 1)])  # the short game a student handed in has fewer
    return g


def _annotated() -> pn.Game:
    g = annotated()
    march = next(n for n in g.root.walk() if str(n.action) == "to arkadia")
    g.quiz(march, hint="Where next?")
    return g


RECORDS = {
    **{f"tutorial {p.name}": (lambda p=p: _tutorial(p)) for p in TUTORIAL_GAMES},
    "reviewed": lambda: reviewed_quizzed()[0],
    "variations and questions": _annotated,
    "questions with later words": quizzed,
    "second edition": second_edition,
}


@lru_cache(maxsize=None)
def _pages(name: str) -> tuple[pn.State, tuple[str, ...], dict[str, str]]:
    g = RECORDS[name]()
    pages = {"game": game_html(g), "worksheet": game_html(g, worksheet=True),
             "answer key": game_html(g, worksheet=True, answers=True)}
    # an author's words (not a review's paragraph, which is scanned)
    user = {x for n in g.root.walk() for x in (own_comment(n), n.starting_comment, n.name) if x}
    user |= {v for v in g.headers.values() if v}
    return g.root.state, tuple(user), pages


def test_the_tutorials_records_are_scanned():
    assert TUTORIAL_GAMES, "tutorials/games holds the tutorials' saved records"


@pytest.mark.parametrize("kind", ["game", "worksheet", "answer key"])
@pytest.mark.parametrize("name", list(RECORDS))
def test_exported_pages_hold_no_notation_and_no_rule_id(name, kind):
    s, user, pages = _pages(name)
    assert notation(pages[kind], s, user) == []
