"""The words of the layers between the kernel and render, in German, Polish and the pseudo-language: a
record's Node reprs, step titles, commentary and result, a review (its lines, summary, table, chart and the
paragraph it writes), an analysis table, puzzles' hints, contexts, verdicts and explanations, the event
cards' names and texts, and the demo's narration leave no English (ARCHITECTURE §10).

The decisions' names come from render's wording hook (another layer's words), so these scans read the
record layer's own fallback (a decision named by the kernel's sentence for it, in the language), and leave
out what is notation (quoted action text, rule ids in brackets) and citations of the rulebooks, which stay
as printed."""
from __future__ import annotations

import contextlib
import functools
import io
import random
import re

import pytest

import polis_nb as pn
from polis_nb.analysis import sensible_policy
from polis_nb.record import words as record_words
from polis_nb.record.node import Quiz
from polis_nb.record.result import Result
from polis_nb.record.steps import node_title

from .helpers import english_left

LANGS = ["de", "pl", "qps"]


@pytest.fixture(autouse=True)
def record_fallbacks():
    """The record layer's own wording (render's hook set aside for the scan, then put back)."""
    kept = dict(record_words._WORDS)
    record_words.reset_words()
    yield
    record_words._WORDS.clear()
    record_words._WORDS.update(kept)


_CITATION = re.compile(r" — [^—]*(?:Ed[12] ·|\.md|§)[^—]*$")  # the rulebook sections and sources a sentence cites
_SECTION = re.compile(r"\([^()]*›[^()]*\)")  # a rulebook's section named as printed, in brackets
_TAG = re.compile(r"<(?:/?[a-z][^>]*|!--.*?--)>", re.S)


@functools.lru_cache(maxsize=None)
def _sections() -> tuple[str, ...]:
    """The rulebooks' sections as the puzzles cite them (printed, in the rulebook's language)."""
    from polis_nb.puzzles.words import section_name

    found = {section_name(r, ed) for r in pn.RULES for ed in ("ed1", "ed2")}
    return tuple(sorted((s for s in found if s), key=len, reverse=True))


def left_in(texts, lang: str) -> dict[str, str]:
    """English words each text holds (markup, notation in quotes, rule ids in brackets and citations of
    the rulebooks after " — " aside), with the text they were found in."""
    out: dict[str, str] = {}
    for text in texts:
        text = re.sub(r"<title>[a-z0-9 .:+,/\-]+: ", "<title>", text)  # a chart's row named by its notation
        for section in _sections():
            text = text.replace(f"({section})", " ")
        for line in _TAG.sub("\n", text).splitlines():
            line = _SECTION.sub(" ", _CITATION.sub("", line))
            line = re.sub(r"\[[a-z0-9.\-, ]+\]|'[^']*'|\(ed[12]\)|\bn\d+|\bed[12]-[0-9a-f]+", " ", line)
            for w in english_left(line, lang):
                out.setdefault(w, line.strip()[:160])
    return out


def played(edition: str, seed: int, plies: int) -> pn.Game:
    g = pn.Game.from_state(pn.new_game(edition, seed=seed))
    rng = random.Random(seed)
    while not g.state.is_terminal and plies:
        g.play(sensible_policy(g.state, rng))
        plies -= 1
    return g


@functools.lru_cache(maxsize=None)
def _games() -> tuple[pn.Game, ...]:
    return played("ed1", 3, 10_000), played("ed2", 5, 10_000), played("ed1", 8, 60)


@pytest.mark.parametrize("lang", LANGS)
def test_a_record_in_words_leaves_no_english(lang):
    texts = []
    with pn.language(lang):
        for g in _games():
            nodes = list(g.root.walk())
            texts += [repr(n) for n in nodes[::3]] + [repr(g.root)]
            node = nodes[-1]
            node.quiz = Quiz("?")
            texts.append(repr(node))
            c = g.commentary()
            texts += [str(c), c._repr_markdown_(), c._repr_html_(), str(g.commentary(round=1)), str(g.last_turn())]
            texts += [t.title for t in g.turns()]
            if g.result is not None:
                texts.append(str(g.result))
        g = _games()[2]
        g.highlight("attika")
        g.arrow("attika", "boiotia", "red")
        texts.append(str(g))
        texts.append(str(Result.resignation("athens")))
    left = left_in(texts, lang)
    assert not left, left


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_step_titles_in_a_language(lang):
    g = _games()[0]
    first = next(n for n in g.root.walk() if n.parent is not None and n.parent.state.pending.kind == "turn")
    with pn.language(lang):
        title = node_title(first)
    assert title.startswith({"de": "Runde 3 · ", "pl": "Runda 3 · "}[lang]), title
    assert node_title(first).startswith("Round 3 · ")  # English unchanged


@functools.lru_cache(maxsize=None)
def _reviewed(lang: str):
    from tests.analysis.test_review import phoros_game, unfed_game

    out = []
    with pn.language(lang):
        for make in (phoros_game, unfed_game):
            g = make()
            out.append((g, g.review(budget=60, seed=2, client="serial")))
    return tuple(out)


@pytest.mark.parametrize("lang", LANGS)
def test_a_review_leaves_no_english(lang):
    texts = []
    with pn.language(lang):
        for g, r in _reviewed(lang):
            assert r.flagged, "the records hold a blunder to explain"
            texts += [str(r), repr(r), r._repr_html_(), str(r.chart())]
            texts += [str(d) for d in r.decisions] + [str(s) for s in r.summary.values()]
            texts += [n.comment for n in g.root.walk() if n.comment]
    left = left_in(texts, lang)
    assert not left, left


def test_a_review_in_another_language_replaces_its_paragraph():
    """The paragraph a review writes is in the language of the review; a later review in another language
    replaces it, whichever language wrote it, and keeps the author's comment."""
    from tests.analysis.test_review import phoros_game

    g = phoros_game()
    judged = next(n for n in g.root.mainline() if str(n.action) == "phoros 3")
    judged.comment = "Mine."
    with pn.language("de"):
        g.review(budget=60, seed=2, client="serial")
    assert judged.comment.startswith("Mine.\n\nGrober Fehler: "), judged.comment
    g.review(budget=60, seed=2, client="serial")
    assert judged.comment.startswith("Mine.\n\nBlunder: ") and "Grober Fehler" not in judged.comment, judged.comment


@pytest.mark.parametrize("lang", LANGS)
def test_an_analysis_table_leaves_no_english(lang):
    """Estimates, proven choices (a win, a loss at once) and a chance step, printed and as HTML."""
    texts = []
    positions = [g.root.variations[0].state for g, _ in _reviewed("en")]
    positions += [n.before for g, _ in _reviewed("en") for n in g.root.mainline() if not n.before.is_terminal]
    positions.append(pn.new_game("ed1", seed=3))  # a chance step
    proven = 0
    with pn.language(lang):
        for s in positions:
            a = pn.analyse(s, budget=40, seed=1)
            proven += sum(c.proven is not None for c in a.choices)
            texts += [str(a), repr(a), a._repr_html_(), a.bar_text()]
            texts.append(re.sub(r'text-anchor="end">[^<]*<', "<", str(a.plot())))  # its rows are named by notation
            texts += [c.reason_words() for c in a.choices]
    assert proven, "some choices are proven"
    left = left_in(texts, lang)
    assert not left, left


def test_a_proven_reason_keeps_its_english():
    """``reason`` stays English whatever the language; ``reason_words()`` follows the language."""
    positions = [n.before for g, _ in _reviewed("en") for n in g.root.mainline() if not n.before.is_terminal]
    with pn.language("de"):
        found = [c for s in positions for c in pn.analyse(s, budget=40, seed=1).choices if c.proven is not None]
    c = found[0]
    assert c.reason.startswith(("wins", "loses", "a shared")), c.reason
    assert c.reason_words("en") == c.reason
    with pn.language("de"):
        assert c.reason_words().startswith(("gewinnt", "verliert", "ein erzwungenes", "sofort")), c.reason_words()


@pytest.mark.parametrize("lang", LANGS)
def test_puzzles_leave_no_english(lang):
    from polis_nb.puzzles.model import check, hint, solution_text
    from polis_nb.puzzles.words import context

    texts = []
    with pn.language(lang):
        for p in pn.puzzles():
            texts += [repr(p), hint(p), solution_text(p), context(p.state()), p.explanation_words()]
            texts += [str(check(p, c.action)) for c in p.choices]
    left = left_in(texts, lang)
    assert not left, left


def test_puzzles_keep_their_english():
    from polis_nb.puzzles.model import check

    p = pn.puzzles()[0]
    wrong = next(c for c in p.choices if c.action not in p.accepted)
    with pn.language("pl"):
        v = check(p, wrong.action)
        assert v.text.startswith("Źle: ")
    assert v.reason == wrong.reason and p.explanation_words() == p.explanation
    assert check(p, wrong.action).text == "Wrong: " + wrong.reason


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_event_cards_as_described_leave_no_english(edition, lang):
    from polis_nb.rules import describe_card

    comp = pn.default_components(edition)
    texts = []
    for e in comp.events:
        card = describe_card(comp, e.id, lang)
        texts += [card["name"], card["text"], card["round"]]
        assert describe_card(comp, e.id, "en")["text"] == (e.text or describe_card(comp, e.id, "en")["text"])
    left = left_in(texts, lang)
    assert not left, left


def test_a_card_of_ones_own_keeps_its_text():
    """A card whose text is not the packaged set's (a component file of one's own) is said as written."""
    from dataclasses import replace

    from polis_nb.rules import describe_card

    comp = pn.default_components("ed1")
    mine = replace(comp, events=tuple(replace(e, text="My own words.") if e.id == "etna" else e for e in comp.events))
    assert describe_card(mine, "etna", "de")["text"] == "My own words."
    assert describe_card(comp, "etna", "de")["text"] != describe_card(comp, "etna", "en")["text"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_demo_narrates_without_english(lang, monkeypatch):
    from polis_nb import demo

    out = io.StringIO()
    with pn.language(lang), contextlib.redirect_stdout(out):
        demo.main(["--seed", "3"])
    left = left_in([out.getvalue()], lang)
    assert not left, left


BAD_FILES = ('[Edition "ed1"]\n[Seed "3"]\n{open comment', '[Edition "ed1"]\n[Seed "3"]\n"name',
             '[Edition "ed1"]\n[Seed "3"]\n#', '[Edition "ed1"]\n[Bogus "3"]\n', '[Edition "ed1"]\n[Seed "3"]\n)',
             '[Edition "ed1"]\n[Seed "3"]\n(', '[Edition "ed1"\n',
             '[Edition "ed1"]\n[Seed "3"]\n{a} [Seed "3"]')


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_file_is_refused_in_the_language(lang):
    """The reader's problems with a file say themselves in a language (``RecordError.words``); ``str`` stays
    English."""
    from polis_nb.record import RecordError

    texts = []
    for text in BAD_FILES:
        with pytest.raises(RecordError) as e:
            pn.Game.from_text(text, strict=True)
        assert str(e.value).startswith("line "), str(e.value)
        assert e.value.words("en") == str(e.value)
        texts.append(e.value.words(lang))
    left = left_in(texts, lang)
    assert not left, left
