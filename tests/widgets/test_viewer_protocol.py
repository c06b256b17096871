"""Viewer widget protocol: navigation, variations, annotation and play mode, as the browser sends them."""
import json

import pytest

import polis_nb as pn
from polis_nb.widgets import Viewer

from .helpers import send


@pytest.fixture
def viewer():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end")
    first = g.node
    g.play("train; polis sparta; pay metal")
    g.goto(first)
    g.branch("plan B")
    g.play("tribute; area lakedaimon; rows metal:2")
    g.goto(g.root)
    return Viewer(g, steps="decision")  # one decision at a time (turn by turn: test_viewer_turns.py)


def _row(v, text):
    return next(r for r in v.view["rows"] if r.get("sub") and r["text"] == text)


def test_viewer_rows_show_main_line_and_variation(viewer):
    rows = [r for r in viewer.view["rows"] if r.get("sub")]
    texts = [r["text"] for r in rows]
    assert texts.index("train") < texts.index("tribute")  # main line first...
    var = _row(viewer, "tribute")
    assert var["variation"] and var["name"] == "plan B" and var["depth"] == 1
    json.dumps(viewer.view)


def test_viewer_navigation_and_variations(viewer):
    g = viewer.game
    send(viewer, kind="nav", dir="end")
    assert g.node.end() is g.node and g.node.is_main_line()
    send(viewer, kind="goto", node=_row(viewer, "tribute")["id"])
    assert g.node.name == "plan B"
    send(viewer, kind="nav", dir="up")
    assert str(g.node.action) == "train" and g.node.is_main_line()
    send(viewer, kind="nav", dir="down")
    assert g.node.name == "plan B"
    send(viewer, kind="nav", dir="back")
    send(viewer, kind="nav", dir="start")
    assert g.node is g.root


def test_viewer_comment_and_glyph_write_back(viewer):
    g = viewer.game
    send(viewer, kind="goto", node=_row(viewer, "tribute")["id"])
    node = g.node
    send(viewer, kind="comment", node=viewer.view["current"], text="<b>bold</b> & plan")
    send(viewer, kind="glyph", node=viewer.view["current"], glyph="!?")
    assert node.comment == "<b>bold</b> & plan" and node.glyphs == ["!?"]
    send(viewer, kind="glyph", node=viewer.view["current"], glyph="!?")
    assert node.glyphs == []
    assert pn.Game.from_text(g.to_text()).same_record(g)


def test_viewer_draw_marks(viewer):
    g = viewer.game
    send(viewer, kind="nav", dir="end")
    send(viewer, kind="mode", mode="draw")
    send(viewer, kind="click", target="area:attika")
    send(viewer, kind="click", target="area:boiotia")
    send(viewer, kind="click", target="polis:thebai")
    send(viewer, kind="click", target="polis:thebai")
    assert [str(m) for m in g.node.marks] == ["[%arrow attika boiotia green]", "[%hl thebai yellow]"]
    send(viewer, kind="clear", node=viewer.view["current"])
    assert g.node.marks == []


def test_viewer_play_mode_adds_to_the_record(viewer):
    g = viewer.game
    send(viewer, kind="nav", dir="end")
    n = sum(1 for _ in g.root.walk())
    send(viewer, kind="choose", action="pass")  # refused: view mode
    assert "play mode" in viewer.view["board"]["note"]
    send(viewer, kind="mode", mode="play")
    buttons = viewer.view["board"]["buttons"]
    assert buttons
    send(viewer, kind="choose", action=buttons[0]["action"])
    assert sum(1 for _ in g.root.walk()) > n


@pytest.mark.parametrize("bad", [{"kind": "goto", "node": "n99999"}, {"kind": "nav", "dir": "sideways"},
                                 {"kind": "glyph", "node": "n1", "glyph": "!!!"}, {"kind": "mode", "mode": "fly"},
                                 {"kind": "comment", "node": "n1", "text": 5}, {"kind": "goto", "node": "x"}])
def test_viewer_bad_intents_refused(viewer, bad):
    before = viewer.game.to_text()
    node = viewer.game.node
    send(viewer, **bad)
    assert viewer.view["board"]["note"].startswith("Refused")
    assert viewer.game.to_text() == before and viewer.game.node is node


def test_viewer_repr_stable(viewer):
    assert repr(viewer).startswith("Viewer(mode=view, steps=decision, decision ") and "0x" not in repr(viewer)
    assert repr(Viewer(viewer.game)).startswith("Viewer(mode=view, decision ")


def test_viewer_hides_the_other_sides_cards():
    from polis_nb.rules.battle import start_battle

    s = pn.position(round="4", to_move="athens", units={"boiotia": (4, 4)})
    g = pn.Game(seed=1)
    g.root._state = start_battle(s, 1, [])  # a record that starts at a land battle's deal
    g.node = g.root
    g._settle()
    text = json.dumps(Viewer(g, viewer="athens", steps="decision").view)
    sparta_cards = [str(n.action) for n in g.node.path() if n.parent.state.battle.draws[0] == 1]
    athens_cards = [str(n.action) for n in g.node.path() if n.parent.state.battle.draws[0] == 0]
    assert sparta_cards and athens_cards
    assert "card for Sparta (hidden)" in text
    assert all(f'"chance: {c}"' in text for c in athens_cards)
    spectator = json.dumps(Viewer(g, steps="decision").view)
    assert all(f'"chance: {c}"' in spectator for c in sparta_cards)
    # turn by turn, the battle's row says what happened, never Sparta's cards
    by_turn = json.dumps(Viewer(g, viewer="athens").view)
    assert "card for Sparta (hidden)" in by_turn
    assert not [c for c in set(sparta_cards) - set(athens_cards) if c.split()[1] in by_turn]


def test_a_node_id_is_written_one_way_only():
    """Regression (fuzzing): ``n01`` was taken for ``n1``; the view writes ids without leading zeros,
    so any other spelling is refused."""
    from polis_nb.widgets.intents import IntentError, node_index

    assert node_index("n0") == 0 and node_index("n1") == 1 and node_index("n120") == 120
    for bad in ("n01", "n00", "n007", "n", "n-1", "n1.0"):
        with pytest.raises(IntentError, match="unknown node"):
            node_index(bad)
