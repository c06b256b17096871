"""record/words.py: the one place where the layers below render get their words. Render registers the
widgets' wording on import; without it the record layer still speaks in words, plainer ones (the
kernel's own sentence for a decision, the sections as the rulebook prints them)."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.record import words
from polis_nb.render import text


@pytest.fixture
def bare():
    """The record layer as if render had never registered its words (restored afterwards)."""
    words.reset_words()
    yield
    text.register_words()


def _march() -> pn.Game:
    g = pn.Game(seed=1)
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon; siege; polis argos")
    return g


def test_render_registers_the_widgets_words():
    g = _march()
    die = g.node
    s = die.parent.state
    assert words.action_words(s, die.action) == text.action_words(s, die.action) == "The siege die shows 2"
    assert words.action_words(s, "die 2") == "The siege die shows 2"  # text is read as an action
    assert words.cite_sections(("siege.failure", "siege.success")) == ("Ed1 · Actions › g. Besieging a polis",
                                                                       "Ed1 · Aktionen › g. Polis belagern")
    assert words.text_words("Athens answers with archers:advance", "ed1-default") == (
        "Athens answers with Archers (Advance)")
    assert repr(die) == "<Node 12 · Round 3 · Sparta, turn 1: The siege die shows 2>"


def test_without_render_the_kernels_own_sentences_name_the_decisions(bare):
    g = _march()
    die = g.node
    s = die.parent.state
    assert words.action_words(s, die.action) == pn.apply(s, die.action).log[0].text
    assert words.action_words(s, die.action).startswith("Siege of Argos fails (die 2 < fortification 3)")
    assert repr(g.root.next().next().next().next().next()) == (
        "<Node 5 · Round 3 · Sparta, turn 1: Sparta chooses Move hoplites (−1 prestige)>")
    # a decision the kernel logs nothing for, or one it refuses, is quoted as it is written
    quiet = pn.settle(pn.new_game(seed=1))
    assert pn.apply(quiet, "hoplites").log  # (the action is logged)
    assert words.action_words(quiet, "polis argos") == "'polis argos'"
    assert words.cite_sections(("siege.failure", "siege.success")) == ("Ed1 · Aktionen › g. Polis belagern",) * 2
    assert words.cite_sections(("no.such-rule",)) == ("", "")
    assert words.text_words("Athens answers with archers:advance") == "Athens answers with archers:advance"
    assert "— Ed1 · Aktionen › g. Polis belagern" in str(g.last_turn())


def test_registering_keeps_what_is_not_given_and_refuses_what_is_not_a_function(bare):
    words.set_words(action=lambda s, a: f"decision {a.kind}")
    s = pn.settle(pn.new_game(seed=1))
    assert words.action_words(s, "hoplites") == "decision hoplites"
    assert words.cite_sections(("siege.failure",))[0] == "Ed1 · Aktionen › g. Polis belagern"  # still the fallback
    with pytest.raises(TypeError, match="set_words\\(sections=...\\) needs a function, not int"):
        words.set_words(action=str, sections=42)
    assert words.action_words(s, "hoplites") == "decision hoplites"  # nothing half-changed


def test_a_node_prints_its_number_its_step_and_its_decision():
    """The widgets' number (the position's ply + 1), the step's title as the Viewer heads it, the
    decision in words, then its glyphs and whether it is a question."""
    s = pn.position(seed=1, round="4", to_move="athens", turn_actions=["train"],
                    units={"boiotia": (3, 4), "attika": (1, 0)})
    g = pn.Game.from_state(s, settle=False)  # a record that starts inside Athens' turn
    g.play("hoplites; to boiotia; from attika")  # the fourth hoplite: a battle starts at once
    first = g.root.next()
    assert first.number == s.ply + 1 and first.notation == "hoplites" and first.words() == "Move hoplites"
    assert repr(first) == f"<Node {s.ply + 1} · Round 4 · Athens' turn: Move hoplites>"
    g.glyph("?!", node=first)
    g.quiz(first, hint="Count the hoplites.")
    assert repr(first) == f"<Node {s.ply + 1} · Round 4 · Athens' turn: Move hoplites ?! (a question)>"
    card = g.node.end()  # the hands are dealt from the seed: Sparta's first, then Athens'
    assert card.parent.state.pending.kind == "draw-card" and card.number == s.ply + 11
    assert repr(card) == f"<Node {s.ply + 11} · Round 4 · a battle: Card for Athens: Archers (Advance)>"
    assert repr(g.root) == "<Node 0 · the start of the record>" and g.root.words() == g.root.notation == ""
    assert [str(t) for t in g.turns(every_step=True)] == ["Round 4 · Athens' turn", "Round 4 · a battle"]
    assert repr(g.turns(every_step=True)[1]) == f"<Turn Round 4 · a battle: from decision {s.ply + 4}>"
