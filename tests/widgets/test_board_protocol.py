"""Board widget protocol: the messages the browser sends, and what Python answers (no browser)."""
import json

import pytest

import polis_nb as pn
from polis_nb.widgets import Board

from .helpers import send


@pytest.fixture
def board():
    return Board(pn.Game(seed=3))  # Sparta to act; the event closed Persis


def test_board_view_lists_legal_choices_and_targets(board):
    v = board.view
    assert v["player"] == "sparta" and v["decision"] == "turn"
    assert {"action": "hoplites", "label": "Move hoplites", "kind": "hoplites"} in v["buttons"]
    assert v["targets"] == {}
    assert board.svg.startswith("<svg") and "Sparta" in v["prompt"]
    assert [name for name, _ in v["svg_layers"]][:2] == ["title", "style"]
    json.dumps(v)  # the view model is plain JSON


def test_board_click_through_move_and_siege(board):
    g = board.game
    send(board, kind="choose", action="hoplites")
    assert "area:arkadia" in board.view["targets"]
    send(board, kind="click", target="area:arkadia")
    for _ in range(3):
        send(board, kind="click", target="area:lakedaimon")
    assert g.state.units[3] == (0, 3)  # all three Spartan hoplites in Arkadia
    send(board, kind="choose", action="siege")
    assert "polis:argos" in board.view["targets"]
    send(board, kind="click", target="polis:argos")
    # the siege die was rolled from the game's seed, and the record holds every decision
    assert any(str(n.action).startswith("die ") for n in g.node.path())
    assert board.view["player"] == "athens"
    assert any("Siege of Argos" in e["text"] for e in board.view["log"]) or g.state.owner[4] in (-1, 1)


def test_board_illegal_click_is_explained_and_changes_nothing(board):
    send(board, kind="choose", action="hoplites")
    before = board.state
    send(board, kind="click", target="area:ionia")  # only by sea, and Athens holds the seas around it
    assert board.state == before
    ex = board.view["explanation"]
    assert ex and not ex["legal"] and ex["rules"]
    assert all(r["id"] in pn.RULES for r in ex["rules"])


def test_board_why_not_names_the_rule(board):
    send(board, kind="choose", action="hoplites")
    send(board, kind="click", target="area:arkadia")
    send(board, kind="why", target="area:attika")
    assert board.view["explanation"]["rules"][0]["id"] in pn.RULES
    assert board.view["explanation"]["legal"] is False


@pytest.mark.parametrize("bad", [
    "not a dict", {"kind": "teleport", "rev": 1}, {"kind": "choose"}, {"kind": "choose", "rev": True, "action": "x"},
    {"kind": "choose", "action": 5}, {"kind": "click", "target": ""}, {"kind": "choose", "action": "x" * 600},
])
def test_board_malformed_intents_are_refused_visibly(board, bad):
    before, rev = board.state, board.rev
    if isinstance(bad, dict) and "rev" not in bad:
        bad = dict(bad, rev=rev)
    board.handle_intent(bad)
    assert board.state == before
    assert board.view["note"].startswith("Refused")


def test_board_stale_intent_is_refused(board):
    old = board.rev
    send(board, kind="choose", action="hoplites")
    before = board.state
    board.handle_intent({"kind": "choose", "action": "train", "rev": old})
    assert board.state == before and "older position" in board.view["note"]


def test_board_malformed_action_text_is_refused(board):
    before = board.state
    send(board, kind="choose", action="to thess<alia")
    assert board.state == before and board.view["note"].startswith("Refused")


def test_board_hidden_information_stays_hidden():
    s = pn.position(round="4", to_move="athens", units={"boiotia": (4, 4)})
    from polis_nb.rules.battle import start_battle

    s = pn.settle(start_battle(s, 1, []))
    # Sparta attacks first on land: at Sparta's decision, Athens' view lists no options and no hand
    w = Board(s, viewer="athens")
    v = w.view
    assert v["battle"]["hands"][1] == "hidden" and isinstance(v["battle"]["hands"][0], list)
    assert v["buttons"] == [] and v["targets"] == {}
    text = json.dumps(v)
    assert "battle-attack" not in text or v["player"] == "sparta"
    w.handle_intent({"kind": "choose", "action": str(pn.legal_actions(s)[0]), "rev": w.rev})
    assert w.state == s and "not Athens" in w.view["note"]


def test_board_user_text_is_escaped_in_svg():
    g = pn.Game(seed=3)
    g.comment("<script>alert(1)</script>")
    g.highlight("thebai")
    w = Board(g)
    assert "<script>" not in w.svg


def test_board_repr_is_stable(board):
    r = repr(board)
    assert r.startswith("Board(game, decision ") and "0x" not in r
    assert repr(Board(pn.Game(seed=3))) == r


def test_board_state_source_and_bad_input():
    w = Board(pn.new_game(seed=1))
    assert not w.state.is_chance  # chance settled from the seed
    with pytest.raises(TypeError):
        Board("not a game")
    with pytest.raises(ValueError):
        Board(pn.new_game(seed=1), viewer="persia")


def test_board_text_description_available(board):
    assert "Lakedaimon" in board.describe() and board.view["description"] == board.describe()
