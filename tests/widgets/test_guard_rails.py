"""The Board asks before a choice that loses the game at once (issue 18, guard-rails): nothing is
played until the user confirms; declining, or choosing something else, drops the question."""

import pytest

import polis_nb as pn
from polis_nb.widgets import Board

from ..analysis import known_positions as kp
from .helpers import send


def test_end_ostracism_the_board_asks_before_selling_the_last_prestige():
    s = kp.ed1_all_in_phoros()  # Ed1 · Rundenende › 6. Phoros, Spielende
    b = Board(s)
    send(b, kind="choose", action="phoros 3")
    q = b.view["confirm"]
    assert b.state == s, "nothing is played before the user confirms"
    assert q is not None and q["action"] == "phoros 3"
    assert "ostracised" in q["text"] and q["rules"] == ["end.ostracism"] and "end.ostracism" not in q["cite"]
    send(b, kind="decline")
    assert b.state == s and b.view["confirm"] is None and b.view["note"].startswith("Cancelled")
    send(b, kind="choose", action="phoros 3")
    send(b, kind="confirm", action="phoros 3")
    assert b.view["confirm"] is None and b.state != s
    assert b.state.outcome is not None or b.state.pending.player == 1  # played: Sparta decides next


def test_a_choice_that_does_not_lose_is_played_without_asking():
    s = kp.ed1_all_in_phoros()
    b = Board(s)
    send(b, kind="choose", action="phoros 1")
    assert b.view["confirm"] is None and b.state != s


def test_guard_false_plays_at_once_and_confirm_needs_a_question():
    s = kp.ed1_all_in_phoros()
    b = Board(s, guard=False)
    send(b, kind="choose", action="phoros 3")
    assert b.view["confirm"] is None and b.state != s
    b2 = Board(s)
    send(b2, kind="confirm", action="phoros 3")  # no question was asked: refused, nothing played
    assert b2.state == s and b2.view["note"].startswith("Refused")


def test_choosing_something_else_drops_the_question():
    s = kp.ed1_all_in_phoros()
    b = Board(s)
    send(b, kind="choose", action="phoros 3")
    send(b, kind="choose", action="phoros 0")
    assert b.view["confirm"] is None and b.state != s


def test_action_acting_alone_payment_variants_are_one_choice_with_a_pay_with_picker():
    # Ed1 · Aktionen: acting alone, each action costs one good of the player's choice; the Board
    # offers the action once and asks what to pay with (not one button per good)
    s = kp.ed1_capital_unfed_after_paying_with_wheat()
    b = Board(s)
    entries = b.view["choices"]
    hop = [e for e in entries if e["kind"] == "hoplites"]
    assert len(hop) == 1 and "action" not in hop[0]
    assert sorted(p["action"] for p in hop[0]["pay"]) == ["hoplites +wheat", "hoplites +wood"]
    assert {p["label"] for p in hop[0]["pay"]} == {"1 wheat", "1 wood"}
    # a choice with one way to pay stays one plain entry; every legal choice is offered exactly once
    offered = [p["action"] for e in entries for p in e.get("pay", [])] + [e["action"] for e in entries if "action" in e]
    assert sorted(offered) == sorted(str(a) for a in pn.legal_actions(s))


@pytest.mark.parametrize("components", ["ed1-default", "ed2-default"])
def test_the_key_explains_every_symbol_the_map_draws(components):
    # issue 18: units, ships, proxenos, the tribute marker, the capital ring, "n/m", offer states
    from polis_nb.render.key import symbol_key

    key = symbol_key(components)
    words = " ".join(k["words"] for k in key)
    for needed in ("Hoplites", "Galleys", "neutral polis", "cubes in it now / its base", "capital", "trade city",
                   "proxenos", "Tribute", "home port", "offer taken", "closed", "later round", "gold outline"):
        assert needed in words, needed
    assert ("black cube" in words) == (components == "ed2-default")
    assert all(k["svg"].startswith("<svg") and "<script" not in k["svg"] for k in key)
    b = Board(pn.new_game(components.split("-")[0], 1))
    assert b.key == key  # sent to the browser once, with the widget


def test_the_viewer_sends_the_same_key_once():
    from polis_nb.render.key import symbol_key
    from polis_nb.widgets import Viewer

    g = pn.Game(edition="ed2", seed=2)
    assert Viewer(g).key == symbol_key("ed2-default") and "key" not in Viewer(g).view
