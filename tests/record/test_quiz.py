"""Questions of a guess-the-move lesson in the record (issue 18, item 4): ``g.quiz(node, hint=...)``
marks a player's decision, ``g.unquiz(node)`` removes the mark; it saves in the ``.polis`` text (``[%quiz
hint="..."]`` in the node's comment) and in JSON (``"quiz": {"hint": ...}``) and reloads. Bad input is a
:class:`RecordError` with its line and column; nothing is half-read."""
from __future__ import annotations

import json

import pytest

import polis_nb as pn
from polis_nb.record.node import Quiz, judge
from polis_nb.rules import paid_with

from .builders import TRICKY

HEAD = '[Edition "ed1"]\n[Seed "3"]\n\n~draw skene; ~draw phidias; ~draw demeter; ~event xerxes\n'


def lesson() -> tuple[pn.Game, pn.Node, pn.Node]:
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon")
    march = next(n for n in g.root.walk() if str(n.action) == "to arkadia")
    g.quiz(march, hint="Which area borders Argos?")
    g.comment("Arkadia borders Argos.", node=march)
    g.play("end")
    end = g.node
    g.quiz(end)
    return g, march, end


def test_quiz_marks_round_trip_in_text_and_json():
    g, march, end = lesson()
    assert march.quiz == Quiz("Which area borders Argos?") and end.quiz == Quiz("")
    assert g.questions(g.root) == [march, end]
    text = g.to_text()
    assert '{Arkadia borders Argos. [%quiz hint="Which area borders Argos?"]}' in text and "end {[%quiz]}" in text
    back = pn.Game.from_text(text, strict=True)
    assert back.same_record(g) and back.to_text() == text
    data = g.to_json()
    assert [d.get("quiz") for d in data["nodes"] if "quiz" in d] == [{"hint": "Which area borders Argos?"}, {}]
    again = pn.Game.from_json(json.dumps(data), strict=True)
    assert again.same_record(g)
    other = pn.Game.from_text(text)
    other.unquiz(next(n for n in other.root.walk() if str(n.action) == "to arkadia"))
    assert not other.same_record(g) and "[%quiz hint" not in other.to_text()


@pytest.mark.parametrize("hint", list(TRICKY) + ["".join(TRICKY), "a\r\nb", '\\"}', "[%quiz]", "]", "x\\"])
def test_any_hint_comes_back_exactly(hint, tmp_path):
    g, march, _ = lesson()
    g.quiz(march, hint=hint)
    for suffix in (".polis", ".json"):
        path = tmp_path / f"lesson{suffix}"
        g.save(path)
        back = pn.Game.load(path, strict=True)
        assert back.same_record(g), (suffix, hint)
        assert next(n for n in back.root.walk() if str(n.action) == "to arkadia").quiz.hint == hint


def test_quiz_asks_only_for_a_players_decision():
    g, march, _ = lesson()
    with pytest.raises(pn.RecordError, match="start of the game is none"):
        g.quiz(g.root)
    draw = next(g.root.mainline())  # a project tile drawn: chance decides
    with pytest.raises(pn.RecordError, match="chance decides here"):
        g.quiz(draw)
    with pytest.raises(TypeError, match="the hint must be str"):
        g.quiz(march, hint=3)
    with pytest.raises(ValueError, match="hint"):
        g.quiz(march, hint="a\ud800")
    with pytest.raises(pn.RecordError, match="another record"):
        g.quiz(pn.Game(seed=3).root)
    assert march.quiz == Quiz("Which area borders Argos?")  # nothing changed
    with pytest.raises(TypeError):
        march.quiz = "yes"


@pytest.mark.parametrize("comment, line, column, words", [
    ('{[%quiz hint="open}', 5, 24, "not closed with '\"'"),
    ('{[%quiz hint=x]}', 5, 24, 'the hint is quoted, hint="..."'),
    ('{[%quiz level="2"]}', 5, 24, "unknown field 'level' in a question"),
    ('{[%quiz hint="a" b]}', 5, 33, "']' expected after the hint"),
    ('{[%quiz 3]}', 5, 24, "with the hint quoted"),
    ('{text\n and more [%quiz hint=}', 6, 18, "the hint is quoted"),
])
def test_bad_quiz_marks_are_record_errors_with_line_and_column(comment, line, column, words):
    text = HEAD + f"3.S1. hoplites {comment}; to arkadia\n"
    g = pn.Game.from_text(text)
    assert [(e.line, e.column) for e in g.errors] == [(line, column)], g.errors
    assert words in g.errors[0].message
    assert all(n.quiz is None for n in g.root.walk())
    assert len(list(g.root.mainline())) == 6  # the rest of the record is kept
    with pytest.raises(pn.RecordError) as e:
        pn.Game.from_text(text, strict=True)
    assert (e.value.line, e.value.column) == (line, column)


def test_quiz_marks_where_no_question_can_be():
    text = HEAD.replace("~event xerxes", "~event xerxes {[%quiz]}") + \
        "3.S1. hoplites; to arkadia\n  ( {[%quiz]} to boiotia )\n"
    g = pn.Game.from_text(text.replace("{Start}", ""))
    got = [(e.line, e.column, e.message) for e in g.errors]
    assert got[0][:2] == (4, 59) and "chance decides here" in got[0][2]
    assert got[1][:2] == (6, 5) and "not before a decision" in got[1][2]
    root = pn.Game.from_text('[Edition "ed1"]\n[Seed "3"]\n\n{[%quiz]} ~draw skene\n')
    assert [(e.line, e.column) for e in root.errors] == [(4, 2)]
    assert "start of the game" in root.errors[0].message


@pytest.mark.parametrize("value, words", [([], "quiz must be an object"), ({"hint": 3}, "quiz hint must be text"),
                                          ("yes", "quiz must be an object")])
def test_bad_quiz_in_json_is_reported_with_its_place(value, words):
    g, _, _ = lesson()
    data = g.to_json()
    k = next(i for i, d in enumerate(data["nodes"]) if "quiz" in d)
    data["nodes"][k]["quiz"] = value
    back = pn.Game.from_json(json.dumps(data, indent=1))
    assert len(back.errors) == 1 and words in back.errors[0].message
    assert back.errors[0].line is not None and back.errors[0].column is not None
    assert sum(1 for _ in back.root.walk()) == sum(1 for _ in g.root.walk())  # the node stays
    data["nodes"][0]["quiz"] = {}
    assert "start of the game" in pn.Game.from_json(data).errors[0].message


def test_judge_takes_a_payment_variant_as_the_same_choice():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end; train; polis sparta")
    s = g.state
    pay = [a for a in pn.legal_actions(s) if a.kind == "pay"]
    assert len(pay) >= 2 and all(paid_with(s, a) for a in pay)
    assert judge(s, pay[0], pay[0]) == "right"
    assert judge(s, pay[0], pay[1]) == "paid"
    t = g.root.end().parent.state  # the choice of a polis: no payment there
    polis = [a for a in pn.legal_actions(t) if a.kind == "polis"]
    assert len(polis) >= 2 and judge(t, polis[0], polis[1]) == "wrong"
