"""The Puzzle widget (PuzzleBoard) as the browser drives it: a right choice is judged "Right —" with
the proven reason and the solution line; a wrong one "Not this one —" with its proven value, and the
learner tries again (the streak ends); a hint never names the answer; the solution is shown only
after a wrong try or a hint; bad intents are refused with a clear note and change nothing; the view
never holds the answer before it is found; the score counts per theme."""
from __future__ import annotations

import json

import pytest

import polis_nb as pn
from polis_nb.puzzles import THEMES, hint
from polis_nb.puzzles.generate import puzzle_at
from polis_nb.render.puzzleview import choice_words, puzzle_view
from polis_nb.widgets import PuzzleBoard

from ..analysis import known_positions as kp
from .helpers import send


def wrong_choice(p) -> str:
    return next(c.action for c in p.choices if c.group != p.answer)


def _strings(x, skip=("choices", "targets", "places")):
    """Every string value of a view (keys in ``skip`` left out: the choices, offered all alike; places:
    the targets as the choices group offers them)."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k not in skip:
                yield from _strings(v, skip)
    elif isinstance(x, list):
        for v in x:
            yield from _strings(v, skip)
    elif isinstance(x, str):
        yield x


def test_a_right_choice_is_judged_with_the_proven_reason_and_the_line():
    w = PuzzleBoard(seed=1)
    p = w.puzzle
    v = w.view
    assert v["prompt"] == f"{p.player.capitalize()} to play: find the best choice"
    assert v["status"] == "open" and v["solution"] is None and v["feedback"] is None
    send(w, kind="choose", action=p.accepted[0])
    v = w.view
    assert v["status"] == "solved" and w.status == "solved"
    fb = v["feedback"]
    assert fb["right"] and fb["text"].startswith("Right — " + choice_words(p, p.accepted[0]))
    assert "The line: " in fb["text"] and "[" not in fb["text"]  # in words, rule ids left out
    assert v["solution"]["line"][0]["text"] == choice_words(p, p.solution[0].action)
    assert v["solution"]["themes"] == list(p.themes)
    assert w.streak == 1 and v["streak"] == 1
    assert v["choices"] == [] and v["board"]["targets"] == {}  # done: nothing more to choose
    assert v["can_next"] and not v["can_hint"] and not v["can_show"]


def test_a_wrong_choice_says_why_then_the_learner_retries_and_the_streak_ends():
    w = PuzzleBoard(seed=1)
    send(w, kind="choose", action=w.puzzle.accepted[0])
    assert w.streak == 1
    send(w, kind="next")
    p = w.puzzle
    assert w.number == 2 and w.view["feedback"] is None and w.status == "open"
    bad = wrong_choice(p)
    send(w, kind="choose", action=bad)
    v = w.view
    c = p.choice(bad)
    assert v["status"] == "open" and v["tries"] == 1 and w.streak == 0
    assert v["feedback"]["text"].startswith("Not this one — " + choice_words(p, bad))
    # the proven value of that choice, in words: its reason without the rule ids
    assert c.reason.split(" [")[0].split(": ", 1)[1] in v["feedback"]["text"]
    assert v["solution"] is None and v["can_show"]
    assert v["choices"] or v["board"]["targets"]  # the choices stay: try again
    send(w, kind="choose", action=p.accepted[0])
    assert w.status == "solved" and w.view["feedback"]["right"]
    assert w.streak == 0 and w.view["best"] == 1


def test_a_hint_never_names_the_answer_and_ends_the_streak():
    for p in pn.puzzles():
        words = choice_words(p, p.accepted[0])
        h = hint(p)
        assert h and p.accepted[0] not in h and (len(words.split()) < 2 or words not in h), p.id
    w = PuzzleBoard(seed=4)
    p = w.puzzle
    send(w, kind="hint")
    v = w.view
    assert v["hint"] == hint(p) and v["hinted"] and not v["can_hint"] and v["can_show"]
    send(w, kind="hint")
    assert w.view["note"] == "Refused: the hint is shown already (above the map)"
    send(w, kind="choose", action=p.accepted[0])
    assert w.status == "solved" and w.streak == 0  # a hint: not at the first try
    assert all(solved == 0 for solved, _ in w.score.values())


def test_the_solution_is_refused_before_a_try_or_a_hint():
    w = PuzzleBoard(seed=2)
    send(w, kind="solution")
    assert w.view["note"] == "Refused: try first: the solution can be shown after a wrong try or a hint"
    assert w.view["solution"] is None and w.status == "open"
    send(w, kind="choose", action=wrong_choice(w.puzzle))
    send(w, kind="solution")
    v = w.view
    assert w.status == "shown" and v["note"] == ""
    assert v["solution"]["text"].startswith("The solution: " + choice_words(w.puzzle, w.puzzle.accepted[0]))
    send(w, kind="choose", action=w.puzzle.accepted[0])
    assert w.view["note"].startswith("Refused: this puzzle is done: its solution is shown")


@pytest.mark.parametrize("intent,note", [
    ({"kind": "peek"}, "Refused: unknown intent kind 'peek'"),
    ({"kind": "choose"}, "Refused: intent 'choose' needs a text field 'action'"),
    ({"kind": "choose", "action": "pass !!"}, "Refused: unexpected character '!'"),
    ({"kind": "click", "target": "area:atlantis"}, "Refused: there is no area 'atlantis' on this map"),
    ({"kind": "click", "target": "attika"}, "Refused: target 'attika' is not a place"),
    ({"kind": "choose", "action": "pass", "rev": 0}, "Refused: that choose was made on an older position"),
])
def test_bad_intents_are_refused_with_a_clear_note_and_change_nothing(intent, note):
    w = PuzzleBoard(seed=3)
    before = {k: v for k, v in w.view.items() if k not in ("rev", "note", "board")}
    send(w, **intent)
    assert w.view["note"].startswith(note), w.view["note"]
    assert {k: v for k, v in w.view.items() if k not in ("rev", "note", "board")} == before
    assert w.status == "open" and w.view["tries"] == 0 and w._last_bug is None


def test_an_illegal_choice_or_an_empty_place_is_explained_and_is_no_try():
    p = next(p for p in pn.puzzles() if p.state().pending.kind == "grow")
    w = PuzzleBoard([p])
    targets = w.view["board"]["targets"]
    assert targets and w.view["choices"]  # places on the map, and "stop growing" as a button
    send(w, kind="click", target="area:attika" if "polis:athenai" in targets else "area:lakedaimon")
    assert w.view["tries"] == 0 and w.status == "open"
    assert w.view["board"]["explanation"] or w.view["note"]
    send(w, kind="choose", action="hoplites")  # no action now: the kernel says why
    assert w.view["tries"] == 0 and w.view["board"]["explanation"]["legal"] is False
    send(w, kind="choose", action="fly to the moon")
    assert w.view["tries"] == 0 and w.view["board"]["explanation"]["legal"] is False
    # a click on the answer's place is judged
    place = next(t for t, items in targets.items() if any(x["action"] == p.accepted[0] for x in items))
    send(w, kind="click", target=place)
    assert w.status == "solved" and w.view["feedback"]["right"]


def _acting_alone_puzzle():
    """A puzzle built by hand whose answer comes in two payments: Sparta, acting alone with a metal
    and a wood, must demand tribute (paid with either) to feed Sparta before it passes."""
    s = kp.ed1_tribute_for_wheat_before_passing()
    goods = [list(g) for g in s.goods]
    goods[1][1] = 1  # a wood besides the metal
    p = puzzle_at(pn.State.from_notation(s.to_notation().replace(
        f"goods={json.dumps([list(g) for g in s.goods], separators=(',', ':'))}",
        f"goods={json.dumps(goods, separators=(',', ':'))}")), limit=20_000, total=60_000)
    assert p.accepted == ("tribute +metal", "tribute +wood")
    return p


def test_payment_variants_are_one_choice_with_a_picker():
    p = _acting_alone_puzzle()
    w = PuzzleBoard([p])
    grouped = [c for c in w.view["choices"] if "pay" in c]
    assert grouped and all(len(c["pay"]) > 1 and c["pay_title"].endswith(": pay with") for c in grouped)
    offered = {x["action"] for c in w.view["choices"] for x in c.get("pay", [c])}
    offered |= {x["action"] for items in w.view["board"]["targets"].values() for x in items}
    assert offered == {c.action for c in p.choices}


def test_the_view_never_holds_the_answer_before_it_is_found():
    for p in pn.puzzles():
        v = puzzle_view(p)
        notation = set(p.accepted) | {p.solution[0].action}
        words = {choice_words(p, a) for a in notation}
        assert v["solution"] is None and v["feedback"] is None and v["hint"] is None
        for text in _strings(v):
            assert text not in notation and text not in words, (p.id, text)
            assert not any(len(w.split()) > 1 and w in text for w in words), (p.id, text)
        blob = json.dumps(v)
        for leak in ("explanation\": \"", "themes", "share", "verdict", "accepted", p.explanation[:40]):
            assert leak not in blob, (p.id, leak)
        # the choices are offered all alike, in the kernel's order: nothing marks the answer
        entries = v["choices"] + [x for items in v["board"]["targets"].values() for x in items]
        assert len({tuple(sorted(k for k in e if k not in ("pay", "pay_title", "what"))) for e in entries}) <= 2
        assert [e["target"] for e in v["board"]["places"]] == list(v["board"]["targets"])  # every place alike
        assert len({tuple(sorted(e)) for e in v["board"]["places"]}) <= 1


def test_the_score_counts_per_theme_tried_and_solved_at_the_first_try():
    w = PuzzleBoard(seed=5)
    expect: dict[str, list[int]] = {}
    for k in range(4):
        p = w.puzzle
        first_right = k % 2 == 0
        if not first_right:
            send(w, kind="choose", action=wrong_choice(p))
            assert w.view["score"] == [{"theme": t, "solved": s, "tried": n} for t, (s, n) in w.score.items()]
            assert all(w.score.get(t, (0, 0))[1] == expect.get(t, [0, 0])[1] for t in p.themes)  # open: not yet
            send(w, kind="choose", action=wrong_choice(p))  # a second wrong try counts once
        send(w, kind="choose", action=p.accepted[0])
        for t in p.themes:
            row = expect.setdefault(t, [0, 0])
            row[0] += first_right
            row[1] += 1
        send(w, kind="next")
    send(w, kind="next")  # skipped untried: not counted
    assert w.score == {t: tuple(expect[t]) for t in THEMES if t in expect}
    assert w.view["score"] == [{"theme": t, "solved": s, "tried": n} for t, (s, n) in w.score.items()]
    assert list(w.score) == [t for t in THEMES if t in w.score]


def test_order_is_fixed_by_the_seed_and_the_repr_is_stable():
    a, b, c = PuzzleBoard(seed=7), PuzzleBoard(seed=7), PuzzleBoard(seed=8)
    assert [p.id for p in a.puzzles] == [p.id for p in b.puzzles] != [p.id for p in c.puzzles]
    assert sorted(p.id for p in a.puzzles) == sorted(p.id for p in pn.puzzles())
    assert repr(a) == repr(b) == (f"PuzzleBoard(puzzle 1 of {len(pn.puzzles())}, seed 7: "
                                  f"{a.puzzle.player.capitalize()} to play, open, streak 0)")
    only = PuzzleBoard(edition="ed2", theme="siege", seed=0)
    assert all(p.edition == "ed2" and "siege" in p.themes for p in only.puzzles)
    with pytest.raises(ValueError, match="theme"):
        PuzzleBoard(theme="chess")
    with pytest.raises(TypeError, match="Puzzle"):
        PuzzleBoard(["ed1-00f39e7d"])
    last = PuzzleBoard([pn.puzzles()[0]])
    assert not last.view["can_next"]
    send(last, kind="next")
    assert last.view["note"].startswith("Refused: that was the last puzzle (1 of 1)")
    assert last.static_svg().startswith("<svg") or last.static_svg().startswith("<?xml")
