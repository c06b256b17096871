"""The detector of notation and rule ids (tests/wordscan.py): it finds each kind in the places it hides
(in sentences, lists, HTML cells and tooltips) and stays silent on the words the widgets print and on
plain English that looks a little like notation."""
from __future__ import annotations

import pytest

from .wordscan import KINDS, Finding, assert_words, findings, html_text

NOTATION = [  # (text, kind, what must be found)
    ("Sparta plays cavalry:advance cavalry:advance", "card", "cavalry:advance"),
    ("play elite-trireme:diekplous salpinx:ambush", "card", "elite-trireme:diekplous"),
    ("Pay, with silver-for:wood", "card", "silver-for:wood"),
    ("best line: Athens: area attika; rows silver:3", "goods", "silver:3"),
    ("tribute; area sikelia; rows wine:2,wheat:2", "goods", "wine:2,wheat:2"),
    ("offer persis.1 exchange", "offer", "persis.1"),
    ("Athens takes aigyptos.0.", "offer", "aigyptos.0"),
    ("Review: polis pydna by land", "place", "polis pydna"),
    ("Athens: area attika", "place", "area attika"),
    ("hoplites; to arkadia; from lakedaimon", "place", "to arkadia"),
    ("hoplites; to arkadia; from lakedaimon", "place", "from lakedaimon"),
    ("Sparta: grow gytheion", "place", "grow gytheion"),
    ("chance: event no-event-4", "place", "event no-event-4"),
    ("tile zeus; polis sparta; pay", "place", "tile zeus"),
    ("draw phidias", "place", "draw phidias"),
    ("remove socrates", "place", "remove socrates"),  # a second-edition tile
    ("Better: chalkis by land", "route", "chalkis by land"),
    ("naupaktos by sea", "route", "naupaktos by sea"),
    ("hoplites (pay +oil, +wheat, +metal)", "payment", "+oil"),
    ("trade +iron", "payment", "+iron"),
    ("Athens: phoros 1", "count", "phoros 1"),
    ("sell 2", "count", "sell 2"),
    ("loses by force [end.score]", "rule", "[end.score]"),
    ("[end.score, end.tie-break]", "rule", "[end.score, end.tie-break]"),
    ("fails (die 2) [siege.failure]", "rule", "[siege.failure]"),
    ("an unknown id is caught too [foo.bar-baz]", "rule", "[foo.bar-baz]"),
    ("the rule turn.two-different-actions forbids it", "rule", "turn.two-different-actions"),
    ("— rule siege.failure, Ed1 · Actions", "rule", "siege.failure"),
    ("decided by end.capital-unfed", "rule", "end.capital-unfed"),
    ("ply 49, Athens: retreat ??", "ply", "ply 49"),
]

WORDS = [  # what the widgets print and English that must never count as notation
    "Athens besieges Pydna by land",
    "Sparta plays two cavalry cards to advance",
    "Tribute: 3 hoplites on the silver row",
    "The market die shows 4",
    "Persis offer 2: 3 wheat, bought with silver",
    "Phoros: 2 prestige → silver",
    "A hoplite from Lakedaimon",
    "To Arkadia",
    "Move hoplites (pay with oil, wheat or metal)",
    "Siege of Argos fails (die 2 < fortification 3): Sparta loses a hoplite in Arkadia.",
    "— Ed1 · Actions › g. Besieging a polis",
    "Note: the die decides. At 10:30, e.g. 3.5 or 1:2 odds; see https://example.org/x",
    "from the market to be fed; the area of a polis; place it in the draw",
    "Athens wins (7–6, Athens–Sparta): Athens has the higher score",
    "67% of playouts won [60%, 73%]",
    "12. Athens: Phoros: 1 prestige → silver",
    "<Node 12 · Round 3 · Sparta, turn 1: The siege die shows 2>",
    "polis_nb.analysis.evaluate and pn.RULES, argos.polis, game.polis",
    "the end. Score more; a turn.",
    "Athens takes +1 prestige; a polis +2",
    "Give 2 prestige for 4 silver",
]


@pytest.mark.parametrize("text,kind,found", NOTATION, ids=[f"{k}:{f}" for _, k, f in NOTATION])
def test_notation_is_found(text, kind, found):
    hits = findings(text)
    assert Finding(kind, found, text.index(found)) in hits, hits
    with pytest.raises(AssertionError, match=kind):
        assert_words(text, "the text")


@pytest.mark.parametrize("text", WORDS)
def test_words_are_not_notation(text):
    assert findings(text) == []
    assert_words(text)


def test_findings_come_in_order_once_each():
    text = "Athens: area attika; rows silver:3 [tribute.rows]; chance: roll 4; Sparta: to arkadia"
    assert [(f.kind, f.text) for f in findings(text)] == [
        ("place", "area attika"), ("goods", "silver:3"), ("rule", "[tribute.rows]"), ("place", "to arkadia")]
    assert [f.kind for f in findings(text, kinds=("rule",))] == ["rule"]
    assert {k for _, k, _ in NOTATION} == set(KINDS)  # every kind is tested


def test_html_is_read_as_a_reader_sees_it():
    page = ("<style>td{text-align:right}</style><table style='flex:1 1 560px'><tr>"
            "<td title='polis pydna [siege.failure]'>Besiege Pydna</td><td>3&nbsp;wheat</td></tr></table>"
            "<script>const a = {'action': 'polis pydna', x:1};</script><p>Athens&#x27; turn</p>")
    seen = html_text(page)
    assert "Besiege Pydna" in seen and "Athens' turn" in seen and "text-align" not in seen and "action" not in seen
    assert_words(page, "page", html=True)
    with pytest.raises(AssertionError, match="(?s)tooltip.*place 'polis pydna'"):
        assert_words(page, "tooltip", html=True, attributes=("title",))
    assert [f.kind for f in findings(html_text("<td>area</td><td>attika</td>"))] == []  # cells do not run together
    with pytest.raises(AssertionError, match=r"rule '\[end.score\]'"):
        assert_words("<p>Athens wins [end.score]</p>", html=True)


def test_the_message_names_each_finding_with_its_context():
    with pytest.raises(AssertionError) as err:
        assert_words("Best line: Athens: polis argos; Sparta: play archers:shoot peltasts:hold", "analysis")
    msg = str(err.value)
    assert msg.startswith("analysis holds notation or rule ids a reader should not see:")
    assert "place 'polis argos'" in msg and "card 'archers:shoot'" in msg and "card 'peltasts:hold'" in msg
