"""What the widgets' panels refuse a learner with says its words in the widget's language (issue 26): a
lesson's "try first", "no question is open here", "find the decision first" and "past question k", the
draw mode's offer, the puzzle's hint, solution and last puzzle, the battle's "show the hand first" and
"it is not that side's decision", the battle over, the Board's review (not finished, nothing to cancel, no
review yet) and the Viewer's record without a review; then the refusals of malformed intents."""
from __future__ import annotations

import random
import re

import pytest

import polis_nb as pn
from polis_nb.analysis.review_job import ReviewJob
from polis_nb.widgets import Board, Combat, PuzzleBoard, Viewer
from polis_nb.widgets.panels import review as review_panel

from ..render.records import quizzed, reviewed
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
    with pn.language(lang or "en"), pytest.raises(ValueError) as e:  # from Python: the notebook's language
        w.play("fight")
    out.append(str(e.value))
    bot = Combat.setup(odds=False, mode="bot", side="athens", language=lang)
    out.append(note(bot, kind="reveal", side="athens"))
    return out


def review_refusals(lang: str | None) -> list[str]:
    g = pn.Game(seed=3)
    g.play("hoplites")
    b = Board(g, language=lang)
    out = [note(b, kind="review"), note(b, kind="review-cancel"), note(b, kind="review-end")]
    out.append(note(Board(finished_game(), language=lang), kind="chart", node="n1"))
    out.append(note(Board(pn.new_game(seed=3), language=lang), kind="review"))
    return out


def refusals(lang: str | None = None) -> list[str]:
    return (lesson_refusals(lang) + draw_refusals(lang) + puzzle_refusals(lang) + battle_refusals(lang)
            + review_refusals(lang))


#: what the learner's intents carry, quoted in a refusal as given (the protocol's words, not the panel's)
QUOTED = ("'reveal'",)


@pytest.mark.parametrize("lang", LANGS)
def test_panel_refusals_leave_no_english(lang):
    found = refusals(lang)
    assert len(found) == 23 and all(found), found
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
        "the battle is over",
        "Refused: 'reveal' belongs to hot seat play; Athens' hand is always shown",
        "Refused: the review is for a finished game: play it to its end first",
        "Refused: no review is running: there is nothing to cancel",
        "Refused: there is no reviewed game to go back to",
        "Refused: there is no review of this game yet: press 'Review this game' first",
        "Refused: a Board on a position has no record to review; make the Board from a Game",
    ]


def protocol_refusals(lang: str | None) -> list[str]:
    """The refusals of intents a page never sends (a malformed or unknown value, the wrong mode)."""
    from ..widgets.test_combat_protocol import battle_game

    v = Viewer(quizzed(), language=lang)
    out = [note(v, kind="nav", dir="sideways"), note(v, kind="nav", dir="back", by="ply"),
           note(v, kind="steps", by="ply"), note(v, kind="mode", mode="zen"), note(v, kind="goto", node="n999"),
           note(v, kind="glyph", node="n1", glyph="§"), note(v, kind="colour", colour="purple"),
           note(v, kind="comment", node="n1", text="x", before="yes"), note(v, kind="comment", node="n1", text=7),
           note(v, kind="answer"), note(v, kind="choose", action="fight")]
    hot = Combat.setup(odds=False, language=lang)
    out += [note(hot, kind="nav", dir="back"), note(hot, kind="reveal", side="persia")]
    replay = Combat(battle_game(), mode="replay", odds=False, language=lang)
    out += [note(replay, kind="nav", dir="sideways"), note(replay, kind="choose", action="fight")]
    out.append(note(Viewer(reviewed(), language=lang), kind="chart", node="n0"))
    return out


#: the protocol's own words a refusal names as they are sent (ways, directions, colours, modes, kinds, types)
PROTOCOL = ("n0", "'sideways'", "'ply'", "'zen'", "'n999'", "'§'", "'purple'", "'persia'", "'answer'", "'choose'",
            "back, forward, start, end", "back, forward, start", "turn", "decision", "green, red, blue, yellow",
            "true", "false", "str", "int", "view", "back", "forward", "end", "play")


@pytest.mark.parametrize("lang", LANGS)
def test_protocol_refusals_leave_no_english(lang):
    found = protocol_refusals(lang)
    english = protocol_refusals(None)
    assert len(found) == 16 and all(found) and all(t != e for t, e in zip(found, english)), found
    left = {}
    for t in found:
        for q in PROTOCOL:
            t = re.sub(rf"(?<!\w){re.escape(q)}(?!\w)", " ", t)
        left[t] = english_left(t, lang)
    assert not any(left.values()), {t: w for t, w in left.items() if w}


def test_protocol_refusals_in_english_are_as_before():
    found = protocol_refusals(None)
    n = len(reviewed().review_result().decisions)
    assert found[:4] == ["Refused: unknown direction 'sideways'", "Refused: steps go by turn or decision, not 'ply'",
                         "Refused: steps go by turn or decision, not 'ply'", "Refused: unknown mode 'zen'"]
    assert found[4].startswith("Refused: unknown node 'n999' (the record has ") and found[4].endswith(" nodes)")
    assert found[5:8] == ["Refused: unknown glyph '§'",
                          "Refused: marks are drawn in green, red, blue, yellow, not 'purple'",
                          "Refused: 'before' says whether the comment goes before the decision: true or false, not str"]
    assert found[8].startswith("Refused: the comment ")
    assert found[9:] == ["Refused: 'answer' shows the answer to a question of a lesson (now view mode)",
                         "Refused: 'choose' needs play mode (now view)",
                         "Refused: stepping back and forward belongs to replay mode",
                         "Refused: unknown side 'persia'",
                         "Refused: unknown direction 'sideways'; expected back, forward, start or end",
                         "Refused: a replay only steps (back, forward, start, end); 'choose' does nothing here",
                         f"Refused: n0 is no decision of the review (its chart has {n} points)"]


class Failing(ReviewJob):
    """A review that fails when asked for its result (a bug, which the Board says it is)."""

    def result(self):
        raise RuntimeError("boom")


@pytest.mark.parametrize("lang", LANGS + ["en"])
def test_a_failed_review_is_said_in_the_language(lang, monkeypatch):
    monkeypatch.setattr(review_panel, "REVIEW_BUDGET", 2)
    monkeypatch.setattr(review_panel, "ReviewJob", Failing)
    b = Board(finished_game(back=6), threaded=True, language=lang)
    b._bug = lambda e, content: None  # (the widget logs the bug; the test reads only its note)
    send(b, kind="review")
    assert b.wait(600)
    said = b.view["note"]
    if lang == "en":
        assert said == "Refused: the review failed (RuntimeError: boom); this is a bug"
    else:
        assert "RuntimeError: boom" in said and not english_left(said.replace("RuntimeError: boom", ""), lang), said
