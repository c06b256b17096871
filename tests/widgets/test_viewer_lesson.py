"""The Viewer's guess-the-move lesson (issue 18, item 4), as the browser drives it: stepping stops
before each question; a wrong try is refused with the author's hint, the next with the author's
comment, and only then may the answer be shown; the right decision (or the same choice paid another
way) is accepted and the Viewer moves to the record's own node. Nothing is added to the record, and
nothing on screen gives an answer away before it is found."""
from __future__ import annotations

import json
import re

import pytest

import polis_nb as pn
from polis_nb.record.node import judge
from polis_nb.render.text import action_words
from polis_nb.widgets import Viewer
from tests.render.records import LATER, quizzed, reviewed_quizzed

from .helpers import send


def lesson() -> pn.Game:
    """Seed 3: Sparta marches two hoplites into Arkadia (question 1: the destination, with a hint and
    a comment), then trains one in Sparta paying metal (question 2: the payment, no hint)."""
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; end")
    march = next(n for n in g.root.walk() if str(n.action) == "to arkadia")
    g.quiz(march, hint="Which area borders Argos?")
    g.comment("Arkadia borders Argos: the siege can follow.", node=march)
    g.play("train; polis sparta; pay metal; end")
    g.quiz(g.node.parent)  # "pay metal"
    g.play("tribute; area attika")
    g.goto(g.root)
    return g


def to_question(v) -> None:
    for _ in range(10):
        if v.view["lesson"]["open"]:
            return
        send(v, kind="nav", dir="forward")
    raise AssertionError("no question reached")


def test_stepping_stops_before_a_question_with_the_choices_offered():
    g = lesson()
    g.goto(g.root.end())
    v = Viewer(g, lesson=True)
    assert v.mode == "lesson" and v.node is g.root  # a lesson starts at the start
    assert v.view["engine"] is None and v.view["engine_off"] and v.view["review"] is None
    send(v, kind="nav", dir="forward")  # the draws of round 3
    assert not v.view["lesson"]["open"] and v.view["board"]["targets"] == {}
    send(v, kind="nav", dir="forward")  # Sparta's turn: stops before the destination
    les = v.view["lesson"]
    assert les["open"] and (les["number"], les["count"]) == (1, 2)
    assert les["prompt"] == "Question 1 of 2: what did Sparta decide here? Find it on the map."
    assert str(v.node.action) == "hoplites" and les["hint"] is None and not les["can_answer"]
    assert "area:arkadia" in v.view["board"]["targets"]
    # the way on is closed until the question is answered; the record shows nothing past it
    assert not v.view["nav"]["forward"] and not v.view["nav"]["end"]
    send(v, kind="nav", dir="forward")
    assert v.view["board"]["note"].startswith("Refused: find the decision on the board first")
    # the decision's choices are offered on the map (Arkadia among ten areas); nothing else names it
    board = {k: x for k, x in v.view["board"].items() if k not in ("targets", "places")}  # (places: the same choices)
    text = json.dumps({k: x for k, x in v.view.items() if k != "board"}) + json.dumps(board)
    assert "Arkadia borders Argos" not in text and "To Arkadia" not in text and "to arkadia" not in text
    assert v.view["position"]["words"] == "Sparta is moving hoplites"


def test_a_wrong_try_shows_the_hint_then_the_comment_then_the_answer_may_be_shown():
    g = lesson()
    before = g.to_text()
    v = Viewer(g, lesson=True)
    to_question(v)
    at = v.node
    send(v, kind="answer")  # not before a try
    assert v.view["board"]["note"].startswith("Refused: try first")
    send(v, kind="click", target="area:attika")
    les = v.view["lesson"]
    assert les["feedback"] == "Not this one: To Attika." and les["tries"] == 1
    assert les["hint"] == "Which area borders Argos?" and les["comment"] is None and not les["can_answer"]
    assert v.node is at  # a wrong try moves nothing
    send(v, kind="choose", action="to boiotia")
    les = v.view["lesson"]
    assert les["comment"] == "Arkadia borders Argos: the siege can follow." and les["can_answer"]
    send(v, kind="answer")
    assert str(v.node.action) == "to arkadia" and v.node.parent is at
    les = v.view["lesson"]
    assert les["result"] == "The answer: Sparta chose “To Arkadia”." and les["shown"] == 1 and les["found"] == 0
    assert g.to_text() == before  # a lesson adds nothing to the record


def test_the_right_decision_is_accepted_and_a_payment_variant_counts():
    g = lesson()
    v = Viewer(g, lesson=True)
    to_question(v)
    send(v, kind="click", target="area:arkadia")
    assert str(v.node.action) == "to arkadia"
    les = v.view["lesson"]
    assert les["result"] == "Right: Sparta chose “To Arkadia”." and les["found"] == 1 and not les["open"]
    to_question(v)  # question 2: how Sparta paid for its hoplite
    assert v.view["lesson"]["number"] == 2 and str(v.node.action) == "polis sparta"
    buttons = [b["action"] for b in v.view["board"]["buttons"]]
    assert "pay metal" in buttons and "pay silver" in buttons
    send(v, kind="choose", action="pay silver")  # the same choice paid another way
    les = v.view["lesson"]
    assert str(v.node.action) == "pay metal" and les["found"] == 2
    assert "the same choice, paid another way, which counts as found" in les["result"]
    send(v, kind="nav", dir="forward")
    assert v.view["lesson"]["text"] == "Lesson done: 2 of 2 questions found (2 at the first try)."


def test_an_illegal_click_is_explained_and_is_no_try():
    v = Viewer(lesson(), lesson=True)
    to_question(v)
    send(v, kind="click", target="area:lakedaimon")  # where the hoplites stand: no destination
    assert v.view["lesson"]["tries"] == 0
    assert v.view["board"]["explanation"] is not None or v.view["board"]["note"]
    send(v, kind="why", target="area:arkadia")
    assert v.view["lesson"]["tries"] == 0


@pytest.mark.parametrize("intent, words", [
    ({"kind": "comment", "node": "n1", "text": "x"}, "does not change the record"),
    ({"kind": "glyph", "node": "n1", "glyph": "!"}, "does not change the record"),
    ({"kind": "clear", "node": "n1"}, "does not change the record"),
    ({"kind": "analyse"}, "would give the answers away"),
    ({"kind": "chart", "node": "n1"}, "would give the answers away"),
    ({"kind": "choose", "action": "pass"}, "no question is open here"),
    ({"kind": "answer"}, "no question is open here"),
    ({"kind": "nav", "dir": "end", "by": "sideways"}, "steps go by turn or decision"),
])
def test_a_lesson_refuses_what_would_change_the_record_or_spoil_it(intent, words):
    g = lesson()
    before = g.to_text()
    v = Viewer(g, lesson=True)
    send(v, **intent)
    assert v.view["board"]["note"].startswith("Refused") and words in v.view["board"]["note"]
    assert g.to_text() == before and v.node is g.root


def test_going_past_an_open_question_is_refused_until_it_is_found():
    g = lesson()
    v = Viewer(g, lesson=True)
    ids = {id(n): f"n{k}" for k, n in enumerate(g.root.walk())}
    late = ids[id(g.root.end())]
    send(v, kind="goto", node=late)
    assert "past question 1 of the lesson" in v.view["board"]["note"] and v.node is g.root
    send(v, kind="nav", dir="end")  # the end stops before the first question
    assert v.view["lesson"]["open"] and v.view["lesson"]["number"] == 1
    send(v, kind="click", target="area:arkadia")
    send(v, kind="goto", node=late)
    assert "past question 2" in v.view["board"]["note"]
    send(v, kind="mode", mode="view")  # leaving the lesson shows everything
    send(v, kind="goto", node=late)
    assert v.node is g.root.end()


def test_the_record_list_in_a_lesson_ends_where_the_student_is():
    g = lesson()
    v = Viewer(g, lesson=True)
    to_question(v)
    rows = [r for r in v.view["rows"] if r.get("step")]
    assert [r["kind"] for r in rows] == ["round-start", "turn"]
    assert rows[-1]["words"] == "Sparta is moving hoplites" and rows[-1]["current"]
    view = Viewer(g)
    assert any(r.get("quiz") for r in view.view["rows"])  # the author sees which steps hold questions


def test_the_prompt_says_where_the_choices_are_map_buttons_or_both():
    """Issue 23 item 9: "Find it on the board" was said of a button too. The words follow where the
    decision's choices are, so they tell nothing of which one is the answer."""
    g = lesson()
    g.goto(g.root.end())
    g.play("rows silver:3; hoplites; to boiotia; from attika")
    ended = g.play("end")  # Athens marches one hoplite and ends: asked where a map place or End may be chosen
    g.quiz(ended)
    g.goto(g.root)
    v = Viewer(g, lesson=True)
    to_question(v)
    assert v.view["lesson"]["prompt"].endswith("what did Sparta decide here? Find it on the map.")
    send(v, kind="click", target="area:arkadia")
    to_question(v)
    assert v.view["lesson"]["prompt"] == "Question 2 of 3: what did Sparta decide here? Pick it among the choices below."
    assert v.view["board"]["targets"] == {} and v.view["board"]["buttons"]
    send(v, kind="choose", action="pay metal")
    to_question(v)
    assert v.view["lesson"]["prompt"] == ("Question 3 of 3: what did Athens decide here? Find it on the map or among "
                                          "the choices below.")
    assert v.view["board"]["targets"] and [b["action"] for b in v.view["board"]["buttons"]] == ["end"]


def _node_ids(view: dict) -> set[int]:
    return {int(k) for k in re.findall(r'"n(\d+)"', json.dumps(view))}


def test_the_view_holds_nothing_of_the_record_past_an_open_question():
    """What the browser (and a saved notebook's widget state) receives: before question 1 is found,
    nothing after it — its answer, its comment, later decisions, comments, glyphs, marks, variations,
    the game's result; the step shown is not even counted past the question. After it is found,
    nothing past question 2."""
    g = quizzed()
    v = Viewer(g, lesson=True)
    to_question(v)
    q1, q2 = g.questions(g.root.end())
    text = json.dumps(v.view)
    no_choices = json.dumps({k: x for k, x in v.view.items() if k != "board"})
    for what, words in LATER.items():
        assert words not in (no_choices if what == "answer 1" else text), what
    assert "RESULT-SECRET" not in text and "Result" not in v.view["headers"]
    walk = list(g.root.walk())
    assert _node_ids(v.view) <= {walk.index(n) for n in [g.root] + q1.parent.path()}
    pos = v.view["position"]
    assert pos["index"] == pos["count"] == 1  # Sparta chose to move hoplites; the march is not counted
    send(v, kind="click", target="area:arkadia")  # found: question 1's answer and comment may show now
    assert "ZEBRA-SECRET" in json.dumps(v.view)
    to_question(v)
    assert v.node is q2.parent
    text = json.dumps(v.view)
    assert "QUOKKA-LATER" in text  # between the two questions: shown on the way
    for what in ("comment on question 2", "a later decision", "a later glyph", "a later mark", "a later variation",
                 "a later variation's comment"):
        assert LATER[what] not in text, what
    assert _node_ids(v.view) <= {walk.index(n) for n in [g.root] + q2.parent.path()}
    assert json.dumps(v.view["lesson"]).count("Pay 1 metal") == 0


def test_a_reviewed_record_shows_no_review_or_engine_line_before_the_answer():
    g, (q1, _) = reviewed_quizzed()
    v = Viewer(g, lesson=True)
    assert g.review_result() is not None and v.view["review"] is None
    to_question(v)
    assert v.node is q1.parent
    text = json.dumps(v.view)
    for marker in ("Blunder:", "Mistake:", "Inaccuracy:", "Better:"):
        assert marker not in text
    walk = list(g.root.walk())
    engine = [n for n in q1.parent.variations if n.name == "engine"]
    assert engine and not _node_ids(v.view) & {walk.index(n) for n in engine}
    # the engine's line beside the question is as closed as the question itself
    send(v, kind="goto", node=f"n{walk.index(engine[0])}")
    assert "past question 1 of the lesson" in v.view["board"]["note"] and v.node is q1.parent
    # the review's paragraph is no hint: two wrong tries show the author's hint only, then the answer
    wrong = [a for a in pn.legal_actions(q1.parent.state) if judge(q1.parent.state, q1.action, a) == "wrong"]
    send(v, kind="choose", action=str(wrong[0]))
    les = v.view["lesson"]
    assert les["hint"] == "Count the prestige." and les["comment"] is None and les["can_answer"]
    assert "Blunder:" not in json.dumps(v.view)
    send(v, kind="answer")
    assert v.node is q1 and v.view["lesson"]["result"] == (
        f"The answer: Sparta chose “{action_words(q1.parent.state, q1.action)}”.")
