"""Resigning in the Board (issue 23, item 9): the Resign button asks first ("Resign? Yes / No"); yes
records the resignation in the game (``g.resign``), the Board shows the end of the game (with save and
rematch as at a normal end) and refuses further choices until undo takes the resignation back or a
rematch starts a new game. Refused while the bot thinks and once the game is over."""
from __future__ import annotations

import threading

import polis_nb as pn
from polis_nb.widgets import Board, Viewer

from .helpers import send
from .test_bot_reply import finished_game, held, scripted, slow_search


def test_resign_asks_first_and_then_the_game_records_it(tmp_path):
    g = pn.Game(seed=3)
    b = Board(g, opponent=scripted(), save_dir=tmp_path)  # the bot (Sparta) answers at once; Athens to decide
    here = b.node
    assert b.view["resign"] == {"side": "athens", "label": "Resign", "title": "Athens gives up the game: Sparta wins",
                                "ask": None}
    send(b, kind="resign-confirm")  # no question asked yet: nothing happens
    assert b.view["note"].startswith("Refused: there is no resignation to confirm") and g.result is None
    send(b, kind="resign")
    assert b.view["resign"]["ask"] == {"question": "Resign? Athens gives up the game and Sparta wins.",
                                       "yes": "Yes, resign", "no": "No, play on"}
    assert g.result is None and b.view["game_over"] is None  # asked, not done
    send(b, kind="resign-confirm")
    assert b.node is here and here.resigned == "athens" and str(g.result) == "Athens resigns: Sparta wins"
    over = b.view["game_over"]
    assert (over["title"], over["text"], over["winner"], over["resigned"]) == (
        "Sparta wins", "Athens resigns: Sparta wins.", "sparta", "athens")
    assert over["can_save"] and over["can_review"] and over["can_take_back"] and over["next_seed"] == 4
    assert b.view["resign"] is None and b.view["targets"] == {} and b.view["buttons"] == [] and b.view["can_undo"]
    assert b.view["prompt"] == "Game over — Athens resigns: Sparta wins." and "Athens resigns" in repr(b)
    # no more choices until undo or a rematch
    before = b.state
    send(b, kind="choose", action="pass")
    assert b.view["note"] == ("Refused: Athens has resigned: the game is over. Undo takes the resignation back; "
                              "Rematch starts a new game")
    assert b.state is before and b.node is here and not here.variations
    send(b, kind="resign")
    assert b.view["note"].startswith("Refused: Athens has resigned")
    # saved with the record, and loaded back
    send(b, kind="save")
    saved = tmp_path / "game-3.polis"
    assert "[%resign athens]" in saved.read_text()
    assert str(pn.Game.load(saved, strict=True).result) == "Athens resigns: Sparta wins"
    # undo takes the resignation back (and only it)
    send(b, kind="undo")
    assert b.view["note"] == "The resignation is taken back: play on."
    assert b.node is here and here.resigned is None and g.result is None and b.view["game_over"] is None
    send(b, kind="choose", action="pass")
    assert b.node is not here and not b.view["note"]


def test_no_keeps_playing_and_any_other_intent_drops_the_question():
    g = pn.Game(seed=3)
    b = Board(g, opponent=scripted())
    send(b, kind="resign")
    send(b, kind="decline")
    assert b.view["note"] == "You play on: nobody resigned." and b.view["resign"]["ask"] is None
    assert all(n.resigned is None for n in g.root.walk())
    send(b, kind="resign")
    send(b, kind="why", target="area:attika")  # something else: the question is not answered
    assert b.view["resign"]["ask"] is None
    send(b, kind="resign-confirm")
    assert b.view["note"].startswith("Refused: there is no resignation to confirm") and g.result is None


def test_rematch_after_a_resignation_starts_a_new_game():
    g = pn.Game(seed=3)
    b = Board(g, opponent=scripted())
    send(b, kind="resign")
    send(b, kind="resign-confirm")
    send(b, kind="rematch")
    assert b.game is not g and b.game.seed == 4 and b.game.result is None and b.view["game_over"] is None
    assert b.view["resign"]["side"] == "athens" and str(g.result) == "Athens resigns: Sparta wins"


def test_in_hot_seat_the_side_to_decide_resigns():
    g = pn.Game(seed=3)
    b = Board(g)  # no bot: Sparta decides first
    assert b.view["resign"]["side"] == "sparta"
    send(b, kind="resign")
    assert b.view["resign"]["ask"]["question"] == "Resign? Sparta gives up the game and Athens wins."
    send(b, kind="resign-confirm")
    assert str(g.result) == "Sparta resigns: Athens wins" and b.view["game_over"]["title"] == "Athens wins"
    send(b, kind="undo")  # also without a bot, undo takes it back
    assert g.result is None and b.view["resign"]["side"] == "sparta"


def test_a_board_on_a_position_resigns_without_a_record():
    b = Board(pn.settle(pn.new_game(seed=3)), opponent=scripted(), threaded=False)
    shown = b.state
    send(b, kind="resign")
    send(b, kind="resign-confirm")
    assert b.view["game_over"]["text"] == "Athens resigns: Sparta wins." and not b.view["game_over"]["can_save"]
    assert b.view["can_undo"]
    send(b, kind="choose", action="pass")
    assert b.view["note"].startswith("Refused: Athens has resigned") and b.state is shown
    send(b, kind="undo")
    assert b.view["game_over"] is None and b.state is shown


def test_resign_is_refused_while_the_bot_thinks():
    g = pn.Game(seed=3)
    b = Board(g, opponent=slow_search())
    try:
        assert b.thinking and b.view["resign"] is None
        send(b, kind="resign")
        assert b.view["note"] == "Refused: Sparta is thinking: wait for its answer, or press Cancel"
        assert b.view["resign"] is None and g.result is None
    finally:
        b._opp_panel.stop()


def test_a_question_asked_before_the_bot_moved_cannot_be_answered_after():
    g = pn.Game(seed=3)
    b = Board(g, opponent=scripted())
    gate = threading.Event()
    b._opp_panel.opp = held(scripted(), gate)
    b._threaded = True
    send(b, kind="choose", action="pass")  # the bot thinks now
    send(b, kind="resign-confirm")
    assert b.view["note"].startswith("Refused: Sparta is thinking")
    gate.set()
    assert b.wait(30)
    send(b, kind="resign-confirm")
    assert b.view["note"].startswith("Refused: there is no resignation to confirm") and g.result is None


def test_resign_is_refused_when_the_game_is_over():
    g = finished_game()
    b = Board(g)
    assert b.view["game_over"] is not None and b.view["resign"] is None
    send(b, kind="resign")
    assert b.view["note"] == "Refused: the game is over already: there is nothing to resign"
    assert g.result is not None and g.result.termination == "rules"


def test_the_viewer_shows_the_resignation_at_the_end_of_the_record():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon")
    g.resign()
    v = Viewer(g)
    assert v.view["node"]["outcome"] == "Sparta resigns: Athens wins."
    v.goto(g.node.parent)
    assert v.view["node"]["outcome"] is None
