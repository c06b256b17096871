"""Engine evaluations kept with the record (``node.evaluation``), the way PGN keeps ``[%eval ...]``:
what an evaluation may hold, how the ``.polis`` text (inside the comment) and the JSON form (an
``"eval"`` field) write it, exact round trips, and the readers' errors with line and column."""
from __future__ import annotations

import json
import pathlib

import pytest

import polis_nb as pn
from polis_nb.record.node import Evaluation

CORPUS = pathlib.Path(__file__).parent / "corpus"


def evaluated() -> pn.Game:
    """The corpus base record with evaluations on the root, a decision with a comment and marks,
    the die drawn from the seed, a decision of the what-if branch and the last node."""
    g = pn.Game.load(CORPUS / "base.polis", strict=True)
    g.root.evaluation = Evaluation(0.5, playouts=400, best=None)
    into = next(n for n in g.root.mainline() if n.comment == "Into Arkadia.")
    into.evaluation = Evaluation(0.4213, best=str(pn.legal_actions(into.state)[-1]), playouts=250)
    die = next(n for n in g.root.mainline() if n.action.kind == "die")
    die.evaluation = Evaluation(0.61, proven="shared")
    alt = die.parent.variations[1]
    alt.evaluation = Evaluation(1, proven="win")
    g.root.end().evaluation = Evaluation(0.0, proven="loss")
    return g


def test_an_evaluation_holds_a_value_a_proven_result_a_best_choice_and_playouts():
    e = Evaluation(0.712345, "win", "trade +metal", 400)
    assert (e.athens, e.proven, e.best, e.playouts) == (0.7123, "win", "trade +metal", 400)  # four decimals
    assert str(e) == '[%eval 0.7123 proven=win playouts=400 best="trade +metal"]'
    assert e.to_dict() == {"athens": 0.7123, "proven": "win", "playouts": 400, "best": "trade +metal"}
    assert str(Evaluation(1)) == "[%eval 1.0]" and Evaluation(0).to_dict() == {"athens": 0.0}
    for bad, err in (((1.5,), pn.RecordError), ((-0.1,), pn.RecordError), ((float("nan"),), pn.RecordError),
                     (("0.5",), TypeError), ((True,), TypeError), ((0.5, "maybe"), pn.RecordError),
                     ((0.5, None, 7), TypeError), ((0.5, None, 'pass"]'), pn.RecordError),
                     ((0.5, None, None, -1), pn.RecordError), ((0.5, None, None, 2.0), TypeError)):
        with pytest.raises(err):
            Evaluation(*bad)
    n = pn.Game(seed=3).root
    with pytest.raises(TypeError, match="Evaluation"):
        n.evaluation = 0.5
    n.evaluation = e
    n.evaluation = None
    assert n.evaluation is None


def test_evaluations_round_trip_through_the_text_and_json_forms(tmp_path):
    g = evaluated()
    text = g.to_text()
    assert '{Into Arkadia. [%arrow lakedaimon arkadia red] [%eval 0.4213 playouts=250 best="' in text
    assert "{Seed 3, a short game for the reader tests. [%eval 0.5 playouts=400]}" in text
    assert "[%eval 0.0 proven=loss]" in text and "[%eval 1.0 proven=win]" in text
    back = pn.Game.from_text(text, strict=True)
    assert back.same_record(g) and back.to_text() == text
    data = g.to_json()
    assert data["nodes"][0]["eval"] == {"athens": 0.5, "playouts": 400}
    for form in (data, json.dumps(data)):
        assert pn.Game.from_json(form, strict=True).same_record(g)
    for name in ("e.polis", "e.json"):
        g.save(tmp_path / name)
        assert pn.Game.load(tmp_path / name, strict=True).same_record(g)
    other = pn.Game.from_text(text)
    other.root.end().evaluation = Evaluation(0.5)
    assert not other.same_record(g)


def test_a_comment_that_only_looks_like_an_evaluation_stays_text():
    g = pn.Game.load(CORPUS / "base.polis", strict=True)
    g.comment("write [%eval 0.5] to keep an evaluation", node=g.root.end())
    back = pn.Game.from_text(g.to_text(), strict=True)
    assert back.root.end().comment == "write [%eval 0.5] to keep an evaluation"
    assert back.root.end().evaluation is None


def _at(text: str, needle: str) -> tuple[int, int]:
    k = text.index(needle)
    return text.count("\n", 0, k) + 1, k - text.rfind("\n", 0, k)


@pytest.mark.parametrize("written, words", [
    ("[%eval 1.5]", "from 0 to 1"),
    ("[%eval]", "[%eval <Athens' expected result"),
    ("[%eval 0.5 colour=red]", "unknown field 'colour'"),
    ("[%eval 0.5 playouts=1 playouts=2]", "appears twice"),
    ("[%eval 0.5 proven=maybe]", "proven=maybe"),
    ("[%eval 0.5 playouts=lots]", "whole number"),
    ("[%eval 0.5 best=pass]", "quoted"),
    ('[%eval 0.5 best="siege thebai"]', "not a legal choice here"),
    ("[%eval 0.5 best=\"pass\" x]", "cannot read 'x'"),
    ("[%eval 0." + "9" * 40 + "]", "[%eval <Athens' expected result"),
    ("[%eval 0.5 playouts=" + "9" * 5000 + "]", "whole number"),
])
def test_a_bad_evaluation_is_reported_where_it_stands_and_left_out(written, words):
    g = pn.Game.load(CORPUS / "base.polis", strict=True)
    text = g.to_text().replace("{Into Arkadia.", "{Into Arkadia. " + written, 1)
    read = pn.Game.from_text(text)
    assert len(read.errors) == 1 and words in read.errors[0].message, read.errors
    assert (read.errors[0].line, read.errors[0].column) == _at(text, written)
    assert read.same_record(g)  # the comment, its marks and everything else are kept
    with pytest.raises(pn.RecordError) as err:
        pn.Game.from_text(text, strict=True)
    assert (err.value.line, err.value.column) == _at(text, written)


def test_an_evaluation_on_a_comment_line_below_its_opening_brace():
    g = pn.Game.load(CORPUS / "base.polis", strict=True)
    text = g.to_text().replace("{Into Arkadia.", "{Into\nArkadia. [%eval 7]", 1)
    e = pn.Game.from_text(text).errors[0]
    assert (e.line, e.column) == _at(text, "[%eval 7]")


def test_no_evaluation_before_a_decision_and_none_at_a_chance_step_or_the_end():
    g = evaluated()
    text = g.to_text().replace('"what if die 1"', '"what if die 1" {[%eval 0.5]}', 1)
    read = pn.Game.from_text(text)
    assert [e.message for e in read.errors] == [
        "an evaluation belongs in the comment after a decision (or of the game), not before a decision"]
    over = pn.Game.from_state(pn.position(
        "ed1", 3, round="5b", to_move="athens", passed=["sparta"], prestige={"athens": 0, "sparta": 1},
        poleis={"chalkis": None, "chios": None, "gytheion": None, "pylos": None, "sparta": ("sparta", 1)},
        goods={"athens": {"wheat": 4}, "sparta": {"wheat": 8}}))
    over.play("pass")
    assert over.state.is_terminal
    for game, node, why in ((g, g.root, "chance decides here"), (over, over.node, "the game is over here")):
        node.evaluation = Evaluation(0.5, best="pass")
        for read in (pn.Game.from_text(game.to_text()), pn.Game.from_json(json.dumps(game.to_json()))):
            assert len(read.errors) == 1 and why in read.errors[0].message, read.errors
        node.evaluation = None


def test_json_evaluations_are_checked_field_by_field():
    g = evaluated()
    data = g.to_json()
    i = next(k for k, d in enumerate(data["nodes"]) if d.get("comment") == "Into Arkadia.")
    for value, words in (("0.5", "must be an object"), ({"athens": 2}, "from 0 to 1"), ({}, "from 0 to 1"),
                         ({"athens": True}, "from 0 to 1"), ({"athens": 0.5, "proven": "yes"}, "proven must be"),
                         ({"athens": 0.5, "playouts": False}, "playouts must be"),
                         ({"athens": 0.5, "playouts": 10**30}, "playouts must be"),
                         ({"athens": 0.5, "best": ["pass"]}, "best must be action text"),
                         ({"athens": 0.5, "best": "siege thebai"}, "not a legal choice here")):
        d = json.loads(json.dumps(data))
        d["nodes"][i]["eval"] = value
        text = json.dumps(d, indent=1)
        read = pn.Game.from_json(text)
        assert len(read.errors) == 1 and words in read.errors[0].message, (value, read.errors)
        assert read.errors[0].message.startswith(f"node {i}: ") and read.errors[0].line is not None
        kept = [n for n in read.root.walk() if n.comment == "Into Arkadia."]
        assert kept and kept[0].evaluation is None and kept[0].marks  # the node stays, without the evaluation
        with pytest.raises(pn.RecordError):
            pn.Game.from_json(d, strict=True)
