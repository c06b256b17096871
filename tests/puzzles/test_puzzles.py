"""Puzzles: the shipped set, proven again by the exact solver; check, hint and the file's errors.

The proofs here stand on the solver alone (:class:`polis_nb.analysis.solver.Solver`, fresh for each
puzzle), not on the figures stored in the file: every legal choice of a puzzle's position is solved,
choices are grouped by what they choose (:func:`polis_nb.rules.paid_with`), and the stored answer
must be the one group that wins while every other is worth less, or the only group that does not
lose. Hand-built positions (from ``tests/analysis/known_positions.py``, whose docstrings argue the
answers from the rulebooks) check that a puzzle made from them says what the rules say.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.analysis.solver import Solver
from polis_nb.puzzles import (EDITIONS, SHIPPED, THEMES, Puzzle, PuzzleError, by_id, check, hint, load, loads,
                              position_at, puzzles)
from polis_nb.puzzles.generate import mine_game, puzzle_at
from polis_nb.rules import paid_with
from polis_nb.rules.board import board
from polis_nb.rules.engine import apply_unchecked
from tests.analysis import known_positions as kp

SHIPPED_SET = puzzles()
IDS = [p.id for p in SHIPPED_SET]


def _raw() -> dict:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def _text(d: dict) -> str:
    return json.dumps(d)


# --- the shipped set -----------------------------------------------------------------------------

def test_shipped_set_loads_with_puzzles_of_both_editions():
    assert len(SHIPPED_SET) >= 60
    for ed in EDITIONS:
        some = puzzles(edition=ed)
        assert len(some) >= 20, ed
        assert all(p.edition == ed and p.state().edition == ed for p in some)
    assert len(set(IDS)) == len(IDS)
    assert pn.puzzles() == SHIPPED_SET


def test_shipped_set_covers_several_themes_and_difficulties():
    themes = {t for p in SHIPPED_SET for t in p.themes}
    assert len(themes) >= 5, themes
    assert {p.difficulty for p in SHIPPED_SET} == {1, 2, 3, 4, 5}


def test_puzzles_filters_by_edition_theme_and_difficulty():
    assert puzzles(theme="siege") and all("siege" in p.themes for p in puzzles(theme="siege"))
    assert all(2 <= p.difficulty <= 3 for p in puzzles(difficulty=(2, 3)))
    assert len(puzzles(difficulty=(1, 5))) == len(SHIPPED_SET)
    assert sum(len(puzzles(edition=e, difficulty=d)) for e in EDITIONS for d in range(1, 6)) == len(SHIPPED_SET)


@pytest.mark.parametrize("kwargs", [{"edition": "ed3"}, {"theme": "wrestling"}, {"difficulty": 6},
                                    {"difficulty": (4, 2)}, {"difficulty": True}])
def test_puzzles_refuses_unknown_filters(kwargs):
    with pytest.raises(ValueError):
        puzzles(**kwargs)


def test_every_stored_answer_is_legal_in_its_position():
    for p in SHIPPED_SET:
        s = p.state()
        legal = {str(a): a for a in pn.legal_actions(s)}
        assert s.current_player == p.player, p.id
        assert p.accepted and all(a in legal for a in p.accepted), p.id
        for a in p.accepted:
            pw = paid_with(s, legal[a])
            assert (pw[0] if pw else a) == p.answer, p.id
        assert p.solution[0].action in p.accepted, p.id


def _proven(s: pn.State) -> dict[str, tuple[str, Fraction]]:
    """Each legal choice's answer (what it chooses, without the payment) and exact value for the
    side to decide, from a fresh solver."""
    solver = Solver()
    mover = s.pending.player
    out: dict[str, tuple[str, Fraction]] = {}
    for a in pn.legal_actions(s):
        proof = solver.solve(apply_unchecked(s, a), 200_000)
        assert proof is not None, f"{a} is too big to prove"
        pw = paid_with(s, a)
        out[str(a)] = (pw[0] if pw else str(a), proof.value if mover == 0 else 1 - proof.value)
    return out


@pytest.mark.parametrize("pid", IDS)
def test_shipped_puzzle_is_proven_again_by_the_solver(pid):
    p = by_id(pid)
    proven = _proven(p.state())
    vals: dict[str, Fraction] = {}
    for g, v in proven.values():  # an answer is worth its best payment
        vals[g] = max(vals.get(g, v), v)
    best = vals.pop(p.answer)
    assert best == p.value
    assert vals, "a puzzle needs a second answer"
    assert all(v < best for v in vals.values()), vals
    assert best == 1 or all(v == 0 for v in vals.values()), (best, vals)
    assert {a for a, (g, v) in proven.items() if g == p.answer and v == best} >= set(p.accepted)
    assert {c.action: (c.group, c.value) for c in p.choices} == proven  # the stored figures are the proof's


def test_explanation_names_the_answer_and_cites_its_deciding_rules():
    for p in SHIPPED_SET:
        assert f"The answer is {p.answer}" in p.explanation, p.id
        assert p.rules and all(f"{r}: " in p.explanation for r in p.rules[:5]), p.id
        assert ".." not in p.explanation and "  " not in p.explanation, p.id


def test_puzzle_round_trips_through_its_dict():
    for p in SHIPPED_SET[::9]:
        assert Puzzle.from_dict(json.loads(json.dumps(p.to_dict()))) == p


def test_mining_a_game_is_deterministic():
    a, b = mine_game("ed1", 0, 1), mine_game("ed1", 0, 1)
    assert a == b
    assert a != mine_game("ed1", 0, 2) or not a["puzzles"]


# --- check and hint ------------------------------------------------------------------------------

def test_check_accepts_the_answer_and_explains_why():
    for p in SHIPPED_SET[::7]:
        v = check(p, p.accepted[0])
        assert v.right and v.value == p.value and v.text.startswith("Right: "), p.id
        assert check(p, pn.parse_action(p.state(), p.accepted[0])).right  # an Action as well as its text


def test_check_rejects_every_other_answer_with_its_proven_reason():
    for p in SHIPPED_SET[::7]:
        for c in p.choices:
            if c.group == p.answer:
                continue
            v = check(p, c.action)
            assert not v.right and v.value == c.value < p.value, (p.id, c.action)
            assert v.text.startswith("Wrong: ") and c.reason in v.reason
            if v.verdict == "loss":
                assert "loses" in v.reason


def test_check_calls_an_illegal_choice_wrong_with_the_kernels_reason():
    p = puzzle_at(kp.ed1_capital_unfed_after_paying_with_wheat())  # Athens holds no wine
    v = check(p, "trade +wine")
    assert not v.right and v.value is None and "not a legal choice here" in v.reason and v.rules


def _answer_words(p: Puzzle) -> list[str]:
    """The answer's group and notation and the places its solving side's steps act on (ids and
    names)."""
    b = board(p.state())
    names = {x.id: x.name for x in (*b.comp.poleis, *b.comp.areas)}
    out = [p.answer, *p.accepted]
    for st in p.solution:
        if st.who == p.player:
            out.append(st.action)
            out += [w for part in re.split(r"[\s:,]+", st.action) if part in names for w in (part, names[part])]
    return out


def _names(text: str, phrase: str) -> bool:
    pattern = r"(?<![\w+])" + r"\W+".join(re.escape(w) for w in re.findall(r"[\w+]+", phrase.lower())) + r"(?![\w+])"
    return re.search(pattern, text.lower()) is not None


def test_hint_never_names_the_answer_nor_its_places():
    for p in (*SHIPPED_SET, puzzle_at(kp.ed1_siege_in_the_last_round())):
        h = hint(p)
        assert h, p.id
        leaked = [w for w in _answer_words(p) if _names(h, w)]
        assert not leaked, (p.id, leaked, h)


def test_hint_of_a_siege_puzzle_keeps_quiet_about_the_polis_to_take():
    p = puzzle_at(kp.ed1_siege_in_the_last_round())
    assert p.solution[1].action == "polis chalkis"
    assert "siege" in p.themes
    h = hint(p).lower()
    assert "chalkis" not in h and "siege" not in h and "hoplites" in h  # a nudge, not the answer


# --- hand-built positions: what the rules say ----------------------------------------------------

def test_passing_is_the_only_win_when_any_action_starves_the_capital():
    """Ed1 · Spielende: a side that cannot feed its capital loses; acting alone costs a good (see
    known_positions.ed1_capital_unfed_after_paying_with_wheat)."""
    p = puzzle_at(kp.ed1_capital_unfed_after_paying_with_wheat())
    assert (p.answer, p.accepted, p.value, p.verdict) == ("pass", ("pass",), 1, "win")
    assert [str(st) for st in p.solution] == ["Athens: pass"]
    assert "starvation" in p.themes
    v = check(p, "hoplites +wheat")
    assert not v.right and v.verdict == "loss" and "end.capital-unfed" in v.rules and "Athenai" in v.reason
    assert check(p, "pass").right


def test_the_solvers_reason_says_one_cube_in_the_singular():
    """Ed1 · Spielende: the proof of a game lost for an unfed capital quotes the kernel's sentence,
    which counts the capital's single cube as "1 cube" (never "1 cubes")."""
    s = pn.position(seed=1, round="4", to_move="sparta", passed=["athens"],
                    poleis={"chalkis": "neutral", "chios": "neutral", "athenai": ("athens", 1)},
                    goods={"athens": {"wheat": 0}, "sparta": {"wheat": 7}}, prestige={"athens": 0, "sparta": 3})
    proof = Solver().solve(pn.apply(s, "pass"))
    assert proof is not None and proof.value == 0
    assert proof.why == "Athens cannot feed its capital Athenai (1 cube, 0 wheat, 0 prestige) and loses the game"
    assert not any("1 cubes" in c.reason for p in SHIPPED_SET for c in p.choices)


def test_trade_paid_with_wheat_is_the_right_idea_paid_the_wrong_way():
    """Ed1 · Aktionen › i.: Athens must buy 3 wheat with its 3 wine and pay for acting alone with
    the oil; paying with wheat leaves too little to grow (known_positions.ed1_trade_for_wheat_to_grow)."""
    p = puzzle_at(kp.ed1_trade_for_wheat_to_grow())
    assert (p.answer, p.accepted) == ("trade", ("trade +oil",))
    assert [st.action for st in p.solution] == ["trade +oil", "offer persis.0 exchange"]
    assert check(p, "trade +oil").right
    v = check(p, "trade +wheat")
    assert not v.right and v.value == 0 and "right idea" in v.reason and "pay another way" in v.reason
    v = check(p, "pass")
    assert not v.right and "right idea" not in v.reason and "end.score" in v.rules


def test_tribute_paid_with_either_spare_good_is_right():
    """Ed1 · Aktionen › h.: as known_positions.ed1_tribute_for_wheat_before_passing, but Sparta holds
    one metal and one wood. It must take Messenia's tribute all in wheat (three hoplites on the
    wheat row, 6 wheat for its 6 cubes); either good pays for acting alone and the other is left
    either way, so both payments win. Every other action, and passing, leaves its capital unfed."""
    s = kp.bare("ed1", "5b", to_move="sparta", passed=["athens"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4), "pylos": ("sparta", 2)},
                units={"messenia": (0, 3)}, ships_port={"sparta": 0}, tribute_done=["lakedaimon"],
                goods={"athens": {"wheat": 5}, "sparta": {"metal": 1, "wood": 1}},
                prestige={"athens": 1, "sparta": 2})
    p = puzzle_at(s, limit=20_000, total=50_000)
    assert p.answer == "tribute" and set(p.accepted) == {"tribute +metal", "tribute +wood"}
    assert check(p, "tribute +metal").right and check(p, "tribute +wood").right
    assert all(c.value == 0 for c in p.choices if c.group != "tribute")
    v = check(p, "pass")
    assert not v.right and "end.capital-unfed" in v.rules


def test_a_later_step_of_the_solution_is_checked_by_the_solver():
    """Only three hoplites on Messenia's wheat row feed Sparta (known_positions.
    ed1_tribute_for_wheat_before_passing): any other split of the rows loses."""
    p = puzzle_at(kp.ed1_tribute_for_wheat_before_passing())
    assert [st.action for st in p.solution] == ["tribute +metal", "area messenia", "rows wheat:3"]
    rows = position_at(p, 2)
    assert rows.pending.kind == "tribute-rows"
    for a in pn.legal_actions(rows):
        v = check(p, a, at=2)
        assert v.right == (str(a) == "rows wheat:3"), str(a)
        if not v.right:
            assert "end.capital-unfed" in v.rules


def test_a_position_with_two_winning_answers_makes_no_puzzle():
    """As ed1_trade_for_wheat_to_grow, but Sparta scores only 5: passing (6 to 5) wins as well as
    trading, so no answer is best."""
    s = kp.bare("ed1", "5b", to_move="athens", passed=["sparta"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)},
                goods={"athens": {"wheat": 5, "wine": 3, "oil": 1}, "sparta": {"wheat": 4, "metal": 2}},
                prestige={"athens": 1, "sparta": 1})
    with pytest.raises(PuzzleError, match="no answer is proven best"):
        puzzle_at(s)


# --- bad files -----------------------------------------------------------------------------------

def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(PuzzleError, match=r"missing\.json: cannot read"):
        load(tmp_path / "missing.json")


@pytest.mark.parametrize("text, says", [
    ("{not json", r"bad\.json: not JSON"),
    ("[]", r"bad\.json: a puzzle file is a JSON object"),
    ('{"format": "polis-puzzles/9", "puzzles": []}', r"bad\.json: field 'format'"),
    ('{"format": "polis-puzzles/1", "puzzles": {}}', r"bad\.json: field 'puzzles' must be a list"),
    ('{"format": "polis-puzzles/1", "puzzles": [7]}', r"bad\.json: puzzle 0: a puzzle is an object"),
])
def test_a_malformed_file_names_the_file_and_the_fault(text, says):
    with pytest.raises(PuzzleError, match=says):
        loads(text, "bad.json")


def _broken(change) -> str:
    d = _raw()
    d["puzzles"] = d["puzzles"][:2]
    change(d["puzzles"][1])
    return _text(d)


def _tie(p: dict) -> None:
    other = next(c for c in p["choices"] if c["group"] != p["answer"])
    other["value"] = p["value"]


def _illegal_step(p: dict) -> None:
    p["solution"][0]["action"] = "siege +gold"


@pytest.mark.parametrize("change, says", [
    (lambda p: p.update(edition="ed3"), r"field 'edition' must be one of ed1, ed2"),
    (lambda p: p.update(position="polis/1 nonsense"), r"field 'position' is not a position"),
    (lambda p: p.update(player="sparta" if p["player"] == "athens" else "athens"), r"field 'player'"),
    (lambda p: p["choices"].pop(), r"field 'choices' must list exactly the legal choices"),
    (lambda p: p.update(answer="dance"), r"field 'answer' 'dance' is not a group"),
    (_tie, r"another answer is worth as much"),
    (lambda p: p.update(value="3/2"), r"field 'value' must lie between 0 and 1"),
    (lambda p: p.update(themes=["wrestling"]), r"field 'themes'"),
    (lambda p: p.update(difficulty=9), r"field 'difficulty' must be a whole number from 1 to 5"),
    (lambda p: p.update(rules=["no.such-rule"]), r"'no.such-rule' is not a rule id"),
    (_illegal_step, r"solution step 0: 'siege \+gold' is not legal here"),
])
def test_a_bad_puzzle_names_the_file_the_puzzle_and_the_field(change, says):
    d = _raw()
    pid = d["puzzles"][1]["id"]
    with pytest.raises(PuzzleError, match=rf"^bad\.json: puzzle 1 \({re.escape(pid)}\)"):
        loads(_broken(change), "bad.json")
    with pytest.raises(PuzzleError, match=says):
        loads(_broken(change), "bad.json")


def test_a_repeated_puzzle_is_refused():
    d = _raw()
    d["puzzles"] = [d["puzzles"][0], d["puzzles"][0]]
    with pytest.raises(PuzzleError, match="ids must be unique"):
        loads(_text(d), "bad.json")


def test_puzzle_error_is_a_polis_error_and_a_value_error():
    assert issubclass(PuzzleError, pn.PolisError) and issubclass(PuzzleError, ValueError)
    assert pn.PuzzleError is PuzzleError and pn.Puzzle is Puzzle


def test_check_and_hint_need_a_puzzle():
    with pytest.raises(TypeError, match="needs a Puzzle"):
        check("ed1-0", "pass")
    with pytest.raises(TypeError, match="needs a Puzzle"):
        hint(None)


def test_every_theme_is_known_to_the_file():
    assert tuple(_raw()["themes"]) == THEMES
