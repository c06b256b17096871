"""What the widgets' panels refuse a learner with says its words in the widget's language (issue 26): a
lesson's "try first", "no question is open here", "find the decision first" and "past question k", the
draw mode's offer, the puzzle's hint, solution and last puzzle, the battle's "show the hand first" and
"it is not that side's decision", the battle over, the Board's review (not finished, nothing to cancel, no
review yet) and the Viewer's record without a review; then the refusals of malformed intents."""
from __future__ import annotations

import random

import pytest

import polis_nb as pn
from polis_nb.widgets import Board, Combat, PuzzleBoard, Viewer

from ..render.records import quizzed
from ..widgets.helpers import send
from ..widgets.test_bot_reply import finished_game
from .helpers import english_left

LANGS = ["de", "pl", "qps"]


def note(w, **intent) -> str:
    """The note ``w`` shows after ``intent`` (a refusal changes nothing else)."""
    send(w, **intent)
    v = w.view
    return v["note"] if "note" in v else v["board"]["note"]


def plain_quiz() -> pn.Game:
    """A record whose first decision is a question with neither hint nor comment."""
    g = pn.Game(seed=3)
    g.play("hoplites")
    g.quiz(g.node)
    g.goto(g.root)
    return g


def lesson_refusals(lang: str | None) -> list[str]:
    out = []
    v = Viewer(quizzed(), mode="lesson", language=lang)
    out.append(note(v, kind="answer"))  # at the start: question 1 comes after the first decision
    send(v, kind="nav", dir="end")  # stops before question 1
    out.append(note(v, kind="answer"))  # question 1 has a hint and a comment
    out.append(note(v, kind="nav", dir="forward"))
    out.append(note(v, kind="goto", node=f"n{len(v.navigate.nodes) - 1}"))
    out.append(note(v, kind="comment", node="n0", text="x"))
    plain = Viewer(plain_quiz(), mode="lesson", language=lang)
    send(plain, kind="nav", dir="end")
    out.append(note(plain, kind="answer"))
    return out


def draw_refusals(lang: str | None) -> list[str]:
    v = Viewer(quizzed(), mode="draw", language=lang)
    return [note(v, kind="click", target="offer:persis.0"), note(v, kind="chart", node="n1")]


def puzzle_refusals(lang: str | None) -> list[str]:
    p = pn.puzzles()[0]
    w = PuzzleBoard([p], language=lang)
    out = [note(w, kind="solution")]
    send(w, kind="hint")
    out.append(note(w, kind="hint"))
    send(w, kind="solution")
    out.append(note(w, kind="hint"))
    out.append(note(w, kind="next"))
    w = PuzzleBoard([p], language=lang)
    send(w, kind="choose", action=str(p.accepted[0]))
    out.append(note(w, kind="solution"))
    return out


def battle_refusals(lang: str | None) -> list[str]:
    w = Combat.setup(odds=False, language=lang)
    gate = w.view["gate"]["side"]
    other = "athens" if gate == "sparta" else "sparta"
    out = [note(w, kind="choose", action="fight"), note(w, kind="reveal", side=other)]
    rng = random.Random(4)
    for _ in range(200):
        v = w.view
        if v["over"]:
            break
        if v["gate"]:
            send(w, kind="reveal", side=v["gate"]["side"])
            continue
        ch = v["choice"]
        send(w, kind="choose", action="fight" if ch["kind"] == "window" else rng.choice(ch["options"])["action"])
    out.append(note(w, kind="choose", action="fight"))
    bot = Combat.setup(odds=False, mode="bot", side="athens", language=lang)
    out.append(note(bot, kind="reveal", side="athens"))
    return out


def review_refusals(lang: str | None) -> list[str]:
    g = pn.Game(seed=3)
    g.play("hoplites")
    b = Board(g, language=lang)
    out = [note(b, kind="review"), note(b, kind="review-cancel"), note(b, kind="review-end")]
    out.append(note(Board(finished_game(), language=lang), kind="chart", node="n1"))
    return out


def refusals(lang: str | None = None) -> list[str]:
    return (lesson_refusals(lang) + draw_refusals(lang) + puzzle_refusals(lang) + battle_refusals(lang)
            + review_refusals(lang))


#: what the learner's intents carry, quoted in a refusal as given (the protocol's words, not the panel's)
QUOTED = ("'reveal'",)


@pytest.mark.parametrize("lang", LANGS)
def test_panel_refusals_leave_no_english(lang):
    found = refusals(lang)
    assert len(found) == 21 and all(found), found
    left = {}
    for t in found:
        for q in QUOTED:
            t = t.replace(q, "")
        left[t] = english_left(t, lang)
    assert not any(left.values()), {t: w for t, w in left.items() if w}


def test_panel_refusals_in_english_are_as_before():
    found = refusals()
    side = next(t for t in found if t.endswith("hand first")).split(" ")[1]
    other = "Athens'" if side == "Sparta" else "Sparta's"
    own = "Sparta's" if side == "Sparta" else "Athens'"
    assert found == [
        "Refused: no question is open here: step on (→) to the next one",
        "Refused: try first: the answer comes after a wrong try and the author's hints",
        "Refused: find the decision on the board first (after a wrong try you may see the answer)",
        "Refused: that is past question 1 of the lesson: find its answer first (or switch to View)",
        "Refused: a lesson does not change the record: switch to View to annotate it",
        "Refused: try first: the answer comes after a wrong try",
        "Refused: arrows and highlights go on areas, poleis and markets, not on one offer",
        "Refused: this record holds no review: run g.review(...) first, then refresh the viewer",
        "Refused: try first: the solution can be shown after a wrong try or a hint",
        "Refused: the hint is shown already (above the map)",
        "Refused: this puzzle is done: its solution is shown; press Next puzzle for another",
        "Refused: that was the last puzzle (1 of 1); make a new PuzzleBoard (another seed or theme) for more",
        "Refused: this puzzle is solved; press Next puzzle for another",
        f"Refused: {side} decides: show {own} hand first",
        f"Refused: it is {own} decision, not {other}; {other} hand stays hidden",
        "Refused: the battle is over",
        "Refused: 'reveal' belongs to hot seat play; Athens' hand is always shown",
        "Refused: the review is for a finished game: play it to its end first",
        "Refused: no review is running: there is nothing to cancel",
        "Refused: there is no reviewed game to go back to",
        "Refused: there is no review of this game yet: press 'Review this game' first",
    ]
