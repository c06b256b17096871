"""A side resigns (issue 23, item 9): ``g.resign()`` records it at a node, as PGN records a result; the
position goes on (the kernel knows nothing of it). It saves in the ``.polis`` text (``[%resign athens]``
in the node's comment) and in JSON (``"resigned": "athens"``), reloads, and is the record's
:attr:`~polis_nb.Game.result` ("Athens resigns: Sparta wins"). Bad input is a :class:`RecordError`
with its line and column; nothing is half-read."""
from __future__ import annotations

import json

import pytest

import polis_nb as pn
from polis_nb.record import Result

from .test_quiz import HEAD


def resigned_game() -> pn.Game:
    g = pn.Game(seed=3)  # Sparta starts
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
    g.comment("Too far from home.")
    assert g.state.current_player == "sparta"
    g.resign()
    return g


def test_a_resignation_is_the_records_result_not_the_positions():
    g = resigned_game()
    assert g.node.resigned == "sparta"
    assert g.result == Result("athens", "resignation", resigned="sparta")
    assert str(g.result) == "Sparta resigns: Athens wins" and g.result_at() == g.result
    assert not g.state.is_terminal and g.state.outcome is None  # the kernel's game goes on
    assert g.result_at(g.node.parent) is None
    g.unresign()
    assert g.node.resigned is None and g.result is None


def test_a_resignation_round_trips_in_text_and_json(tmp_path):
    g = resigned_game()
    text = g.to_text()
    assert "from lakedaimon {Too far from home. [%resign sparta]}" in text
    back = pn.Game.from_text(text, strict=True)
    assert back.same_record(g) and back.to_text() == text and str(back.result) == "Sparta resigns: Athens wins"
    data = g.to_json()
    assert [d["resigned"] for d in data["nodes"] if "resigned" in d] == ["sparta"]
    again = pn.Game.from_json(json.dumps(data), strict=True)
    assert again.same_record(g) and again.result == g.result
    for suffix in (".polis", ".json"):
        g.save(tmp_path / f"g{suffix}")
        assert pn.Game.load(tmp_path / f"g{suffix}", strict=True).same_record(g)
    g.unresign()
    assert not g.same_record(back) and "[%resign" not in g.to_text()


def test_a_resignation_in_a_variation_ends_that_line_only():
    g = resigned_game()
    first = next(n for n in g.root.walk() if str(n.action) == "from lakedaimon")
    g.goto(first)
    line = g.play("end")  # one hoplite to Arkadia instead of three: a variation
    assert not line.is_main_line() and line.state.current_player == "sparta"
    g.resign("athens", node=line)
    assert str(g.result_at(line)) == "Athens resigns: Sparta wins"
    assert str(g.result) == "Sparta resigns: Athens wins"  # the main line's own end
    back = pn.Game.from_text(g.to_text(), strict=True)
    assert back.same_record(g) and str(back.result) == "Sparta resigns: Athens wins"


def test_the_result_of_a_game_that_ended_by_the_rules():
    s = pn.settle(pn.new_game(seed=3))
    from polis_nb.rules.scoring import final_outcome

    g = pn.Game.from_state(s.evolve(outcome=final_outcome(s), phase="over"))
    r = g.result
    assert r.termination == "rules" and r.outcome == g.state.outcome and r.resigned is None
    assert str(r).startswith(("Athens wins, ", "Sparta wins, ", "A shared result, "))
    with pytest.raises(pn.RecordError, match="game is over here"):
        g.resign("athens")


def test_resign_refuses_what_cannot_be_a_resignation():
    g = resigned_game()
    with pytest.raises(pn.RecordError, match="Sparta has already resigned here"):
        g.resign("athens")
    g.unresign()
    with pytest.raises(ValueError, match="'athens' or 'sparta', not 'thebes'"):
        g.resign("thebes")
    with pytest.raises(TypeError, match="the side that resigns"):
        g.resign(1)
    draw = next(g.root.mainline())  # the first project tile is drawn there: chance decides next too
    assert draw.state.is_chance
    with pytest.raises(pn.RecordError, match="say which side"):
        g.resign(node=draw)
    with pytest.raises(pn.RecordError, match="another record"):
        g.resign("athens", node=pn.Game(seed=3).root)
    assert all(n.resigned is None for n in g.root.walk())  # nothing changed


@pytest.mark.parametrize("comment, column, words", [
    ("{[%resign thebes]}", 2, "'athens' or 'sparta', not 'thebes'"),
    ("{[%resign]}", 2, "'athens' or 'sparta', not ''"),
    ("{x [%resign athens sparta]}", 4, "not 'athens sparta'"),
])
def test_a_bad_resignation_in_text_is_reported_where_it_stands(comment, column, words):
    text = HEAD + "3.S1. hoplites " + comment + "\n"
    g = pn.Game.from_text(text)
    assert len(g.errors) == 1 and words in g.errors[0].message
    assert (g.errors[0].line, g.errors[0].column) == (5, len("3.S1. hoplites ") + column)
    assert all(n.resigned is None for n in g.root.walk())
    assert [str(n.action) for n in g.root.mainline()][-1] == "hoplites"  # the decision is kept
    with pytest.raises(pn.RecordError):
        pn.Game.from_text(text, strict=True)


def test_a_resignation_before_a_decision_is_refused():
    before = pn.Game.from_text(HEAD + '3.S1. ("x" {[%resign athens]} hoplites)\n')
    assert any("resignation belongs in the comment after" in e.message for e in before.errors)


@pytest.mark.parametrize("value, words", [("thebes", "not 'thebes'"), (1, "not 1"), (None, "not None"),
                                          ("Athens", "not 'Athens'")])
def test_a_bad_resignation_in_json_is_left_out_and_reported(value, words):
    g = resigned_game()
    data = g.to_json()
    k = next(i for i, d in enumerate(data["nodes"]) if "resigned" in d)
    data["nodes"][k]["resigned"] = value
    text = json.dumps(data, indent=1)
    back = pn.Game.from_json(text)
    assert len(back.errors) == 1 and f"node {k}: resigned must be" in back.errors[0].message
    assert words in back.errors[0].message and back.errors[0].line is not None
    assert back.result is None and back.root.end().comment == "Too far from home."  # the node stays
