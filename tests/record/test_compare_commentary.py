"""compare(): what differs between two nodes in plain words; commentary with the rulebook sections
of its rules; the notebook reprs (escaped user text, stable reprs in words)."""
from __future__ import annotations

import re

import pytest

import polis_nb as pn
from polis_nb.record.commentary import cite
from polis_nb.render.text import cite_sections
from polis_nb.rules.topology import topology_of

from .builders import besieged, random_record

SCRIPT = "<script>alert('x')</script>"
SPARTA = 1  # player index


def siege_both_ways():
    g, die = besieged()
    g.goto(die)
    success = g.what_if(die=4)
    g.goto(die)
    failure = g.what_if(die=1)
    return g, success, failure


def test_compare_siege_success_and_failure_in_plain_words():
    g, success, failure = siege_both_ways()
    a, b = success.state, failure.state
    argos = topology_of(a).polis_index["argos"]
    assert a.owner[argos] == SPARTA and b.owner[argos] == -1
    c = g.compare(success, failure, labels=("success", "failure"))
    assert c and repr(c) == f"<Comparison success vs failure: {len(c.differences)} differences>"
    text = str(c)
    assert "Argos is Sparta's in success but neutral in failure." in text
    pa, pb = a.prestige[SPARTA], b.prestige[SPARTA]
    assert pa - pb == 3  # the fortification, won in prestige
    assert f"Sparta has {pa - pb} less prestige in failure ({pb} against {pa})." in text
    sa, sb = pn.score(a, SPARTA), pn.score(b, SPARTA)
    assert sa > sb
    assert (f"If the game ended now Sparta would score {sa} in success and {sb} in failure "
            f"({sa - sb} less in failure).") in text
    assert "Arkadia holds 0 Athenian and 2 Spartan units in failure against 0 and 3 in success." in text
    topics = {(d.topic, d.subject): (d.a, d.b) for d in c.differences}
    assert topics[("polis", "Argos")] == ("Sparta", "neutral")
    assert topics[("prestige", "Sparta")] == (str(pa), str(pb))
    assert all(line.startswith("- ") for line in text.splitlines())
    assert ("Athens" not in text) or "Athenian" in text  # Athens loses and gains nothing here


def test_compare_against_the_current_node_and_states():
    g, success, failure = siege_both_ways()
    g.goto(failure)
    one = g.compare(success)  # A: the current node, B: the argument
    assert "Argos is neutral in A but Sparta's in B." in str(one)
    both = g.compare(success.state, failure.state)
    assert "Argos is Sparta's in A but neutral in B." in str(both)
    same = g.compare(success, success)
    assert not same and "do not differ" in str(same)
    rounds = g.compare(g.root.next(), success)
    assert not any(d.topic == "round" for d in rounds.differences)


def test_commentary_cites_rules_by_their_sections_in_words():
    """The commentary names each decision as the widgets do and follows each sentence with the
    English title of the rulebook section that states its rules; the ids and the notation stay in
    the entries, for code."""
    g, success, failure = siege_both_ways()
    g.goto(failure)
    text = str(g.commentary(round="3"))
    assert pn.RULES["siege.failure"].source == "Ed1 · Aktionen › g. Polis belagern"
    assert ("Siege of Argos fails (die 1 < fortification 3): Sparta loses a hoplite in Arkadia. "
            "— Ed1 · Actions › g. Besieging a polis") in text
    assert "\n  The siege die shows 1\n" in text and "\n  Besiege Argos\n" in text
    assert "[variation: what if die 1]" in text
    assert "succeeds" not in text  # only the line through the current node
    assert "siege.failure" not in text and "polis argos" not in text
    die = next(e for e in g.commentary(round="3").entries if e.decision == "die 1")
    assert die.words == "The siege die shows 1" and die.rules == (("siege.failure",),)
    g.goto(success)
    assert "succeeds (die 4 ≥ fortification 3)" in str(g.commentary())
    assert str(g.commentary(round=1)) == str(g.commentary(round="3"))
    assert cite(("siege.failure", "siege.success")) == "Ed1 · Actions › g. Besieging a polis"  # once
    assert cite(("train.cost", "siege.success")) == "Ed1 · Actions › a. Training hoplites; Ed1 · Actions › g. Besieging a polis"


def test_commentary_every_citation_names_the_sections_of_its_rules():
    g = random_record(7, plies=300, variations=0)
    g.goto(g.root.end())
    com = g.commentary()
    cited = 0
    for e in com.entries:
        assert len(e.rules) == len(e.sentences)
        for s, rules in zip(e.sentences, e.rules):
            assert all(r in pn.RULES for r in rules), rules
            if rules:
                assert s.endswith(" — " + cite_sections(rules)[0]), s
                cited += 1
            assert not re.search(r"\[[a-z]+\.[a-z-]+", s), s
    assert cited > 50
    headings = [e.heading for e in com.entries if e.heading]
    assert headings[0] == "Round 3" and "Athens' turn" in headings and "Sparta's turn" in headings


def test_commentary_of_a_round_and_of_the_last_turn():
    g, success, failure = siege_both_ways()
    g.goto(failure)
    g.comment("Argos holds, for now.")
    g.glyph("?!")
    last = g.last_turn()
    assert last.title == "Last turn"
    decisions = [e.decision for e in last.entries if not e.heading]
    assert decisions[0] == "hoplites" and decisions[-1] == "die 1"
    said = [e.said for e in last.entries if not e.heading]
    assert said[0] == "Move hoplites" and said[-1] == "The siege die shows 1"
    assert "Argos holds, for now." in str(last) and "The siege die shows 1 ?!" in str(last)
    assert "- The siege die shows 1 ?!" in last._repr_markdown_()
    assert "<b>The siege die shows 1</b> ?!" in last._repr_html_()
    assert repr(last) == f"<Commentary 'Last turn': {len(decisions)} decisions>"
    assert [e for e in g.commentary(round="4").entries] == []


def scripted():
    g, success, failure = siege_both_ways()
    g.goto(failure)
    failure.name = f"what if {SCRIPT}"
    g.comment(SCRIPT + " & more")
    g.glyph("!!")
    return g, success, failure


ESCAPED = "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; more"


def test_game_html_repr_escapes_user_text():
    g, _, _ = scripted()
    html = g._repr_html_()
    assert "<script" not in html and ESCAPED in html and "what if &lt;script&gt;" in html


def test_commentary_and_comparison_html_reprs_escape_user_text():
    g, success, failure = scripted()
    for html in (g.commentary()._repr_html_(), g.last_turn()._repr_html_()):
        assert "<script" not in html
        assert ESCAPED in html and "(variation: what if &lt;script&gt;" in html
    md = g.commentary()._repr_markdown_()
    assert not re.search(r"(?<!\\)<", md) and "\\<script\\>" in md  # every '<' backslash-escaped
    c = g.compare(success, failure, labels=(SCRIPT, "<b>B</b>"))
    html = c._repr_html_()
    assert "<script" not in html and "<b>B</b>" not in html and "&lt;b&gt;B&lt;/b&gt;" in html


def test_reprs_are_stable_and_without_addresses():
    g, success, failure = siege_both_ways()
    h, *_ = siege_both_ways()
    assert repr(g) == repr(h)
    assert re.fullmatch(r"<Game ed1 seed=3: \d+ decisions, at decision \d+, round 3, Athens to decide>", repr(g))
    things = [g, g.node, g.root, g.turns(), g.commentary(), g.last_turn(), g.compare(success, failure),
              pn.Mark.arrow("attika", "boiotia"), g.errors]
    for x in things:
        assert not re.search(r"0x[0-9a-fA-F]{4,}| at 0x| object at ", repr(x)), repr(x)
    assert repr(g.root) == "<Node 0 · the start of the record>"
    assert repr(failure) == f"<Node {failure.number} · Round 3 · Sparta, turn 1: The siege die shows 1>"
    assert failure.number == failure.parent.state.ply + 1 == failure.ply
    g.play("pass")
    assert repr(g) != repr(h)


@pytest.mark.parametrize("seed", [3, 8])
def test_game_over_repr_and_commentary_of_a_finished_game(seed):
    g = random_record(seed, plies=500, variations=0)
    g.goto(g.root.end())
    assert g.state.is_terminal and repr(g).endswith("game over>")
    assert str(g.commentary()).startswith(f"Polis ed1, seed {seed % 97}")
