"""Playing a whole game against a bot in the Board (replies, determinism, undo, the record kept), and
the engine panel of the Board and the Viewer (what the search says, in words, for the position shown)."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.render.analysisview import analysis_view
from polis_nb.widgets import Board, Viewer
from polis_nb.widgets.opponent import BOTS, Opponent, undo_target

from .helpers import send


def deciders(node) -> list[str]:
    return [n.parent.state.current_player for n in node.path() if n.parent is not None]


def test_the_bot_moves_first_when_its_side_starts_and_answers_every_decision():
    g = pn.Game(seed=3)  # Sparta starts
    start = g.node
    b = Board(g, opponent="sensible", side="athens")
    assert b.state.current_player == "athens" and b.node is not start
    assert set(deciders(b.node)[len(deciders(start)):]) <= {"sparta", "chance"}
    for _ in range(4):
        if b.state.is_terminal:
            break
        send(b, kind="choose", action=str(pn.legal_actions(b.state)[0]))
        assert b.state.is_terminal or b.state.current_player == "athens"
    assert g.node is b.node and "sparta" in deciders(b.node)
    assert "athens against the sensible bot" in repr(b)


def test_the_same_decisions_meet_the_same_replies():
    records = []
    for _ in range(2):
        g = pn.Game(seed=5)
        b = Board(g, opponent="greedy", side="sparta")
        for _ in range(3):
            send(b, kind="choose", action=str(pn.legal_actions(b.state)[-1]))
        records.append(g.to_text())
    assert records[0] == records[1]


def test_undo_goes_back_before_the_users_last_decision_and_keeps_the_line():
    g = pn.Game(seed=3)
    b = Board(g, opponent="sensible", side="athens")
    mine = b.node
    assert not b.view["can_undo"] or undo_target(mine, b.opponent) is not None
    send(b, kind="choose", action="pass")
    assert b.view["can_undo"]
    send(b, kind="undo")
    assert b.node is mine and "Back to before your last decision" in b.view["note"]
    assert [str(v.action) for v in mine.variations] == ["pass"]  # what was played stays a line
    send(b, kind="choose", action="train")  # another try: a second line from the same position
    assert [str(v.action) for v in mine.variations] == ["pass", "train"]


def test_choosing_the_opponent_from_the_browser():
    g = pn.Game(seed=3)
    b = Board(g)
    assert b.view["opponent"] == {"bot": "none", "side": "athens", "bots": [list(x) for x in BOTS]}
    send(b, kind="opponent", bot="random", side="athens")  # Sparta to move: the bot plays at once
    assert b.state.current_player == "athens" and b.view["opponent"]["bot"] == "random"
    before = g.to_text()
    send(b, kind="opponent", bot="stockfish", side="athens")
    assert b.view["note"].startswith("Refused") and g.to_text() == before
    send(b, kind="opponent", bot="none", side="athens")
    assert not b.opponent.active and "both sides" in b.view["note"]
    with pytest.raises(ValueError, match="side"):
        Opponent("random", "persia")


def test_engine_panel_in_words_for_the_position_shown():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia")
    b = Board(g)
    assert b.view["engine"] is None
    send(b, kind="analyse")
    en = b.view["engine"]
    assert en["summary"].startswith("Best for Sparta: A hoplite from Lakedaimon")
    assert 0 <= en["athens"]["low"] <= en["athens"]["p"] <= en["athens"]["high"] <= 100
    assert [c["action"] for c in en["choices"]] == ["from lakedaimon"] and en["choices"][0]["target"] == "area:lakedaimon"
    assert {"kind": "arrow", "targets": ["lakedaimon", "arkadia"], "colour": "green"} in en["marks"]
    assert all(not x["text"].islower() for x in en["line"])  # words, not notation
    layers = dict(b.view["svg_layers"])
    assert 'data-kind="arrow"' in layers["marks"]  # the best move is drawn on the map
    again = Board(g)
    send(again, kind="analyse")
    same = {k: v for k, v in again.view["engine"].items() if k != "seconds"}
    assert same == {k: v for k, v in en.items() if k != "seconds"}  # fixed budget and seed: the same answer
    send(b, kind="choose", action="from lakedaimon")
    assert b.view["engine"] is None  # it belonged to the previous position


def test_engine_panel_in_the_viewer():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia")
    v = Viewer(g)
    send(v, kind="analyse")
    assert v.view["engine"]["player"] == "Sparta"
    send(v, kind="nav", dir="back")
    assert v.view["engine"] is None


def test_analysis_view_of_a_finished_game_and_a_chance_step():
    s = pn.settle(pn.new_game(seed=3))
    over = s.evolve(outcome=pn.Outcome("athens", (9, 7), "test", ("end.score",)), phase="over")
    assert analysis_view(pn.analyse(over, budget=10, client="serial"))["summary"] == "The game is over."
    chance = pn.new_game(seed=3)
    assert chance.is_chance
    view = analysis_view(pn.analyse(chance, budget=20, client="serial"))
    assert view["choices"] == [] and view["summary"].startswith("A chance step")
