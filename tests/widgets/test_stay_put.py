"""Widgets stay put: a widget shows the node it was made at until the user moves it in the widget
(or Python calls its ``goto``); cells that later play or step in the same Game never move it. When the
user acts in the widget, the decision extends the record from the widget's own node and the Game's
current node follows the widget."""
import pytest

import polis_nb as pn
from polis_nb.widgets import Board, Combat, Viewer

from .helpers import send


def test_board_keeps_its_node_while_later_cells_play():
    g = pn.Game(seed=3)
    board = Board(g)
    made_at, shown = g.node, board.view["prompt"]
    g.play("hoplites; to arkadia; from lakedaimon; end")  # a later cell: the exercise's moves
    board.refresh()
    assert board.node is made_at and board.state is made_at.state and board.view["prompt"] == shown
    # the first click acts on what the board shows: Sparta's turn, not the position the cell reached
    send(board, kind="choose", action="train")
    assert board.node.parent is made_at and str(board.node.action) == "train"
    assert g.node is board.node  # the Game follows what the user did in the widget
    assert [str(v.action) for v in made_at.variations] == ["hoplites", "train"]  # the cell's line is kept


def test_board_click_follows_a_decision_already_in_the_record():
    g = pn.Game(seed=3)
    board = Board(g)
    made_at = g.node
    g.play("hoplites")
    g.undo()
    g.play("train")  # elsewhere in the record now
    send(board, kind="choose", action="hoplites")
    assert board.node is made_at.variations[0]  # the existing child, not a duplicate
    assert len(made_at.variations) == 2


def test_goto_is_the_way_python_moves_a_board():
    g = pn.Game(seed=3)
    board = Board(g)
    g.play("hoplites; to arkadia")
    board.goto()  # to the Game's current node
    assert board.node is g.node and "area:lakedaimon" in board.view["targets"]
    board.goto(g.root)
    assert board.node is g.root and g.node is g.root
    with pytest.raises(ValueError):
        Board(pn.new_game(seed=3)).goto()


def test_board_on_a_removed_node_falls_back_with_a_note():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia")
    board = Board(g)
    gone = g.node.parent  # "hoplites"
    g.goto(gone.parent)
    gone.remove()
    rev = board.rev
    send(board, kind="click", target="area:lakedaimon")  # made on a position that left the record
    assert board.node is g.node and "removed from the record" in board.view["note"]
    assert board.rev == rev + 1 and not g.root.variations or g.root.variations[0] is not gone


def test_viewer_steps_from_its_own_node_after_later_cells():
    # tutorial 11: the viewer is made at a node; a later cell walks into an exercise's variation;
    # ▶ must step from where the viewer is, not jump to the end of that variation
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end")
    march = g.node
    g.play("train; polis sparta")
    g.goto(march)
    v = Viewer(g)
    g.branch("exercise")
    g.play("trade")
    g.goto(g.root)  # later cells move the Game around
    v.refresh()
    assert v.node is march and v.view["current"] == v.view["node"]["id"]
    send(v, kind="nav", dir="forward", by="decision")
    assert v.node is march.next() and str(v.node.action) == "train"
    send(v, kind="nav", dir="back", by="decision")
    send(v, kind="nav", dir="forward")  # by turn (the default): to the end of Sparta's next turn
    assert v.node is march.next().next() and str(v.node.action) == "polis sparta"
    assert g.node is v.node
    g.goto(g.root)
    send(v, kind="nav", dir="down")  # the variation next to the viewer's node, not the Game's
    assert v.node.name == "exercise"


def test_viewer_play_mode_extends_from_its_node():
    g = pn.Game(seed=3)
    v = Viewer(g, mode="play")
    start = g.node
    g.play("hoplites; to arkadia")
    send(v, kind="choose", action="train")
    assert v.node.parent is start and g.node is v.node


def test_viewer_draws_marks_on_its_own_node():
    g = pn.Game(seed=3)
    v = Viewer(g, mode="draw")
    start = g.node
    g.play("hoplites")
    send(v, kind="click", target="area:attika")
    send(v, kind="click", target="area:attika")
    assert [m.targets for m in start.marks] == [("attika",)] and g.node.marks == [] or g.node is start


def test_combat_keeps_its_node_while_later_cells_play():
    from polis_nb.rules.battle import start_battle

    s = pn.position(round="4", to_move="athens", units={"boiotia": (4, 4)})
    g = pn.Game.from_state(start_battle(s, 1, []).evolve(log=()))
    w = Combat(g)
    made_at = w.node
    assert made_at is g.node
    g.play(pn.legal_actions(g.state)[0])  # a later cell decides the first retreat window
    w.refresh()
    assert w.node is made_at and w.state is made_at.state
    who = made_at.state.current_player
    send(w, kind="reveal", side=who)
    send(w, kind="choose", action="retreat" if made_at.state.prestige[0] and who == "athens" else "fight")
    assert w.node.parent is made_at and g.node is w.node
