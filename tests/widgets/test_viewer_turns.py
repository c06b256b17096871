"""The Viewer turn by turn (issue 18, item 2): a step is a player's whole turn (an action with all its
sub-decisions and chance steps), the draws of a new round, a battle or the end of a round; ← / → go a
step at a time, Shift (``by: "decision"``) or the "Decisions" switch one decision; the record lists
one row per step numbered by round and turn (``3.A2``, the ``.polis`` labels), and the step shown is
opened to its decisions. Tutorial 11's annotated game takes 371 decisions, and far fewer steps."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

import polis_nb as pn
from polis_nb.record.turns import index_steps, starts_step, step_last
from polis_nb.widgets import Viewer

from .helpers import send

GAME = pathlib.Path(__file__).resolve().parents[2] / "tutorials" / "games" / "annotated-2291.polis"


@pytest.fixture(scope="module")
def annotated_text() -> str:
    return GAME.read_text(encoding="utf-8")


def record() -> pn.Game:
    """Seed 3: Sparta's first turn (a march into Arkadia, then a trained hoplite), Athens' first turn
    (tribute from Attika, then a pass); a named variation of Sparta's second action."""
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; end")
    second = g.node
    g.play("train; polis sparta; pay metal; end")
    g.play("tribute; area attika")
    g.play(str(pn.legal_actions(g.state)[0]))
    g.play("pass")
    g.goto(second)
    g.branch("tribute instead").play("tribute; area lakedaimon")
    g.goto(g.root)
    return g


def steps(v) -> list[dict]:
    return [r for r in v.view["rows"] if r.get("step")]


def test_forward_steps_a_whole_turn_and_back_returns_to_the_turn_before():
    v = Viewer(record())
    assert v.steps == "turn" and v.view["steps"] == "turn"
    send(v, kind="nav", dir="forward")  # the draws that open round 3
    assert v.view["position"]["kind"] == "round-start" and v.view["position"]["at_end"]
    assert v.view["position"]["title"] == "Round 3 begins"
    send(v, kind="nav", dir="forward")  # Sparta's whole first turn: march, then train
    p = v.view["position"]
    assert (p["kind"], p["label"], p["title"], p["at_end"]) == ("turn", "3.S1", "Round 3 · Sparta, turn 1", True)
    assert str(v.node.action) == "end" and p["count"] == 9
    assert p["words"] == "Sparta moved 2 hoplites from Lakedaimon to Arkadia; then trained 1 hoplite in Sparta, paying 1 metal"
    assert [e["decision"] for e in v.view["turn"]][:2] == ["Move hoplites", "To Arkadia"]
    send(v, kind="nav", dir="forward")
    assert v.view["position"]["label"] == "3.A1" and v.view["position"]["side"] == "athens"
    send(v, kind="nav", dir="back")
    assert v.view["position"]["label"] == "3.S1" and str(v.node.action) == "end"
    send(v, kind="nav", dir="back")
    assert v.view["position"]["kind"] == "round-start"
    send(v, kind="nav", dir="back")
    assert v.node is v.game.root and v.view["position"] is None and not v.view["nav"]["back"]


def test_one_decision_on_demand_and_the_switch():
    v = Viewer(record())
    send(v, kind="nav", dir="forward")
    send(v, kind="nav", dir="forward", by="decision")  # Shift + →
    assert str(v.node.action) == "hoplites"
    p = v.view["position"]
    assert (p["label"], p["index"], p["at_end"]) == ("3.S1", 1, False)
    assert p["words"] == "Sparta is moving hoplites"  # only what happened so far
    # the turn shown opens to its decisions, the one shown marked; the others stay closed
    rows = v.view["rows"]
    current = [r for r in rows if r.get("current")]
    assert len(current) == 1 and current[0].get("sub") and current[0]["words"] == "Move hoplites"
    opened = [r for r in steps(v) if r["open"]]
    assert [r["num"] for r in opened] == ["3.S1"] and opened[0]["in_current"] and not opened[0]["current"]
    send(v, kind="nav", dir="forward")  # → finishes the turn
    assert v.view["position"]["at_end"] and str(v.node.action) == "end"
    assert [r for r in v.view["rows"] if r.get("current")][0].get("step")  # at the end: the turn's row
    send(v, kind="steps", by="decision")
    assert v.steps == "decision" and v.view["steps"] == "decision"
    node = v.node
    send(v, kind="nav", dir="forward")
    assert v.node.parent is node  # one decision
    assert all(r["open"] for r in steps(v))
    assert sum(1 for r in v.view["rows"] if r.get("sub")) == sum(1 for _ in v.game.root.walk()) - 1
    send(v, kind="steps", by="turn")
    assert not [r for r in steps(v) if r["open"] and not r["in_current"]]


def test_rows_are_numbered_by_round_and_turn_like_the_polis_labels(annotated_text):
    g = pn.Game.from_text(annotated_text)
    v = Viewer(g)
    nums = [r["num"] for r in steps(v) if r["kind"] == "turn"]
    labels = re.findall(r"^\s*(\S+)\. ", annotated_text, re.M)
    assert nums == [x for x in labels if re.fullmatch(r"(\d+[ab]?)\.[AS]\d+", x)]
    assert nums[:4] == ["3.A1", "3.S1", "3.A2", "3.S2"]
    kinds = [r["kind"] for r in steps(v)]
    assert kinds.count("round-start") == 4 and kinds.count("round-end") == 4 and kinds.count("battle") == 6
    headings = [r["text"] for r in v.view["rows"] if r.get("heading")]
    assert headings == ["Round 3", "Round 4", "Round 5α", "Round 5β"]
    for r in steps(v):  # words, not notation
        assert r["words"] and ":" not in r["words"].split(" ")[0] and "~" not in r["words"]
        assert not re.search(r"\b[a-z]+:[a-z0-9]+\b", r["words"]), r["words"]
    json.dumps(v.view)


def test_tutorial_11_game_takes_fewer_than_80_steps_by_turns(annotated_text):
    """Step counts of the main line: 371 decisions, 51 steps (37 turns, 4 round starts, 4 round
    ends, 6 battles)."""
    g = pn.Game.from_text(annotated_text)
    decisions = len(list(g.root.mainline()))
    v = Viewer(g)
    presses = 0
    while v.view["nav"]["forward"]:
        send(v, kind="nav", dir="forward")
        presses += 1
        assert presses < 500
    assert v.node is g.root.end()
    assert decisions == 371 and presses == 51
    assert presses == len(g.turns(every_step=True))
    assert len(g.turns()) == 37  # the .polis labels: turns only
    g.goto(g.root)
    d = Viewer(g, steps="decision")
    send(d, kind="nav", dir="forward")
    assert d.node is next(g.root.mainline())  # by decision: 371 presses


def test_up_and_down_switch_variations_a_turn_at_a_time():
    g = record()
    v = Viewer(g)
    var = next(r for r in steps(v) if r["variation"])
    assert var["name"] == "tribute instead" and var["num"] == "3.S1" and var["depth"] == 1
    assert var["words"].startswith("Sparta moved 2 hoplites from Lakedaimon to Arkadia; then demanded tribute")
    order = [r["num"] or r["kind"] for r in steps(v)]
    assert order == ["round-start", "3.S1", "3.S1", "3.A1"]  # the variation right after the turn it branches from
    send(v, kind="goto", node=var["id"])
    assert not v.node.is_main_line() and v.node is step_last(v.node)
    assert v.view["nav"]["up"] and not v.view["nav"]["down"]
    send(v, kind="nav", dir="up")  # the main line's turn, to its end
    assert v.node.is_main_line() and str(v.node.action) == "end" and v.view["position"]["label"] == "3.S1"
    send(v, kind="nav", dir="down")
    assert not v.node.is_main_line() and v.node is step_last(v.node)


def test_steps_never_cross_a_turn_and_cover_every_decision(annotated_text):
    g = pn.Game.from_text(annotated_text)
    info = index_steps(g.root)
    line = list(g.root.mainline())
    firsts = [n for n in line if starts_step(n)]
    assert len(firsts) == 51
    for n in line:
        assert info[id(n)].first in firsts
        assert n is info[id(n)].first or info[id(n)].first in n.path()


@pytest.mark.parametrize("bad", [{"kind": "steps", "by": "round"}, {"kind": "steps", "by": 3},
                                 {"kind": "nav", "dir": "forward", "by": "move"},
                                 {"kind": "nav", "dir": "forward", "by": ["turn"]}, {"kind": "steps"}])
def test_bad_step_intents_are_refused(bad):
    v = Viewer(record())
    node, rev = v.node, v.rev
    send(v, **bad)
    assert v.view["board"]["note"].startswith("Refused") and v.node is node and v.steps == "turn"
    assert v.rev == rev + 1


def test_viewer_refuses_unknown_steps_argument():
    with pytest.raises(ValueError, match="steps must be one of turn, decision"):
        Viewer(record(), steps="round")
    with pytest.raises(TypeError, match="lesson must be True or False"):
        Viewer(record(), lesson="yes")


def test_viewer_draws_marks_in_the_four_colours_of_the_record():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end")
    v = Viewer(g, mode="draw")
    assert v.view["colours"] == ["green", "red", "blue", "yellow"] and v.view["colour"] is None
    send(v, kind="click", target="area:lakedaimon")
    send(v, kind="click", target="area:arkadia")  # no colour chosen: a green arrow
    send(v, kind="colour", colour="blue")
    send(v, kind="click", target="area:attika")
    send(v, kind="click", target="area:attika")  # the same place twice: a highlight, in blue
    send(v, kind="colour", colour="red")
    send(v, kind="click", target="area:boiotia")
    send(v, kind="click", target="area:attika")
    marks = [(m.kind, m.colour) for m in g.node.marks]
    assert marks == [("arrow", "green"), ("highlight", "blue"), ("arrow", "red")] and v.view["colour"] == "red"
    send(v, kind="colour", colour="purple")
    assert v.view["board"]["note"].startswith("Refused") and "green, red, blue, yellow" in v.view["board"]["note"]
    text = g.to_text()
    assert "red" in text and "green" in text  # the colours save with the record
